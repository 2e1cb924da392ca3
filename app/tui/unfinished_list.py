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
        #: The rows discarded (their widgets may not be gone yet: keys come fast).
        self._gone: set[int] = set()

    def compose(self) -> ComposeResult:
        count = len(self.games)
        title = "A game was left unfinished" if count == 1 else f"{count} games left unfinished"
        with Vertical(id="unfinished", classes="dialog"):
            yield Static(title, id="unfinished-title", classes="dialog-title")
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

    # Which game: the one whose row has the focus (the first when none has)

    def _rows(self) -> list[Horizontal]:
        rows = self.query(".unfinished-row").results(Horizontal)
        return [row for row in rows if row.id not in {f"game-{n}" for n in self._gone}]

    def _current(self) -> int | None:
        rows = self._rows()
        focused = self.focused
        for row in rows:
            if focused is not None and focused in row.children:
                return int((row.id or "game-0").removeprefix("game-"))
        return int((rows[0].id or "game-0").removeprefix("game-")) if rows else None

    def action_move(self, step: int) -> None:
        rows = self._rows()
        if not rows:
            return
        numbers = [int((row.id or "game-0").removeprefix("game-")) for row in rows]
        current = self._current()
        place = numbers.index(current) if current in numbers else 0
        target = numbers[max(0, min(len(numbers) - 1, place + step))]
        self.query_one(f"#resume-{target}", Button).focus()

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
        if number not in self._gone:
            self.answer(self.games[number].path)

    def _drop(self, number: int) -> None:
        if not on_top(self) or number in self._gone or not self.query(f"#game-{number}"):
            return
        game = self.games[number]
        if not self._discard(game.path):
            self.notify("That game is being played in another window.", markup=False)
            return
        self.notify(f"Discarded {resume_words(game.record)}.", markup=False)
        self._gone.add(number)
        later = self._rows()
        self.query_one(f"#game-{number}").remove()
        if not later:
            self.answer(None)
            return
        left = len(later)
        title = "A game was left unfinished" if left == 1 else f"{left} games left unfinished"
        self.query_one("#unfinished-title", Static).update(title)
        self.query_one(f"#resume-{(later[0].id or 'game-0').removeprefix('game-')}").focus()
