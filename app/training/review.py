"""The review lists ("Your mistakes", "Try again") read on a thread of their own: each
call opens its own connection to the statistics database (a connection stays on the
thread that opened it), so a screen can ask through `asyncio.to_thread`."""

from __future__ import annotations

from contextlib import closing

from app.training.puzzle_store import Kind, open_training, review_list, unsearched
from rules.puzzles.model import Puzzle


def to_search(player: str) -> int:
    """How many of the player's finished games are to be searched for mistakes now."""
    with closing(open_training()) as conn:
        return unsearched(conn, player)


def looking_words(games: int) -> str:
    return f"Looking for your mistakes in {games} game{'' if games == 1 else 's'}…"


def mistakes_to_review(player: str) -> list[Puzzle]:
    """The player's finished games searched for mistakes (`search_mistakes`: the solver,
    seconds for ten games), then the mistakes to solve."""
    from app.training import puzzle_store  # (looked up when called: a test may hold it)

    with closing(open_training()) as conn:
        puzzle_store.search_mistakes(conn, player)
        return review_list(conn, player, "mistake")


def review_of(player: str, kind: Kind) -> list[Puzzle]:
    """The player's puzzles of `kind` to solve again, as kept."""
    with closing(open_training()) as conn:
        return review_list(conn, player, kind)
