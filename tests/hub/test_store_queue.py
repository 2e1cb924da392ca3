"""The hub's records off its loop (app/hub/store_queue.py): while the database is stuck on
a move's write, the move still reaches both players and the lobby still answers; the
write lands after, in order; a write that fails is said on the teacher's console in
words."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, GameReady, Who
from app.hub.store import HubStore, Rows
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved
from rules.records import GameRecord
from rules.registry import get_game
from tests.hub.support import WAIT, Client, open_test_store
from tests.online.procs import first_moves


def _stuck_on_updates(store: HubStore, gate: threading.Event, fail: bool = False) -> list[str]:
    """Make `store` wait for `gate` before each UPDATE (or fail it): the writes done."""
    run, done = store._run, []

    def stuck(sql: str, parameters: tuple[object, ...]) -> Rows:
        if sql.startswith("UPDATE"):
            if fail:
                raise sqlite3.OperationalError("disk I/O error")
            gate.wait(WAIT)
            done.append(sql)
        return run(sql, parameters)

    store._run = stuck  # type: ignore[method-assign]
    if fail:
        store.errors = (*store.errors, sqlite3.Error)
    return done


async def _game(hub: Hub) -> tuple[list[Client], list[GuestLink], list[asyncio.Queue[Heard]]]:
    clients = []
    for name in ("Ada", "Bo", "Cy"):
        hub.admit(name)
        client = await Client.knock(hub, name)
        assert isinstance(await client.until(Admitted), Admitted)
        clients.append(client)
    await clients[0].send(Challenge(name="Bo", game="fifty"))
    await clients[1].said_until("type accept or decline")
    await clients[1].send(Accept())
    links, queues = [], []
    for client in clients[:2]:
        ready = await client.until(GameReady)
        assert isinstance(ready, GameReady)
        link = GuestLink(Address(ready.code, "127.0.0.1", hub.port, f"/game/{ready.game}"), "x")
        queue: asyncio.Queue[Heard] = asyncio.Queue()
        await link.join()
        link.hand_to(queue.put_nowait)
        links.append(link)
        queues.append(queue)
    return clients, links, queues


async def _moved(queue: asyncio.Queue[Heard]) -> Moved:
    for _ in range(50):
        message = await asyncio.wait_for(queue.get(), WAIT)
        if isinstance(message, Moved):
            return message
    raise AssertionError("no move came")


async def test_a_stuck_database_does_not_stall_the_class(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    gate = threading.Event()
    written = _stuck_on_updates(store, gate)
    hub = Hub(store)
    await hub.start()
    try:
        clients, links, queues = await _game(hub)
        game = get_game("fifty")
        _, moves = first_moves("fifty")
        links[0].send(Move(number=0, text=game.format_move(moves[0])))
        for queue in queues:  # (both hear the move while its write waits)
            assert (await _moved(queue)).number == 0
        await clients[2].send(Who())
        await clients[2].said_until("Ada: playing fifty against Bo (game 1)")
        assert written == []
        gate.set()
        record = GameRecord.model_validate_json(hub.store.record(1))  # (after the queue)
        assert len(record.moves) == 1 and written
        for link in links:
            await link.close()
        for client in clients:
            await client.close()
    finally:
        gate.set()
        await hub.stop()
        store.close()


async def test_a_write_that_fails_is_said_on_the_console(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    said: list[str] = []
    _stuck_on_updates(store, threading.Event(), fail=True)  # (the first UPDATE: a move's)
    hub = Hub(store, notice=said.append)
    await hub.start()
    try:
        clients, links, queues = await _game(hub)
        game = get_game("fifty")
        _, moves = first_moves("fifty")
        links[0].send(Move(number=0, text=game.format_move(moves[0])))
        assert (await _moved(queues[1])).number == 0  # (the game goes on)
        hub.store.games()  # (after the queue: its failure has been said)
        await asyncio.sleep(0)
        failed = [line for line in said if line.startswith("Game 1's move 1 could not be kept")]
        assert failed and failed[0].endswith("failed: disk I/O error.")
        for link in links:
            await link.close()
        for client in clients:
            await client.close()
    finally:
        await hub.stop()
        store.close()
