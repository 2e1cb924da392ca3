"""Homework offline, line by line (`equation-duel class homework CODE@ADDR:PORT --name
NAME --assignment A --plain`): when the hub can be reached, the answers kept from before
are handed in (the hub judges each again and says its verdict) and the assignment is
fetched into the data folder; then the puzzles are done without the hub, each try
judged here by the same judge the hub uses and kept after each answer; at the end they
are handed in if the hub can be reached, else at the next connection. The keeping, the
judging and the handing in are the full screen's too (`app.hub.homework_kept`)."""

from __future__ import annotations

import ssl
import sys

from app.hub.homework_kept import OfflineHomework, connected
from app.online.codes import Address
from app.plain.base import Console
from app.plain.hub_homework import do_homework
from app.plain.online_loop import LineLoop
from app.plain.online_play import INTERRUPTED


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
        if not loop.run(connected(address, name, tls, console.say, fetch=assignment)):
            console.say("The hub cannot be reached now: you work on the homework kept here.")
        homework = OfflineHomework.open(address, name, assignment)
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
