"""A full-screen host who lets Player 2 move first is Player 2: the guest, Player 1,
moves first (as `host --first 2` in plain mode), with the names in their seats."""

from __future__ import annotations

import asyncio

from app.online.guest_link import GuestLink
from app.online.protocol import Move, Moved
from app.tui.app import EquationDuelApp
from app.tui.choices import Choices
from app.tui.online_hosting import HostWaitScreen, OnlineSetupScreen
from rules.registry import GAME_IDS
from tests.online.procs import first_moves
from tests.online.screens import guest_link, hosted_board, next_heard

WAIT = 30.0


async def test_a_full_screen_host_with_player_2_first_is_player_2() -> None:
    _, moves = first_moves("fifty")
    app = EquationDuelApp()
    link: GuestLink | None = None
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("o", str(GAME_IDS.index("fifty") + 1))
            setup = app.screen
            assert isinstance(setup, OnlineSetupScreen)
            setup.query_one("#first", Choices).value = 2
            await pilot.pause()
            setup.action_start()
            await pilot.pause()
            waiting = app.screen
            assert isinstance(waiting, HostWaitScreen)
            assert waiting.setup.names == ("Guest", "Player 2")
            assert waiting.setup.options.first == 1  # the guest, Player 1, moves first
            place = f"{waiting.code}@127.0.0.1:{waiting.port}"
            link, welcome, heard = await guest_link(place, "Bob")
            assert (welcome.seat, welcome.names[1]) == (1, "Player 2")
            screen, seat = await hosted_board(app, pilot)
            assert screen.setup.names == ("Bob", "Player 2")
            assert screen.session.to_move == 1
            game = screen.game
            link.send(Move(number=0, text=game.format_move(moves[0])))  # Bob moves first
            assert await asyncio.wait_for(seat.played.get(), WAIT) == 0
            screen.play(moves[1])  # then the host, on this keyboard (sent to the relay)
            assert await asyncio.wait_for(seat.played.get(), WAIT) == 1
            said = [await next_heard(heard) for _ in range(2)]
            assert [(m.number, m.player) for m in said if isinstance(m, Moved)] == [(0, 1), (1, 2)]
    finally:
        if link is not None:
            await link.close()
