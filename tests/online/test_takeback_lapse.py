"""A takeback ask the other player never answers lapses after `ASK_SECONDS` (made short
here), said on both sides, and the game goes on: a plain guest's ask to a full-screen
host (whose dialog closes), and the host's ask to the plain guest (whose late `yes` is
too late). The plain guest runs in this process, over a real link on loopback."""

from __future__ import annotations

import asyncio
import io
import os
import threading
from pathlib import Path

import pytest

from app.online import takebacks
from app.online.codes import parse_address
from app.online.host_turns import turns_of
from app.plain.base import Console
from app.plain.online_play import join_plain
from app.tui.app import EquationDuelApp
from app.tui.online_hosting import HostWaitScreen
from app.tui.online_takeback import AllowDialog
from rules.registry import GAME_IDS
from tests.app.tui_support import until
from tests.online.procs import answers, first_moves
from tests.online.screens import hosted_board
from widgets.status_line import StatusLine

WAIT = 30.0


async def test_an_unanswered_takeback_ask_lapses_on_both_sides(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(takebacks, "ASK_SECONDS", 0.3)
    start, moves = first_moves("fifty")
    _, bob = answers("fifty", moves, start)
    read, write = os.pipe()
    typed = os.fdopen(write, "w")
    shown = io.StringIO()
    ended: list[int] = []
    app = EquationDuelApp()
    guest: threading.Thread | None = None
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("o", str(GAME_IDS.index("fifty") + 1), "enter")
            await pilot.pause()
            waiting = app.screen
            assert isinstance(waiting, HostWaitScreen)
            place = parse_address(f"{waiting.code}@127.0.0.1:{waiting.port}")
            console = Console(os.fdopen(read), shown)
            guest = threading.Thread(
                target=lambda: ended.append(join_plain(place, "Bob", console)), daemon=True
            )
            guest.start()
            screen, seat = await hosted_board(app, pilot)
            status = screen.query_one(StatusLine)

            def type_in(*lines: str) -> None:
                typed.write("".join(f"{line}\n" for line in lines))
                typed.flush()

            async def play(number: int) -> None:
                if number % 2 == 0:  # the host's turn, on this keyboard
                    assert turns_of(screen.session.match) == number
                    screen.play(moves[number])  # (sent to the relay, played once confirmed)
                else:
                    type_in(*bob[3 * (number // 2) : 3 * (number // 2) + 3])
                assert await asyncio.wait_for(seat.played.get(), WAIT) == number

            await play(0)
            await play(1)
            # The host asks; Bob is asked at his line and does not answer in time.
            await pilot.press("u")
            await until(pilot, lambda: "did not answer" in status.message, "the host's lapse")
            assert status.message == "Bob did not answer: the takeback lapsed."
            lapsed = "Player 1's takeback ask lapsed: it was not answered in time."
            await until(pilot, lambda: lapsed in shown.getvalue(), "Bob hearing the lapse")
            type_in("yes")  # too late: the moves stand
            await until(pilot, lambda: "lapsed already" in shown.getvalue(), "Bob's late yes")
            await play(2)  # the game goes on
            # Bob asks at his prompt (an undo typed while he waits for the host's move is
            # answered then, not kept); the host's dialog shows it, nobody answers, and it
            # lapses.
            prompt = "Bob, select your first number:"
            await until(pilot, lambda: shown.getvalue().count(prompt) == 2, "Bob's prompt")
            type_in("undo")
            await until(pilot, lambda: "lapsed" in status.message, "the lapse of Bob's ask")
            assert status.message == "Bob's takeback ask lapsed: it was not answered in time."
            assert not any(isinstance(shown, AllowDialog) for shown in app.screen_stack)
            await until(pilot, lambda: "did not answer" in shown.getvalue(), "Bob's lapse")
            assert "Player 1 did not answer: the takeback lapsed." in shown.getvalue()
            await play(3)  # the game goes on to its end
            assert [move for _, move in screen.session.moves] == [
                screen.game.format_move(move) for move in moves
            ]
            await pilot.pause()
        assert guest is not None
        await asyncio.to_thread(guest.join, WAIT)
        assert ended == [0], shown.getvalue()
        assert " wins" in shown.getvalue().splitlines()[-1]
    finally:
        typed.close()
