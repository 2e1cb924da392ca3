"""Training line by line: a puzzle, the streak, the storm, the review and the daily line
to share, with the results kept per player (app.training.puzzle_store). The storm's clock is a
counter the test moves: nothing waits."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

import pytest

from app.cli.training import run_daily, run_review, run_storm, run_streak
from app.training.puzzle_store import (
    bests,
    daily_streak,
    keep_finished_game,
    open_training,
    record_daily,
    review_list,
    share_line,
)
from rules.analysis import hint
from rules.puzzles.bank import bank, daily
from rules.puzzles.mistakes import mistakes
from rules.puzzles.model import Puzzle
from rules.puzzles.training import STORM_MISS_COST, Attempt, Storm, Streak

IDS = {p.id: p for p in bank()}
ID = re.compile(r"puzzle ((?:collect|template|fifty|conquest|countdown)-[0-9a-f]{8})")


class Solver:
    """Answers the prompts: the winning move of the puzzle on show (followed the same way
    as the app plays it), or a losing one after `right` puzzles."""

    def __init__(
        self, right: int = 10**6, on_prompt: object = None, known: dict[str, Puzzle] | None = None
    ) -> None:
        self.known = {**IDS, **(known or {})}
        self.right = right
        self.solved = 0
        self.attempt: Attempt | None = None
        self.lines: list[str] = []
        self.on_prompt = on_prompt

    def write(self, line: str) -> None:
        self.lines.append(line)
        found = ID.search(line)
        if found:
            self.attempt = Attempt(self.known[found.group(1)])

    def read(self, prompt: str) -> str | None:
        if callable(self.on_prompt):
            self.on_prompt()
        attempt = self.attempt
        if attempt is None:
            return None
        if self.solved >= self.right:
            losing = [m for m in attempt.legal() if m not in attempt.puzzle.solution]
            move = losing[0]
        else:
            move = hint(attempt.puzzle.game, attempt.state).move
            assert move is not None
        step = attempt.play(move)
        if step.solved:
            self.solved += 1
        return move


def test_a_streak_rises_in_difficulty_and_ends_at_the_first_miss() -> None:
    me = Solver(right=4)
    assert run_streak("collect", "Ann", me.read, me.write, seed=3) == 0
    text = "\n".join(me.lines)
    assert "a easy puzzle" in text.replace("an easy", "a easy") and "a medium puzzle" in text
    assert text.endswith("Streak over: 4 solved. Your best streak: 4.")
    conn = open_training()
    assert bests(conn, "Ann", "streak").best == 4
    assert [p.game for p in review_list(conn, "Ann", "failed")] == ["collect"]  # Try again


def test_streak_never_repeats_a_puzzle_and_any_game_mixes() -> None:
    streak = Streak(None, seed=1)
    seen = set()
    for _ in range(12):
        puzzle = streak.next_puzzle()
        assert puzzle.id not in seen
        seen.add(puzzle.id)
        streak.finished(True)
    assert streak.difficulty() == "hard"
    assert streak.next_puzzle().game != "conquest"  # conquest has no hard puzzles


def test_storm_counts_a_combo_a_miss_costs_time_and_the_clock_ends_it() -> None:
    now = [0.0]
    storm = Storm("fifty", clock=lambda: now[0], seed=2)
    storm.next_puzzle()
    storm.finished(True)
    storm.finished(True)
    assert (storm.solved, storm.combo) == (2, 2)
    storm.finished(False)
    assert storm.combo == 0 and storm.best_combo == 2
    assert storm.left() == 180 - STORM_MISS_COST
    now[0] = 170.0
    assert storm.over and storm.status().startswith("0:00 left")


def test_storm_on_the_command_line_keeps_the_personal_and_the_days_best() -> None:
    now = [0.0]

    def tick() -> None:
        now[0] += 20.0  # each answer takes 20 s: 9 answers fill the three minutes

    me = Solver(on_prompt=tick)
    assert run_storm("countdown", "Bo", me.read, me.write, seed=5, clock=lambda: now[0]) == 0
    text = "\n".join(me.lines)
    assert "Storm over:" in text and "missed 0" not in text
    solved = int(re.search(r"Storm over: (\d+) solved", text).group(1))  # type: ignore[union-attr]
    assert 1 <= solved <= 9
    found = bests(open_training(), "Bo", "storm")
    assert found.best == found.today == solved
    assert "not rated" in text


def test_review_plays_the_mistakes_found_in_your_own_games() -> None:
    conn = open_training()
    # Ann (seat 1) picked 5 where 4, 6 or 8 won: a mistake the solver finds.
    moves = ["3", "2", "5", "8", "7", "6:2+6=8"]
    keep_finished_game(conn, "Ann", 1, "collect", {}, moves)
    (mistake,) = mistakes("collect", {}, moves, 1)
    assert mistake.moves == ("3", "2") and mistake.solution == ("4", "6", "8")
    me = Solver(known={mistake.id: mistake})
    assert run_review("Ann", me.read, me.write) == 0
    text = "\n".join(me.lines)
    assert "1 new mistake found" in text and "Your mistakes: 1 to solve." in text
    assert "Solved!" in text
    assert review_list(conn, "Ann", "mistake") == []  # solved: it leaves the list


def test_the_daily_result_is_shared_without_the_answer() -> None:
    day = dt.date(2026, 11, 26)
    puzzle = daily(day)
    me = Solver()
    assert run_daily(puzzle, day, "Cy", me.read, me.write) == 0
    line = me.lines[-1]
    assert (
        line == f"To share: Equation Duel 2026-11-26 · {puzzle.game} · solved first try · 0 hints"
    )
    assert not any(move in line for move in puzzle.solution)


def test_share_line_counts_tries_and_hints_and_the_daily_streak() -> None:
    conn = open_training()
    day = dt.date(2026, 1, 10)
    assert share_line(conn, "Di", day, "fifty").endswith("· not tried yet")
    record_daily(conn, "Di", day, "fifty", False, 1)
    assert share_line(conn, "Di", day, "fifty").endswith("· not solved (1 try) · 1 hint")
    record_daily(conn, "Di", day, "fifty", True, 1)
    assert share_line(conn, "Di", day, "fifty").endswith("· solved in 2 tries · 2 hints")
    for back in (1, 2, 5):
        record_daily(conn, "Di", day - dt.timedelta(days=back), "collect", True, 0)
    assert daily_streak(conn, "Di", day) == (3, 3)
    assert daily_streak(conn, "Di", day + dt.timedelta(days=1)) == (3, 3)
    assert daily_streak(conn, "Di", day + dt.timedelta(days=2)) == (0, 3)


def test_bad_lines_are_refused_in_words_and_never_crash() -> None:
    from app.plain.puzzle_lines import play_one

    puzzle = next(p for p in bank() if p.game == "conquest")
    typed = iter(["", "\x1b[31m7", "9" * 500, "@@", "0", "hint", "help", None])
    said: list[str] = []
    ending, attempt = play_one(puzzle, lambda _: next(typed), said.append)
    assert ending == "quit" and attempt.hints == 1
    refusals = [line for line in said if line.startswith("Not a")]
    assert len(refusals) == 4
    assert not any("\x1b" in line for line in said)


@pytest.mark.soak
def test_line_mode_fuzz_never_crashes_or_hangs() -> None:
    """500 puzzles of every game, each fed 12 random lines (bytes, symbols, moves, words):
    every line is refused in words or played; a try always ends within its lines."""
    import random

    from app.plain.puzzle_lines import MAX_LINES, play_one

    rng = random.Random(25)
    alphabet = "0123456789+-*/×÷−=@.: hintquiHELP\x1b\x00\u202e ٣"
    puzzles = list(bank())
    for _ in range(500):
        puzzle = rng.choice(puzzles)
        attempt_lines = iter(
            [*("".join(rng.choices(alphabet, k=rng.randint(0, 12))) for _ in range(12)), None]
        )
        reads = 0

        def read(_: str, lines: Iterator[str | None] = attempt_lines) -> str | None:
            nonlocal reads
            reads += 1
            return next(lines, None)

        said: list[str] = []
        ending, _attempt = play_one(puzzle, read, said.append)
        assert ending in ("solved", "failed", "quit") and reads <= min(13, MAX_LINES)
        assert not any("\x1b" in line or "\x00" in line for line in said)
