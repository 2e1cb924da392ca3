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

            ws = await connect(session, url)  # the host's name but for case: refused
            same = await hello(ws, code, name="ADA")
            assert "another name" in same["reason"] and same["code"] == "same-name"
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


async def test_a_guest_away_at_the_end_learns_the_result_when_it_rejoins(tmp_path: Path) -> None:
    # The host makes the last move while the guest is away; the host keeps the result
    # for the guest, who rejoins and is sent the last turn; then the host ends.
    from rules.registry import get_game
    from tests.online.procs import answers, first_moves

    game = get_game("fifty")
    start, moves = first_moves("fifty")
    state, movers = start, []
    for move in moves:
        movers.append(game.to_move(state))
        state = game.play(state, move)
    last = movers[-1]  # the host's seat: it makes the last move (--first 2: Player 2)
    typed = answers("fifty", moves, start)[last - 1]
    hosting, place = host("fifty", tmp_path / "host", *(["--first", "2"] if last == 2 else []))
    address = parse_address(place)
    try:
        async with aiohttp.ClientSession() as session:
            guest = await connect(session, address.url())
            assert (await hello(guest, address.code, name="Bob"))["kind"] == "welcome"
            state, fed = start, 0
            for number, move in enumerate(moves[:-1]):
                if movers[number] == last:
                    hosting.write("".join(f"{line}\n" for line in typed[fed : fed + 3]))
                    fed += 3
                else:
                    text = game.format_move(move)
                    await guest.send_str(
                        json.dumps({"kind": "move", "number": number, "text": text})
                    )
                while (await said(guest)).get("number") != number:
                    pass
            await guest.close()  # away before the host's last move
            hosting.wait_for("is away")
            hosting.write("".join(f"{line}\n" for line in typed[fed:]))
            hosting.wait_for("the result waits for them to come back")
            guest = await connect(session, address.url())
            back = await hello(guest, address.code, name="Bob", have=len(moves) - 1)
            assert back["kind"] == "welcome"
            moved = await said(guest)
            assert (moved["kind"], moved["number"]) == ("moved", len(moves) - 1)
            assert moved["text"] == game.format_move(moves[-1])
            hosting.wait_for("Bob is back and has the result.")
            assert hosting.finish() == 0, hosting.output()
    finally:
        hosting.stop()
