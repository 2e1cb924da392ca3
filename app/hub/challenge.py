"""A challenge's game and options, as a student typed them (`challenge Bo fifty --pool
1-30 --best-of 3`), read on the hub into a match, or refused in words.

The options are read by the flags of `play` (`app.cli.game_flags`), so a flag means the
same on the hub as on the command line; nothing typed here is run, names a file or
prints anything on the hub (`--help` is no flag here).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from pydantic import ValidationError

from app.cli.game_flags import FLAGS, FlagError, add_game_flags, options_from_args, whole_number
from app.match_session.setup import MATCH_FIELDS
from rules.match import MatchError, MatchState, check_turn_seconds, new_match
from rules.registry import GAME_IDS, get_game
from rules.validation import first_problem


class ChallengeProblem(ValueError):
    """The challenge cannot be played: the text says why, in words."""


class Flags(argparse.ArgumentParser):
    """A parser of what is typed on the hub (a challenge, the teacher's `assign` and
    `tournament new`): an error is an ArgumentError in words, never printed; no flag
    exits (there is no `--help`)."""

    def __init__(self, prog: str, allow_abbrev: bool = False) -> None:
        super().__init__(prog=prog, add_help=False, allow_abbrev=allow_abbrev, exit_on_error=False)

    def error(self, message: str) -> NoReturn:
        raise argparse.ArgumentError(None, message)


def no_game(game_id: str) -> str:
    return f"there is no game {game_id[:32]!r}: the games are {', '.join(GAME_IDS)}"


def _parser() -> Flags:
    parser = Flags("challenge")
    parser.add_argument("--best-of", dest="best_of", type=whole_number)
    parser.add_argument("--turn-seconds", dest="turn_seconds", type=whole_number)
    add_game_flags(parser)
    return parser


def read_challenge(game_id: str, flags: Sequence[str]) -> MatchState:
    """The match `game_id` with `flags`; ChallengeProblem in words."""
    if game_id not in GAME_IDS:
        raise ChallengeProblem(no_game(game_id))
    game = get_game(game_id)
    try:
        args = _parser().parse_args(list(flags))
        options = options_from_args(game, args)
        check_turn_seconds(args.turn_seconds)
        return new_match(game_id, options, args.best_of, args.turn_seconds)
    except (FlagError, MatchError, argparse.ArgumentError) as error:
        raise ChallengeProblem(str(error)) from None
    except ValidationError as error:
        raise ChallengeProblem(first_problem(error)[1]) from None


def challenge_words(match: MatchState) -> str:
    """The game of a challenge in words ("fifty", "fifty, best of 3, 30 seconds a turn")."""
    words = [match.game_id]
    if match.best_of > 1:
        words.append(f"best of {match.best_of}")
    if match.turn_seconds is not None:
        words.append(f"{match.turn_seconds} seconds a turn")
    return ", ".join(words)


def challenge_flags(match: MatchState) -> list[str]:
    """The flags of a challenge to `match` (its options not at the game's defaults, its
    length and clock): what `read_challenge` reads back (the full screen's form)."""
    options = get_game(match.game_id).options_from(match.options)
    defaults = type(options)()
    flags: list[str] = []
    for flag in FLAGS:
        if flag.field in MATCH_FIELDS or flag.field not in type(options).model_fields:
            continue
        value = getattr(options, flag.field)
        if value == getattr(defaults, flag.field):
            continue
        if flag.metavar is None:
            flags += [flag.flag] if value else []
        elif isinstance(value, tuple):
            ops = all(isinstance(item, str) for item in value)
            flags += [flag.flag, "".join(value) if ops else f"{value[0]}-{value[1]}"]
        else:
            flags += [flag.flag, str(value)]
    if match.best_of > 1:
        flags += ["--best-of", str(match.best_of)]
    if match.turn_seconds is not None:
        flags += ["--turn-seconds", str(match.turn_seconds)]
    return flags
