"""The screen-size guard: what covers the screens while the terminal is smaller than 80×24
(`check_size` runs at start and on every resize)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from app.tui.mounting import gone

if TYPE_CHECKING:
    from app.tui.app import EquationDuelApp

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is large enough again (ctrl+q still quits)."""

    def __init__(self) -> None:
        super().__init__(classes="too-small-screen")

    def compose(self) -> ComposeResult:
        yield Static(id="too-small", markup=False)

    def on_mount(self) -> None:
        if gone(self):
            return
        self.refresh_message()

    def refresh_message(self) -> None:
        width, height = self.app.size
        for message in self.query("#too-small").results(Static):
            message.update(
                f"Please make the terminal larger.\n\n"
                f"Equation Duel needs at least {MIN_WIDTH}×{MIN_HEIGHT}; "
                f"this one is {width}×{height}.\n\nThe game goes on as soon as it fits.\n"
                "ctrl+q quits (a game in progress is kept for next time)."
            )


def check_size(app: EquationDuelApp) -> None:
    if not app.is_running or app._exit or not app.screen_stack:  # closing: nothing to cover
        return
    width, height = app.size
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    top = app.screen
    if small and not isinstance(top, TooSmallScreen):
        app.push_screen(TooSmallScreen())
    elif not small and isinstance(top, TooSmallScreen):
        app.pop_screen()
    elif small and isinstance(top, TooSmallScreen):
        top.refresh_message()
