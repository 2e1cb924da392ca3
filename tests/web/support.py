"""`equation-duel serve` in a child process on a free loopback port, and what it runs.

The server's app processes are its children: they are counted from /proc (parent pid),
so a test sees the processes the operating system has, not the server's own tally.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

if TYPE_CHECKING:
    import aiohttp

#: Generous bounds: a loaded two-core machine can take seconds to start an app.
WAIT = 30.0


def require_web_extra() -> None:
    """Fail (never skip) when textual-serve is missing: these tests are the feature's."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError:
        pytest.fail("the web extra is not installed: pip install -e '.[test,web]'")


def _limit_files(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


def children_of(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def is_zygote(pid: int) -> bool:
    """The process every tab's app is forked from (app.process.zygote)."""
    try:
        return b"app.process.zygote" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


class Served:
    """A running `equation-duel serve`; `stop()` ends it (and checks it ended its apps).

    It is started with `--port 0` and its port read from the address it prints, so the
    port is the one the system bound (no race for a free one). `file_limit` starts it
    with that limit on open files (soft and hard), as a machine with a low one would.
    """

    def __init__(self, data: Path, *args: str, file_limit: int | None = None) -> None:
        env = dict(os.environ, EQUATION_DUEL_DATA=str(data), PYTHONUNBUFFERED="1")
        env.pop("NO_COLOR", None)
        self.log = data.parent / f"serve-{len(list(data.parent.glob('serve-*.log')))}.log"
        self.log_file = self.log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=self.log_file,
            env=env,
            preexec_fn=None if file_limit is None else lambda: _limit_files(file_limit),
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline().decode()
        if "served at" not in first:
            self.stop()
            pytest.fail(f"serve did not start: {first!r}\n{self.log_text()}")
        self.address = first.split("served at", 1)[1].strip()
        listening = self.address
        if "--public-url" in args:  # the next line says where it listens
            listening = self.process.stdout.readline().decode().split("listens on", 1)[-1]
        port = urlsplit(listening.strip()).port
        if not port:
            self.stop()
            pytest.fail(f"no port in the printed address {listening!r}")
        self.port: int = port
        self.base = f"http://127.0.0.1:{self.port}"
        self._wait_listening()

    def _wait_listening(self) -> None:
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"serve is not listening on {self.port}\n{self.log_text()}")

    @property
    def pid(self) -> int:
        return self.process.pid

    def apps(self) -> list[int]:
        """The tabs' apps: the server's children, or (Linux) its zygote's."""
        apps = []
        for child in children_of(self.pid):
            if is_zygote(child):
                apps.extend(children_of(child))
            else:
                apps.append(child)
        return apps

    def wait_apps(self, count: int, timeout: float = WAIT) -> list[int]:
        """The app processes once there are exactly `count`; fails if never so."""
        end = time.monotonic() + timeout
        while True:
            apps = self.apps()
            if len(apps) == count or time.monotonic() > end:
                break
            time.sleep(0.1)
        assert len(apps) == count, f"{len(apps)} app processes, not {count}\n{self.log_text()}"
        return apps

    def sessions_ended(self) -> int:
        """How many tabs' sessions the server has ended (and no longer counts), by its log."""
        return self.log_text().count("session ended for")

    def wait_sessions_ended(self, count: int, timeout: float = WAIT) -> None:
        """Until the server has ended `count` sessions in all: an app's process is gone a
        moment before its session is, and until then its tab still counts as open."""
        end = time.monotonic() + timeout
        while self.sessions_ended() < count and time.monotonic() < end:
            time.sleep(0.05)
        ended = self.sessions_ended()
        assert ended >= count, f"{ended} sessions ended, not {count}\n{self.log_text()}"

    def log_text(self) -> str:
        if not self.log_file.closed:
            self.log_file.flush()
        return self.log.read_text(errors="replace")

    def stop(self) -> list[int]:
        """Stop the server; the app processes it had that are still alive afterwards."""
        apps = self.apps() if self.process.poll() is None else []
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.log_file.close()
        return [pid for pid in apps if alive(pid)]


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


async def wait_for_room(session: aiohttp.ClientSession, server: Served) -> None:
    """A closed tab's place is free once its app has ended and the page is served again."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while True:
        async with session.get(server.base) as response:
            if response.status == 200:
                return
            assert response.status == 503, response.status
        assert loop.time() < end, "the server stayed full after every tab was closed"
        await asyncio.sleep(0.05)


def origin(server: Served) -> dict[str, str]:
    return {"Origin": server.base}


async def first_output(ws: aiohttp.ClientWebSocketResponse) -> bytes:
    """The first screen bytes the app sends (so it is running)."""
    import aiohttp

    while True:
        message = await ws.receive(timeout=WAIT)
        if message.type == aiohttp.WSMsgType.BINARY:
            data: bytes = message.data
            return data
        assert message.type == aiohttp.WSMsgType.TEXT, f"socket ended: {message}"


def wait_gone(pids: list[int], timeout: float = WAIT) -> list[int]:
    """Until none of `pids` is alive; the ones still alive after `timeout` (which are
    then killed, so a failing test leaves no process behind)."""
    end = time.monotonic() + timeout
    while (left := [pid for pid in pids if alive(pid)]) and time.monotonic() < end:
        time.sleep(0.05)
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return left
