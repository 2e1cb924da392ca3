"""Hostile clients (junk bytes, an oversize message, a flood, a web page's Origin, a
message before the knock) close only their own connection; a student in the lobby plays
on, and the teacher's output holds at most a count of refused connections, never their
bytes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from app.hub.hub import Hub
from app.hub.protocol import Admitted, Said, Who
from tests.hub.support import WAIT, Client, running_hub

JUNK = "\x1b[2J\x1b]0;pwned\x07ZZJUNKZZ"


async def _junk_bytes(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(JUNK.encode() * 2000 + b"\r\n\r\n")
    await writer.drain()
    await asyncio.wait_for(reader.read(), WAIT)  # (the hub closes it)
    writer.close()


async def test_hostile_clients_close_only_their_own_connection(tmp_path: Path) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.next(), Admitted)
        await _junk_bytes(hub.port)
        big = await Client.open(hub)
        await big.ws.send_str("{" + JUNK * 1000 + "}")
        assert await big.closed()
        junk = await Client.open(hub)
        await junk.ws.send_str(JUNK)
        assert await junk.closed()
        early = await Client.open(hub)
        await early.send(Who())
        assert await early.closed()
        async with aiohttp.ClientSession() as session:
            page = await session.get(
                f"http://127.0.0.1:{hub.port}/play", headers={"Origin": "http://evil.example"}
            )
            assert page.status == 403
        flood = await Client.knock(hub, "Ada", "")  # (a stolen name: refused too)
        assert await flood.closed()
        for _ in range(40):  # (a flood from an admitted student closes their own line)
            await ada.ws.send_str(Who().model_dump_json())
        assert await ada.closed()
        bo_hub_ok = await Client.knock(hub, "Bo")
        await hub_admit_later(hub, "Bo")
        assert isinstance(await bo_hub_ok.until(Admitted), Admitted)
        await bo_hub_ok.send(Who())
        assert isinstance(await bo_hub_ok.until(Said), Said)
        for client in (ada, big, junk, early, flood, bo_hub_ok):
            await client.close()
    shown = "\n".join(said)
    assert any(line.startswith("Refused ") for line in said), said
    assert "ZZJUNKZZ" not in shown and "\x1b" not in shown and "pwned" not in shown
    for line in said:
        assert line.startswith("Refused ") or line.split()[0] in ("Ada", "Bo"), line


async def hub_admit_later(hub: Hub, name: str) -> None:
    """The teacher admits `name` once it knocked (bounded)."""
    for _ in range(100):
        if name.casefold() in hub.lobby.waiting:
            hub.admit(name)
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{name} never knocked")
