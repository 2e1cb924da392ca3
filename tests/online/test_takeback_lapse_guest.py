"""A takeback ask nobody answers lapses, the other way round: a full-screen guest and a
plain host (in this process, over a real link on loopback, `ASK_SECONDS` made short).
The host's ask lapses and the guest's dialog closes; the guest's ask lapses and the
host's late `no` is too late; the game goes on to its end."""

from __future__ import annotations

import io
import os
import threading

import pytest

from app.online import takebacks
from app.plain.base import Console
from app.plain.online_play import host_plain
from app.tui.app import EquationDuelApp
from app.tui.online_takeback import AllowDialog
from rules.match import new_match
from rules.registry import get_game
from tests.app.tui_support import until
from tests.online.procs import answers, first_moves
from tests.online.screens import joined_board
from widgets.status_line import StatusLine

WAIT = 30.0


async def test_unanswered_asks_lapse_between_a_plain_host_and_a_full_screen_guest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(takebacks, "ASK_SECONDS", 0.3)
    game = get_game("fifty")
    start, moves = first_moves("fifty")
    ada, _ = answers("fifty", moves, start)
    read, write = os.pipe()
    typed = os.fdopen(write, "w")
    shown = io.StringIO()
    console = Console(os.fdopen(read), shown)
    ended: list[int] = []
    match = new_match("fifty", game.options_from({}))
    hosting = threading.Thread(
        target=lambda: ended.append(host_plain(game, match, "Ada", "127.0.0.1", 0, console)),
        daemon=True,
    )
    hosting.start()

    def type_in(*lines: str) -> None:
        typed.write("".join(f"{line}\n" for line in lines))
        typed.flush()

    app = EquationDuelApp()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, lambda: "equation-duel join " in shown.getvalue(), "hosting")
            said = shown.getvalue().split("equation-duel join ")[1]
            screen, seat = await joined_board(app, pilot, said.split()[0], "Bob")
            status = screen.query_one(StatusLine)
            type_in(*ada[:3])
            await until(pilot, lambda: seat.expected == 1, "Ada's move")
            screen.play(moves[1])  # (sent: played when the host confirms it)
            await until(pilot, lambda: seat.expected == 2, "Bob's move")
            # Ada asks at her prompt; Bob's dialog shows it, and nobody answers.
            type_in("undo")
            await until(pilot, lambda: "lapsed" in status.message, "the lapse of Ada's ask")
            assert status.message == "Ada's takeback ask lapsed: it was not answered in time."
            assert not any(isinstance(shown, AllowDialog) for shown in app.screen_stack)
            await until(pilot, lambda: "Bob did not answer" in shown.getvalue(), "Ada's lapse")
            type_in(*ada[3:6])  # the game goes on
            await until(pilot, lambda: seat.expected == 3, "Ada's second move")
            # Bob asks; Ada is asked at her line and does not answer in time.
            await pilot.press("u")
            await until(pilot, lambda: "did not answer" in status.message, "Bob's lapse")
            assert status.message == "Ada did not answer: the takeback lapsed."
            lapsed = "Bob's takeback ask lapsed: it was not answered in time."
            await until(pilot, lambda: lapsed in shown.getvalue(), "Ada hearing the lapse")
            type_in("no")  # too late: the moves stand
            await until(pilot, lambda: "lapsed already" in shown.getvalue(), "Ada's late no")
            screen.play(moves[3])
            await until(pilot, lambda: bool(ended), "the end of the game")
            await until(pilot, lambda: seat.expected == len(moves), "the last move shown")
            assert [move for _, move in screen.session.moves] == [
                game.format_move(move) for move in moves
            ]
        assert ended == [0], shown.getvalue()
        assert " wins" in shown.getvalue()
    finally:
        typed.close()
