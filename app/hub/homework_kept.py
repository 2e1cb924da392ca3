"""Homework offline (`class homework`, in the line mode and the full screen alike): the
assignment fetched from the hub and kept on the student's machine (its puzzles, the
tries left) with the answers given offline waiting to be handed in, in the data folder
(`class-homework.json`, written by the one file writer, `app.store.atomic_files`), by
class, host and name as the tokens are (`app.hub.tokens`); each try judged here by the
judge the hub uses (`OfflineHomework.judge`, `app.hub.homework_judge`); and the handing
in at a connection (`connected`, and the lobbies' `hand_in_kept`). The local verdict is
kept for the student's own reading only: a hand-in sends the move and the time, and the
hub judges it again."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from app.hub.client import Closed, HubClient
from app.hub.homework import MAX_COUNT, TRIES
from app.hub.homework_judge import MAX_MOVE, judge_answer, puzzle_from_row, verdict_words
from app.hub.homework_words import due_words
from app.hub.live_words import closed_words
from app.hub.protocol import Bye, Said
from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkAsk,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
)
from app.hub.tokens import _place, keep_object, kept_object
from app.online.codes import Address
from app.online.guest_link import JoinRefused
from app.online.protocol import Message
from app.online.texts import their_words
from rules.puzzles.model import Puzzle

FILE_NAME = "class-homework.json"
#: The file is at most this large (anything larger is not read).
MAX_BYTES = 1024 * 1024
#: Seconds a hub's answer is waited for; between two answers handed in (its rate limit).
ANSWER_SECONDS = 30.0
PACE = 0.15
#: An assignment's name, at most this long (the cli's `--assignment` is cut there too).
MAX_NAME = 60
UNREACHABLE = (
    "The hub cannot be reached: your answers are kept and handed in at your next connection."
)
Say = Callable[[str], object]
Kind = TypeVar("Kind", bound=Message)


def kept(address: Address, name: str, assignment: str) -> dict[str, Any] | None:
    """The assignment as kept (None when it was never fetched, or cannot be read)."""
    mine = kept_object(FILE_NAME, MAX_BYTES).get(_place(address, name))
    found = mine.get(assignment.casefold()) if isinstance(mine, dict) else None
    return found if isinstance(found, dict) else None


def kept_names(address: Address, name: str) -> list[str]:
    """The assignments kept for `name` in the class at `address` (their folded names)."""
    mine = kept_object(FILE_NAME, MAX_BYTES).get(_place(address, name))
    return (
        [k for k, entry in mine.items() if isinstance(entry, dict) and len(k) <= MAX_NAME][:50]
        if isinstance(mine, dict)
        else []
    )


def keep(address: Address, name: str, assignment: str, entry: dict[str, Any] | None) -> None:
    """Keep `entry` for the assignment (None: forget it); OSError when it cannot be written."""
    everything = kept_object(FILE_NAME, MAX_BYTES)
    mine = everything.setdefault(_place(address, name), {})
    if not isinstance(mine, dict):
        mine = everything[_place(address, name)] = {}
    if entry is None:
        mine.pop(assignment.casefold(), None)
    else:
        mine[assignment.casefold()] = entry
    keep_object(FILE_NAME, everything)


def _answers(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The answers waiting to be handed in, as well formed."""
    found = []
    for answer in entry.get("answers", []) if isinstance(entry.get("answers"), list) else []:
        if not isinstance(answer, dict):
            continue
        number, move, seconds = answer.get("puzzle"), answer.get("move"), answer.get("seconds")
        timed = isinstance(seconds, int | float) and 0 <= seconds <= 10**7  # (not NaN)
        if type(number) is int and 1 <= number <= MAX_COUNT and isinstance(move, str) and timed:
            found.append(answer)
    return found[:100]


def pending(entry: dict[str, Any]) -> list[tuple[int, str, float]]:
    """The answers waiting to be handed in: (puzzle, move, seconds), as well formed."""
    return [(a["puzzle"], a["move"][:MAX_MOVE], float(a["seconds"])) for a in _answers(entry)]


@dataclass
class OfflineHomework:
    """An assignment kept here, opened to be done without the hub: its puzzles and each
    one's tries left; `judge` judges a try and keeps it to be handed in."""

    address: Address
    name: str
    assignment: str
    entry: dict[str, Any]
    puzzles: list[Puzzle]
    left: list[int]

    @classmethod
    def open(
        cls, address: Address, name: str, assignment: str, reached: bool = False
    ) -> OfflineHomework | str:
        """The assignment kept here, or why it cannot be done, in words (`reached`: the
        hub was reached just now, and said why it sent none)."""
        entry = kept(address, name, assignment)
        if entry is None:
            asked = their_words(assignment, 40)
            if reached:
                return f"There is no homework {asked} to do."
            return f"No homework {asked} is kept here: connect once to fetch it."
        try:
            puzzles = [puzzle_from_row(row) for row in entry.get("puzzles", [])]
            left = [int(n) for n in entry.get("left", [])][: len(puzzles)]
        except (ValueError, TypeError, OverflowError) as error:
            return f"The homework kept here cannot be read ({error}): connect to fetch it."
        if len(left) != len(puzzles) or not 0 < len(puzzles) <= MAX_COUNT:
            return "The homework kept here cannot be read: connect to fetch it."
        named = entry.get("name")
        assignment = named[:MAX_NAME] if isinstance(named, str) and named else assignment
        return cls(address, name, assignment, entry, puzzles, left)

    def words(self) -> str:
        what = their_words(str(self.entry.get("what", "")), 200)
        due = due_words(str(self.entry.get("due", "")))
        return f"Homework {their_words(self.assignment, 40)}: {what}, due {due}."

    def as_set(self) -> HomeworkSet:
        """The assignment as the hub hands it over (the full screen's board takes it)."""
        return HomeworkSet(
            assignment=self.assignment,
            due=str(self.entry.get("due", ""))[:10],
            what=str(self.entry.get("what", ""))[:200],
            puzzles=[puzzle.to_bank() for puzzle in self.puzzles],
            left=self.left,
        )

    def judge(self, number: int, move: str, seconds: float) -> HomeworkVerdict:
        """Judge a try at puzzle `number` here and keep it to be handed in (NotAnAnswer:
        no legal move; OSError: not kept, and the try is not counted)."""
        judged = judge_answer(self.puzzles[number - 1], move)
        retry = not judged.right and self.left[number - 1] == TRIES
        left = [*self.left]
        left[number - 1] = 1 if retry else 0
        entry = kept(self.address, self.name, self.assignment) or self.entry
        answer = {"puzzle": number, "move": judged.move, "seconds": round(seconds, 1)}
        answers = [*_answers(entry), {**answer, "right": judged.right}]
        entry = {**entry, "answers": answers, "left": left}
        keep(self.address, self.name, self.assignment, entry)
        self.entry, self.left = entry, left
        text = verdict_words(judged, retry)
        return HomeworkVerdict(
            assignment=self.assignment, puzzle=number, right=judged.right, text=text, retry=retry
        )


async def connected(
    address: Address, name: str, tls: ssl.SSLContext | None, say: Say, fetch: str = ""
) -> bool:
    """Join, hand in what is kept here (each of the hub's verdicts said) and fetch
    assignment `fetch` into the keeping; False when the hub cannot be reached (said,
    unless it could not be reached at all: the caller says that). OSError: not kept."""
    client = HubClient(address, name, tls)
    try:
        await client.join(lambda: say("Waiting for the teacher to admit you."))
    except JoinRefused as error:
        if not str(error).startswith("the hub cannot be reached"):  # (said by the caller
            say(f"Not connected: {error}.")  # in words, not the socket's error)
        return False
    try:
        await hand_in_kept(client, say, wait=True)
        if fetch:
            client.send(HomeworkAsk(name=fetch))
            got = await reply(client, say, HomeworkSet)
            if isinstance(got, HomeworkSet):
                what = {"name": got.assignment, "due": got.due, "what": got.what}
                entry = {**what, "puzzles": got.puzzles, "left": got.left, "answers": []}
                keep(address, name, fetch, entry)
                say(
                    f"Fetched homework {their_words(got.assignment, 40)}: it is kept on this machine."
                )
        return True
    except Closed as closed:
        say(closed_words(closed))
        return False
    finally:
        client.send(Bye())
        await client.close()


async def hand_in_kept(client: HubClient, say: Say, wait: bool) -> None:
    """Hand in every answer kept on this machine for the client's student in its class
    (connected), each forgotten here once sent (sent twice, a try would be judged as the
    second); `wait`: each of the hub's verdicts is waited for and said (else the lobby's
    reader hears them). OSError: not kept."""
    address, name = client.address, client.name
    for assignment in kept_names(address, name):
        entry = kept(address, name, assignment)
        answers = [] if entry is None else pending(entry)
        if not answers:
            continue
        count, them = (f"{len(answers)} answers", "them") if answers[1:] else ("1 answer", "it")
        say(f"Handing in {count} kept here: the hub judges {them} again.")
        for index, (number, move, seconds) in enumerate(answers):
            if index:
                await asyncio.sleep(PACE)
            client.send(
                HomeworkAnswer(assignment=assignment, puzzle=number, move=move, seconds=seconds)
            )
            entry = kept(address, name, assignment)
            if entry is not None:
                keep(address, name, assignment, {**entry, "answers": _answers(entry)[1:]})
            if wait:
                verdict = await reply(client, say, HomeworkVerdict)
                if isinstance(verdict, HomeworkVerdict):
                    say(f"Puzzle {number}, the hub's verdict: {their_words(verdict.text)}")


async def reply(client: HubClient, say: Say, kind: type[Kind]) -> Kind | None:
    """The hub's message of `kind` (None: a refusal of the request, said, or no answer);
    what the hub says meanwhile is said (its homework listing is not for this)."""
    for _ in range(100):
        message = await client.next(ANSWER_SECONDS)
        if message is None:
            say("The hub did not answer in time: try again later.")
            return None
        if isinstance(message, kind):
            return message
        if isinstance(message, HomeworkRefusal):  # (late, answered already, not set)
            say(their_words(message.text))
            return None
        if isinstance(message, Said):
            say(their_words(message.text))
    return None
