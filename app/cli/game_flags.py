"""Game-option flags shared by `play`, `solve` and `arena`: a flag a game does not have
is refused by name, a bad value is a one-line error naming its flag."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any

from pydantic import ValidationError

from app.cli.usage import FlagError as FlagError
from rules.base import Game, GameOptions
from rules.operators import ops_from_text
from rules.player_text import PlayerTextError, normalize, read_range, read_whole
from rules.validation import field_of, sentence


def whole_number(text: str) -> int:
    """argparse `type=` for a whole-number flag, read by the one reader of player text."""
    try:
        return read_whole(text, negative=True)
    except PlayerTextError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def port_number(text: str) -> int:
    """argparse `type=` for a port to listen on: 0 (any free) to 65535."""
    port = whole_number(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not between 0 and 65535")
    return port


def turn_seconds_of(raw: str | int | None) -> int | None:
    """`--turn-seconds` read and checked (None: no clock); FlagError says what is wrong."""
    from rules.match import MatchError, check_turn_seconds

    try:
        return None if raw is None else check_turn_seconds(read_whole(str(raw)))
    except (PlayerTextError, MatchError) as error:
        raise FlagError(f"--turn-seconds: {error}") from None


@dataclass(frozen=True)
class Flag:
    flag: str
    field: str
    help: str
    metavar: str | None = None  # None: a switch without a value


FLAGS: tuple[Flag, ...] = (
    Flag("--first", "first", "who moves first: 1 or 2", "1|2"),
    Flag("--pool", "pool", "the numbers in play (collect, fifty, conquest, countdown)", "LO-HI"),
    Flag("--double-digits", "double_digits", "collect: join collected digits into numbers"),
    Flag("--ops", "ops", "collect: the operators allowed, e.g. +-", "OPS"),
    Flag("--template", "template", "template: the template, e.g. '(_ + _) × _'", "TEXT"),
    Flag("--digits", "digits", "template: the digits in the pool", "LO-HI"),
    Flag("--copies", "copies", "template: copies of each digit (1 or 2)", "N"),
    Flag("--rounds", "rounds_to_win", "template: round wins needed to win the match", "N"),
    Flag("--declare", "declare", "conquest: the mover must state the equation"),
    Flag("--target", "target", "fifty, countdown: the target number", "N"),
)

_INT = partial(read_whole, negative=True)
_CONVERT: dict[str, Callable[[str], Any]] = {
    "first": _INT,
    "pool": read_range,
    "digits": read_range,
    "ops": lambda text: ops_from_text(normalize(text)),
    "copies": _INT,
    "rounds_to_win": _INT,
    "target": _INT,
}


def add_game_flags(
    parser: argparse.ArgumentParser,
    title: str = "game options (each applies to the games named)",
    renamed: Mapping[str, str | None] = MappingProxyType({}),
) -> None:
    """Add every game flag (`renamed` gives a flag another name, or None: left out)."""
    group = parser.add_argument_group(title)
    for flag in FLAGS:
        name = renamed.get(flag.flag, flag.flag)
        if name is None:
            continue
        if flag.metavar is None:
            group.add_argument(
                name, dest=flag.field, action="store_true", default=None, help=flag.help
            )
        else:
            group.add_argument(name, dest=flag.field, metavar=flag.metavar, help=flag.help)


def options_from_args(game: Game[Any, Any, Any], args: argparse.Namespace) -> GameOptions:
    """The game's options from parsed flags; FlagError names the flag that is wrong."""
    fields = game.Options.model_fields
    data: dict[str, Any] = {}
    by_field = {flag.field: flag for flag in FLAGS}
    for flag in FLAGS:
        raw = getattr(args, flag.field, None)
        if raw is None:
            continue
        if flag.field not in fields:
            raise FlagError(f"{flag.flag} does not apply to {game.id}")
        convert = _CONVERT.get(flag.field)
        try:
            data[flag.field] = convert(raw) if convert is not None else raw
        except ValueError as error:
            raise FlagError(f"{flag.flag}: {error}") from error
    try:
        options: GameOptions = game.Options.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = field_of(first)
        if not field:  # a rule of the options together: the flags given are named
            field = ", ".join(by_field[given].flag for given in data if given in by_field)
        name = by_field[field].flag if field in by_field else field
        message = sentence(first)
        raise FlagError(f"{name}: {message}" if name else message) from None
    return options
