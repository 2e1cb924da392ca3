"""The lobby's homework (`app.hub.homework`): what a student is told at the join, the
assignment's puzzles handed over, and each answer judged on the hub (the solver in a
thread) and kept, with a late, repeated, malformed or stranger's answer refused in words.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable, Coroutine
from typing import Any

from app.hub.homework import FAILED, TRIES, Today, due_words
from app.hub.homework_judge import NotAnAnswer, judge_answer, puzzle_from, verdict_words
from app.hub.lobby_room import LobbyListener
from app.hub.protocol import Said
from app.hub.protocol_class import HomeworkAnswer, HomeworkAsk, HomeworkSet, HomeworkVerdict
from app.hub.store_sql import AnswerRow, AssignmentRow, HomeworkRow, HubStore, StoreProblem
from app.hub.student import Student


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


class HomeworkDesk(LobbyListener):
    """The lobby's homework: what a student is told at their join, and their messages."""

    kinds = (HomeworkAsk, HomeworkAnswer)

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
