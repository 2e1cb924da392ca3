"""Snapshots of the hub's full screens at 100x30 and 160x45: the teacher's console (a
student waiting, two in a game, one in the lobby, one away, a refused connection
counted; the class code and the port fixed so the join command and its QR code are the
same every run) and the projector view of every game (fed the lines a hub sends: two
games in progress, one ended). Regenerate with `pytest tests/app/test_hub_snapshots.py
--snapshot-update` and look at the SVGs before committing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot

from app.hub import store_sql
from app.hub.protocol import Accept, Admitted, Challenge
from app.online.codes import Address
from app.tui.hub_console import HubConsoleApp
from app.tui.hub_watch import HubWatchApp
from tests.hub.support import Client, open_test_store, until

SIZES = [(100, 30), (160, 45)]


class _Console(HubConsoleApp):
    """The console, with the students' connections it was shown with closed at its end."""

    clients: list[Client]

    async def on_unmount(self) -> None:
        for client in getattr(self, "clients", []):
            await client.close()


async def _class(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, _Console)
    await until(lambda: app.started, "the hub's start")
    hub = app.teacher.hub
    app.clients = []
    for name in ("Bo", "Cy", "Di"):
        client = await Client.knock(hub, name)
        await client.until(Admitted)
        app.clients.append(client)
    bo, cy, _ = app.clients
    await bo.send(Challenge(name="Cy", game="fifty"))
    await cy.said_until("type accept or decline")
    await cy.send(Accept())
    await until(lambda: bool(hub.lobby.games), "the game")
    app.clients.append(await Client.knock(hub, "Ada"))
    await until(lambda: bool(hub.lobby.waiting), "Ada's knock")
    stranger = await Client.knock(hub, "Eve", code="zzzzzz")
    await stranger.closed()
    await stranger.close()
    await until(lambda: bool(app.teacher.refused), "the refused count")
    hub.port = 40213  # (the port in the join command: the same every run)
    app.show_opening()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_the_teachers_console(
    snap_compare: Any, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_sql, "new_class_code", lambda: "k7m3qd")
    store = open_test_store(tmp_path / "hub.sqlite3")
    try:
        app = _Console(store, admitted=("Bo", "Cy", "Di", "Eli"))
        assert snap_compare(app, run_before=_class, terminal_size=size)
    finally:
        store.close()


class _Projector(HubWatchApp):
    """The projector view without a hub: fed the lines a hub sends."""

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()


_LINES = [
    (1, "Ada vs Bo, fifty"),
    (2, "Cy vs Di, collect"),
    (1, "Ada (online): Play 1 + 2 = 3."),
    (1, "Bo (online): Play 7 + 8 = 15."),
    (3, "Eve vs Fay, fifty"),
    (3, "Eve (online): Play 9 × 5 = 45."),
    (3, "Fay (online): Play 6 × 8 = 48."),
    (3, "Fay wins: 48 is closer to 50 than 45."),
    (3, "The game is over."),
    (1, "Ada (online): Play 3 × 4 = 12."),
]


async def _games(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, _Projector)
    app._status("Every game of the class, live (q leaves).")
    for number, text in _LINES:
        app._show(app.watched.heard(number, text))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_the_projector_view(snap_compare: Any, size: tuple[int, int]) -> None:
    app = _Projector(Address("k7m3qd", "127.0.0.1", 40213), "Projector")
    assert snap_compare(app, run_before=_games, terminal_size=size)
