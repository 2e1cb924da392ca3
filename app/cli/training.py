"""`equation-duel puzzle --streak | --storm | --review | --play`: training line by line;
results kept per player (app.training.puzzle_store).
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from collections.abc import Callable
from contextlib import closing
from functools import partial
from typing import Any

from app.match_session.puzzle import PuzzleReferee, counted
from app.plain.puzzle_lines import Read, Write, play_one
from app.store.stats import StatsError
from app.training.puzzle_store import (
    Kind,
    keep_for_review,
    open_training,
    record_run,
    review_list,
    reviewed,
    search_mistakes,
    share_line,
)
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Storm, Streak


def _keep(action: Callable[[Any], Any]) -> Any:
    """Run `action` on the training database; None (and a word on stderr) when it fails."""
    try:
        with closing(open_training()) as conn:
            return action(conn)
    except (StatsError, OSError) as error:
        print(f"equation-duel puzzle: the result was not kept: {error}", file=sys.stderr)
        return None


def run_play(puzzle: Puzzle, player: str, read: Read, write: Write) -> int:
    """One puzzle, move by move; counted as the full screen counts it (rated the first
    time for a named player, a miss kept for Try again: `PuzzleReferee.record`)."""
    ending, _ = play_one(puzzle, read, write)
    if ending in ("solved", "failed"):
        _count(PuzzleReferee(puzzle, player), ending == "solved", write)
    if ending == "failed":
        write("Kept for Try again (equation-duel puzzle --review).")
    return 0


def run_daily(puzzle: Puzzle, day: dt.date, player: str, read: Read, write: Write) -> int:
    """The day's puzzle, move by move, counted (and rated) as on the full screen; then
    the line to share."""
    ending, attempt = play_one(puzzle, read, write)
    if ending in ("solved", "failed"):
        referee = PuzzleReferee(puzzle, player, daily=day.isoformat(), hints=attempt.hints)
        if _count(referee, ending == "solved", write):
            return 0  # (the line to share was said)
    write(f"To share: {daily_share(player, day, puzzle.game)}")
    return 0


def _count(referee: PuzzleReferee, solved: bool, write: Write) -> bool:
    """Count the try by the puzzle's referee; write what is said of it (the rating's
    change in words: `counted`). True when the line to share was said."""
    referee.record(solved)
    for line in counted(referee):
        write(line)
    return referee.share is not None


def daily_share(player: str, day: dt.date, game: str) -> str:
    """The day's line to share (not tried yet when nothing is kept)."""
    found = _keep(lambda conn: share_line(conn, player, day, game))
    return str(found) if found else f"Equation Duel {day.isoformat()} · {game} · not tried yet"


def run_streak(game_id: str | None, player: str, read: Read, write: Write, seed: int | None) -> int:
    streak = Streak(game_id, seed)
    write("Puzzle streak: no clock, the puzzles get harder, the first miss ends it.")
    while not streak.over:
        puzzle = streak.next_puzzle()
        write("")
        level = streak.difficulty()
        write(f"Streak {streak.solved} · next: {'an' if level == 'easy' else 'a'} {level} puzzle")
        ending, _ = play_one(puzzle, read, write)
        if ending == "quit":
            break
        streak.finished(ending == "solved")
        if ending == "failed":
            _keep(partial(keep_for_review, player=player, puzzle=puzzle, kind="failed"))
    bests = _keep(lambda c: record_run(c, player, "streak", game_id or "any", streak.solved))
    best = f" Your best streak: {bests.best}." if bests is not None else ""
    write(f"Streak over: {streak.solved} solved.{best}")
    return 0


def run_storm(
    game_id: str | None,
    player: str,
    read: Read,
    write: Write,
    seed: int | None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    storm = Storm(game_id, clock, seed)
    write("Puzzle storm: three minutes, as many puzzles as you can; a miss costs 10 seconds.")
    while not storm.over:
        puzzle = storm.next_puzzle()
        write("")
        ending, _ = play_one(puzzle, read, write, storm)
        if ending in ("quit", "time"):
            break
        storm.finished(ending == "solved")
        if ending == "failed":
            _keep(partial(keep_for_review, player=player, puzzle=puzzle, kind="failed"))
    scope = game_id or "any"
    bests = _keep(lambda c: record_run(c, player, "storm", scope, storm.solved, storm.best_combo))
    write(
        f"Storm over: {storm.solved} solved, {storm.missed} missed, best combo {storm.best_combo}."
    )
    if bests is not None:
        write(
            f"Your best storm: {bests.best}; today's best: {bests.today}. (Storms are not rated.)"
        )
    return 0


def run_review(player: str, read: Read, write: Write) -> int:
    """Your mistakes (found in your finished games), then the puzzles you failed."""
    found = _keep(lambda conn: search_mistakes(conn, player))
    if found:
        write(f"{found} new {'mistake' if found == 1 else 'mistakes'} found in your games.")
    kinds: tuple[tuple[Kind, str], ...] = (("mistake", "Your mistakes"), ("failed", "Try again"))
    for kind, title in kinds:
        puzzles: list[Puzzle] = _keep(partial(review_list, player=player, kind=kind)) or []
        write("")
        write(f"{title}: {len(puzzles)} to solve.")
        for puzzle in puzzles:
            write("")
            ending, _ = play_one(puzzle, read, write)
            if ending == "quit":
                return 0
            if ending == "solved":
                _keep(partial(reviewed, player=player, puzzle_id=puzzle.id))
    return 0
