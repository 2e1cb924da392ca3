"""The match settings of the setup screen, the same for every game: the match's length,
the clock per turn and takebacks (the template game's "first to N round wins" and clock
are these)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label, Static

from app.tui.choices import Choice, ChoiceSet, Tick
from rules.match import BEST_OF_CHOICES
from widgets.select import Select

#: The clock choices in seconds (0: off).
CLOCK_CHOICES: tuple[int, ...] = (0, 10, 15, 20, 30, 45, 60, 90, 120, 300)


def best_of_label(best_of: int) -> str:
    return "single game" if best_of == 1 else f"best of {best_of}"


def clock_label(seconds: int) -> str:
    return "off" if seconds == 0 else f"{seconds} s per turn"


class MatchForm(Widget):
    """Two rows: the match length and the clock. `values()` reads, `fill()` sets."""

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
        with Horizontal(classes="field-row"):
            yield Label("Match", classes="field-label")
            with ChoiceSet(id="best-of", classes="inline", compact=True):
                for length in self.lengths:
                    yield Choice(
                        best_of_label(length),
                        value=length == self.initial[0],
                        id=f"best-of-{length}",
                    )
        with Horizontal(classes="field-row"):
            yield Label("Clock", classes="field-label")
            yield Select(
                [(clock_label(s), s) for s in self.clocks],
                id="clock",
                allow_blank=False,
                value=self.initial[1] or 0,
                compact=True,
            )
            yield Static(
                "a player whose time runs out loses the round",
                classes="field-help",
            )
        with Horizontal(classes="field-row"):
            yield Label("Takebacks", classes="field-label")
            yield Tick("allowed", self.initial_takebacks, id="takebacks", compact=True)
            yield Static(
                "against the computer, undo takes back your move and its reply",
                classes="field-help",
            )

    def values(self) -> tuple[int, int | None]:
        best_of = next(
            (n for n in self.lengths if self.query_one(f"#best-of-{n}", Choice).value), 1
        )
        seconds = self.query_one("#clock", Select).value
        return best_of, (seconds if isinstance(seconds, int) and seconds > 0 else None)

    def takebacks(self) -> bool:
        return self.query_one("#takebacks", Tick).value

    def fill(self, best_of: int, turn_seconds: int | None) -> None:
        if best_of in self.lengths:
            self.query_one(f"#best-of-{best_of}", Choice).value = True
        if (turn_seconds or 0) in self.clocks:
            self.query_one("#clock", Select).value = turn_seconds or 0

    @on(ChoiceSet.Changed)
    @on(Select.Changed)
    @on(Tick.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self.post_message(self.Changed())
