"""A hostile campaign at scale against one hub (the soak set, `-m soak`; bounded in count
and time): 1,000 half-open connections, 50 silent websockets, a code-guessing flood from
many loopback addresses, junk and oversize messages and stolen names, all at once, while
a real student knocks, is admitted by the teacher within a second (docs/hub.md says so)
and plays a whole game. The teacher's output holds at most one counted line a minute and
never a client's bytes."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import aiohttp
import pytest

from app.hub.hub import Hub
from app.hub.protocol import VERSION, Accept, Admitted, Challenge, GameReady, Knock, encode
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved
from rules.registry import get_game
from tests.hub.support import WAIT, Client, running_hub
from tests.online.procs import first_moves

pytestmark = pytest.mark.soak

JUNK = "\x1b[2J\x1b]0;pwned\x07ZZJUNKZZ"
HALF_OPEN = 1000
SILENT = 50
GUESSES = 200
ADDRESSES = 20
JUNK_CLIENTS = 50
THIEVES = 50


async def _half_open(port: int, held: list[asyncio.StreamWriter]) -> None:
    """A connection that starts a request and never finishes it."""
    with contextlib.suppress(OSError):
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /play HTTP/1.1\r\nHost: x\r\n")
        held.append(writer)


async def _ws(
    port: int, sessions: list[aiohttp.ClientSession], source: str = "127.0.0.1"
) -> aiohttp.ClientWebSocketResponse | None:
    session = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(local_addr=(source, 0), limit=0),
        timeout=aiohttp.ClientTimeout(total=WAIT * 3),
    )
    sessions.append(session)
    try:
        return await session.ws_connect(f"http://127.0.0.1:{port}/play")
    except (aiohttp.ClientError, OSError, TimeoutError):
        return None


async def _guess(port: int, sessions: list[aiohttp.ClientSession], number: int) -> None:
    source = f"127.0.{number % ADDRESSES + 1}.{number % 7 + 2}"
    ws = await _ws(port, sessions, source)
    if ws is not None:
        with contextlib.suppress(Exception):
            code = f"{number:06d}"[-6:]
            await ws.send_str(encode(Knock(version=VERSION, code=code, name=f"G{number}")))
            await ws.receive(timeout=WAIT)


async def _junk(port: int, sessions: list[aiohttp.ClientSession], number: int) -> None:
    ws = await _ws(port, sessions)
    if ws is not None:
        with contextlib.suppress(Exception):
            await ws.send_str(JUNK * (1 if number % 2 else 5000))
            await ws.receive(timeout=WAIT)


async def _thief(hub: Hub, sessions: list[aiohttp.ClientSession], number: int) -> None:
    ws = await _ws(hub.port, sessions)
    if ws is not None:
        with contextlib.suppress(Exception):
            name = "Ada" if number % 2 else "ada"
            await ws.send_str(encode(Knock(version=VERSION, code=hub.code, name=name)))
            await ws.receive(timeout=WAIT)


async def _play(hub: Hub, players: list[Client]) -> None:
    await players[0].send(Challenge(name="Ada", game="fifty"))
    await players[1].said_until("type accept or decline")
    await players[1].send(Accept())
    links, heard = [], []
    for client in players:
        ready = await client.until(GameReady)
        assert isinstance(ready, GameReady)
        place = Address(ready.code, "127.0.0.1", hub.port, f"/game/{ready.game}")
        link = GuestLink(place, "x")
        queue: asyncio.Queue[Heard] = asyncio.Queue()
        await link.join()
        link.hand_to(queue.put_nowait)
        links.append(link)
        heard.append(queue)
    game = get_game("fifty")
    state, moves = first_moves("fifty")
    try:
        for number, move in enumerate(moves):
            links[game.to_move(state) - 1].send(Move(number=number, text=game.format_move(move)))
            for queue in heard:
                for _ in range(50):
                    message = await asyncio.wait_for(queue.get(), WAIT)
                    if isinstance(message, Moved) and message.number == number:
                        break
            state = game.play(state, move)
        await players[0].said_until("Game 1 is over:")
    finally:
        for link in links:
            await link.close()


async def test_a_hostile_campaign_changes_nothing_for_the_class(tmp_path: Path) -> None:
    said: list[str] = []
    held: list[asyncio.StreamWriter] = []
    sessions: list[aiohttp.ClientSession] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.until(Admitted), Admitted)
        port = hub.port
        await asyncio.gather(*(_half_open(port, held) for _ in range(HALF_OPEN)))
        silent = await asyncio.gather(*(_ws(port, sessions) for _ in range(SILENT)))
        attacks = asyncio.gather(
            *(_guess(port, sessions, n) for n in range(GUESSES)),
            *(_junk(port, sessions, n) for n in range(JUNK_CLIENTS)),
            *(_thief(hub, sessions, n) for n in range(THIEVES)),
        )
        try:
            knocked = time.monotonic()
            cy = await Client.knock(hub, "Cy")
            for _ in range(200):  # (the teacher admits as soon as Cy knocks)
                if "cy" in hub.lobby.waiting:
                    break
                await asyncio.sleep(0.005)
            hub.admit("Cy")
            assert isinstance(await cy.until(Admitted), Admitted)
            admitted = time.monotonic() - knocked
            assert admitted < 1.0, f"admitted after {admitted:.2f} s"  # (the figure)
            await _play(hub, [cy, ada])
        finally:
            await attacks
            for writer in held:
                writer.close()
            for ws in silent:
                if ws is not None:
                    await ws.close()
            for session in sessions:
                await session.close()
        for client in (ada, cy):
            await client.close()
    shown = "\n".join(said)
    assert "ZZJUNKZZ" not in shown and "\x1b" not in shown and "pwned" not in shown
    refusals = [line for line in said if line.startswith("Refused ")]
    assert len(refusals) <= 1, refusals  # (the first said at once, the rest a minute after)
    for line in said:
        assert line.startswith(("Refused ", "Ada ", "Cy ", "Game 1 ")), line
