"""Any game's move in words, from each game's module in `rules/words/` (`MOVE_WORDS`): a
move is notation or the game's move model, `state` the position it is played in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import IllegalMove, PlayerNo
from rules.registry import get_game
from rules.words import collect, conquest, countdown, fifty, template
from rules.words.common import DEFAULT_NAMES, Names, by_player
from rules.words.voice import Voice


@dataclass(frozen=True)
class MoveWords:
    """One game's words for its moves (the functions of `rules/words/<game>.py`)."""

    #: (state, move, voice) -> the move as an instruction.
    describe: Callable[[Any, Any, Voice], str]
    #: (state, move, names) -> the move for a narrow move list.
    short: Callable[[Any, Any, Names], str]
    #: (state, move, state after, voice) -> what the move does, or "".
    effect: Callable[[Any, Any, Any, Voice], str]
    #: What comes between a move and what it does.
    separator: str = ": "
    #: The verb the move list puts between a player and each move (`Ann adds 4`), if any.
    verb: str = ""


def _unnamed(short: Callable[[Any, Any], str]) -> Callable[[Any, Any, Names], str]:
    """A game whose short move names no player: the names are not needed."""
    return lambda state, move, _names: short(state, move)


#: Each game's words for its moves, by game id.
MOVE_WORDS: dict[str, MoveWords] = {
    "collect": MoveWords(collect.describe, _unnamed(collect.short), collect.effect),
    "template": MoveWords(template.describe, template.short, template.effect),
    "fifty": MoveWords(fifty.describe, _unnamed(fifty.short), fifty.effect),
    "conquest": MoveWords(
        conquest.describe, _unnamed(conquest.short), conquest.effect, verb="adds"
    ),
    "countdown": MoveWords(
        countdown.describe, _unnamed(countdown.short), countdown.effect, countdown.SEPARATOR
    ),
}


def _parts(game_id: str, move: Any) -> tuple[Any, MoveWords, Any]:
    game = get_game(game_id)
    model = game.parse_move(move) if isinstance(move, str) else move
    return game, MOVE_WORDS[game_id], model


def describe_move(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """The move as an instruction, without a full stop: `Put 2 in Bob's third slot`."""
    _, words, model = _parts(game_id, move)
    return words.describe(state, model, voice or Voice())


def move_effect(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """What the move does (`you win at once`), or "" (nothing to add, or a refused move)."""
    game, words, model = _parts(game_id, move)
    try:
        after = game.play(state, model)
    except IllegalMove:
        return ""
    return words.effect(state, model, after, voice or Voice())


def move_sentence(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """The move and what it does, as a sentence: `Play 8 × 1 = 8: your score reaches
    exactly 50.`"""
    described = describe_move(game_id, state, move, voice)
    effect = move_effect(game_id, state, move, voice)
    return f"{described}{separator(game_id)}{effect}." if effect else f"{described}."


def separator(game_id: str) -> str:
    """What comes between a move and what it does: `: ` (`; ` where the move's own words
    hold a colon, as countdown's `Divide by 3: 27 ÷ 3 = 9`)."""
    return MOVE_WORDS[game_id].separator


def short_move(game_id: str, state: Any, move: Any, names: Names = DEFAULT_NAMES) -> str:
    """The move for a narrow move list: `8 × 1 = 8`, `27 ÷ 3 = 9`, `9 → Bob slot 1`."""
    _, words, model = _parts(game_id, move)
    return words.short(state, model, names)


def listed_moves(
    game_id: str,
    positions: Sequence[Any],
    played: Sequence[tuple[PlayerNo, str]],
    names: Names = DEFAULT_NAMES,
) -> tuple[tuple[PlayerNo, str], ...]:
    """A move list in words, each (mover, line): `Ann picks 5`, `Bob: 9 in Ann's third
    slot`; from each (mover, move in notation) with the position before it. `names`: the
    players as the list names them (`listed_names`)."""
    verb = MOVE_WORDS[game_id].verb
    return tuple(
        (player, by_player(names[player - 1], short_move(game_id, before, move, names), verb))
        for before, (player, move) in zip(positions, played, strict=True)
    )
