"""The campaigns of issue 36 against a real plain host, run again (-m soak): while
1,100 unfinished requests, eight silent websockets, a junk flood and a code-guessing
flood from 40 addresses go on, the guest with the code is let in, and the host's
terminal gets at most one line about them. Bounded in count and in time."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app.online.codes import parse_address
from tests.online.procs import host
from tests.online.test_crowd import open_unfinished
from tests.online.test_security import connect, hello

WRONG = "abc-def-ghj-kmn-pqr"


async def guessing(url: str, rounds: int) -> None:
    """Wrong codes from 127.0.0.2 to 127.0.0.41, `rounds` times over."""
    for _ in range(rounds):
        for n in range(40):
            connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{n + 2}", 0))
            async with aiohttp.ClientSession(connector=connector) as session:
                with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                    ws = await connect(session, url)
                    await hello(ws, WRONG)
                    await ws.close()


async def junk(port: int, count: int) -> None:
    for _ in range(count):
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"X" * 300_000)
            with contextlib.suppress(OSError):
                await asyncio.wait_for(writer.drain(), 5)
            writer.close()


@pytest.mark.soak
async def test_the_guest_gets_in_while_the_floods_go_on(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    address = parse_address(place)
    url, port = address.url(), address.port
    held: list[Any] = []
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(1100):
                with contextlib.suppress(OSError):
                    held.append((await open_unfinished(port))[1])
            silent = [await connect(session, url) for _ in range(8)]
            floods = [
                asyncio.create_task(guessing(url, 3)),
                asyncio.create_task(junk(port, 50)),
            ]
            await asyncio.sleep(0.5)
            started = time.monotonic()
            guest = await connect(session, url)
            welcome = await asyncio.wait_for(hello(guest, address.code, name="Bob"), 20)
            took = time.monotonic() - started
            assert welcome["kind"] == "welcome"
            print(f"the guest was let in after {took:.3f} s")  # (a figure, not asserted)
            await asyncio.wait_for(asyncio.gather(*floods), 120)
            await guest.close()
            for ws in silent:
                await ws.close()
        hosting.wait_for("Bob joined.")
        hosting.stop()
        hosting.wait_for("<end>")
        output = hosting.output()
        assert "Traceback" not in output and "XXXX" not in output
        assert sum("Refused" in line for line in output.splitlines()) == 1
    finally:
        for writer in held:
            writer.close()
        hosting.stop()
