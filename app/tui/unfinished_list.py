"""The games left unfinished, offered at start: each with Resume and Discard.

`UnfinishedDialog` lists every game kept (`app.store.unfinished`), newest first, one row each:
what it is (`Templates: Ann vs Bob (move 5)`), a Resume and a Discard button. By mouse, a
click; by keys, ↑ ↓ (or Tab) move between the games, `r` (or Enter on Resume) resumes the
game whose row has the focus, `d` discards it, Escape or `n` closes the list and keeps
them all for the next start. It dismisses with the game to resume (its file), or None.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from app.tui.dialogs import Dialog
from app.tui.mounting import on_top
from app.tui.record_dialogs import resume_words
from app.tui.styles import SCREEN_STYLES
from rules.records import GameRecord


class UnfinishedGame(NamedTuple):
    """A game kept: its file and its record."""

    path: Path
    record: GameRecord


class UnfinishedDialog(Dialog[Path | None]):
    """Every game left unfinished, newest first: resume one, discard any, or not now."""

    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "#resume-0"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resume", "Resume"),
        Binding("d", "discard", "Discard"),
        Binding("up", "move(-1)", "Previous game", show=False),
        Binding("down", "move(1)", "Next game", show=False),
        Binding("n,escape", "close", "Not now"),
    ]

    def __init__(self, games: list[UnfinishedGame], discard: Callable[[Path], bool]) -> None:
        """`discard(path)` removes a kept game (False: it could not be)."""
        super().__init__(classes="dialog-screen")
        self.games = list(games)
        self._discard = discard
        #: The numbers of the games not discarded (their widgets may not be gone yet:
        #: keys come fast).
        self._left = list(range(len(self.games)))

    def compose(self) -> ComposeResult:
        with Vertical(id="unfinished", classes="dialog"):
            yield Static(self._title(), id="unfinished-title", classes="dialog-title")
            with VerticalScroll(id="unfinished-games"):
                for number, game in enumerate(self.games):
                    with Horizontal(id=f"game-{number}", classes="unfinished-row"):
                        yield Static(Text(resume_words(game.record)), classes="unfinished-name")
                        yield Button("Resume", id=f"resume-{number}", compact=True)
                        yield Button(
                            "Discard", id=f"discard-{number}", compact=True, variant="error"
                        )
            yield Static(
                "r resume · d discard · ↑ ↓ choose · Esc not now: all are kept",
                classes="dialog-note",
            )

    def _title(self) -> str:
        left = len(self._left)
        return "A game was left unfinished" if left == 1 else f"{left} games left unfinished"

    # Which game: the one whose row has the focus (the first when none has)

    def _current(self) -> int | None:
        row = getattr(self.focused, "parent", None)
        found = [n for n in self._left if row is not None and row.id == f"game-{n}"]
        return next(iter(found or self._left), None)

    def action_move(self, step: int) -> None:
        current = self._current()
        if current is not None:
            place = max(0, min(len(self._left) - 1, self._left.index(current) + step))
            self.query_one(f"#resume-{self._left[place]}", Button).focus()

    # The choices

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        kind, _, number = (event.button.id or "").partition("-")
        if not number.isdigit():
            return
        if kind == "resume":
            self._resume(int(number))
        elif kind == "discard":
            self._drop(int(number))

    def action_resume(self) -> None:
        number = self._current()
        if number is not None:
            self._resume(number)

    def action_discard(self) -> None:
        number = self._current()
        if number is not None:
            self._drop(number)

    def action_close(self) -> None:
        self.answer(None)

    def _resume(self, number: int) -> None:
        if number in self._left:
            self.answer(self.games[number].path)

    def _drop(self, number: int) -> None:
        if not on_top(self) or number not in self._left or not self.query(f"#game-{number}"):
            return
        game = self.games[number]
        if not self._discard(game.path):
            self.notify("That game is being played in another window.", markup=False)
            return
        self.notify(f"Discarded {resume_words(game.record)}.", markup=False)
        self._left.remove(number)
        self.query_one(f"#game-{number}").remove()
        if not self._left:
            self.answer(None)
            return
        self.query_one("#unfinished-title", Static).update(self._title())
        self.query_one(f"#resume-{self._left[0]}").focus()
