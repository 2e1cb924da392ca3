"""The line mode's event loop for online play: one loop, run whenever the line mode waits.

The line mode asks its questions one line at a time (`Console.ask`, the one match loop),
and the link (`app.online`) runs on an asyncio loop. `LineLoop` owns that loop (an
`asyncio.Runner`) and runs it whenever the line mode waits: for a typed line
(`read_on`: standard input read by the loop's own reader, never a thread), for
the other player's message, or for a deadline. So while a player is at a prompt, the
link still answers pings, admits a guest, refuses a move out of turn and says the other
player's takeback ask at once. Nothing else runs the loop, and no thread is started.

Ctrl+C while the loop waits raises KeyboardInterrupt, as at any prompt.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable
from typing import IO, Any, TypeVar

T = TypeVar("T")

#: How much is read at a time.
CHUNK = 65536


#: The loop of an online game played line by line (see the module's docstring):
#: `run(coroutine)` runs it until `coroutine` is done (the line mode waits meanwhile).
LineLoop = asyncio.Runner


def read_on(loop: LineLoop, stdin: IO[str]) -> Any:
    """`stdin` read on `loop` (a file or a test's text, which never waits: as it is)."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return stdin
    return LoopInput(stdin, fd, loop)


class LoopInput:
    """Standard input read by the loop (`add_reader`), for `Console`: `buffer.readline`
    returns a line of bytes, waiting on the loop until one has come."""

    def __init__(self, stdin: IO[str], fd: int, loop: LineLoop) -> None:
        self.stdin = stdin
        self.fd = fd
        self.loop = loop
        self.buffer = self
        self._data = bytearray()
        self._ended = False

    def isatty(self) -> bool:
        return self.stdin.isatty()

    def readline(self, limit: int = -1) -> bytes:
        """The next line with its newline (at most `limit` bytes; b"" at the end)."""
        return self.loop.run(self.line(limit))

    async def line(self, limit: int = -1) -> bytes:
        while True:
            end = self._data.find(b"\n")
            if end >= 0 and (limit < 0 or end < limit):
                return self._take(end + 1)
            if 0 <= limit <= len(self._data):
                return self._take(limit)
            if self._ended:
                return self._take(len(self._data))
            await self._more()

    async def line_or(
        self, message: Awaitable[T], limit: int = -1
    ) -> tuple[asyncio.Future[T], bytes | None]:
        """Wait for `message` or a typed line, whichever comes first (or both): the
        message's future (done, or cancelled) and the line (None: none came)."""
        heard = asyncio.ensure_future(message)
        line = asyncio.ensure_future(self.line(limit))
        try:
            await asyncio.wait((heard, line), return_when=asyncio.FIRST_COMPLETED)
        finally:
            heard.cancel()
            line.cancel()
        return heard, line.result() if line.done() and not line.cancelled() else None

    @property
    def at_end(self) -> bool:
        """Standard input ended, and all it held was read."""
        return self._ended and not self._data

    def unread(self, line: bytes) -> None:
        """Put `line` back, to be read first."""
        self._data[:0] = line

    @property
    def holds_line(self) -> bool:
        """A whole line was typed ahead and waits for the next question."""
        return b"\n" in self._data

    async def ended(self) -> None:
        """Wait until standard input ends (what is typed meanwhile is passed over)."""
        while not self._ended:
            await self._more()
            self._data.clear()

    def _take(self, count: int) -> bytes:
        taken = bytes(self._data[:count])
        del self._data[:count]
        return taken

    async def _more(self) -> None:
        """Wait until more has come (or the end); what came is kept at once, so a wait
        cancelled meanwhile (a message came first) loses nothing."""
        loop = asyncio.get_running_loop()
        came: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(self.fd)  # (one read a wait)
            self._keep(self._read())
            if not came.done():
                came.set_result(None)

        try:
            loop.add_reader(self.fd, readable)
        except (OSError, ValueError):  # a regular file: reading it never waits
            self._keep(self._read())
            return
        try:
            await came
        finally:
            with contextlib.suppress(OSError, ValueError):
                loop.remove_reader(self.fd)

    def _read(self) -> bytes:
        try:
            return os.read(self.fd, CHUNK)
        except OSError:
            return b""

    def _keep(self, chunk: bytes) -> None:
        if chunk:
            self._data += chunk
        else:
            self._ended = True
