"""The QR code of the students' command on a screen of its own (`k` on the teacher's
console): with its full quiet zone, the command under it, at any size the console
runs at; any key goes back."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static


class QrScreen(ModalScreen[None]):
    """The QR code (lines drawn by `app.hub.console.qr_lines`) and the command."""

    def __init__(self, drawn: list[str], command: str) -> None:
        super().__init__()
        self.drawn = drawn
        self.command = command

    def compose(self) -> ComposeResult:
        yield Static(Content("\n".join(self.drawn)), id="qr-large")
        yield Static(Content(f"{self.command}\nAny key goes back."), id="qr-command")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()
