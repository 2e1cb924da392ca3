"""A Static updated in place: the new text is shown, and the box still grows or shrinks
when the text needs more or fewer lines (only a same-sized update skips the layout)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from widgets.in_place import update_in_place


class Lines(App[None]):
    CSS = "#line { width: 12; height: auto; } #fixed { width: 12; height: 2; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one line", id="line", markup=False)
            yield Static("fixed", id="fixed", markup=False)
            yield Static("below", id="below", markup=False)


async def test_a_same_sized_update_is_shown_and_a_taller_one_moves_what_follows() -> None:
    app = Lines()
    async with app.run_test(size=(40, 10)) as pilot:
        line, fixed, below = (
            app.query_one(f"#{name}", Static) for name in ("line", "fixed", "below")
        )
        update_in_place(line, "two words")
        update_in_place(fixed, "[not markup]")
        await pilot.pause()
        assert str(line.render()) == "two words"
        assert str(fixed.render()) == "[not markup]"
        assert (line.size.height, below.region.y) == (1, 3)

        update_in_place(line, "a longer text that wraps")
        await pilot.pause()
        assert line.size.height == 3
        assert below.region.y == 5

        update_in_place(line, "short")
        await pilot.pause()
        assert (line.size.height, below.region.y) == (1, 3)
