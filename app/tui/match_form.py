"""The match settings of the setup screen, the same for every game: the match's length,
the clock per turn and takebacks (the template game's "first to N round wins" and clock
are these)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from app.tui.choices import Choices
from app.tui.options_form import FieldRow
from rules.match import BEST_OF_CHOICES

#: The clock choices in seconds (0: off).
CLOCK_CHOICES: tuple[int, ...] = (0, 10, 15, 20, 30, 45, 60, 90, 120, 300)


class MatchForm(Widget):
    """Three rows: the match length, the clock and takebacks. `values()` reads, `fill()`
    sets."""

    class Changed(Message):
        """A setting changed."""

    def __init__(
        self, best_of: int = 1, turn_seconds: int | None = None, takebacks: bool = True, **kw: Any
    ) -> None:
        super().__init__(**kw)
        self.initial_takebacks = takebacks
        # A setting from elsewhere (e.g. the template's "first to 9") is offered too.
        self.lengths = tuple(sorted({*BEST_OF_CHOICES, best_of}))
        self.clocks = tuple(sorted({*CLOCK_CHOICES, turn_seconds or 0}))
        self.initial = (best_of, turn_seconds)

    def compose(self) -> ComposeResult:
        with FieldRow("Match"):
            lengths = [("single game" if n == 1 else f"best of {n}", n) for n in self.lengths]
            yield Choices(lengths, self.initial[0], id="best-of")
        with FieldRow("Clock"):
            clocks = [(str(s) if s else "off", s) for s in self.clocks]
            yield Choices(clocks, self.initial[1] or 0, id="clock")
        yield Static(
            "seconds per turn: a player whose time runs out loses the round",
            classes="field-help note",
        )
        with FieldRow("Takebacks", classes="takebacks"):
            allowed = [("allowed", True), ("not allowed", False)]
            yield Choices(allowed, self.initial_takebacks, id="takebacks")
            yield Static(
                "against the computer, undo takes back your move and its reply",
                classes="field-help",
            )

    def values(self) -> tuple[int, int | None]:
        seconds = self.query_one("#clock", Choices).value
        return self.query_one("#best-of", Choices).value, seconds or None

    def takebacks(self) -> bool:
        return bool(self.query_one("#takebacks", Choices).value)

    def fill(self, best_of: int, turn_seconds: int | None) -> None:
        if best_of in self.lengths:
            self.query_one("#best-of", Choices).value = best_of
        if (turn_seconds or 0) in self.clocks:
            self.query_one("#clock", Choices).value = turn_seconds or 0

    @on(Choices.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self.post_message(self.Changed())
