"""A game that stops before its end says why in one sentence: the hub (or the host)
stopped it, or the other player left; never "Mallory left" when nobody left, and never
the goodbye's sentence inside another's parentheses (the line mode) or after a name
(the full screen)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.online.protocol import Bye, encode
from app.online.relay import STOPPED_HERE, Relay
from app.online.texts import bye_words
from app.tui.app import EquationDuelApp
from tests.app.tui_support import until
from tests.online.procs import Proc
from tests.online.screens import joined_board
from tests.online.test_hostile_host import CODE, FakeHost
from widgets.status_line import StatusLine


def test_a_goodbye_names_who_left_only_when_someone_left() -> None:
    assert bye_words("Ada", STOPPED_HERE) == STOPPED_HERE
    assert bye_words("Ada", Relay.KEPT) == "Ada left: the game is kept on the hub."
    assert bye_words("Ada", "The host cannot be reached any more.") == (
        "The host cannot be reached any more."
    )
    assert bye_words("Ada", " \x1b[31m") == "Ada left."


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        (STOPPED_HERE, f"{STOPPED_HERE} This machine keeps it too: the next start offers it."),
        (
            "the game is kept.",
            "Mallory left: the game is kept. This machine keeps it too: the next start offers it.",
        ),
    ],
)
def test_the_line_mode_says_why_the_game_stopped(tmp_path: Path, reason: str, said: str) -> None:
    fake = FakeHost([encode(Bye(reason=reason))])
    guest = Proc(["join", f"{CODE}@127.0.0.1:{fake.port}", "--plain", "--name", "Bob"], tmp_path)
    try:
        assert guest.finish() == 0, guest.output()
        output = " ".join(guest.output().split())
        assert said in output
        assert "The game stops (" not in output
    finally:
        guest.stop()
        fake.done.set()
        fake.thread.join(10)


@pytest.mark.parametrize(
    ("reason", "said"),
    [(STOPPED_HERE, STOPPED_HERE), ("the game is kept.", "Mallory left: the game is kept.")],
)
async def test_the_full_screen_says_why_the_game_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reason: str, said: str
) -> None:
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(tmp_path))
    fake = FakeHost([encode(Bye(reason=reason))])
    app = EquationDuelApp()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen, _seat = await joined_board(app, pilot, f"{CODE}@127.0.0.1:{fake.port}", "Bob")
            await until(pilot, lambda: app._notifications, "the goodbye")
            assert [str(note.message) for note in app._notifications] == [said]
            status = screen.query_one(StatusLine)
            assert status.message == said  # (it stays said: the toast goes)
            status.show("")
            assert not screen.play(screen.game.legal_moves(screen.state)[0])
            assert status.message == said  # (not "It is Mallory's turn.": no move goes)
    finally:
        fake.done.set()
        fake.thread.join(10)
