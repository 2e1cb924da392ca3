"""The lobby's homework (`app.hub.homework`): the student's open homework sent as data at
the join (`homework-list`), the assignment's puzzles handed over, and each answer judged on
the hub (the solver on the judges' thread, `app.hub.live_judge`) and kept, with a late,
repeated, malformed or stranger's answer refused (`homework-refusal`: words and a code).
"""

from __future__ import annotations

import asyncio
import datetime as dt

from app.hub.homework import FAILED, TRIES, Today
from app.hub.homework_judge import NotAnAnswer, judge_answer, puzzle_from, verdict_words
from app.hub.homework_words import assignment_of, due_words
from app.hub.live_judge import judging
from app.hub.lobby_room import LobbyListener, Spawn
from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkAsk,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
    Refused,
)
from app.hub.store_sql import AnswerRow, HomeworkRow, HubStore, StoreProblem
from app.hub.student import Student
from app.online.protocol import Message


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
        spawn: Spawn,
        today: Today = dt.date.today,
    ) -> None:
        self.store = store
        self.spawn = spawn
        self.today = today
        self._locks: dict[str, asyncio.Lock] = {}

    def entered(self, student: Student) -> None:
        listed: HomeworkList | HomeworkRefusal
        try:
            listed = self.listing(student.name)
        except (StoreProblem, ValueError):
            listed = HomeworkRefusal(assignment="", code=Refused.FAILED, text=FAILED)
        if not isinstance(listed, HomeworkList) or listed.assignments:
            self.spawn(student.send(listed))

    def listing(self, name: str) -> HomeworkList:
        """`name`'s open homework, as data (`app.hub.homework_words` says it)."""
        items = []
        for row in self.store.assignments():
            rows = self.store.homework_puzzles(row.name, name)
            if rows and dt.date.fromisoformat(row.due) >= self.today():
                done = tries_left(rows, self.store.answers(row.name, name)).count(0)
                items.append(assignment_of(row, rows, done))
        return HomeworkList(assignments=items[:40])

    def heard(self, student: Student, message: HomeworkAsk | HomeworkAnswer) -> None:
        lock = self._locks.setdefault(student.key, asyncio.Lock())

        async def answered() -> None:
            async with lock:
                try:
                    reply = await self._answer(student.name, message)
                except (StoreProblem, ValueError):  # (a row of the records damaged too)
                    asked = (
                        message.assignment if isinstance(message, HomeworkAnswer) else message.name
                    )
                    reply = HomeworkRefusal(assignment=asked, code=Refused.FAILED, text=FAILED)
                await student.send(reply)

        self.spawn(answered())

    async def _answer(self, name: str, message: HomeworkAsk | HomeworkAnswer) -> Message:
        if isinstance(message, HomeworkAsk) and not message.name:
            return self.listing(name)
        asked = message.assignment if isinstance(message, HomeworkAnswer) else message.name
        number = message.puzzle if isinstance(message, HomeworkAnswer) else 0

        def refusal(code: Refused, text: str) -> HomeworkRefusal:
            return HomeworkRefusal(assignment=asked, puzzle=number, code=code, text=text)

        row = self.store.assignment(asked)
        rows = [] if row is None else self.store.homework_puzzles(row.name, name)
        if row is None or not rows:
            return refusal(Refused.NOT_SET, f"Homework {asked[:40]} is not set for you.")
        if dt.date.fromisoformat(row.due) < self.today():
            return refusal(
                Refused.LATE,
                f"Homework {row.name} was due on {due_words(row.due)}: answers are no longer taken.",
            )
        answers = self.store.answers(row.name, name)
        left = tries_left(rows, answers)
        if isinstance(message, HomeworkAsk):
            puzzles = [puzzle_from(r.puzzle).to_bank() for r in rows]
            return HomeworkSet(
                assignment=row.name, due=row.due, what=row.what, puzzles=puzzles, left=left
            )
        if not 1 <= number <= len(rows):
            text = f"Homework {row.name} has no puzzle {number}: it has {len(rows)}."
            return refusal(Refused.NO_PUZZLE, text)
        answered = refusal(
            Refused.ANSWERED, f"Homework {row.name}, puzzle {number}: answered already."
        )
        if left[number - 1] == 0:
            return answered
        puzzle = puzzle_from(rows[number - 1].puzzle)
        try:
            judged = await judging(judge_answer, puzzle, message.move)
        except NotAnAnswer as error:
            return refusal(Refused.NOT_A_MOVE, f"Homework {row.name}, puzzle {number}: {error}.")
        attempt = TRIES - left[number - 1] + 1
        seconds = min(max(message.seconds, 0.0), 86400.0)
        kept = AnswerRow(number, attempt, judged.move, judged.right, judged.why, seconds)
        if not self.store.add_answer(row.name, name, kept):
            return answered
        retry = not judged.right and attempt < TRIES
        text = verdict_words(judged, retry)
        return HomeworkVerdict(
            assignment=row.name, puzzle=number, right=judged.right, text=text, retry=retry
        )
