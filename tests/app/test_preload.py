"""After the menu is drawn the app reads the other screens' style sheets and imports the
setup screen's modules in the background: the menu and the setup screen look the same as
when the sheets are read as the setup screen opens. The puzzles menu reads the puzzle bank
in the background too: it is read once however many threads ask for it."""

from __future__ import annotations

import difflib
import gc
import re
import sys
import threading

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from app.tui import boards, preload
from app.tui.app import EquationDuelApp
from app.tui.preload import (
    PRELOADED,
    _import,
    _read_ahead,
    read_screen_styles,
    settle,
)
from app.tui.setup import SetupScreen
from tests.app.tui_support import SIZE, until


def screen_text(app: EquationDuelApp) -> str:
    for field in app.screen.query(Input):  # (a blinking cursor is no change of look)
        field.cursor_blink = False
    return re.sub(r"terminal-[-0-9a-z]+", "T", app.export_screenshot())


async def quiet_text(pilot: Pilot[None], app: EquationDuelApp) -> str:
    """The screen once it has stopped changing (on a loaded machine a screen can take more
    than one pause to draw whole): the same text twice running, within 30 seconds."""
    shown, same = screen_text(app), 0
    for _ in range(200):
        await pilot.pause(0.15)
        again = screen_text(app)
        same = same + 1 if again == shown else 0
        if same == 2:  # (unchanged for 0.3 s: one pause was too short under a heavy load)
            return shown
        shown = again
    raise AssertionError("the screen never stopped changing")


def differences(early: str, late: str) -> str:
    """The lines of text that differ between two screenshots (what a failure shows)."""
    words = [re.findall(r">([^<]*)</text>", svg) for svg in (early, late)]
    return "\n".join(difflib.unified_diff(*words, "early", "late", lineterm="", n=0))


async def setup_looks(early: bool) -> tuple[str, str]:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if early:
            assert read_screen_styles(app)
            assert not read_screen_styles(app)  # once: then they are read
            await pilot.pause()
        menu = await quiet_text(pilot, app)
        await pilot.press("4")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
        return menu, await quiet_text(pilot, app)


async def test_the_screens_sheets_read_early_change_no_screen() -> None:
    early, late = await setup_looks(early=True), await setup_looks(early=False)
    for before, after in zip(early, late, strict=True):
        assert before == after, differences(before, after) or "the same text, other styles"


def test_the_preload_imports_the_setup_screen_and_then_reads_the_sheets() -> None:
    calls: list[object] = []

    class Loop:
        def call_soon_threadsafe(self, function: object, *args: object) -> None:
            calls.append((function, args))

    app = EquationDuelApp()
    _import(app, Loop())  # type: ignore[arg-type]
    assert calls == [(settle, (app,))]
    assert all(name in sys.modules for name in PRELOADED)


def test_a_setup_screen_loads_its_games_board_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The setup screen's thread imports the board Enter will open (and with it the game
    screen); a board that fails to import is left to Enter, which says why."""
    asked: list[str] = []

    def failing() -> None:
        asked.append("broken")
        raise ImportError("no such module")

    asked_for: list[tuple[object, ...]] = []
    monkeypatch.setitem(boards.BOARDS, "broken", failing)  # type: ignore[arg-type]
    monkeypatch.setattr(preload, "start_reading_ahead", asked_for.append)
    monkeypatch.setattr(EquationDuelApp, "is_headless", False)
    app = EquationDuelApp()
    monkeypatch.setattr(app, "set_timer", lambda _after, start, **_: start())
    for game_id in ("countdown", "broken", "no such game"):
        preload.preload_board(app, game_id)
    thread = threading.Thread(target=_read_ahead, args=(asked_for[0],))
    thread.start()
    thread.join(timeout=30)
    assert "app.tui.boards.countdown" in sys.modules and "app.tui.game_screen" in sys.modules
    _read_ahead(asked_for[1])  # (nothing raised here)
    _read_ahead(asked_for[2])
    assert asked == ["broken"]


def test_settling_sets_what_start_up_made_aside_from_full_collections() -> None:
    app = EquationDuelApp()
    try:
        settle(app)  # (not running: no sheets to read)
        assert gc.get_freeze_count() > 0
        gc.collect()
        assert gc.get_freeze_count() > 0  # a full pass leaves the frozen ones where they are
    finally:
        gc.unfreeze()


def test_the_bank_is_read_once_when_two_threads_ask_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rules.puzzles import bank

    reads: list[int] = []
    real = bank.read_bank

    def counted(path: object) -> bank.Bank:
        reads.append(1)
        return real(path)  # type: ignore[arg-type]

    bank._read_shipped.cache_clear()
    monkeypatch.setattr(bank, "read_bank", counted)
    try:
        found: list[bank.Bank] = []
        threads = [threading.Thread(target=lambda: found.append(bank.loaded())) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(reads) == 1
        assert found[0] is found[1] and len(found[0].puzzles) > 0
    finally:
        bank._read_shipped.cache_clear()


async def test_a_setup_screen_imports_its_board_only_once_it_is_laid_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37: the board's import (a thread holding the interpreter about 30 ms) began
    as the setup screen mounted, and slowed the screen's own first layout and frame."""
    from app.tui import setup

    laid_out: list[bool] = []

    def record(app: EquationDuelApp, game_id: str) -> None:
        laid_out.append(app.screen.query_one("#setup-title").region.height > 0)

    monkeypatch.setattr(setup, "preload_board", record)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await until(pilot, lambda: bool(laid_out), "the board asked for")
    assert laid_out == [True]


@pytest.mark.parametrize("start", ["menu", "game"])
def test_what_the_next_screens_need_is_read_ahead_once_drawn(monkeypatch, start: str) -> None:
    """Issue 37: once the menu is settled, the statistics are imported and read and the rules'
    parser imported in a thread; started straight into a game, its rules' parser."""
    asked: list[tuple[str, ...]] = []
    done = threading.Event()

    def read_ahead(names: tuple[str, ...]) -> None:
        asked.append(names)
        done.set()

    monkeypatch.setattr(preload, "_read_ahead", read_ahead)
    monkeypatch.setattr(preload.gc, "freeze", lambda: None)  # (many apps in this process)
    app = EquationDuelApp()
    settle(app) if start == "menu" else preload.settle_game_start(app)
    assert done.wait(30)
    assert asked == [preload.READ_AHEAD if start == "menu" else preload.GAME_READ_AHEAD]
    assert "widgets.rules_text" in asked[0]


def test_reading_ahead_calls_each_read_and_lets_a_failure_pass(monkeypatch) -> None:
    from app.tui import stats_read

    called: list[str] = []
    monkeypatch.setattr(stats_read, "read_ahead", lambda: called.append("read"))
    names = ("no.such.module", "app.tui.stats_read:no_such_read", "app.tui.stats_read:read_ahead")
    preload._read_ahead(names)
    assert called == ["read"]


async def test_after_the_early_read_a_setup_adds_no_sheet_to_parse() -> None:
    """Not even its widgets' own (`Input.DEFAULT_CSS`…): each new one made Textual parse
    the whole cascade again as the setup mounted (25 ms after the key, issue 37)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert read_screen_styles(app)
        read = set(app.stylesheet.source)
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
        await pilot.pause()
        assert set(app.stylesheet.source) == read


@pytest.mark.parametrize(
    ("keys", "screen"),
    [
        (("4", "enter"), "GameScreen"),  # (conquest's digits)
        (("s",), "StatsScreen"),  # (its tables and sparklines)
        (("c",), "TournamentScreen"),  # (its lists)
        (("ctrl+p",), "GamePalette"),  # (the command palette's widgets)
    ],
)
async def test_after_the_early_read_other_screens_add_no_sheet_to_parse(
    keys: tuple[str, ...], screen: str
) -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert read_screen_styles(app)
        read = set(app.stylesheet.source)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await until(pilot, lambda: type(app.screen).__name__ == screen, screen)
        await pilot.pause()
        assert set(app.stylesheet.source) == read


def test_the_puzzles_menu_reads_the_bank_and_a_puzzles_board_ahead() -> None:
    """What the puzzles menu starts in a thread half a second after it opens (not for a
    headless app): the bank read, and a puzzle's board imported, for the first puzzle."""
    from app.tui.puzzle_menu import READY
    from rules.puzzles import bank

    bank._read_shipped.cache_clear()
    _read_ahead(READY)
    assert bank._read_shipped.cache_info().currsize == 1
    assert "app.tui.puzzle_mode" in sys.modules
