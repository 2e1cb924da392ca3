"""Hints in the line mode are worked out in a helper process, as on the full screen: said
once to be coming, and Ctrl+C stops the wait (the helper is ended) and the prompt comes
again, the game going on."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from io import StringIO
from pathlib import Path

import pytest

from app.plain import commands, driver_class
from app.plain.base import Console
from app.plain.stops import EndOfInput
from app.process import search_process
from app.store.keep_writer import wait_judged
from rules.analysis import hint
from rules.registry import get_game
from tests.app.search_hooks import Hold


def play(game_id: str, *answers: str) -> str:
    game = get_game(game_id)
    out = StringIO()
    console = Console(StringIO("".join(a + "\n" for a in answers)), out)
    driver = driver_class(game_id)(game, console, ("Ada", "Bob"))
    with contextlib.suppress(EndOfInput):
        driver.run(game.new(game.Options()))
    return out.getvalue()


def helpers_running() -> list[search_process.SearchProcess]:
    wait_judged()  # (a finished game is judged for the report in a helper of its own)
    return [search for search in list(search_process._made) if search.running]


def test_a_hint_comes_from_a_helper_process_ended_with_the_game() -> None:
    asked: list[int | None] = []
    real = commands.Commands.do_hint

    def watched(self: commands.Commands) -> None:
        real(self)
        asked.append(self.searches.pid if self.searches else None)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(commands.Commands, "do_hint", watched)
        text = play("conquest", "hint", "take 2", "take 3", "take 5")
    assert text.count("Thinking about a hint\N{HORIZONTAL ELLIPSIS}") == 1
    assert "Hint: Add " in text
    assert asked and asked[0] is not None  # (a process of its own answered)
    assert "Ada wins" in text
    assert not helpers_running()


def test_ctrl_c_stops_the_wait_for_a_hint_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl+C as the app has it (`app.launch` installs Python's own handler)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    held = Hold(tmp_path)
    monkeypatch.setattr(commands, "hint_search", lambda: held.wrap(hint))
    main = threading.main_thread().ident
    assert main is not None and threading.current_thread().ident == main
    sent: list[bool] = []

    def press_ctrl_c() -> None:
        deadline = time.monotonic() + 30
        while not helpers_running():  # the hint is being worked out
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)
        signal.pthread_kill(main, signal.SIGINT)
        sent.append(True)

    presser = threading.Thread(target=press_ctrl_c, daemon=True)
    presser.start()
    try:
        text = play("fifty", "hint", "6 times 7")
    finally:
        presser.join(30)
        held.release()
        signal.signal(signal.SIGINT, previous)
    assert sent
    stopped = "Stopped thinking: no hint. The game goes on.\n"
    assert f"> hint\nThinking about a hint\N{HORIZONTAL ELLIPSIS}\n{stopped}" in text
    assert f"{stopped}Ada, select your first number:\n> 6 times 7\n" in text
    assert "Equation: 6 × 7 = 42" in text
    assert "Hint:" not in text
    assert not helpers_running()
