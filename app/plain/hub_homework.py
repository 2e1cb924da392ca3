"""Homework in the line mode (the teacher's commands are `app.hub.homework_teacher`'s): a
student doing an assignment with the same words and input as the line mode's puzzles
(`app.plain.puzzle_lines`): each puzzle said, its first move asked, the verdict (the
hub's, or offline the same judge's) said, one retry.

Offline (`equation-duel class homework CODE@ADDR:PORT --name NAME --assignment A
--plain`): when the hub can be reached, the answers kept from before are handed in (the
hub judges each again and says its verdict) and the assignment is fetched into the data
folder; then the puzzles are done without the hub, each try judged here and kept; at
the end they are handed in if the hub can be reached, else at the next connection. The
keeping, the judging and the handing in are the full screen's too
(`app.hub.homework_kept`)."""

from __future__ import annotations

import ssl
import sys
import time
from collections.abc import Callable

from app.hub.client import HubClient
from app.hub.homework_judge import puzzle_from_row
from app.hub.homework_kept import OfflineHomework, connected, reply
from app.hub.homework_words import due_words, listing_lines
from app.hub.protocol import FromHub
from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
)
from app.online.codes import Address
from app.online.texts import their_words
from app.plain.base import Console
from app.plain.online_loop import LineLoop
from app.plain.online_play import INTERRUPTED
from app.plain.puzzle_lines import puzzle_text, read_move
from app.plain.stops import EndOfInput
from rules.base import IllegalMove
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Attempt

LEAVE = ("quit", "q", "exit", "back", "later")
HELP = "Type your move (in words or notation), or later to stop here and go on another time."


#: Judge a try (the puzzle's number, the move as the rules write it, the seconds):
#: the verdict's words and whether a retry is left; None when no verdict came.
Judge = Callable[[int, str, float], tuple[str, bool] | None]


def do_homework(console: Console, puzzles: list[Puzzle], left: list[int], judge: Judge) -> bool:
    """Each puzzle with tries left, asked and judged; False when the student stopped."""
    for number, (puzzle, tries) in enumerate(zip(puzzles, left, strict=True), 1):
        if tries <= 0:
            continue
        console.say(f"Puzzle {number} of {len(puzzles)}.")
        console.say_all(puzzle_text(puzzle, aloud=True))
        console.say(HELP)
        while tries > 0:
            started = time.monotonic()
            try:
                move = _move(console, puzzle)
            except EndOfInput:
                move = None
            if move is None:
                console.say("Stopped: what you answered is kept; the rest waits for you.")
                return False
            verdict = judge(number, move, time.monotonic() - started)
            if verdict is None:
                return False
            text, retry = verdict
            console.say(text)
            tries = 1 if retry else 0
    console.say("That was the last puzzle of this homework.")
    return True


def _move(console: Console, puzzle: Puzzle) -> str | None:
    """The student's move (notation), or None to stop."""
    attempt = Attempt(puzzle)
    while True:
        answer = console.ask("Your move: ").strip()
        if " ".join(answer.lower().split()) in LEAVE:
            return None
        if answer.lower() in ("help", "?"):
            console.say(HELP)
            continue
        move = read_move(attempt, answer)
        if not isinstance(move, Exception):
            try:  # (the rules say why a move is not legal: the hub would refuse it too)
                attempt.game.play_text(attempt.state, move)
            except IllegalMove as error:
                move = error
        if isinstance(move, Exception):
            said = str(move)
            console.say(f"{said[:1].upper()}{said[1:]}. Try again, or type later.")
            continue
        return move


def online_homework(loop: LineLoop, client: HubClient, console: Console, got: HomeworkSet) -> None:
    """Do the assignment the hub handed over, each try judged by the hub."""
    try:
        puzzles = [puzzle_from_row(row) for row in got.puzzles]
    except ValueError as error:
        console.say(f"That homework cannot be read: {error}.")
        return
    console.say(f"Homework {got.assignment}: {got.what}, due {due_words(got.due)}.")

    def judge(number: int, move: str, seconds: float) -> tuple[str, bool] | None:
        client.send(
            HomeworkAnswer(assignment=got.assignment, puzzle=number, move=move, seconds=seconds)
        )
        verdict = loop.run(reply(client, console.say, HomeworkVerdict))
        return (their_words(verdict.text), verdict.retry) if verdict is not None else None

    do_homework(console, puzzles, got.left, judge)
    console.say("You are back in the lobby.")


def homework_shown(console: Console, message: FromHub) -> bool:
    """Say `message` if it is the homework's words to the lobby (the open homework, a
    refusal); whether it was."""
    if isinstance(message, HomeworkList):
        console.say_all(listing_lines(message.assignments, "type homework {name}"))
    elif isinstance(message, HomeworkRefusal):
        console.say(their_words(message.text))
    else:
        return False
    return True


def class_homework_plain(
    address: Address,
    name: str,
    assignment: str,
    tls: ssl.SSLContext | None = None,
) -> int:
    """Hand in, fetch, do offline, hand in (see the module's docstring); the exit code."""
    console = Console(sys.stdin, sys.stdout)
    loop = LineLoop()
    try:
        reached = loop.run(connected(address, name, tls, console.say, fetch=assignment))
        if not reached:
            console.say("The hub cannot be reached now: you work on the homework kept here.")
        homework = OfflineHomework.open(address, name, assignment, reached)
        if isinstance(homework, str):
            console.say(homework)
            return 1
        console.say(homework.words())

        def judge(number: int, move: str, seconds: float) -> tuple[str, bool]:
            verdict = homework.judge(number, move, seconds)
            return verdict.text, verdict.retry

        do_homework(console, homework.puzzles, list(homework.left), judge)
        if not loop.run(connected(address, name, tls, console.say)):
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
