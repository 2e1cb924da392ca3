"""What the helper process runs, importing the rules only (never Textual): a function
sent to it travels by name. `warm_up` imports what a game's search needs while the
player looks at the board; `ask_bot` is the computer's move; `judge_moves` judges moves
for the analysis.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rules.analysis import MoveAnalysis
from rules.analysis import judge_moves as judged
from rules.base import MoveT, StateT
from rules.registry import get_game

#: A computer player of a game: the move it makes in a position (its turn).
Bot = Callable[[StateT], MoveT]

#: Modules a game's search needs beyond the fork server's (`app.process.search_process.PRELOAD`).
SEARCH_NEEDS: dict[str, tuple[str, ...]] = {
    "collect": ("sympy", "rules.equation.check", "rules.solver.collect_fast"),
    "countdown": ("rules.solver.countdown", "rules.solver.countdown_engine"),
    "fifty": ("rules.solver.specs.fifty",),
    "template": ("rules.solver.specs.template",),
    "conquest": ("rules.solver.specs.conquest",),
}


def warm_up(game_id: str) -> str:
    """Import the game's rules and what its search needs (in the helper process)."""

    get_game(game_id)
    for name in SEARCH_NEEDS.get(game_id, ()):
        importlib.import_module(name)
    return game_id


def ask_bot(bot: Bot[StateT, MoveT], state: StateT) -> tuple[MoveT, Bot[StateT, MoveT]]:
    """The bot's move in `state`, and the bot after choosing it: it travels as a copy, so
    handing it back keeps its random source moving on."""
    return bot(state), bot


def judge_moves(
    game_id: str, options: Any, moves: list[str], first: int, stop: int
) -> tuple[MoveAnalysis, ...]:
    """Moves `first` to `stop` judged as `rules.analysis.judge_moves` does, in the helper."""

    return judged(game_id, options, moves, first, stop)
