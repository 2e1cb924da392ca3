"""`equation-duel tournament new|pairings|result|absent|show|play|host|list`: a class
tournament without the screen. Exit 2 for a refusal (one line on stderr), 1 when the
statistics database cannot be used.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from app.classroom.tournament import store
from app.classroom.tournament.text import (
    pairing_state,
    pairings_json,
    pairings_text,
    standings_csv,
    standings_text,
)
from app.cli.game_flags import (
    FLAGS,
    FlagError,
    add_game_flags,
    options_from_args,
    port_number,
    whole_number,
)
from app.cli.usage import fail
from app.store.stats import StatsError
from rules.names import strip_controls
from rules.registry import GAME_IDS, get_game
from rules.safe_files import read_file_text
from rules.tournament.course import (
    enter_result,
    find_pairing,
    mark_absent,
    new_tournament,
    read_roster,
    split_pair,
)
from rules.tournament.model import FORMATS, TournamentError
from rules.tournament.standings import standings

#: The largest roster file read.
ROSTER_LIMIT = 256 * 1024
#: Game flags a tournament names otherwise (who starts is the pairing's; `--rounds` its own).
_RENAMED: dict[str, str | None] = {"--first": None, "--rounds": "--round-wins"}


def add_tournament_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "tournament",
        help="run a class tournament: round robin or Swiss",
        description="Run a class tournament on this machine (docs/classroom.md).",
    )
    steps = parser.add_subparsers(dest="step", metavar="STEP")
    steps.required = True

    new = steps.add_parser("new", help="make a tournament")
    new.add_argument("name")
    new.add_argument("--players", required=True, help='a file of names, or "A,B,C"')
    new.add_argument(
        "--game",
        required=True,
        metavar="GAME[,GAME…]",
        help=f"the game, or games one a round in turn: {', '.join(GAME_IDS)}",
    )
    new.add_argument("--format", choices=FORMATS, default="round-robin")
    new.add_argument("--rounds", type=whole_number, default=None, help="Swiss: the rounds")
    new.add_argument("--best-of", dest="best_of", type=whole_number, choices=(1, 3, 5), default=1)
    add_game_flags(new, "game options", _RENAMED)

    pairings = steps.add_parser("pairings", help="list the pairings")
    pairings.add_argument("name")
    pairings.add_argument("--round", dest="round", type=whole_number, default=None)
    pairings.add_argument("--json", action="store_true")

    def pairing_step(step: str, **words: str) -> argparse.ArgumentParser:
        """A step on one pairing: NAME --round N --pair "A-B"."""
        parser: argparse.ArgumentParser = steps.add_parser(step, **words)
        parser.add_argument("name")
        parser.add_argument("--round", dest="round", type=whole_number, required=True)
        parser.add_argument("--pair", required=True, help='the pairing, "A-B"')
        return parser

    pairing_step("result", help="enter (or correct) a result").add_argument(
        "--winner", required=True
    )

    absent = steps.add_parser("absent", help="mark a player absent for a round")
    absent.add_argument("name")
    absent.add_argument("--round", dest="round", type=whole_number, required=True)
    absent.add_argument("--player", required=True)

    show = steps.add_parser("show", help="the standings")
    show.add_argument("name")
    show.add_argument("--json", action="store_true")
    show.add_argument("--csv", type=Path, default=None, metavar="FILE")

    play = pairing_step("play", help="play a pairing here, hot-seat")
    play.add_argument("--plain", action="store_true", help="line by line")

    host = pairing_step(
        "host",
        help="host a pairing online: the second player joins from their own machine",
        description="Host a pairing's match online (docs/classroom.md): this machine plays "
        "the first player; the second joins with the code and command printed. For both "
        "players on their own machines, run the tournament on the class's hub (docs/hub.md).",
    )
    host.add_argument("--plain", action="store_true", help="line by line (the default here)")
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="listen on (127.0.0.1)")
    host.add_argument("--port", type=port_number, default=0, metavar="N", help="port (any free)")

    steps.add_parser("list", help="every tournament's name")


def run_tournament(args: argparse.Namespace) -> int:
    try:
        return _STEPS[args.step](args)
    except (TournamentError, FlagError) as error:
        return fail(str(error), "tournament")
    except StatsError as error:
        return fail(str(error), "tournament", code=1)


def _roster(text: str) -> list[str]:
    """`--players`: a file of names when there is one at that path, else the names."""
    path = Path(text)
    if text.strip() and "," not in text and path.exists():  # ("" would be the folder ".")
        try:
            return read_roster(read_file_text(path, ROSTER_LIMIT, "roster"))
        except UnicodeDecodeError:
            raise TournamentError(f"{text}: the roster is not UTF-8 text") from None
        except OSError as error:
            raise TournamentError(f"cannot read the roster: {error}") from None
    return read_roster(text)


def _games(text: str) -> list[str]:
    games = [part.strip() for part in text.split(",") if part.strip()]
    for game in games:
        if game not in GAME_IDS:
            raise TournamentError(
                f"--game: no game called {strip_controls(game)[:20]!r} "
                f"(the games: {', '.join(GAME_IDS)})"
            )
    if not games:
        raise TournamentError("--game: name a game")
    return games


def _new(args: argparse.Namespace) -> int:
    games = _games(args.game)
    game = get_game(games[0])
    options = options_from_args(game, args)
    given = {f.field for f in FLAGS if getattr(args, f.field, None) is not None}
    if len(games) > 1 and given:
        raise TournamentError("game options go with one game, not a rotation")
    tournament = new_tournament(
        args.name,
        _roster(args.players),
        game.id,
        options.model_dump(mode="json") if given else {},
        args.format,
        args.rounds,
        args.best_of,
        rotation=games if len(games) > 1 else (),
    )
    store.create(tournament)
    print(pairings_text(tournament, 1))
    return 0


def _pairings(args: argparse.Namespace) -> int:
    tournament = store.read(args.name)
    if args.round is not None and tournament.round(args.round) is None:
        raise TournamentError(f"round {args.round} is not paired yet")
    if args.json:
        print(json.dumps(pairings_json(tournament, args.round), ensure_ascii=False))
    else:
        print(pairings_text(tournament, args.round))
    return 0


def _result(args: argparse.Namespace) -> int:
    a, b = split_pair(args.pair)
    changed = store.change(
        args.name, lambda t: enter_result(t, args.round, a, b, args.winner.strip())
    )
    rnd = changed.round(args.round)
    assert rnd is not None
    pairing = rnd.pairings[find_pairing(rnd, a, b)]
    print(f"Round {args.round}: {pairing.p1} - {pairing.p2}, {pairing_state(pairing)}.")
    return 0


def _absent(args: argparse.Namespace) -> int:
    changed = store.change(args.name, lambda t: mark_absent(t, args.round, args.player.strip()))
    rule = (
        "their pairing is postponed, to be played later"
        if changed.format == "round-robin"
        else "they are not paired this round"
    )
    name = next(p for p in changed.players if p.casefold() == args.player.strip().casefold())
    print(f"{name} is absent in round {args.round}: {rule}.")
    return 0


def _show(args: argparse.Namespace) -> int:
    tournament = store.read(args.name)
    if args.csv is not None:
        from app.store.atomic_files import write_file

        try:
            write_file(args.csv, standings_csv(tournament))
        except OSError as error:
            return fail(f"cannot write {args.csv}: {error.strerror or error}", "tournament")
    if args.json:
        print(json.dumps([r.as_json() for r in standings(tournament)], ensure_ascii=False))
    else:
        print(standings_text(tournament))
        if args.csv is not None:
            print(f"Standings written to {args.csv}.")
    return 0


def _play(args: argparse.Namespace) -> int:
    from app.cli.tournament_play import play_pairing

    return play_pairing(args.name, args.round, *split_pair(args.pair), plain=args.plain)


def _host(args: argparse.Namespace) -> int:
    from app.cli.tournament_play import host_pairing

    pair = split_pair(args.pair)
    return host_pairing(args.name, args.round, *pair, bind=args.bind, port=args.port)


def _list(args: argparse.Namespace) -> int:
    names = store.all_names()
    print("\n".join(names) if names else "No tournaments yet.")
    return 0


_STEPS = {
    "new": _new,
    "pairings": _pairings,
    "result": _result,
    "absent": _absent,
    "show": _show,
    "play": _play,
    "host": _host,
    "list": _list,
}
