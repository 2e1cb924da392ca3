"""One browser tab's app process: textual-serve's AppService, made to always end.

The base class starts the app through a shell and waits for as long as it takes to quit.
Here the app is started directly, in a process group of its own, and `stop` gives it a
few seconds before terminating, then killing, the group. When the server dies without
running that (SIGKILL, a crash), the app gets SIGHUP (its terminal closing: it keeps its
game and quits): a parent-death signal on Linux, else a pipe only the server writes to
(app/process/parent_watch.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import signal
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from app.process.parent_watch import SERVER_PIPE, end_with_parent
from app.serve.forked import Zygote

log = logging.getLogger("equation-duel.serve")

#: The served app: the same full screen as `equation-duel` with no arguments.
APP_COMMAND: tuple[str, ...] = (sys.executable, "-m", "app")
#: Seconds an app is given to quit by itself before it is terminated, then killed.
QUIT_GRACE = 3.0
KILL_GRACE = 2.0


@dataclass(frozen=True)
class AppEnding:
    """What an app process is started with so that it ends with the server."""

    env: dict[str, str] = field(default_factory=dict)
    pass_fds: tuple[int, ...] = ()
    preexec_fn: Callable[[], None] | None = None


class ServerPipe:
    """A pipe whose write end only the server holds: its read end, given to each app,
    reaches end-of-file when the server ends, however it ends."""

    def __init__(self) -> None:
        # Neither end is inherited by a process unless passed to it (PEP 446).
        self.read_end, self.write_end = os.pipe()

    def for_app(self) -> AppEnding:
        """The environment entry and the descriptor to pass to an app process."""
        return AppEnding(env={SERVER_PIPE: str(self.read_end)}, pass_fds=(self.read_end,))

    def close(self) -> None:
        for end in (self.read_end, self.write_end):
            with contextlib.suppress(OSError):
                os.close(end)


@functools.cache
def server_pipe() -> ServerPipe:
    return ServerPipe()


def how_the_app_ends_with_the_server() -> AppEnding:
    """A parent-death signal where there is one, else the server's pipe (POSIX);
    nothing on Windows."""
    in_the_app_process = end_with_parent()
    if in_the_app_process is not None:
        return AppEnding(preexec_fn=in_the_app_process)
    if os.name != "posix":
        return AppEnding()
    return server_pipe().for_app()


class DuelAppService(AppService):
    """An app process for one websocket; `argv` replaces textual-serve's shell command."""

    def __init__(
        self,
        argv: tuple[str, ...],
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[object]],
        download_manager: DownloadManager,
        zygote: Zygote | None = None,
    ) -> None:
        super().__init__(
            " ".join(argv),
            write_bytes=write_bytes,
            write_str=write_str,
            close=self._close_quietly,
            download_manager=download_manager,
        )
        self.argv = argv
        self._close_browser = close
        #: Where the app is forked from, when the server has one and `argv` is the app's.
        self.zygote = zygote if argv[: len(APP_COMMAND)] == APP_COMMAND else None

    async def _close_quietly(self) -> None:
        with contextlib.suppress(Exception):
            await self._close_browser()

    @property
    def process(self) -> Process | None:
        return self._process

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        ending = how_the_app_ends_with_the_server()
        environment = self._build_environment(width=width, height=height) | ending.env
        forked = None
        if self.zygote is not None:
            forked = await self.zygote.fork(list(self.argv[len(APP_COMMAND) :]), environment)
        self._process = process = forked or await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            pass_fds=ending.pass_fds,
            preexec_fn=ending.preexec_fn,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """Relay the app's output; when the app ends (quit or crash), close the tab's socket."""
        try:
            await super().run()
        finally:
            await self._close_quietly()

    async def stop(self) -> None:
        """Ask the app to quit; end its process group if it has not within the grace."""
        task = self._task
        process = self._process
        if task is not None:
            self._task = None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_GRACE)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), QUIT_GRACE)
        if process is not None:
            await _end_process(process)
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _end_process(process: Process) -> None:
    """Wait for the process; terminate, then kill, its group if it lingers."""
    for sig, grace in ((None, QUIT_GRACE), (signal.SIGTERM, KILL_GRACE), (signal.SIGKILL, None)):
        if process.returncode is not None:
            break
        if sig is not None:
            log.info("app process %s did not quit; sending %s", process.pid, sig.name)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if hasattr(os, "killpg"):
                    os.killpg(process.pid, sig)
                else:  # no process groups: the app alone
                    process.send_signal(sig)
        if grace is None:
            await process.wait()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
    # Close the pipes so no file descriptor outlives the session.
    if process.stdin is not None:
        process.stdin.close()
