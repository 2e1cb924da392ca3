"""The teacher's `tournament new NAME GAME [options]` on the hub's console, read into a
tournament of the class (`rules.tournament.course.new_tournament`), or refused in words.

    tournament new NAME GAME [--format round-robin|swiss] [--rounds N] [--best-of 1|3|5]
                   [--present | --players A,B,C] [game options, as `tournament new`'s]

The players: the class's roster (every student admitted), or with `--present` the
students in the lobby now, or the names `--players` gives (each must be in the class).
Nothing typed here is run, names a file or prints anything on the hub.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Iterable

from pydantic import ValidationError

from app.cli.game_flags import FLAGS, FlagError, add_game_flags, options_from_args, whole_number
from app.hub.challenge import Flags, no_game
from app.hub.store import key_of
from rules.registry import GAME_IDS, get_game
from rules.tournament.course import new_tournament
from rules.tournament.model import FORMATS, Tournament, TournamentError
from rules.validation import first_problem

#: Game flags a tournament names otherwise (as `tournament new`: who starts is the
#: pairing's; `--rounds` is the tournament's own).
_RENAMED: dict[str, str | None] = {"--first": None, "--rounds": "--round-wins"}
USAGE = (
    "Type tournament new NAME GAME [--format swiss|round-robin] [--rounds N] "
    "[--best-of 3] [--present | --players A,B,C] [game options]: "
    "tournament new Spring fifty --format swiss"
)


def _parser() -> Flags:
    parser = Flags("tournament new")
    parser.add_argument("name")
    parser.add_argument("game")
    parser.add_argument("--format", choices=FORMATS, default="round-robin")
    parser.add_argument("--rounds", type=whole_number, default=None)
    parser.add_argument("--best-of", dest="best_of", type=whole_number, default=1)
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--present", action="store_true")
    who.add_argument("--players", default=None)
    add_game_flags(parser, "game options", _RENAMED)
    return parser


def read_new(text: str, roster: Iterable[str], present: Iterable[str]) -> Tournament:
    """The tournament `text` asks for, of the class `roster` (the names in the lobby:
    `present`); TournamentError in words."""
    try:
        args = _parser().parse_args(shlex.split(text))
    except (ValueError, argparse.ArgumentError) as error:  # (shlex's unclosed quote too)
        raise TournamentError(f"{error}. {USAGE}") from None
    if args.game not in GAME_IDS:
        raise TournamentError(no_game(args.game))
    game = get_game(args.game)
    in_class = {key_of(name): name for name in roster}
    if args.present:
        players = [name for name in present if key_of(name) in in_class]
    elif args.players is not None:
        players = []
        for raw in args.players.split(","):
            name = in_class.get(key_of(raw.strip()))
            if name is None:
                raise TournamentError(
                    f"{raw.strip()[:40]} is not in the class: admit them first, or leave them out"
                )
            players.append(name)
    else:
        players = list(in_class.values())
    given = any(getattr(args, f.field, None) is not None for f in FLAGS)
    try:
        options = options_from_args(game, args).model_dump(mode="json") if given else {}
        return new_tournament(
            args.name, players, game.id, options, args.format, args.rounds, args.best_of
        )
    except FlagError as error:
        raise TournamentError(str(error)) from None
    except ValidationError as error:
        raise TournamentError(first_problem(error)[1]) from None
