"""A tournament's pairing played online, from the round screen's "Play online" (o).

`OnlineWayScreen` asks which way: 1, this machine plays the first player and the second
joins from their own machine (the online host's waiting screen, `app.tui.online_hosting`);
2, both players join from their own machines and this machine only judges
(`RelayScreen`). `RelayScreen` runs the relay, `equation-duel tournament host ...
--both-online` (`app.online.relay_play`, line by line: the full screen never imports the
plain mode), as a program of its own, and shows its lines: each player's own command
(each seat its own code), then what happens, in words. The relay enters the result when
the match ends. Escape stops it as ctrl+c does: the game is kept on this machine, and
the pairing stays to play.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from collections import deque
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from app.tui.styles import ONLINE_STYLES
from widgets.keys_footer import KeysFooter

#: The addresses to listen on: this machine only, or every network it is on.
LOOPBACK = "127.0.0.1"
EVERY_NETWORK = "0.0.0.0"
#: How many of the latest lines the relay screen shows.
SHOWN_LINES = 8
#: The relay's lines that go with the players' commands (who can reach the game, and
#: whether the link is encrypted).
JOIN_NOTES = ("Each code", "Only this machine", "Machines that", "Any machine", "The link")


class OnlineWayScreen(Screen[tuple[int, str] | None]):
    """Which way a pairing is played online, 1 or 2, and the address to listen on (n:
    loopback, or every network of this machine); None: Escape."""

    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose(1)", "First plays here"),
        Binding("2", "choose(2)", "Both on their machines"),
        Binding("n", "network", "Who can join"),
        Binding("escape", "choose(0)", "Back"),
    ]

    def __init__(self, title: str, names: tuple[str, str]) -> None:
        super().__init__(classes="online-wait")
        self.title_words = title
        self.names = names
        self.bind = LOOPBACK

    def compose(self) -> ComposeResult:
        p1, p2 = self.names
        with Vertical(id="online-box"):
            yield Static(Text(f"{self.title_words}: play online", style="bold"), id="online-title")
            yield Static(
                f"1  {p1} plays on this machine; {p2} joins from their own machine.",
                id="guest-command",
                markup=False,
            )
            yield Static(
                f"2  {p1} and {p2} each join from their own machine, each with their own "
                "code; this machine only judges (no takebacks).",
                id="online-reach",
                markup=False,
            )
            yield Static(self._reach(), id="online-waiting", markup=False)
        yield KeysFooter()

    def _reach(self) -> str:
        if self.bind == LOOPBACK:
            return "n  Only this machine can join (n: the class's network too)."
        return (
            "n  Any machine that can reach this one on the network can try to join; the "
            "link is not encrypted (n: this machine only)."
        )

    def action_network(self) -> None:
        self.bind = EVERY_NETWORK if self.bind == LOOPBACK else LOOPBACK
        self.query_one("#online-waiting", Static).update(self._reach())

    def action_choose(self, way: int) -> None:
        self.dismiss((way, self.bind) if way else None)


class RelayScreen(Screen[None]):
    """The pairing's match with both players online, judged here (see the module)."""

    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Stop hosting")]

    def __init__(
        self,
        tournament: str,
        number: int,
        names: tuple[str, str],
        title: str,
        bind: str = LOOPBACK,
    ) -> None:
        super().__init__(classes="online-wait")
        self.bind = bind
        self.tournament = tournament
        self.number = number
        self.names = names
        self.title_words = title
        self.lines: deque[str] = deque(maxlen=SHOWN_LINES)
        #: The lines that say how each player joins (shown once listening).
        self.commands: list[str] = []
        #: The relay (`tournament host --both-online`), a program of its own.
        self.child: subprocess.Popen[str] | None = None
        #: Whether the relay has ended (its last line shown).
        self.ended = False

    def compose(self) -> ComposeResult:
        with Vertical(id="online-box"):
            yield Static(Text(self.title_words, style="bold"), id="online-title")
            yield Static("", id="guest-command", markup=False)
            yield Static("Starting…", id="online-waiting", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self._relay()

    def _command(self) -> list[str]:
        pair = "-".join(self.names)
        pairing = [self.tournament, "--round", str(self.number), "--pair", pair]
        return [sys.executable, "-m", "app", "tournament", "host", *pairing,
                "--both-online", "--bind", self.bind]  # fmt: skip

    @work(thread=True, exclusive=True, group="relay")
    def _relay(self) -> None:
        """(A thread.) Run the relay and show its lines as they come."""
        try:
            child = subprocess.Popen(
                self._command(),
                stdin=subprocess.PIPE,  # (never written: its end stops the relay)
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as error:
            self._from_thread(self._heard, f"The game cannot be hosted: {error}")
            return
        self.child = child
        assert child.stdout is not None
        for line in child.stdout:
            self._from_thread(self._heard, line.rstrip("\n"))
        child.wait()
        self._from_thread(self._heard, "Escape goes back to the round.", True)

    def _from_thread(self, *call: object) -> None:
        with contextlib.suppress(RuntimeError):  # (the app is closing)
            self.app.call_from_thread(*call)  # type: ignore[arg-type]

    def _heard(self, line: str, last: bool = False) -> None:
        """A line of the relay's: a player's command, or what happens (the latest shown)."""
        self.ended = self.ended or last
        if not self.is_attached or not line.strip() or _said_here(line):
            return
        line = line.replace("(ctrl+c stops)", "(Escape stops)")
        if " joins with: " in line or line.startswith(JOIN_NOTES):
            self.commands.append(line)
            shown = "\n".join(self.commands).replace(" joins with: ", " joins with:\n  ")
            self.query_one("#guest-command", Static).update(Text(shown))
            return
        self.lines.append(line)
        self.query_one("#online-waiting", Static).update(Text("\n".join(self.lines)))

    def _stop_child(self) -> None:
        """Stop the relay as ctrl+c does (the game is kept), then for good."""
        child = self.child
        if child is None or child.poll() is not None:
            return
        child.send_signal(signal.SIGINT)
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(5)

    def action_leave(self) -> None:
        self._stop_child()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self._stop_child()


def _said_here(line: str) -> bool:
    """The relay's opening lines, which the title and the commands say here already."""
    opening = line.startswith("Round ") and line.endswith(" starts.")
    return opening or line.startswith("Each player joins from their own machine")
