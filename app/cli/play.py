"""`equation-duel play GAME [--plain]`: one game, in the full screen or line by line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.cli.game_flags import add_game_flags, options_from_args, turn_seconds_of
from app.cli.records import add_play_arguments, names_from_args
from app.cli.solve import add_player_flags, guarded, make_bots
from app.cli.usage import fail
from rules.player_text import PlayerTextError, read_moves
from rules.registry import GAME_IDS, get_game


def add_play_parser(sub: Any) -> None:
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


def cmd_play(args: argparse.Namespace) -> int:
    args.p1_name, args.p2_name = names_from_args(args)
    from app.plain.no_screen import line_mode_instead

    args.plain = line_mode_instead(args.plain)  # (TERM=dumb, or no terminal: said)
    if args.game is None and args.load is None and args.plain:
        from app.plain.menu import ask_game_and_opponent  # the line mode's numbered lists

        if not ask_game_and_opponent(args):
            return 0
    if args.game is None and args.load is None:
        return fail("name a game to play, or --load FILE")
    game = get_game(args.game) if args.game is not None else None
    options = None if game is None else options_from_args(game, args)
    try:
        moves = read_moves(args.moves)
    except PlayerTextError as error:
        return fail(f"--moves: {error}")
    turn_seconds = turn_seconds_of(args.turn_seconds)
    if not args.plain and args.load is not None:
        if args.save or args.best_of or args.turn_seconds:
            return fail("--save, --best-of and --turn-seconds do not go with --load")
        from app.tui.app import run_record_file

        return run_record_file(args.load, args.game, args.moves)
    if not args.plain:
        if game is None or args.save:
            return fail("--save needs --plain (in the full screen, ctrl+s saves)")
        try:
            game.replay(options, moves)
        except ValueError as error:
            return fail(f"--moves: {error}")
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

    bots = {} if game is None else make_bots(game.id, {1: args.p1, 2: args.p2}, args.seed)
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
