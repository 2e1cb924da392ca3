"""Homework on the hub (issue 39): the teacher sets an assignment from the console
(`assign NAME --game G|any --difficulty D --count N --due YYYY-MM-DD [--to NAME ...]
[--from-mistakes]`), a fixed set of puzzles per student kept in the hub's records; a
student lists theirs and answers each puzzle (its first move) with one retry; the hub
judges every answer (`app.hub.homework_judge`) and keeps it for the report
(`app.hub.homework_report`).

Decided here: every student of a bank assignment gets the same puzzles (drawn once, so
the report can compare them); `--from-mistakes` gives each student the positions where
they threw a win away in their hub games (their latest `MISTAKE_GAMES`), topped up from
the bank when they have fewer (said in words). Answers are taken until the end of the
due day (the hub's date); a late answer is refused in words and not kept.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import shlex
from collections.abc import Callable, Coroutine
from typing import Any

from app.hub.homework_judge import (
    NotAnAnswer,
    judge_answer,
    puzzle_from,
    puzzle_json,
    verdict_words,
)
from app.hub.protocol import HomeworkAnswer, HomeworkAsk, HomeworkSet, HomeworkVerdict, Said
from app.hub.store_sql import AnswerRow, AssignmentRow, HomeworkRow, HubStore, StoreProblem
from app.hub.student import Student
from rules.base import PlayerNo
from rules.names import NameProblem, clean_name
from rules.puzzles.bank import puzzles_of
from rules.puzzles.judge import offered
from rules.puzzles.model import DIFFICULTIES, Puzzle
from rules.records import GameRecord
from rules.registry import GAME_IDS

#: Puzzles an assignment holds at most (they travel in one message).
MAX_COUNT = 12
#: A student's latest hub games searched for their mistakes.
MISTAKE_GAMES = 10
TRIES = 2
FAILED = "Homework: the class's records failed, try again soon."
Today = Callable[[], dt.date]


class AssignProblem(ValueError):
    """The assignment cannot be set: the message says why, in words."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        raise AssignProblem(message)


def _parser() -> _Parser:
    parser = _Parser(prog="assign", add_help=False, exit_on_error=False)
    parser.add_argument("name")
    parser.add_argument("--game", default="any", choices=["any", *GAME_IDS])
    parser.add_argument("--difficulty", default="medium", choices=DIFFICULTIES)
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--due", required=True)
    parser.add_argument("--to", nargs="+", default=[])
    parser.add_argument("--from-mistakes", action="store_true")
    return parser


def due_words(due: str) -> str:
    day = dt.date.fromisoformat(due)
    return f"{day:%A} {due}"


def bank_set(game: str, difficulty: Any, count: int, seed: str) -> list[Puzzle]:
    """`count` puzzles of the bank (fewer if it has fewer), the same for the same seed."""
    games = [game] if game != "any" else [g for g in GAME_IDS if difficulty in offered(g)]
    found = [p for g in games for p in puzzles_of(g, difficulty)]
    if not found:
        raise AssignProblem(f"the puzzle bank has no {difficulty} puzzles for {game} game")
    return random.Random(seed).sample(found, min(count, len(found)))


def mistakes_of(store: HubStore, name: str, count: int) -> list[Puzzle]:
    """The positions of `name`'s hub games where they threw a win away (the latest games)."""
    from rules.puzzles.mistakes import mistakes

    theirs = [row for row in store.games() if name in row.names and row.result]
    found: dict[str, Puzzle] = {}
    for row in reversed(theirs[-MISTAKE_GAMES:]):
        try:
            record = GameRecord.model_validate_json(store.record(row.id))
            if record.best_of != 1 or len(record.rounds) > 1:
                continue
            seat: PlayerNo = 1 if record.names[0] == name else 2
            moves = [entry.move for entry in record.moves]
            for puzzle in mistakes(record.game, dict(record.options), moves, seat):
                found.setdefault(puzzle.id, puzzle)
        except Exception:  # (a damaged record: nothing to learn from it)
            continue
    return list(found.values())[:count]


def assign(store: HubStore, line: str, today: dt.date) -> list[str]:
    """The console's `assign` (the rest of its line): what was set, in words."""
    try:
        args = _parser().parse_args(shlex.split(line))
        due = dt.date.fromisoformat(args.due)
        args.name = clean_name(args.name, limit=40)
    except (AssignProblem, argparse.ArgumentError, ValueError, NameProblem) as error:
        return [f"That assignment cannot be set: {error}.", USAGE]
    if due < today:
        return [f"The due date {args.due} is in the past: give today or a later day."]
    if not 1 <= args.count <= MAX_COUNT:
        return [f"--count takes 1 to {MAX_COUNT} puzzles."]
    names = [s.name for s in store.roster()] if not args.to else args.to
    known = {s.name.casefold(): s.name for s in store.roster()}
    strangers = [n for n in names if n.casefold() not in known]
    if strangers:
        return [f"{', '.join(strangers)[:200]}: not on the roster (admit them first)."]
    if not names:
        return ["Nobody is on the roster yet: admit the students first."]
    game_words = "" if args.game == "any" else f"{args.game} "
    what = f"{args.count} {game_words}puzzles ({args.difficulty})"
    try:
        shared = bank_set(args.game, args.difficulty, args.count, f"homework:{args.name}")
    except AssignProblem as error:
        return [f"That assignment cannot be set: {error}."]
    lines, rows = [], []
    for name in (known[n.casefold()] for n in names):
        puzzles = shared
        if args.from_mistakes:
            own = mistakes_of(store, name, args.count)
            puzzles = own + [p for p in shared if p.id not in {o.id for o in own}]
            puzzles = puzzles[: args.count]
            if len(own) < len(puzzles):
                lines.append(
                    f"{name} has {len(own) or 'no'} position{'' if len(own) == 1 else 's'} "
                    f"of their own in the hub's games: {len(puzzles) - len(own)} from the bank."
                )
        rows += [HomeworkRow(name, i, puzzle_json(p)) for i, p in enumerate(puzzles, 1)]
    if args.from_mistakes:
        what = f"{args.count} puzzles from your own games' mistakes"
    if not store.new_assignment(args.name, what, args.due, rows):
        return [f"There is an assignment called {args.name} already: choose another name."]
    students = f"{len(names)} student{'' if len(names) == 1 else 's'}"
    return [*lines, f"{args.name} is set: {what}, due {due_words(args.due)}, for {students}."]


USAGE = (
    "Type assign NAME --due YYYY-MM-DD [--game GAME|any] [--difficulty easy|medium|hard] "
    "[--count N] [--to NAME ...] [--from-mistakes]."
)


def open_for(store: HubStore, student: str, today: dt.date) -> list[tuple[AssignmentRow, int]]:
    """The assignments set for `student` still taking answers, with their puzzles' count."""
    found = []
    for row in store.assignments():
        if dt.date.fromisoformat(row.due) >= today:
            count = len(store.homework_puzzles(row.name, student))
            if count:
                found.append((row, count))
    return found


def tries_left(rows: list[HomeworkRow], answers: list[AnswerRow]) -> list[int]:
    """Each puzzle's tries left (0 once right or both tries used)."""
    left = {row.number: TRIES for row in rows}
    for answer in answers:
        left[answer.number] = (
            0 if answer.right else min(left[answer.number], TRIES - answer.attempt)
        )
    return [left[row.number] for row in rows]


class HomeworkDesk:
    """The lobby's homework: what a student is told at their join, and their messages."""

    def __init__(
        self,
        store: HubStore,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        today: Today = dt.date.today,
    ) -> None:
        self.store = store
        self.spawn = spawn
        self.today = today
        self._locks: dict[str, asyncio.Lock] = {}

    def say(self, student: Student, text: str) -> None:
        self.spawn(student.send(Said(text=text)))

    def entered(self, student: Student) -> None:
        try:
            for line in self.listing(student.name):
                self.say(student, line)
        except StoreProblem:
            self.say(student, FAILED)

    def listing(self, name: str, quiet: bool = True) -> list[str]:
        lines = [
            f"Homework {row.name}: {row.what.replace(' (', ', ').rstrip(')')}, due "
            f"{due_words(row.due)}: type homework {row.name} to do it."
            for row, _ in open_for(self.store, name, self.today())
        ]
        return lines or ([] if quiet else ["You have no homework to do."])

    def heard(self, student: Student, message: HomeworkAsk | HomeworkAnswer) -> None:
        lock = self._locks.setdefault(student.key, asyncio.Lock())

        async def answered() -> None:
            async with lock:
                try:
                    replies = await self._answer(student.name, message)
                except (StoreProblem, ValueError):  # (a row of the records damaged too)
                    replies = [Said(text=FAILED)]
                for reply in replies:
                    await student.send(reply)

        self.spawn(answered())

    async def _answer(self, name: str, message: HomeworkAsk | HomeworkAnswer) -> list[Any]:
        if isinstance(message, HomeworkAsk) and not message.name:
            return [Said(text=line) for line in self.listing(name, quiet=False)]
        row = self.store.assignment(
            message.assignment if isinstance(message, HomeworkAnswer) else message.name
        )
        asked = message.assignment if isinstance(message, HomeworkAnswer) else message.name
        rows = [] if row is None else self.store.homework_puzzles(row.name, name)
        if row is None or not rows:
            return [Said(text=f"Homework {asked[:40]} is not set for you.")]
        if dt.date.fromisoformat(row.due) < self.today():
            return [
                Said(
                    text=f"Homework {row.name} was due on {due_words(row.due)}: answers are no longer taken."
                )
            ]
        answers = self.store.answers(row.name, name)
        left = tries_left(rows, answers)
        if isinstance(message, HomeworkAsk):
            puzzles = [puzzle_from(r.puzzle).to_bank() for r in rows]
            return [
                HomeworkSet(
                    assignment=row.name, due=row.due, what=row.what, puzzles=puzzles, left=left
                )
            ]
        number = message.puzzle
        if not 1 <= number <= len(rows):
            return [Said(text=f"Homework {row.name} has no puzzle {number}: it has {len(rows)}.")]
        if left[number - 1] == 0:
            return [Said(text=f"Homework {row.name}, puzzle {number}: answered already.")]
        puzzle = puzzle_from(rows[number - 1].puzzle)
        try:
            judged = await asyncio.to_thread(judge_answer, puzzle, message.move)
        except NotAnAnswer as error:
            return [Said(text=f"Homework {row.name}, puzzle {number}: {error}.")]
        attempt = TRIES - left[number - 1] + 1
        seconds = min(max(message.seconds, 0.0), 86400.0)
        kept = AnswerRow(number, attempt, judged.move, judged.right, judged.why, seconds)
        if not self.store.add_answer(row.name, name, kept):
            return [Said(text=f"Homework {row.name}, puzzle {number}: answered already.")]
        retry = not judged.right and attempt < TRIES
        text = verdict_words(judged, retry)
        return [
            HomeworkVerdict(
                assignment=row.name, puzzle=number, right=judged.right, text=text, retry=retry
            )
        ]
