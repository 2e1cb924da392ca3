"""Joining a class's hub in the full screen (the menu's "Join a class", and `equation-duel
class join CODE@ADDR:PORT` without `--plain`): the class's address, the name and the
certificate to trust (as `class join --tls-ca`), then the waiting room until the teacher
admits (Esc stops waiting), then the lobby (`app.tui.hub_lobby`). The lobby connection
is a `HubClient` on Textual's own loop, which keeps the token the hub gives; a refusal is
said on the form's status line, in words.
"""

from __future__ import annotations

import ssl
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static
from textual.worker import Worker

from app.hub.client import HubClient
from app.hub.codes import CLASS_CODE_LENGTH
from app.online.codes import AddressProblem, parse_address
from app.online.guest_link import JoinRefused
from app.online.texts import NAME_LIMIT
from app.tui.styles import HUB_STYLES
from rules.names import NameProblem, clean_name
from widgets.keys_footer import KeysFooter
from widgets.status_line import Level, StatusLine

WAITING = "Waiting for the teacher to admit you (Esc stops waiting)."


class HubJoinScreen(Screen[None]):
    """The join form (see the module's docstring); `go`: join at once (the command line
    gave the address and the name)."""

    CSS_PATH = HUB_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", key_display="⏎"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, address: str = "", name: str = "", tls_ca: str = "", go: bool = False):
        super().__init__()
        self.given = (address, name, tls_ca)
        self.go = go
        self.joining: Worker[None] | None = None

    def compose(self) -> ComposeResult:
        address, name, tls_ca = self.given
        with Vertical(id="hub-box"):
            yield Static("Join a class", id="hub-title")
            yield Static("The class's address, as the teacher shows it (CODE@ADDR:PORT):")
            yield Input(
                address, placeholder="k7m3qd@192.168.1.20:40213", id="hub-address", compact=True
            )
            yield Static("Your name in the class:")
            yield Input(name, id="hub-name", max_length=NAME_LIMIT, compact=True)
            yield Static("The certificate to trust, if the hub encrypts (else leave empty):")
            yield Input(tls_ca, placeholder="hub.pem", id="hub-tls-ca", compact=True)
            with Horizontal(id="hub-buttons"):
                yield Button("Join (Enter)", id="hub-join", variant="primary", compact=True)
                yield Button("Back (Esc)", id="hub-back", compact=True)
            yield StatusLine(id="hub-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        empty = next((box for box in self.query(Input) if not box.value.strip()), None)
        (empty or self.query_one("#hub-name", Input)).focus()
        if self.go:
            self.action_join()

    def say(self, text: str, level: Level = "info") -> None:
        self.query_one(StatusLine).show(text[:1].upper() + text[1:], level)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "hub-join":
            self.action_join()
        else:
            self.action_back()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "join":  # (a button takes Enter for itself)
            return not isinstance(self.app.focused, Button)
        return True

    def read_form(self) -> HubClient | str:
        """A client for what the form says, or what is wrong with it, in words."""
        address, name, tls_ca = (box.value.strip() for box in self.query(Input))
        try:
            place = parse_address(address, CLASS_CODE_LENGTH)
            name = clean_name(name)
        except (AddressProblem, NameProblem) as error:
            return f"{error}."
        tls = None
        if tls_ca:
            try:
                tls = ssl.create_default_context(cafile=tls_ca)
            except (OSError, ssl.SSLError) as error:
                why = getattr(error, "strerror", None) or getattr(error, "reason", None)
                return f"The certificate {tls_ca} cannot be read: {why or error}."
        return HubClient(place, name, tls)

    def action_join(self) -> None:
        if self.joining is not None and self.joining.is_running:
            return
        read = self.read_form()
        if isinstance(read, str):
            self.say(read, "error")
            return
        self.say("Knocking…")
        self.joining = self.run_worker(self._join(read), exclusive=True, group="hub-join")

    async def _join(self, client: HubClient) -> None:
        try:
            admitted = await client.join(lambda: self.say(WAITING, "note"))
        except JoinRefused as error:
            self.say(f"Cannot join: {error}", "error")
            return
        from app.tui.hub_lobby import HubLobbyScreen

        self.app.switch_screen(HubLobbyScreen(client, admitted.name))

    def action_back(self) -> None:
        if self.joining is not None and self.joining.is_running:
            self.joining.cancel()  # (the client closes its connection)
            self.say("You stopped waiting: Enter knocks again.")
            return
        self.dismiss()
