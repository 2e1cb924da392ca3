"""The full screen joins a plain host (a real process): a move each way, then the
guest's takeback ask, declined and then allowed on the host's side."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.tui.app import EquationDuelApp
from tests.app.tui_support import until
from tests.online.procs import host
from tests.online.screens import joined_board
from widgets.status_line import StatusLine

WAIT = 30.0


async def test_a_full_screen_guest_joins_a_plain_host_and_plays(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    app = EquationDuelApp()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            screen, seat = await joined_board(app, pilot, place, "B\x1b[31mob")
            await asyncio.to_thread(hosting.wait_for, "Bob joined.")
            status = screen.query_one(StatusLine)
            assert screen.setup.names == ("Ada", "Bob")
            move = screen.game.parse_move("1+2")
            assert not screen.play(move)  # Ada's turn: refused here
            hosting.write("3\n4\n+\n")
            async with asyncio.timeout(WAIT):
                while seat.expected < 1:
                    await pilot.pause()
            assert screen.session.moves == [(1, "3+4")]
            screen.play(move)
            await asyncio.to_thread(hosting.wait_for, "Bob (online)")
            async with asyncio.timeout(WAIT):
                while seat.expected < 2:
                    await pilot.pause()
            assert screen.session.moves == [(1, "3+4"), (2, "1+2")]

            # Bob asks to take back his move; Ada (at her prompt) declines, then allows.
            await pilot.press("u")
            assert status.message.startswith("Asked Ada to allow taking back your last move")
            await pilot.press("u")
            assert "being asked already" in status.message
            await asyncio.to_thread(hosting.wait_for, "Bob asks to take back their last move")
            hosting.write("decline\n")
            await until(pilot, lambda: "declined" in status.message, "Ada's no")
            assert screen.session.moves == [(1, "3+4"), (2, "1+2")]
            await pilot.press("u")
            await asyncio.to_thread(hosting.wait_for, "Bob asks to take back", count=2)
            hosting.write("allow\n")
            await until(pilot, lambda: seat.expected == 1, "the takeback")
            assert screen.session.moves == [(1, "3+4")]
            assert status.message == "Ada allowed the takeback. Took back the last move."
            await asyncio.to_thread(hosting.wait_for, "Took back the last move.")
            screen.play(screen.game.parse_move("1+5"))  # numbered 1 again, played once
            await until(pilot, lambda: seat.expected == 2, "the move after the takeback")
            assert screen.session.moves == [(1, "3+4"), (2, "1+5")]
            assert screen.session.seconds[-1] >= 0
    finally:
        hosting.stop()
