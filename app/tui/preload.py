"""After the menu is drawn: what the next screens need, made ready while the player reads
it, so the first setup screen opens without waiting for it.

Opening the first setup screen used to import pydantic and the rules (150-200 ms) and then
read and parse every other screen's style sheets (Textual parses the whole cascade anew
when a screen brings sheets it has not read). `preload(app)`, called once the menu is on
the screen, imports the setup screen's modules in a thread (the interface keeps answering
keys meanwhile) and then, on the interface's thread, reads the screens' sheets as Textual
would when such a screen opens: same sheets, same order, so every screen looks the same;
then it sets what start-up made aside from the garbage collector's full passes (`settle`).
The game screen is not imported then: quitting from the menu tells from its absence that
no game is in progress. A setup screen, once drawn, imports its game's board the same way
(`preload_board`), while the player reads it.

`read_bank_soon(app)`, called as the puzzles menu opens, reads and checks the puzzle bank
(`rules.puzzles.bank.loaded`, 80-300 ms) in a thread while the player chooses, so the
first puzzle opens without that wait. (Read after the menu is drawn instead, it competed
with quitting from the menu, which then took longer.)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import threading
from typing import Any

from textual.app import App

from app.tui.boards import board_screen  # (the table alone: each board on first use)
from app.tui.styles import CLASSROOM_STYLES, ONLINE_STYLES, PUZZLE_STYLES

#: Every screen's sheets, in the cascade's order: the screens' shared sheets, then the
#: puzzles', the online screens' and the classroom's own (each styles only its own screens'
#: ids, so their order among themselves changes no look). Read after the menu, the first
#: puzzles, online or class screen no longer parses the whole cascade again (50-120 ms).
PRELOADED_STYLES = list(dict.fromkeys([*PUZZLE_STYLES, *ONLINE_STYLES, *CLASSROOM_STYLES]))

#: What opening a setup screen imports (pydantic and every game's rules come with it).
PRELOADED = ("app.tui.setup",)


#: How long after the menu's first refresh the loading starts (seconds). The frame is
#: handed to Textual's writer thread, which writes it to the terminal once it gets the
#: interpreter; a thread importing pydantic meanwhile holds the interpreter 5 ms at a
#: time (Python's switch interval). Where the modules must be compiled (no bytecode
#: written: PYTHONDONTWRITEBYTECODE) the menu reached the terminal about 8 ms later;
#: with bytecode, about 1 ms. A player reads the menu for far longer than this.
START_AFTER = 0.1


def preload(app: App[Any]) -> None:
    """Start loading, in the background, what the setup screens need, once the menu's
    first frame is out (`START_AFTER`). Not for a headless app (tests): there the modules
    are loaded already, and each test's screens should read their sheets as they open,
    not at a moment a thread picks."""
    if app.is_headless:
        return
    app.set_timer(START_AFTER, lambda: _start(app), name="preload")


def _start(app: App[Any]) -> None:
    loop = asyncio.get_running_loop()
    thread = threading.Thread(
        target=_import, args=(app, loop), name="equation-duel-preload", daemon=True
    )
    thread.start()


def _import(app: App[Any], loop: asyncio.AbstractEventLoop) -> None:
    try:
        for name in PRELOADED:
            importlib.import_module(name)
    except Exception:  # the screen that needs it imports it again, and says what failed
        return
    with contextlib.suppress(RuntimeError):  # the app ended meanwhile: nothing to do
        loop.call_soon_threadsafe(settle, app)


def preload_board(app: App[Any], game_id: str) -> None:
    """Start importing `game_id`'s board (the game screen, its widgets: about 30 ms) in a
    thread, once the setup screen that starts it is drawn (`START_AFTER`): the player reads
    the setup meanwhile, and Enter then opens the game without waiting for the imports.
    Not after the menu: quitting from the menu tells from the game screen's absence that
    no game is in progress (app.tui.quitting). Not for a headless app (tests)."""
    if app.is_headless:
        return

    def start() -> None:
        threading.Thread(
            target=_import_board, args=(game_id,), name="equation-duel-board", daemon=True
        ).start()

    app.set_timer(START_AFTER, start, name="preload-board")


def _import_board(game_id: str) -> None:
    with contextlib.suppress(Exception):  # Enter imports it again, and says what failed
        board_screen(game_id)


def settle(app: App[Any]) -> None:
    """Once start-up is over (the modules imported, the sheets read): read the screens'
    sheets, and set everything made so far aside from the garbage collector's full
    passes (`gc.freeze`). A full pass walks every object alive, and after start-up that
    is about 100,000 of them, nearly all modules, classes and the menu, which live as
    long as the app: a full pass then took 25-90 ms, and fell in the middle of a key press
    every few dozen presses (the worst presses in every game). Frozen, a full pass walks
    only what was made since (2-7 ms). What is frozen is never collected; nothing made
    after this (a game screen, its moves) is frozen."""
    read_screen_styles(app)
    gc.freeze()


def collect_from_now() -> None:
    """Once the first screen is drawn: if the launch turned the garbage collector off
    (`app.launch`), set what start-up made aside from its passes (`gc.freeze`: about
    1,200 of those 45,000 objects are garbage, never collected then) and turn it on."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def settle_game_start(app: App[Any]) -> None:
    """Started straight into a game or a record (no menu, no preload): once its screen is
    drawn, set what start-up made aside as `settle` does. The first screen is set aside
    with it (it is never collected, if the player goes on to other games: one screen).
    Not for a headless app (tests: many apps in one process)."""
    if not app.is_headless:
        gc.freeze()


def read_bank_soon(app: App[Any]) -> None:
    """Start reading and checking the puzzle bank in a thread (the puzzles menu calls this
    as it opens); a puzzle asked meanwhile waits for that read. Not for a headless app
    (tests): a test's bank must not be read at a moment a thread picks."""
    if app.is_headless:
        return
    threading.Thread(target=read_bank, name="equation-duel-bank", daemon=True).start()


def read_bank() -> None:
    """Read and check the puzzle bank once (later reads find it read)."""
    with contextlib.suppress(Exception):  # a puzzle asked later reads it and says why
        from rules.puzzles.bank import loaded

        loaded()


def read_screen_styles(app: App[Any]) -> bool:
    """Read the screens' style sheets into the app's stylesheet now, as Textual does when
    the first screen naming them opens (later, it then finds them read). Whether any
    was read."""
    if not app.is_running:
        return False
    stylesheet = app.stylesheet
    unread = [path for path in PRELOADED_STYLES if not stylesheet.has_source(str(path), "")]
    if not unread:
        return False
    for path in unread:
        stylesheet.read(path)
    stylesheet.reparse()
    stylesheet.update(app)
    return True
