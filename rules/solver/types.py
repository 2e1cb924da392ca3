"""What every part of the solver shares (so `core`, `specs` and `countdown` never import each
other): scores seen from the side to move, a win in p plies `WIN - p`, a loss `-(WIN - p)`.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from rules.base import PlayerNo, other

#: The score of a win with no ply left to play (see the module docstring).
WIN = 1_000_000

#: The most positions every transposition table of the process holds together, between two
#: questions (about 65 bytes each: 45 MB; a process of the app stays under 120 MB, issue
#: 37). One fifty 1-15 game analysed fills about 640,000; the others far fewer.
TABLE_LIMIT = 700_000

#: Every engine with a table (`table`: a dict) in this process, weakly.
_ENGINES: weakref.WeakSet[Any] = weakref.WeakSet()


def held(engine: Any) -> dict[Any, int]:
    """A new table for `engine`, counted in the process's `TABLE_LIMIT`."""
    _ENGINES.add(engine)
    return {}


def _tables(engine: Any) -> list[dict[Any, int]]:
    """An engine's table and its memos (`memos`: the countdown engine's thresholds)."""
    return [engine.table, *getattr(engine, "memos", ())]


def trim_tables() -> None:
    """Empty every table when together they hold more than `TABLE_LIMIT` positions (call
    it between two questions: a table only speeds the search, the answers stay)."""
    tables = [table for engine in list(_ENGINES) for table in _tables(engine)]
    if sum(map(len, tables)) > TABLE_LIMIT:
        forget(tables)


def forget(tables: Iterable[dict[Any, int]]) -> None:
    """Empty `tables` now: an engine dropped may wait for the garbage collector (its
    closures refer to it), its tables need not."""
    for table in tables:
        table.clear()


class SolverError(ValueError):
    """The position cannot be solved (e.g. play could go on forever)."""


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: A child that is the end of the game, won by the player who moved into it.
WIN_NOW: Any = _Marker("WIN_NOW")
#: A child that is the end of the game, lost by the player who moved into it.
LOSE_NOW: Any = _Marker("LOSE_NOW")


class Spec(Protocol):
    """What the search needs of a game (see `rules.solver.specs`). Optional, read when a
    spec has them: `known(node)`, the node's exact score when a table already holds it
    (else None); `wins_at_once`, `loses_within_two`, `fixed_plies`, `root_moves`,
    `reply_groups` (`rules.solver.core`, `rules.solver.perfect`)."""

    def encode(self, state: Any) -> Hashable:
        """The node of a state that is not over (the player to move moves next)."""

    def expand(self, node: Any) -> Iterable[Any]:
        """The children worth searching (the other player to move), best guesses first:
        nodes, WIN_NOW or LOSE_NOW; a move no better than another child may be left out."""


@dataclass(frozen=True)
class Solution:
    """The value of a position with best play from both sides."""

    winner: PlayerNo
    to_move: PlayerNo
    #: Every move (notation, sorted) that keeps the best result for the side to move; in a
    #: lost position every move loses, so every legal move is listed.
    best_moves: tuple[str, ...]
    #: Plies to the end with best play: the winner wins as fast as possible, the loser
    #: holds out as long as possible.
    plies: int
    seconds: float


@dataclass(frozen=True)
class Choice:
    """The perfect player's move and what it achieves."""

    #: The move, in the game's notation.
    move: str
    #: The winner with best play after it.
    winner: PlayerNo
    #: Plies to the end with best play, this move included (1: the move ends the game).
    plies: int


def outcome_of(score: int, mover: PlayerNo, win: int = WIN) -> tuple[PlayerNo, int]:
    """(winner, plies) for a score seen from `mover`'s side (a win in p plies: `win - p`)."""
    if score > 0:
        return mover, win - score
    return other(mover), win + score


def parent_score(child_score: int) -> int:
    """A child's score seen one ply earlier, from the player who moved into it."""
    return 1 - child_score if child_score > 0 else -child_score - 1
