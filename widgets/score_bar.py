"""ScoreBar: a score's progress toward a target, and a move's preview (past it: a warning)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from rules.seat_names import seat_tag
from rules.words.common import number_text


class ScoreBar(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "score-bar--label",
        "score-bar--fill",
        "score-bar--preview",
        "score-bar--over",
        "score-bar--empty",
        "score-bar--target",
    }

    label: reactive[str] = reactive("")
    score: reactive[int] = reactive(0)
    target: reactive[int] = reactive(50)
    #: The score a move would give (None: no preview).
    preview: reactive[int | None] = reactive(None)

    def __init__(self, player: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"-p{player}")

    @property
    def over(self) -> bool:
        return self.preview is not None and self.preview > self.target

    def watch_preview(self) -> None:
        self.set_class(self.over, "-over")

    def render(self) -> Text:
        style = self.get_component_rich_style
        # A name too long is shortened as the move list tags it: "CPU 2", never "Computer…".
        name = self.label if len(self.label) <= 10 else seat_tag(self.label, 10)
        label = f"{name:<10} "
        shown = self.score if self.preview is None else self.preview
        # The same room whether or not the preview runs over: the bar never shifts.
        number = f" {number_text(shown):>4}/{self.target}" + (" over!" if self.over else "      ")
        width = max(4, self.size.width - len(label) - len(number) - 1)
        target = self.target if self.target > 0 else 1

        def cells(value: int) -> int:
            return round(max(0, min(value, target)) * width / target)

        now = cells(self.score)
        text = Text(label, style=style("score-bar--label"), no_wrap=True, end="")
        low = high = now
        if self.preview is not None and not self.over:
            low, high = sorted((now, cells(self.preview)))
        text.append("█" * low, style("score-bar--fill"))
        text.append("▒" * (high - low), style("score-bar--preview"))
        rest = ("▓", "score-bar--over") if self.over else ("·", "score-bar--empty")
        text.append(rest[0] * (width - high), style(rest[1]))
        text.append("│", style("score-bar--target"))
        over_style = style("score-bar--over") if self.over else style("score-bar--label")
        text.append(number, over_style)
        return text
