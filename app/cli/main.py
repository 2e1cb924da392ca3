"""`equation-duel`: the menu with no arguments; subcommands give the engine without a screen.

    equation-duel                      the full-screen game
    equation-duel play GAME [--plain]  one game (line by line with --plain)
    equation-duel rules GAME           the rules as we play them
    equation-duel check EQUATION --owned 2,3,5 [--ops +-] [--double-digits] [--json]
    equation-duel serve [--host H] [--port P]   the full screen in a web browser

Textual is imported only when a screen is opened, sympy only when an equation is checked.
"""

from __future__ import annotations

import argparse
import errno
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from app.cli.game_flags import FlagError, add_game_flags, options_from_args
from app.cli.puzzle import add_puzzle_parser, run_puzzle, run_stats_with_ratings
from app.cli.records import add_play_arguments, add_stats_parser, names_from_args
from app.cli.solve import (
    add_player_flags,
    add_solve_parsers,
    cmd_arena,
    cmd_solve,
    guarded,
    play_bots,
)
from app.process.streams import quiet_exit
from app.serve import add_serve_parser, cmd_serve
from rules.player_text import PlayerTextError, compact, normalize, read_moves, read_whole
from rules.registry import GAME_IDS, get_game

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def _fail(message: str) -> int:
    print(f"equation-duel: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="equation-duel", description="Five arithmetic duels for two players.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play one game", description="Play one game.")
    play.add_argument("game", nargs="?", choices=GAME_IDS, help="the game (optional with --load)")
    play.add_argument("--plain", action="store_true", help="line by line, without the full screen")
    play.add_argument(
        "--moves", default="", help="moves to play first, in notation, space-separated"
    )
    play.add_argument("--p1-name", default="Player 1", metavar="NAME")
    play.add_argument("--p2-name", default="Player 2", metavar="NAME")
    add_player_flags(play)
    add_game_flags(play)
    add_play_arguments(play)

    rules = sub.add_parser("rules", help="show a game's rules", description="Show a game's rules.")
    rules.add_argument("game", choices=GAME_IDS)

    check = sub.add_parser(
        "check",
        help="check an equation",
        description="Check an equation against a player's numbers. Exit 0 valid, 1 invalid.",
    )
    check.add_argument("equation")
    check.add_argument("--owned", required=True, help="the player's numbers, e.g. 2,3,5")
    check.add_argument("--ops", default="+-*/", help="the operators allowed (default +-*/)")
    check.add_argument("--double-digits", action="store_true", help="digits may be joined")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    add_solve_parsers(sub)
    from app.cli.classroom import add_classroom_parsers  # tournament, report, worksheet

    add_classroom_parsers(sub)
    add_stats_parser(sub)
    add_puzzle_parser(sub)
    add_serve_parser(sub)
    from app.cli.online import add_online_parsers  # host and join (docs/online.md)

    add_online_parsers(sub)
    return parser


def _owned(text: str) -> list[int]:
    numbers = []
    try:
        for part in normalize(text).split(","):  # `0 2` stays two numbers, never 02
            if part.strip():
                numbers.append(read_whole(part, what="a number"))
    except PlayerTextError as error:
        raise FlagError(f"--owned: {error}") from None
    return numbers


#: `check`'s options that take a value, and those that do not.
_CHECK_VALUED = ("--owned", "--ops")
_CHECK_SWITCHES = ("--double-digits", "--json", "-h", "--help")


def check_arguments(args: Sequence[str]) -> list[str]:
    """`check`'s arguments with the equation after `--`, so that an equation starting
    with `-` (`-2+5=3`, which the checker refuses for its unary minus) is read as the
    equation, not as an option; and an option value starting with `-` (`--ops -+`)
    as that option's value."""
    options: list[str] = []
    positional: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            positional.extend(rest)
            break
        if arg in _CHECK_VALUED and rest:
            options.append(f"{arg}={rest.pop(0)}")
        elif arg in _CHECK_SWITCHES or arg.startswith(tuple(f"{o}=" for o in _CHECK_VALUED)):
            options.append(arg)
        else:
            positional.append(arg)
    return [*options, "--", *positional] if positional else options


def cmd_check(args: argparse.Namespace) -> int:
    from rules.equation import check_equation, pretty_equation
    from rules.operators import format_fraction, ops_from_text

    try:
        owned = _owned(args.owned)
        ops = ops_from_text(compact(args.ops))
    except FlagError as error:
        return _fail(str(error))
    except ValueError as error:
        return _fail(f"--ops: {error}")
    except PlayerTextError as error:
        return _fail(f"--ops: {error}")
    verdict = check_equation(args.equation, owned, ops, args.double_digits)
    if args.json:
        print(json.dumps(verdict.as_json()))
    elif verdict.valid:
        assert verdict.left is not None
        value = format_fraction(verdict.left)
        print(f"valid: {pretty_equation(args.equation)} (both sides are {value})")
    else:
        print(f"invalid: {verdict.reason}")
    return 0 if verdict.valid else 1


def cmd_rules(args: argparse.Namespace) -> int:
    from rules.rulebook import rules_markdown

    text = rules_markdown(args.game)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        print(text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        args.p1_name, args.p2_name = names_from_args(args)
    except ValueError as error:
        return _fail(str(error))
    if not args.plain:
        from app.plain.no_screen import no_screen_reason

        why = no_screen_reason()
        if why is not None:  # (TERM=dumb, or no terminal: the full screen cannot be drawn)
            print(why, flush=True)
            args.plain = True
    if args.game is None and args.load is None and args.plain:
        from app.plain.menu import ask_game_and_opponent  # the line mode's numbered lists

        if not ask_game_and_opponent(args):
            return 0
    if args.game is None and args.load is None:
        return _fail("name a game to play, or --load FILE")
    game = get_game(args.game) if args.game is not None else None
    options = None
    if game is not None:
        try:
            options = options_from_args(game, args)
        except FlagError as error:
            return _fail(str(error))
    try:
        moves = read_moves(args.moves)
    except PlayerTextError as error:
        return _fail(f"--moves: {error}")
    turn_seconds: int | None = None
    if args.turn_seconds is not None:
        from rules.match import MatchError, check_turn_seconds

        try:
            turn_seconds = check_turn_seconds(
                read_whole(args.turn_seconds, what="a number of seconds")
            )
        except (PlayerTextError, MatchError) as error:
            return _fail(f"--turn-seconds: {error}")
        args.turn_seconds = str(turn_seconds)
    if not args.plain and args.load is not None:
        if args.save or args.best_of or args.turn_seconds:
            return _fail("--save, --best-of and --turn-seconds do not go with --load")
        from app.tui.app import run_record_file

        return run_record_file(args.load, args.game, args.moves)
    if not args.plain:
        if game is None or args.save:
            return _fail("--save needs --plain (in the full screen, ctrl+s saves)")
        try:
            game.replay(options, moves)
        except ValueError as error:
            return _fail(f"--moves: {error}")
        from app.tui.app import EquationDuelApp, run_app

        assert options is not None
        levels = tuple(None if seat == "human" else seat for seat in (args.p1, args.p2))
        return run_app(
            EquationDuelApp(
                game_id=game.id,
                options=options.model_dump(),
                moves=moves,
                names=(args.p1_name, args.p2_name),
                levels=(levels[0], levels[1]),
                best_of=args.best_of,
                turn_seconds=turn_seconds,
            )
        )
    from app.cli.records import play_plain_with_records
    from app.plain.after_game import offered_at_a_terminal
    from app.plain.base import Console
    from rules.players import make_player

    bots = play_bots(game.id, args) if game is not None else {}
    console = Console(sys.stdin, sys.stdout)
    return play_plain_with_records(
        game,
        options,
        moves,
        (args.p1_name, args.p2_name),
        bots,
        args,
        console,
        kinds=(args.p1, args.p2),
        bot_for=lambda g, level: guarded(make_player(level, g.id, args.seed)),
        on_end=offered_at_a_terminal(console),  # the analysis, asked at a terminal only
    )


def cmd_menu() -> int:
    from app.tui.app import EquationDuelApp, run_app

    return run_app(EquationDuelApp())


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["check"]:
        words = ["check", *check_arguments(words[1:])]
    args = build_parser().parse_args(words)
    try:
        if args.command == "check":
            return cmd_check(args)
        if args.command == "rules":
            return cmd_rules(args)
        if args.command == "play":
            return cmd_play(args)
        if args.command == "solve":
            return cmd_solve(args)
        if args.command == "arena":
            return cmd_arena(args)
        if args.command in ("tournament", "report", "worksheet"):
            from app.cli.classroom import run_classroom

            return run_classroom(args)
        if args.command == "stats":
            return run_stats_with_ratings(args)
        if args.command == "puzzle":
            return run_puzzle(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command in ("host", "join"):
            from app.cli.online import cmd_host, cmd_join

            return cmd_host(args) if args.command == "host" else cmd_join(args)
        return cmd_menu()
    except KeyboardInterrupt:
        print()
        return 130
    except OSError as error:
        if error.errno not in (errno.EPIPE, errno.ENOSPC, errno.EBADF):
            raise
        return quiet_exit(error)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
