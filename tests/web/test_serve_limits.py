"""`serve` stays up: half-open connections, a killed or hung-up server, the bound port.

A half-open connection is one that connects and then sends nothing, or half a request.
The default run has a small version of each campaign (a lowered connection cap, one
tab); the soak set (`-m soak -s`) floods 1,100 half-open connections into a server whose
open-file limit is 1024, and ends servers with two tabs open by SIGHUP, SIGTERM and
SIGKILL, printing its figures (tried / crashes / hangs / lost).
"""

from __future__ import annotations

import asyncio
import errno
import os
import resource
import signal
import socket
import subprocess
import sys
from collections.abc import Callable

import aiohttp
import pytest

from tests.web.support import WAIT, Served, first_output, origin, wait_gone

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def half_open(port: int, number: int) -> socket.socket:
    """A connection that sends nothing (even numbers) or half a request (odd)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    if number % 2:
        connection.sendall(HALF_REQUEST)
    return connection


def closed_by_server(connection: socket.socket) -> bool:
    """Waits (at most WAIT) for the server to close the connection; False if it never did."""
    with connection:
        try:
            return connection.recv(4096) == b""
        except ConnectionResetError:
            return True
        except TimeoutError:
            return False


async def page_status(server: Served) -> int:
    timeout = aiohttp.ClientTimeout(total=WAIT)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(server.base) as response,
    ):
        return response.status


def test_connection_cap_keeps_files_for_the_server_and_its_tabs() -> None:
    from app.serve.limits import FILES_PER_TAB, RESERVED_FILES, connection_cap

    assert connection_cap(512, 20_000, 4) == 512
    low = RESERVED_FILES + 4 * FILES_PER_TAB + 100
    assert connection_cap(512, low, 4) == 100
    assert connection_cap(512, 64, 4) == 8  # never below the fewest that can serve a tab


async def test_a_failed_accept_is_one_line_and_never_a_raise(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.serve.limits import on_loop_error

    loop = asyncio.get_running_loop()
    no_files = OSError(errno.EMFILE, "Too many open files")
    on_loop_error(
        loop, {"message": "socket.accept() out of system resource", "exception": no_files}
    )
    assert "cannot accept a connection ([Errno 24] Too many open files)" in caplog.text

    def renderer_without_files(context: dict[str, object]) -> None:
        raise no_files  # as the traceback renderer's import did with no descriptor left

    monkeypatch.setattr(loop, "default_exception_handler", renderer_without_files)
    on_loop_error(loop, {"message": "Task exception was never retrieved", "exception": no_files})
    assert "Task exception was never retrieved: OSError(24" in caplog.text


async def test_half_open_connections_past_the_cap_leave_room_then_sighup_stops_it(
    serve: Callable[..., Served],
) -> None:
    server = serve("--max-connections", "8")
    # Started with --port 0, it printed the port it bound.
    assert server.port != 0 and server.address == f"{server.base}/"
    stuck = [half_open(server.port, number) for number in range(24)]
    assert await page_status(server) == 200
    # The oldest were closed to make room, the rest when their request did not come.
    assert [closed_by_server(connection) for connection in stuck] == [True] * len(stuck)
    assert "to make room" in server.log_text()
    assert server.process.poll() is None
    assert await page_status(server) == 200
    # A closed terminal (SIGHUP) stops it as Ctrl+C does (with tabs: the soak set).
    server.process.send_signal(signal.SIGHUP)
    assert server.process.wait(timeout=WAIT) == 0
    assert "SIGHUP: stopping" in server.log_text()


async def test_a_killed_server_takes_its_tabs_apps_with_it(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "1")
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{server.base}/ws", headers=origin(server)) as ws,
    ):
        await first_output(ws)
        apps = server.wait_apps(1)
        server.process.kill()  # SIGKILL: the server runs none of its own shutdown
        server.process.wait()
        assert wait_gone(apps) == []


#: An app's start as far as the watch goes: it watches, says so, and waits forever.
#: An app's stand-in: it ends by SIGHUP as the app does (the app handles SIGHUP itself; a
#: bare child would inherit SIGHUP ignored from a test run started under `nohup`).
WATCHING = (
    "import signal, threading\n"
    "signal.signal(signal.SIGHUP, signal.SIG_DFL)\n"
    "from app.process.parent_watch import watch_server\n"
    "assert watch_server() is not None\n"
    "print('watching', flush=True)\n"
    "threading.Event().wait()\n"
)


def test_where_there_is_no_parent_death_signal_the_app_watches_the_servers_pipe() -> None:
    from app.serve.session import ServerPipe

    pipe = ServerPipe()
    ending = pipe.for_app()
    app = subprocess.Popen(
        [sys.executable, "-c", WATCHING],
        env=os.environ | ending.env,
        pass_fds=ending.pass_fds,
        stdout=subprocess.PIPE,
    )
    try:
        assert app.stdout is not None and app.stdout.readline() == b"watching\n"
        pipe.close()  # as the system closes it when the server ends, however it ends
        assert app.wait(timeout=WAIT) == -signal.SIGHUP
    finally:
        app.kill()
        app.wait()
        pipe.close()


@pytest.mark.parametrize("named", ["", "abc", "-3", "0", "2", "999999", "99999999999999999999"])
def test_a_bad_pipe_name_watches_nothing(named: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.process.parent_watch import SERVER_PIPE, watch_server

    monkeypatch.setenv(SERVER_PIPE, named)
    assert watch_server() is None


# -- the soak set: the campaigns ---------------------------------------------------------

FLOOD = 1_100


def raise_own_file_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.fail(f"the test needs {needed} open files; the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


@pytest.mark.soak
async def test_flood_of_half_open_connections(serve: Callable[..., Served]) -> None:
    """1,100 half-open connections into a server limited to 1024 open files, three times."""
    raise_own_file_limit(FLOOD + 200)
    server = serve("--max-sessions", "2", file_limit=1024)
    rounds, crashes, hangs, left_open = 3, 0, 0, 0
    for _ in range(rounds):
        stuck = [half_open(server.port, number) for number in range(FLOOD)]
        try:
            assert await page_status(server) == 200
            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(f"{server.base}/ws", headers=origin(server)) as ws,
            ):
                await first_output(ws)  # a tab still plays
        except (TimeoutError, aiohttp.ClientError):
            hangs += 1
        left_open += sum(not closed_by_server(connection) for connection in stuck)
        crashes += server.process.poll() is not None
        server.wait_apps(0)
    print(
        f"\nflood: tried {rounds} x {FLOOD} half-open, crashes {crashes}, "
        f"hangs {hangs}, connections never closed {left_open}"
    )
    assert (crashes, hangs, left_open) == (0, 0, 0), server.log_text()
    assert "cannot accept" not in server.log_text()


@pytest.mark.soak
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM, signal.SIGKILL])
async def test_ending_the_server_ends_both_tabs_apps(
    serve: Callable[..., Served], sig: signal.Signals
) -> None:
    rounds, crashes, hangs, lost = 5, 0, 0, 0
    for _ in range(rounds):
        server = serve("--max-sessions", "2")
        async with aiohttp.ClientSession() as session:
            sockets = [
                await session.ws_connect(f"{server.base}/ws", headers=origin(server))
                for _ in range(2)
            ]
            for ws in sockets:
                await first_output(ws)
            apps = server.wait_apps(2)
            server.process.send_signal(sig)
            try:
                code = server.process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                hangs += 1
                server.process.kill()
                code = server.process.wait()
            if sig != signal.SIGKILL:
                crashes += code != 0
            lost += len(wait_gone(apps))
            for ws in sockets:
                await ws.close()
    print(
        f"\n{sig.name} with two tabs: tried {rounds}, crashes {crashes}, hangs {hangs}, "
        f"apps left running {lost}"
    )
    assert (crashes, hangs, lost) == (0, 0, 0)
