"""Code guessing is bounded for the whole game, not per address, and never keeps out a
connection with the right code (issue 36, item 4): a real plain host."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from app.online.codes import LIMIT, parse_address
from tests.online.procs import host
from tests.online.test_security import connect, hello

WRONG = "abc-def-ghj-kmn-pqr"


async def test_codes_sent_at_once_spend_one_budget_and_the_right_code_gets_in(
    tmp_path: Path,
) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    address = parse_address(place)
    url = address.url()
    try:
        async with aiohttp.ClientSession() as session:
            sockets = [await connect(session, url) for _ in range(LIMIT + 3)]
            answers = await asyncio.gather(*(hello(ws, WRONG) for ws in sockets))
            codes = sorted(answer["code"] for answer in answers)
            assert codes == ["wait"] * 3 + ["wrong-code"] * LIMIT
            assert all("wait" in a["reason"] for a in answers if a["code"] == "wait")
            for ws in sockets:
                await ws.close()
            guest = await connect(session, url)  # the same address, the right code
            assert (await hello(guest, address.code, name="Bob"))["kind"] == "welcome"
            await guest.close()
    finally:
        hosting.stop()


async def test_other_source_addresses_spend_the_same_budget(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    url = parse_address(place).url()
    answers = []
    try:
        for n in range(LIMIT + 1):
            connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{n + 2}", 0))
            async with aiohttp.ClientSession(connector=connector) as session:
                ws = await connect(session, url)
                answers.append((await hello(ws, WRONG))["code"])
                await ws.close()
        assert answers == ["wrong-code"] * LIMIT + ["wait"]
    finally:
        hosting.stop()
