"""The full screen hosts, a plain guest (a real process) joins: they play to the end."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.online.host_turns import turns_of
from app.tui.app import EquationDuelApp
from app.tui.online_host import HostWaitScreen, OnlineSetupScreen
from app.tui.online_seat import OnlineSeat
from rules.registry import GAME_IDS
from tests.online.procs import Proc, answers, first_moves

WAIT = 30.0


async def test_a_full_screen_host_plays_a_plain_guest_to_the_end(tmp_path: Path) -> None:
    start, moves = first_moves("fifty")
    _, guest_lines = answers("fifty", moves, start)
    app = EquationDuelApp()
    guest: Proc | None = None
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("o")
            await pilot.press(str(GAME_IDS.index("fifty") + 1))
            assert isinstance(app.screen, OnlineSetupScreen)
            await pilot.press("enter")
            await pilot.pause()
            waiting = app.screen
            assert isinstance(waiting, HostWaitScreen)
            assert waiting.code in str(waiting.query_one("#join-code").render())
            await pilot.press("h")
            assert "allowed" in str(waiting.query_one("#online-hints").render())
            place = f"{waiting.code}@127.0.0.1:{waiting.port}"
            guest = Proc(["join", place, "--plain", "--name", "Bob"], tmp_path / "guest")
            guest.write("".join(f"{line}\n" for line in guest_lines))
            assert await asyncio.to_thread(waiting.link.joined.wait, WAIT)
            async with asyncio.timeout(WAIT):
                while not app.screen.query(OnlineSeat):
                    await pilot.pause()
            screen = app.screen
            seat = screen.query_one(OnlineSeat)
            assert screen.setup.names == ("Player 1", "Bob")
            assert screen.referee.hints
            state = start
            for number, move in enumerate(moves):
                if screen.game.to_move(state) == 1:  # the host's turn, on this keyboard
                    assert turns_of(screen.session.match) == number
                    assert screen.play(move)
                assert await asyncio.wait_for(seat.sent.get(), WAIT) == number
                state = screen.game.play(state, move)
            assert screen.session.result is not None
            await pilot.pause()
        assert guest.finish() == 0, guest.output()
        assert " wins" in guest.output().splitlines()[-1]
    finally:
        if guest is not None:
            guest.stop()
