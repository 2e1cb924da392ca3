"""Every hub game goes through the hub's own port (`/game/N`): the hub opens one server
and no game opens another; a game's seats keep their own codes there; a game the hub
stopped before its end goes on from its record once both players are back after a real
restart (the same records file, a new hub)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, GameReady, Said, Who, game_path
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard, JoinRefused
from app.online.protocol import Move, Moved
from rules.records import GameRecord
from rules.registry import get_game
from tests.hub.support import WAIT, Client, running_hub
from tests.online.procs import first_moves


async def _admitted(hub: Hub, name: str, token: str = "") -> tuple[Client, str]:
    if not token:
        hub.admit(name)  # (on the roster: in at once)
    client = await Client.knock(hub, name, token)
    admitted = await client.until(Admitted)
    assert isinstance(admitted, Admitted)
    return client, admitted.token or token


async def _moved(queue: asyncio.Queue[Heard], limit: int = 50) -> Moved:
    for _ in range(limit):
        message = await asyncio.wait_for(queue.get(), WAIT)
        if isinstance(message, Moved):
            return message
    raise AssertionError("no moved came")


async def _join(hub: Hub, ready: GameReady) -> tuple[GuestLink, asyncio.Queue[Heard]]:
    place = Address(ready.code, "127.0.0.1", hub.port, game_path(ready.game))
    link = GuestLink(place, "anyone")
    queue: asyncio.Queue[Heard] = asyncio.Queue()
    await link.join()
    link.hand_to(queue.put_nowait)
    return link, queue


async def _play(
    links: list[GuestLink],
    heard: list[asyncio.Queue[Heard]],
    moves: list[Any],
    state: Any,
    start: int,
) -> None:
    """Play `moves` from move number `start` (each by the seat to move), both hearing it."""
    game = get_game("fifty")
    for number, move in enumerate(moves, start=start):
        mover = game.to_move(state)
        links[mover - 1].send(Move(number=number, text=game.format_move(move)))
        for queue in heard:
            assert (await _moved(queue)).number == number
        state = game.play(state, move)


async def _ready(client: Client) -> GameReady:
    ready = await client.until(GameReady)
    assert isinstance(ready, GameReady)
    return ready


async def _game(hub: Hub, ada: Client, bo: Client) -> list[GameReady]:
    await ada.send(Challenge(name="Bo", game="fifty"))
    await bo.said_until("type accept or decline")
    await bo.send(Accept())
    return [await _ready(client) for client in (ada, bo)]


async def test_a_game_is_played_through_the_hubs_port_and_opens_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = asyncio.get_running_loop()
    servers: list[object] = []
    create_server = loop.create_server

    async def counted(*args: Any, **kwargs: Any) -> Any:
        servers.append(kwargs.get("port", args[2] if len(args) > 2 else None))
        return await create_server(*args, **kwargs)

    monkeypatch.setattr(loop, "create_server", counted)
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        assert len(servers) == 1  # (the hub's own)
        (ada, _), (bo, _) = [await _admitted(hub, name) for name in ("Ada", "Bo")]
        ready = await _game(hub, ada, bo)
        async with aiohttp.ClientSession() as session:
            missing = await session.get(f"http://127.0.0.1:{hub.port}/game/99")
            assert missing.status == 404
            page = await session.get(
                f"http://127.0.0.1:{hub.port}/game/1", headers={"Origin": "http://evil.example"}
            )
            assert page.status == 403  # (the game's own guards: no web page)
            junk = await session.ws_connect(f"http://127.0.0.1:{hub.port}/game/1")
            await junk.send_str("\x1b[2JZZJUNKZZ" * 100)
            closed = await junk.receive(timeout=WAIT)
            assert closed.type != aiohttp.WSMsgType.TEXT or "ZZJUNKZZ" not in closed.data
            await junk.close()
        wrong = GameReady(game=ready[0].game, code="abc-def-ghi-jkl-mno")
        with pytest.raises(JoinRefused):
            await _join(hub, wrong)
        joined = [await _join(hub, r) for r in ready]
        links, heard = [link for link, _ in joined], [queue for _, queue in joined]
        try:
            state, moves = first_moves("fifty")
            await _play(links, heard, moves, state, 0)
            over = await ada.said_until("Game 1 is over:")
            assert " wins" in over[-1]
        finally:
            for link in links:
                await link.close()
        assert len(servers) == 1  # (no game opened a port of its own)
        assert not any("ZZJUNKZZ" in line for line in said)
        for client in (ada, bo):
            await client.close()


async def test_a_game_stopped_by_the_hub_goes_on_when_both_players_are_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hub.sqlite3"
    state, moves = first_moves("fifty")
    game = get_game("fifty")
    said: list[str] = []
    async with running_hub(path) as hub:
        (ada, ada_token), (bo, bo_token) = [await _admitted(hub, n) for n in ("Ada", "Bo")]
        joined = [await _join(hub, r) for r in await _game(hub, ada, bo)]
        links, heard = [link for link, _ in joined], [queue for _, queue in joined]
        await _play(links, heard, moves[:2], state, 0)
    for client in (ada, bo):
        await client.close()
    for link in links:  # (the hub said goodbye: they do not try to rejoin)
        await link.close()
    for move in moves[:2]:
        state = game.play(state, move)
    async with running_hub(path, said) as hub:
        ada, _ = await _admitted(hub, "Ada", ada_token)
        await ada.send(Who())
        assert isinstance(await ada.next(), Said)  # (alone: nothing goes on yet)
        assert not hub.lobby.games
        assert hub.lobby.game_lines() == [
            "Game 1: Ada vs Bo, fifty: stopped after 2 moves; it goes on when both players are back"
        ]
        bo, _ = await _admitted(hub, "Bo", bo_token)
        ready = [await _ready(client) for client in (ada, bo)]
        assert [r.game for r in ready] == [1, 1]
        assert any(line.startswith("Game 1 goes on from move 3") for line in said)
        joined = [await _join(hub, r) for r in ready]
        links, heard = [link for link, _ in joined], [queue for _, queue in joined]
        try:
            await _play(links, heard, moves[2:], state, 2)
            await ada.said_until("Game 1 is over:")
        finally:
            for link in links:
                await link.close()
        for client in (ada, bo):
            await client.close()
        rows = hub.store.games()
        assert len(rows) == 1 and " wins" in rows[0].result
        record = GameRecord.model_validate_json(hub.store.record(1))
        assert len(record.moves) == len(moves) and record.result is not None
