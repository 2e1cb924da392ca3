"""SequenceStrip (conquest): the sequence so far, the last three highlighted, the equation."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class SequenceStrip(Widget):
    """Shows the numbers appended so far; the last three (the ones that count) stand out."""

    DEFAULT_CSS = """
    SequenceStrip {
        height: 5; width: 1fr; border: round $panel-lighten-2; padding: 0 1;
        border-title-color: $text-muted; content-align: center middle;
    }
    SequenceStrip.-formed { border: double $success; }
    """
    COMPONENT_CLASSES = {
        "sequence-strip--old",
        "sequence-strip--last",
        "sequence-strip--pending",
        "sequence-strip--equation",
        "sequence-strip--hint",
    }
    DEFAULT_CSS += """
    SequenceStrip > .sequence-strip--old { color: $text-muted; }
    SequenceStrip > .sequence-strip--last { color: $text; background: $primary 30%; text-style: bold; }
    SequenceStrip > .sequence-strip--pending { color: $text; background: $accent 40%; text-style: bold underline; }
    SequenceStrip > .sequence-strip--equation { color: $success; text-style: bold; }
    SequenceStrip > .sequence-strip--hint { color: $text-muted; text-style: italic; }
    """

    sequence: reactive[tuple[int, ...]] = reactive(())
    #: A number picked but not yet played (the declare variant waits for the declaration).
    pending: reactive[int | None] = reactive(None)
    #: The equation the last three numbers form, as shown (`5 = 2 + 3`), once formed.
    equation: reactive[str | None] = reactive(None)

    def on_mount(self) -> None:
        self.border_title = "Sequence"

    def watch_equation(self, equation: str | None) -> None:
        self.set_class(equation is not None, "-formed")

    def render(self) -> Text:
        numbers = list(self.sequence)
        if self.pending is not None:
            numbers.append(self.pending)
        text = Text(justify="center")
        if not numbers:
            text.append("empty: append a number from 1 to 9", self.style_of("hint"))
            return text
        # Each number takes four cells; show as many of the newest as fit.
        room = max(3, (self.content_size.width - 2) // 4)
        start = max(0, len(numbers) - room)
        if start:
            text.append("… ", self.style_of("old"))
        last_from = len(numbers) - 3
        for index in range(start, len(numbers)):
            if self.pending is not None and index == len(numbers) - 1:
                style = self.style_of("pending")
            elif index >= last_from:
                style = self.style_of("last")
            else:
                style = self.style_of("old")
            text.append(f" {numbers[index]:>2} ", style)
        text.append("\n")
        if self.equation is not None:
            text.append(self.equation, self.style_of("equation"))
        elif len(numbers) >= 3:
            text.append("the last three numbers count", self.style_of("hint"))
        return text

    def style_of(self, part: str) -> Style:
        return self.get_component_rich_style(f"sequence-strip--{part}")
