"""After the menu is drawn: what the next screens need, made ready while the player reads
it. `preload(app)` imports the setup screen's modules in a thread (150-200 ms of pydantic
and the rules) and then reads every screen's style sheets, in the order Textual would,
so no first screen parses the whole cascade anew. The game screen is not imported then:
quitting from the menu tells from its absence that no game is in progress. A setup
screen imports its game's board the same way (`preload_board`), and the puzzles menu
reads the bank (`read_ahead_soon`, app.tui.puzzle_menu).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import importlib
import threading
from collections.abc import Callable
from typing import Any

from textual.app import App

from app.tui.boards import board_screen  # (the table alone: each board on first use)
from app.tui.styles import CLASSROOM_STYLES, ONLINE_STYLES, PUZZLE_STYLES

#: Every screen's sheets, in the cascade's order (the puzzles', online and classroom ones
#: style only their own screens' ids: their order among themselves changes no look).
PRELOADED_STYLES = list(dict.fromkeys([*PUZZLE_STYLES, *ONLINE_STYLES, *CLASSROOM_STYLES]))

#: What opening a setup screen imports (pydantic and every game's rules come with it). Not
#: the statistics' (16 ms of CPU): at a load of 8-10 the longer import was still running
#: when a setup's key came a second after the menu, and made that setup 100-200 ms later.
#: The class's menu (its tournaments' models: 10-15 ms of CPU, a sixth of that screen's)
#: comes after the setup's.
#: Then the Textual widgets the other screens mount first (their own sheets are read with
#: the screens', `read_screen_styles`): the statistics' and the rounds' tables, the
#: statistics' sparklines, countdown's and conquest's digits, the lists.
PRELOADED = (
    "app.tui.setup",
    "app.tui.tournament_screen",
    "textual.widgets._data_table",
    "textual.widgets._sparkline",
    "textual.widgets._digits",
    "textual.widgets._option_list",
)

#: What the menu's other screens import and read, once the setup's are ready (`settle`),
#: in a thread of its own: "module" or "module:function" (the statistics' 16 ms of import
#: and a class's 40 ms of reading, the rules' Markdown parser, 25 ms).
READ_AHEAD = ("app.tui.stats_read:read_ahead", "app.tui.stats_screen", "widgets.rules_text")
#: The same, started straight into a game or a record: its rules' parser (F1).
GAME_READ_AHEAD = ("widgets.rules_text",)


#: How long after the menu's first refresh the loading starts (seconds): a thread importing
#: meanwhile holds the interpreter from the writer thread that writes the frame out.
START_AFTER = 0.1


def preload(app: App[Any]) -> None:
    """Not for a headless app (tests): their screens read their sheets as they open, not at
    a moment a thread picks (the same for each function here)."""
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
    """Import `game_id`'s board and the game screen (about 30 ms) while the setup is read."""
    read_ahead_soon(app, (functools.partial(board_screen, game_id),))


#: What a thread reads ahead: "module" (imported), "module:function" (imported, and the
#: function called) or a function (called).
Ahead = str | Callable[[], object]


def read_ahead_soon(app: App[Any], names: tuple[Ahead, ...], after: float = START_AFTER) -> None:
    """Read `names` ahead in a thread, `after` seconds from now (not for a headless app)."""
    if not app.is_headless:
        app.set_timer(after, lambda: start_reading_ahead(names), name="read-ahead")


def settle(app: App[Any]) -> None:
    """Read the screens' sheets, and set what start-up made (about 100,000 objects that live
    as long as the app) aside from the garbage collector's full passes (`gc.freeze`), which
    otherwise fell in the middle of a key press."""
    read_screen_styles(app)
    gc.freeze()
    start_reading_ahead(READ_AHEAD)


def start_reading_ahead(names: tuple[Ahead, ...]) -> None:
    threading.Thread(
        target=_read_ahead, args=(names,), name="equation-duel-ahead", daemon=True
    ).start()


def _read_ahead(names: tuple[Ahead, ...] = READ_AHEAD) -> None:
    for name in names:
        with contextlib.suppress(Exception):  # the screen reads or imports it again
            if callable(name):
                name()
                continue
            module, _, function = name.partition(":")
            imported = importlib.import_module(module)
            if function:
                getattr(imported, function)()


def settle_game_start(app: App[Any]) -> None:
    """Started straight into a game or a record: once drawn, freeze as `settle` does, and
    import what its rules screen needs."""
    if not app.is_headless:
        gc.freeze()
        start_reading_ahead(GAME_READ_AHEAD)


def read_screen_styles(app: App[Any]) -> bool:
    """Read the screens' sheets now, as Textual does when the first screen naming them
    opens, and the widgets' own (Textual reads a widget kind's as the first of it mounts,
    and parses the cascade anew then: 25 ms of a setup); whether any was read."""
    if not app.is_running:
        return False
    stylesheet = app.stylesheet
    unread = [path for path in PRELOADED_STYLES if not stylesheet.has_source(str(path), "")]
    for path in unread:
        stylesheet.read(path)
    from textual.command import CommandInput, CommandList, CommandPalette, SearchIcon
    from textual.containers import Center, Horizontal, Vertical, VerticalScroll
    from textual.widgets import (  # (imported by then: PRELOADED)
        Button,
        DataTable,
        Digits,
        Input,
        Label,
        LoadingIndicator,
        OptionList,
        Sparkline,
        Static,
    )

    from app.tui.choice_list import ChoiceList

    # The setup's kinds, then the other screens': the game's, the statistics', the class's,
    # the saved games' and the command palette's (the themes and ctrl+p: a third of its
    # first opening was parsing the cascade again for its widgets' own sheets).
    kinds = (
        *(Static, Label, Input, Button, Horizontal, VerticalScroll, ChoiceList),
        *(Vertical, Center, Digits, DataTable, Sparkline, OptionList),
        *(CommandPalette, CommandInput, CommandList, SearchIcon, LoadingIndicator),
    )
    own = [css for kind in kinds for css in object.__new__(kind)._get_default_css()]
    new = [
        (css, where, rank, scope)
        for where, css, rank, scope in own
        if where not in stylesheet.source
    ]
    for css, where, rank, scope in new:
        stylesheet.add_source(css, where, is_default_css=True, tie_breaker=rank, scope=scope)
    if not unread and not new:
        return False
    stylesheet.parse()  # (not reparse: a fresh sheet's parses are not kept for the next)
    stylesheet.update(app)
    return True
