"""Which style sheets (`styles/*.tcss`) are read when: only `app` and `menu` before the
menu's first frame (Textual parses every sheet it knows before a frame); each other
screen names the rest as its `CSS_PATH`, parsed once, the first time one is shown. The
order is the cascade's: later sheets win ties.
"""

from __future__ import annotations

from pathlib import Path, PurePath

#: The top-level `styles` folder, a sibling of `app` (in the tree and in site-packages).
STYLES = Path(__file__).resolve().parents[2] / "styles"


def _sheets(*names: str) -> list[str | PurePath]:
    return [STYLES / f"{name}.tcss" for name in names]


#: The app's own sheets (read at start).
MENU_STYLES = _sheets("app", "menu")
#: The `CSS_PATH` of every screen but the menu.
SCREEN_STYLES = _sheets(
    "widgets", "setup", "game", "boards", "pool", "dialogs", "rules", "records", "analysis"
)
#: The puzzle, online and classroom screens': their own sheet after the shared ones.
PUZZLE_STYLES = [*SCREEN_STYLES, *_sheets("puzzles")]
ONLINE_STYLES = [*SCREEN_STYLES, *_sheets("online")]
CLASSROOM_STYLES = [*SCREEN_STYLES, *_sheets("classroom")]
#: The projector view of the hub's live rounds (`class project`: an app of its own).
HUB_PROJECT_STYLES = [*SCREEN_STYLES, *_sheets("hub_project")]
#: The hub's own apps (the teacher's console, the projector view): their sheet alone.
HUB_CONSOLE_STYLES = _sheets("hub_console")
HUB_STYLES = [*SCREEN_STYLES, *_sheets("hub")]
#: One watched game of a class's hub, on its board (`app.tui.hub_watch_board`: a screen of
#: the lobby's, or of `class watch --game`'s app, which reads the `app` sheet for it).
HUB_WATCH_STYLES = [*SCREEN_STYLES, *_sheets("hub_watch")]
