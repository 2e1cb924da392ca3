"""Homework offline, line by line (`equation-duel class homework CODE@ADDR:PORT --name
NAME --assignment A --plain`): when the hub can be reached, the answers kept from before
are handed in (the hub judges each again and says its verdict) and the assignment is
fetched into the data folder (`app.hub.homework_kept`); then the puzzles are done
without the hub, each try judged here by the same judge the hub uses
(`app.hub.homework_judge`), kept after each answer; at the end they are handed in if
the hub can be reached, else at the next connection."""

from __future__ import annotations

import asyncio
import ssl
import sys
from typing import Any

from app.hub.client import Closed, HubClient
from app.hub.homework import TRIES
from app.hub.homework_judge import judge_answer, puzzle_from_row, verdict_words
from app.hub.homework_kept import keep, kept, kept_names, pending
from app.hub.homework_words import due_words
from app.hub.live_words import closed_words
from app.hub.protocol import Bye, Said
from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkAsk,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
)
from app.online.codes import Address
from app.online.guest_link import JoinRefused
from app.online.texts import their_words
from app.plain.base import Console
from app.plain.hub_homework import do_homework, homework_shown
from app.plain.online_loop import LineLoop
from app.plain.online_play import INTERRUPTED

#: Seconds a hub's answer is waited for; between two answers handed in (its rate limit).
ANSWER_SECONDS = 30.0
PACE = 0.15


def class_homework_plain(
    address: Address,
    name: str,
    assignment: str,
    console: Console | None = None,
    tls: ssl.SSLContext | None = None,
) -> int:
    """Hand in, fetch, do offline, hand in (see the module's docstring); the exit code."""
    console = console or Console(sys.stdin, sys.stdout)
    loop = LineLoop()
    try:
        if not loop.run(_connected(address, name, assignment, console, tls, fetch=True)):
            console.say("The hub cannot be reached now: you work on the homework kept here.")
        entry = kept(address, name, assignment)
        if entry is None:
            console.say(f"No homework {assignment} is kept here: connect once to fetch it.")
            return 1
        try:
            puzzles = [puzzle_from_row(row) for row in entry.get("puzzles", [])]
            left = [int(n) for n in entry.get("left", [])][: len(puzzles)]
        except (ValueError, TypeError) as error:
            console.say(f"The homework kept here cannot be read ({error}): connect to fetch it.")
            return 1
        what, due = their_words(str(entry.get("what", "")), 200), str(entry.get("due", ""))
        console.say(f"Homework {their_words(assignment, 40)}: {what}, due {due_words(due)}.")

        def judge(number: int, move: str, seconds: float) -> tuple[str, bool]:
            verdict = judge_answer(puzzles[number - 1], move)
            retry = not verdict.right and left[number - 1] == TRIES
            left[number - 1] = 1 if retry else 0
            answers = [*entry.get("answers", []), {"puzzle": number, "move": move}]
            answers[-1].update(seconds=round(seconds, 1), right=verdict.right)
            entry.update(answers=answers, left=left)
            keep(address, name, assignment, entry)
            return verdict_words(verdict, retry), retry

        do_homework(console, puzzles, left, judge)
        if not loop.run(_connected(address, name, assignment, console, tls, fetch=False)):
            console.say("Your answers are kept here: they are handed in at your next connection.")
        return 0
    except KeyboardInterrupt:
        console.say()
        return INTERRUPTED
    except OSError as error:
        console.say(f"The homework cannot be kept here: {error}.")
        return 1
    finally:
        loop.close()


async def _connected(
    address: Address,
    name: str,
    assignment: str,
    console: Console,
    tls: ssl.SSLContext | None,
    *,
    fetch: bool,
) -> bool:
    """Hand in what is kept (and fetch the assignment); False when the hub cannot be
    reached."""
    client = HubClient(address, name, tls)
    try:
        await client.join(lambda: console.say("Waiting for the teacher to admit you."))
    except JoinRefused as error:
        if not str(error).startswith("the hub cannot be reached"):  # (said by the caller
            console.say(f"Not connected: {error}.")  # in words, not the socket's error)
        return False
    try:
        await hand_in_kept(client, console, address, name)
        if fetch:
            client.send(HomeworkAsk(name=assignment))
            got = await _reply(client, console, HomeworkSet)
            if isinstance(got, HomeworkSet):
                what = {"due": got.due, "what": got.what, "puzzles": got.puzzles}
                keep(address, name, assignment, {**what, "left": got.left, "answers": []})
                console.say(f"Fetched homework {got.assignment}: it is kept on this machine.")
        return True
    except Closed as closed:
        console.say(closed_words(closed))
        return False
    finally:
        client.send(Bye())
        await client.close()


async def hand_in_kept(client: HubClient, console: Console, address: Address, name: str) -> None:
    """Hand in every answer kept on this machine for `name` in this class (connected)."""
    for assignment in kept_names(address, name):
        entry = kept(address, name, assignment)
        if entry is not None and pending(entry):
            await _hand_in(client, console, assignment, pending(entry))
            entry["answers"] = []
            keep(address, name, assignment, entry)


async def _hand_in(
    client: HubClient, console: Console, assignment: str, answers: list[tuple[int, str, float]]
) -> None:
    count = f"{len(answers)} answer{'' if len(answers) == 1 else 's'}"
    console.say(f"Handing in {count} kept here: the hub judges them again.")
    for number, move, seconds in answers:
        client.send(
            HomeworkAnswer(assignment=assignment, puzzle=number, move=move, seconds=seconds)
        )
        verdict = await _reply(client, console, HomeworkVerdict)
        if isinstance(verdict, HomeworkVerdict):
            console.say(f"Puzzle {number}, the hub's verdict: {their_words(verdict.text)}")
        await asyncio.sleep(PACE)


async def _reply(client: HubClient, console: Console, kind: type[Any]) -> object:
    """The hub's message of `kind` (None: a refusal of the request, said, or no answer)."""
    for _ in range(100):
        message = await client.next(ANSWER_SECONDS)
        if message is None:
            console.say("The hub did not answer in time.")
            return None
        if isinstance(message, kind):
            return message
        if isinstance(message, HomeworkList):
            continue  # (the lobby's listing: "type homework NAME" is not for this command)
        if homework_shown(console, message):  # (a refusal is said)
            if isinstance(message, HomeworkRefusal):
                return None  # (late, answered already, not set)
        elif isinstance(message, Said):  # (the lobby's news is said too)
            console.say(their_words(message.text))
    return None
