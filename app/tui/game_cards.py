"""A game as the menu and the online host's list show it: its number, title and pitch."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from rules.registry import GAME_IDS, GAME_INFO


def _card_text(number: int, game_id: str) -> Text:
    game = GAME_INFO[game_id]
    return Text.assemble((f"{number}  ", "bold"), (game.name, "bold"), "\n", (game.pitch, "italic"))


class GameCard(Static, can_focus=True):
    """One game (the online host's list). Enter or a click opens it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "open", "Play", show=False)]

    class Chosen(Message):
        def __init__(self, game_id: str) -> None:
            super().__init__()
            self.game_id = game_id

    def __init__(self, number: int, game_id: str) -> None:
        super().__init__(_card_text(number, game_id), id=f"game-{game_id}", classes="game-card")
        self.game_id = game_id

    def action_open(self) -> None:
        self.post_message(self.Chosen(self.game_id))

    on_click = action_open


class GameList(Widget, can_focus=True):
    """The menu's five games as one widget (one to paint for the first frame); Enter or a
    click posts the same `GameCard.Chosen` a card does."""

    ALLOW_SELECT = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "open", "Play", show=False)]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "game-list--card",
        "game-list--hover",
        "game-list--chosen",
    }

    highlighted: reactive[str] = reactive(GAME_IDS[0])
    hovered: reactive[str | None] = reactive(None)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: tuple[int, list[Text]] | None = None  # (width, each line's words)
        self._rows: list[str] = []  # the game each line belongs to

    def _wrapped(self, width: int) -> list[Text]:
        if self._lines is None or self._lines[0] != width:
            lines: list[Text] = []
            self._rows = []
            for number, game_id in enumerate(GAME_IDS, start=1):
                card = _card_text(number, game_id).wrap(self.app.console, max(1, width - 2))
                lines.extend(card)
                self._rows.extend([game_id] * len(card))
            self._lines = (width, lines)
        return self._lines[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._wrapped(width))

    def render(self) -> Text:
        width = self.content_region.width
        card, hover, chosen = (
            self.get_component_rich_style(f"game-list--{name}")
            for name in ("card", "hover", "chosen")
        )
        text = Text(no_wrap=True, overflow="crop", end="")
        for index, line in enumerate(self._wrapped(width)):
            game_id = self._rows[index]
            if game_id == self.highlighted and self.has_focus:
                style = chosen
            elif game_id == self.hovered:
                style = card + hover
            else:
                style = card
            if index:
                text.append("\n")
            start = len(text)
            text.append(" ")
            text.append_text(line)
            text.append(" " * max(0, width - 1 - line.cell_len))
            text.stylize_before(style, start)
        return text

    def game_at(self, offset: Offset) -> str | None:
        y = offset.y - self.styles.gutter.top
        return self._rows[y] if 0 <= y < len(self._rows) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = self.game_at(event.offset)

    def on_leave(self) -> None:
        self.hovered = None

    def on_click(self, event: events.Click) -> None:
        game_id = self.game_at(event.offset)
        if game_id is not None:
            event.stop()
            self.highlighted = game_id
            self.post_message(GameCard.Chosen(game_id))

    def action_open(self) -> None:
        self.post_message(GameCard.Chosen(self.highlighted))

    def on_focus(self) -> None:
        self.refresh()

    on_blur = on_focus
