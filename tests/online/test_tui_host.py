"""The full screen hosts, a plain guest (a real process) joins: they play to the end, with
a takeback the guest allows and one the host declines in its dialog."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.online.host_turns import turns_of
from app.store import stats
from app.tui.app import EquationDuelApp
from app.tui.dialogs import ConfirmDialog, GameOverDialog
from app.tui.online_hosting import HostWaitScreen, OnlineSetupScreen
from rules.registry import GAME_IDS
from tests.app.tui_support import until
from tests.online.procs import Proc, answers, first_moves
from tests.online.screens import hosted_board
from widgets.status_line import StatusLine

WAIT = 30.0


async def test_a_full_screen_host_plays_a_plain_guest_to_the_end(tmp_path: Path) -> None:
    start, moves = first_moves("fifty")
    _, bob = answers("fifty", moves, start)
    first, rest = bob[:3], bob[3:]  # (fifty: three lines a move)
    # Bob allows Ada's takeback of her move and his reply; before his second move he
    # asks for one himself, which Ada declines.
    guest_lines = [*first, "yes", *first, "undo", *rest]
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
            await asyncio.wait_for(waiting.link.joined.wait(), WAIT)
            screen, seat = await hosted_board(app, pilot)
            status = screen.query_one(StatusLine)
            assert screen.setup.names == ("Player 1", "Bob")
            assert screen.referee.hints

            async def play(number: int) -> None:
                if number % 2 == 0:  # the host's turn, on this keyboard
                    assert turns_of(screen.session.match) == number
                    screen.play(moves[number])  # (sent to the relay, played once confirmed)
                assert await asyncio.wait_for(seat.played.get(), WAIT) == number

            await play(0)
            await play(1)
            await pilot.press("u")  # Ada asks; Bob's line says yes
            await until(pilot, lambda: not screen.session.moves, "the takeback")
            assert "Bob allowed the takeback. Took back the last 2 moves." in status.message
            await play(0)
            await play(1)
            await play(2)
            await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "Bob's ask")
            assert app.screen.question == "Bob asks to take back their last move and your reply."
            await pilot.press("n")
            await until(pilot, lambda: "declined" in guest.output(), "Ada's no")
            for number in range(3, len(moves)):
                await play(number)
            assert screen.session.result is not None
            assert [move for _, move in screen.session.moves] == [
                screen.game.format_move(move) for move in moves
            ]
            await until(pilot, lambda: isinstance(app.screen, GameOverDialog), "the game over")
            over = app.screen
            assert not over.query("#rematch") and not over.query("#new")  # (not online)
            await pilot.press("r", "n")
            assert app.screen is over
            await pilot.pause()
        assert guest.finish() == 0, guest.output()
        assert "Player 1 declined the takeback: the moves stand." in guest.output()
        found = stats.summary()  # counted once here, the guest marked as online
        assert [(h.first, h.second, h.played) for h in found.head_to_head] == [
            ("Bob (online)", "Player 1", 1)
        ]
        assert " wins" in guest.output().splitlines()[-1]
    finally:
        if guest is not None:
            guest.stop()
