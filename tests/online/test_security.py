"""A hostile guest against a real plain host: each attempt gets its refusal in words (or
its connection closed), and the host plays on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app.online.codes import parse_address
from app.online.protocol import VERSION
from tests.online.procs import host

TIMEOUT = 20.0


async def connect(session: aiohttp.ClientSession, url: str, **kw: Any) -> Any:
    return await session.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_close=5), **kw)


async def said(ws: Any) -> dict[str, Any]:
    """The next message, as a dictionary ({"closed": code} when the host closed)."""
    message = await ws.receive(timeout=TIMEOUT)
    if message.type == aiohttp.WSMsgType.TEXT:
        data: dict[str, Any] = json.loads(message.data)
        return data
    return {"closed": ws.close_code}


async def hello(
    ws: Any, code: str, name: str = "Eve", version: int = VERSION, have: int = 0
) -> dict[str, Any]:
    await ws.send_str(
        json.dumps({"kind": "hello", "version": version, "code": code, "name": name, "have": have})
    )
    return await said(ws)


async def test_every_hostile_guest_gets_a_refusal_and_the_host_plays_on(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    address = parse_address(place)
    url, code = address.url(), address.code
    try:
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await connect(session, url, headers={"Origin": "https://evil.example"})
            assert refused.value.status == 403

            ws = await connect(session, url)
            answer = await hello(ws, code, version=VERSION + 1)
            assert "version" in answer["reason"] and set(answer) == {"kind", "reason"}
            await ws.close()

            ws = await connect(session, url)
            wrong = await hello(ws, "abc-def-ghj-kmn-pqr")
            assert "not the code" in wrong["reason"] and wrong["code"] == "wrong-code"
            await ws.close()

            guest = await connect(session, url)
            welcome = await hello(guest, code, name="[b]Eve[/b]\x1b[2J\x1b]0;pwned\x07")
            assert welcome["kind"] == "welcome"
            assert welcome["names"] == ["Ada", "[b]Eve[/b]"]
            assert "\x1b" not in hosting.wait_for("joined.")

            second = await connect(session, url)
            taken = await hello(second, code)
            assert "already has its guest" in taken["reason"] and taken["code"] == "seat-taken"
            await second.close()

            await guest.send_str(json.dumps({"kind": "move", "number": 0, "text": "1+2"}))
            refused = await said(guest)
            assert "not your turn" in refused["reason"] and refused["code"] == "not-your-turn"

            hosting.write("3\n4\n+\n")
            moved = await said(guest)
            assert (moved["kind"], moved["number"], moved["player"]) == ("moved", 0, 1)

            await guest.send_str(json.dumps({"kind": "move", "number": 0, "text": "1+2"}))
            assert "played already" in (await said(guest))["reason"]
            await guest.send_str(json.dumps({"kind": "move", "number": 7, "text": "1+2"}))
            assert "numbered 7" in (await said(guest))["reason"]
            await guest.send_str(json.dumps({"kind": "move", "number": 1, "text": "3+5"}))
            refusal = await said(guest)  # (the rules' sentence, from the host's session)
            assert refusal["number"] == 1 and "3" in refusal["reason"]
            assert refusal["code"] == "rules"

            await guest.send_str(json.dumps({"kind": "bye", "reason": "x" * 10_000}))
            assert (await said(guest)).get("closed") is not None
            hosting.wait_for("is away")

            guest = await connect(session, url)
            assert (await hello(guest, code, have=1))["kind"] == "welcome"
            for _ in range(40):
                await guest.send_str(json.dumps({"kind": "takeback-answer", "accept": True}))
            answer = await said(guest)
            while "closed" not in answer and "Too many" not in answer.get("reason", ""):
                answer = await said(guest)

            guest = await connect(session, url)
            assert (await hello(guest, code, have=1))["kind"] == "welcome"
            await guest.send_str(json.dumps({"kind": "move", "number": 1, "text": "1+2"}))
            moved = await said(guest)
            assert (moved["kind"], moved["number"], moved["player"], moved["text"]) == (
                "moved",
                1,
                2,
                "1+2",
            )
            hosting.wait_for("Ada, select your first number")

            # Eve asks for a takeback and drops before the answer; Ada allows it. Back,
            # Eve is told first (she saw no takeback), and her old move is passed over.
            await guest.send_str(json.dumps({"kind": "takeback-ask", "number": 2}))
            hosting.wait_for("Eve[/b] asks to take back their last move")
            await guest.close()
            hosting.wait_for("is away", count=2)
            hosting.write("allow\n")
            hosting.wait_for("Took back the last move.")
            hosting.wait_for("to come back")  # (the turn begins again: the guest's)
            guest = await connect(session, url)
            welcome = await hello(guest, code, have=2)
            assert (welcome["kind"], welcome["turn"], welcome["takebacks"]) == ("welcome", 1, 1)
            assert await said(guest) == {"kind": "taken-back", "number": 1, "takebacks": 1}
            stale = {"kind": "move", "number": 1, "text": "1+2", "takebacks": 0}
            await guest.send_str(json.dumps(stale))
            await guest.send_str(json.dumps({**stale, "text": "5+6", "takebacks": 1}))
            moved = await said(guest)  # (nothing came for the stale move)
            assert (moved["kind"], moved["number"], moved["text"]) == ("moved", 1, "5+6")
    finally:
        hosting.stop()
