"""What a puzzle is: a game, its options and the moves reaching the position (replayed by the
game's own rules), every winning move as the solution, and the solver's figures.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from rules.base import PlayerNo
from rules.registry import get_game

Difficulty = Literal["easy", "medium", "hard"]

#: The difficulties, easiest first.
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Figures:
    """What the solver says of the position: how hard it is to find the win."""

    legal: int
    winning: int
    #: Plies to the end with best play from the position (the winning move included).
    plies: int
    #: Winning and legal choices, moves that are the same choice counted once ("one in six"
    #: is one winning choice in six legal ones, RULINGS.md "Puzzles").
    choices: int = 0
    legal_choices: int = 0

    @property
    def mover_moves(self) -> int:
        """How many of the mover's own moves the win takes with best play."""
        return (self.plies + 1) // 2


@dataclass(frozen=True)
class Puzzle:
    """A position to solve: `moves` from the start of `game` with `options`."""

    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]
    to_move: PlayerNo
    solution: tuple[str, ...]
    difficulty: Difficulty
    figures: Figures = field(compare=False)

    @property
    def id(self) -> str:
        return puzzle_id(self.game, self.options, self.moves)

    def state(self) -> Any:
        """The puzzle's position, replayed by the game's rules."""
        game = get_game(self.game)
        return game.replay(game.options_from(self.options), self.moves)

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON."""
        return {
            "game": self.game,
            "options": self.options,
            "moves": list(self.moves),
            "to_move": self.to_move,
            "solution": list(self.solution),
            "difficulty": self.difficulty,
            "id": self.id,
        }

    def to_bank(self) -> dict[str, Any]:
        """The bank's row: the JSON and the solver's figures."""
        return {**self.to_json(), **asdict(self.figures)}

    @classmethod
    def from_bank(cls, row: dict[str, Any]) -> Puzzle:
        to_move: PlayerNo = 1 if row["to_move"] == 1 else 2
        difficulty = row["difficulty"]
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        counts = {key: int(row[key]) for key in ("legal", "winning", "plies", "choices")}
        return cls(
            game=str(row["game"]),
            options=dict(row["options"]),
            moves=tuple(str(m) for m in row["moves"]),
            to_move=to_move,
            solution=tuple(str(m) for m in row["solution"]),
            difficulty=difficulty,
            figures=Figures(**counts, legal_choices=int(row.get("legal_choices", row["legal"]))),
        )


def puzzle_id(game: str, options: dict[str, Any], moves: tuple[str, ...]) -> str:
    """A short id that names the position: `fifty-3f9a2c1e`."""
    text = json.dumps([game, options, list(moves)], sort_keys=True)
    return f"{game}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"
