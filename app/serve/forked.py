"""Every tab's app forked from one zygote (`app.process.zygote`), the server's side: the
zygote is started at the first tab with that tab's environment, and each tab's app is
then a fork of it on three pipes of the tab's own, with the face of the process asyncio
would give (`ForkedApp`: its number, input, output, errors, `wait` and `returncode`).

Linux only (the zygote watches its children with `pidfd_open`). A zygote that cannot
start, or that ends, is said in the log and the tabs' apps are started as programs of
their own again, as without it.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import signal
import socket
import sys
from asyncio.subprocess import Process

from app.process.parent_watch import end_with_parent

log = logging.getLogger("equation-duel.serve")

#: Seconds the zygote has to import the app and say it is ready.
READY_SECONDS = 60.0
#: The most a message of the zygote may take (bytes).
MAX_SAID = 4096


def can_fork() -> bool:
    """Where a zygote works: Linux (`pidfd_open`, `send_fds`, a parent-death signal)."""
    return hasattr(os, "pidfd_open") and hasattr(socket, "send_fds") and bool(end_with_parent())


class ForkedApp:
    """A tab's app, a child of the zygote, as textual-serve and `session` use a Process:
    its process group is its own (`os.killpg(pid, ...)` ends it)."""

    def __init__(
        self,
        pid: int,
        streams: tuple[asyncio.StreamWriter, asyncio.StreamReader, asyncio.StreamReader],
        ended: asyncio.Future[int],
    ) -> None:
        self.pid = pid
        self.stdin, self.stdout, self.stderr = streams
        self.returncode: int | None = None
        self._ended = ended
        ended.add_done_callback(self._end)

    def _end(self, ended: asyncio.Future[int]) -> None:
        if not ended.cancelled():
            self.returncode = ended.result()

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    def send_signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)


async def _writing_to(descriptor: int) -> asyncio.StreamWriter:
    loop = asyncio.get_running_loop()
    protocol = asyncio.StreamReaderProtocol(asyncio.StreamReader())
    transport, _ = await loop.connect_write_pipe(lambda: protocol, os.fdopen(descriptor, "wb", 0))
    return asyncio.StreamWriter(transport, protocol, None, loop)


async def _reading_from(descriptor: int) -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(descriptor, "rb", 0)
    )
    return reader


class Zygote:
    """The server's zygote: started at the first `fork`, ended by `close`."""

    def __init__(self) -> None:
        self._channel: socket.socket | None = None
        self._process: Process | None = None
        self._starting: asyncio.Lock | None = None
        self._replies: collections.deque[asyncio.Future[tuple[int, asyncio.Future[int]]]] = (
            collections.deque()
        )
        self._endings: dict[int, asyncio.Future[int]] = {}
        self._listening: asyncio.Task[None] | None = None
        #: The zygote failed: every later app is started as a program of its own.
        self.broken = False

    async def fork(self, args: list[str], environment: dict[str, str]) -> Process | None:
        """The app with `args` forked for a tab (None when there is no zygote to fork)."""
        channel = await self._ready(environment)
        if channel is None:
            return None
        loop = asyncio.get_running_loop()
        pipes = [os.pipe() for _ in range(3)]  # input, output, errors
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        reply: asyncio.Future[tuple[int, asyncio.Future[int]]] = loop.create_future()
        self._replies.append(reply)
        try:
            request = json.dumps({"args": args, "env": environment}).encode()
            socket.send_fds(channel, [request], theirs)
        except OSError as error:
            self._replies.remove(reply)
            for descriptor in ours:
                os.close(descriptor)
            self._fail(f"could not ask the zygote for an app: {error}")
            return None
        finally:
            for descriptor in theirs:
                os.close(descriptor)
        try:
            pid, ended = await reply
        except ConnectionError:
            for descriptor in ours:
                os.close(descriptor)
            return None
        streams = (
            await _writing_to(ours[0]),
            await _reading_from(ours[1]),
            await _reading_from(ours[2]),
        )
        app = ForkedApp(pid, streams, ended)
        return app  # type: ignore[return-value]  # (a Process's face, not its class)

    async def _ready(self, environment: dict[str, str]) -> socket.socket | None:
        if self.broken:
            return None
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self._channel is None and not self.broken:
                try:
                    await asyncio.wait_for(self._start(environment), READY_SECONDS)
                except (OSError, ValueError, TimeoutError, ConnectionError) as error:
                    self._fail(f"the zygote did not start: {error!r}")
        return self._channel

    async def _start(self, environment: dict[str, str]) -> None:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "app.process.zygote",
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=environment,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
                preexec_fn=end_with_parent(),
            )
        finally:
            theirs.close()
        ours.setblocking(False)
        try:
            said = await loop.sock_recv(ours, MAX_SAID)
            if json.loads(said or b"{}").get("ready") is not True:
                raise ConnectionError("the zygote ended before it was ready")
        except BaseException:
            ours.close()  # (a zygote still importing ends when it finds the socket gone)
            raise
        self._channel = ours
        self._listening = asyncio.create_task(self._listen(ours))
        log.info("every tab's app is forked from one process (%s)", self._process.pid)

    async def _listen(self, channel: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        try:
            while said := await loop.sock_recv(channel, MAX_SAID):
                self._heard(json.loads(said))
        except (OSError, ValueError) as error:
            log.warning("the zygote's socket failed: %s", error)
        self._fail("the zygote ended")

    def _heard(self, said: dict[str, object]) -> None:
        pid = said.get("pid")
        if "exit" in said and isinstance(pid, int):
            ended = self._endings.pop(pid, None)
            if ended is not None and not ended.done():
                ended.set_result(int(str(said["exit"])))
        elif self._replies:
            reply = self._replies.popleft()
            if isinstance(pid, int):
                ended = asyncio.get_running_loop().create_future()
                self._endings[pid] = ended
                reply.set_result((pid, ended))
            else:
                reply.set_exception(ConnectionError(str(said.get("refused"))))

    def _fail(self, why: str) -> None:
        """The zygote is gone: its apps ended with it (SIGHUP); later ones are programs."""
        if not self.broken:
            log.warning("%s: each tab's app is started as a program of its own", why)
        self.broken = True
        while self._replies:
            self._replies.popleft().set_exception(ConnectionError(why))
        for ended in self._endings.values():
            if not ended.done():
                ended.set_result(-signal.SIGHUP)
        self._endings.clear()
        if self._channel is not None:
            self._channel.close()
            self._channel = None

    async def close(self) -> None:
        """End the zygote (after the tabs' apps: an app still running gets SIGHUP)."""
        self.broken = True
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 3)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
