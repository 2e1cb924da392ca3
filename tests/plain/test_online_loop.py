"""The line mode's loop for online play: standard input is read by the loop's own reader,
so the loop (and the link on it) runs while a player is at a prompt, and no thread is
started."""

from __future__ import annotations

import asyncio
import io
import os
import threading

from app.plain.base import Console
from app.plain.online_loop import LineLoop, LoopInput, read_on


def test_a_prompt_waits_on_the_loop_and_what_the_loop_runs_meanwhile_runs() -> None:
    loop = LineLoop()
    read, write = os.pipe()
    threads = threading.active_count()
    try:
        stdin = read_on(loop, os.fdopen(read))
        assert isinstance(stdin, LoopInput)
        out = io.StringIO()
        console = Console(os.fdopen(read, closefd=False), out)
        console.stdin = stdin
        ran: list[str] = []

        async def meanwhile() -> None:
            def later() -> None:  # (as a guest's message would come while Ada types)
                ran.append("the link")
                os.write(write, b"yes\n" + b"x" * 12_000 + b"\nlast\n")

            asyncio.get_running_loop().call_later(0.01, later)

        loop.run(meanwhile())
        assert console.ask("Allow? ") == "yes"  # the loop wrote it while the prompt waited
        assert ran == ["the link"]
        assert console.ask("> ") == "last"  # (after the line too long, said)
        assert "That line is too long" in out.getvalue()
        os.close(write)
        write = -1
        assert stdin.readline() == b""  # the end of input
        assert threading.active_count() == threads
    finally:
        if write >= 0:
            os.close(write)
        loop.close()


def test_text_that_never_waits_is_read_as_it_is() -> None:
    loop = LineLoop()
    try:
        typed = io.StringIO("a\n")
        assert read_on(loop, typed) is typed
    finally:
        loop.close()
