"""Which style sheets (`styles/*.tcss`) are read when.

The app reads only `app.tcss` and `menu.tcss` before the menu is drawn: every sheet
Textual reads is parsed before the first frame, and the menu needs no others. Every
other screen names the rest as its `CSS_PATH`; Textual reads a screen's sheets the first
time one of its kind is shown (once: the others find them read), so opening the first
setup, game, dialog or list parses them once. The order is the cascade's: later sheets
win ties, as when all were read at start.
"""

from __future__ import annotations

from pathlib import Path, PurePath

#: The styles ship as the top-level `styles` folder, a sibling of the `app` package both
#: in the source tree and in site-packages.
STYLES = Path(__file__).resolve().parents[2] / "styles"

MENU_SHEETS = ("app", "menu")
SCREEN_SHEETS = ("setup", "game", "boards", "pool", "dialogs", "rules", "records", "analysis")

#: The app's own sheets (read at start).
MENU_STYLES: list[str | PurePath] = [STYLES / f"{name}.tcss" for name in MENU_SHEETS]
#: The `CSS_PATH` of every screen but the menu.
SCREEN_STYLES: list[str | PurePath] = [STYLES / f"{name}.tcss" for name in SCREEN_SHEETS]

#: The puzzle screens' own sheet, read only when puzzles are first opened.
PUZZLE_SHEETS = ("puzzles",)
#: The `CSS_PATH` of the puzzle screens.
PUZZLE_STYLES: list[str | PurePath] = [
    *SCREEN_STYLES,
    *(STYLES / f"{name}.tcss" for name in PUZZLE_SHEETS),
]

#: The online screens' own sheet (hosting and joining), read only when they are opened.
ONLINE_SHEETS = ("online",)
#: The `CSS_PATH` of the online screens.
ONLINE_STYLES: list[str | PurePath] = [
    *SCREEN_STYLES,
    *(STYLES / f"{name}.tcss" for name in ONLINE_SHEETS),
]

#: The classroom's screens' own sheet (tournaments, the report), read when first opened.
CLASSROOM_SHEETS = ("classroom",)
#: The `CSS_PATH` of the classroom's screens.
CLASSROOM_STYLES: list[str | PurePath] = [
    *SCREEN_STYLES,
    *(STYLES / f"{name}.tcss" for name in CLASSROOM_SHEETS),
]
