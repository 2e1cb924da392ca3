"""A slow link: the fault proxy delays every message 300 ms each way. A whole game still
plays to the end, and the guest says its move is pending until the host confirms it (a
short game in the default run, a longer one in the soak set)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.online.codes import parse_address
from app.tui.app import EquationDuelApp
from tests.app.tui_support import until
from tests.online.fault_proxy import FaultProxy, Faults
from tests.online.procs import host
from tests.online.screens import joined_board
from tests.online.test_faults import play_through_proxy
from widgets.status_line import StatusLine

SLOW = 0.3
PENDING = "Your move is sent: waiting for it to be confirmed."


def test_a_plain_game_plays_to_the_end_on_a_slow_link(tmp_path: Path) -> None:
    _hosting, guest = play_through_proxy(Faults(delay=SLOW), tmp_path)
    lines = guest.output().splitlines()
    # Each of Bob's moves is said pending, then shown once the host confirmed it.
    pending = [n for n, line in enumerate(lines) if line == PENDING]
    assert len(pending) == 2
    assert all(lines[n + 1].startswith("Equation:") for n in pending)


@pytest.mark.soak
def test_a_longer_game_plays_to_the_end_on_a_slow_link(tmp_path: Path) -> None:
    _hosting, guest = play_through_proxy(Faults(delay=SLOW), tmp_path, "collect")
    assert PENDING in guest.output()


async def test_the_full_screen_guest_shows_its_move_pending_on_a_slow_link(
    tmp_path: Path,
) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    address = parse_address(place)
    proxy = FaultProxy(address.url(), Faults(delay=SLOW))
    port = proxy.start()
    app = EquationDuelApp()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            place = f"{address.code}@127.0.0.1:{port}"
            screen, seat = await joined_board(app, pilot, place, "Bob")
            status = screen.query_one(StatusLine)
            hosting.write("3\n4\n+\n")
            await until(pilot, lambda: seat.expected == 1, "Ada's move")
            assert not screen.play(screen.game.parse_move("1+2"))  # sent, not played yet
            assert status.message == "Sent: waiting for your move to be confirmed…"
            assert screen.session.moves == [(1, "3+4")]
            assert seat.referee.pending
            assert screen.play(screen.game.parse_move("1+5")) is False  # one at a time
            assert "on its way" in status.message
            await until(pilot, lambda: seat.expected == 2, "the host's confirmation")
            assert screen.session.moves == [(1, "3+4"), (2, "1+2")]
            assert not seat.referee.pending
            await asyncio.to_thread(hosting.wait_for, "Bob (online): Play 1 + 2")
    finally:
        hosting.stop()
        proxy.stop()
