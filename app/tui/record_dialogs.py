"""Dialogs about game records: where to export, which round."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Static

from app.store.atomic_files import write_problem
from app.tui.dialogs import Dialog
from app.tui.styles import SCREEN_STYLES
from rules.match import round_starter
from rules.record_check import match_of
from rules.records import GameRecord
from rules.registry import GAME_INFO


def short_title(game_id: str) -> str:
    return GAME_INFO[game_id].name


def resume_words(record: GameRecord) -> str:
    """`Templates: Ann vs Bob (move 5)`; in a match `(round 2, move 3)`."""
    done = sum(r.moves for r in record.rounds)
    move = len(record.moves) - done + 1
    where = f"round {len(record.rounds) + 1}, move {move}" if record.is_match else f"move {move}"
    return f"{short_title(record.game)}: {record.names[0]} vs {record.names[1]} ({where})"


class ExportDialog(Dialog[Path | None]):
    """The file to export the game record to. With `web` (under `serve`) no path can be
    typed: it dismisses with `default`, which the caller does not use as a path."""

    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "#export-path, #export-ok"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "export", "Export", show=False),
    ]

    def __init__(self, default: Path, web: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.default = default
        self.web = web

    def compose(self) -> ComposeResult:
        with Vertical(id="export", classes="dialog"):
            yield Static("Export the game record", classes="dialog-title")
            if self.web:
                yield Static(
                    "The record (JSON) is written to the exports folder of the server's "
                    "data folder, under a new name.",
                    id="export-where",
                    classes="dialog-note",
                )
            else:
                yield Static("Write the record (JSON) to this file:", classes="dialog-note")
                yield Input(str(self.default), id="export-path", select_on_focus=False)
            yield Static("", id="export-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Export (Enter)", id="export-ok", variant="primary")
                yield Button("Cancel (Esc)", id="export-cancel")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_export()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "export-ok":
            self.action_export()
        else:
            self.action_cancel()

    def action_export(self) -> None:
        if self.web:  # nothing typed is ever a path here
            self.dismiss(self.default)
            return
        text = self.query_one("#export-path", Input).value.strip()
        path = Path(text).expanduser() if text else self.default
        folder = not path.name or path.is_dir()  # (a device or a pipe: never written over)
        problem = f"{path} is a folder: give a file name" if folder else write_problem(path)
        if problem is not None:
            error = self.query_one("#export-error", Static)
            error.update(Text(problem))
            error.display = True
            return
        self.answer(path)

    def action_cancel(self) -> None:
        self.answer(None)


class RoundChoiceDialog(Dialog[int | None]):
    """Which round of a finished match to replay (its number key, or a click)."""

    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "Button"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "choose(0)", "Cancel")]

    def __init__(self, record: GameRecord) -> None:
        super().__init__(classes="dialog-screen")
        self.record = record

    def compose(self) -> ComposeResult:
        match = match_of(self.record)
        names = self.record.names
        with Vertical(id="round-choice", classes="dialog"):
            yield Static("Replay which round?", classes="dialog-title")
            with Vertical(id="round-buttons"):
                for result in match.results:
                    starter = names[round_starter(match, result.number) - 1]
                    label = (
                        f"{result.number}  Round {result.number}: {starter} started, "
                        f"{names[result.winner - 1]} won"
                    )
                    yield Button(Content(label), id=f"round-{result.number}", compact=True)
            yield Static("Esc: back", classes="dialog-note")

    def on_key(self, event: events.Key) -> None:
        if event.key.isdigit() and self.query(f"#round-{event.key}"):
            event.stop()
            self.answer(int(event.key))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(int((event.button.id or "round-0").removeprefix("round-")))

    def action_choose(self, number: int) -> None:
        self.answer(number or None)
