"""A template changed while its cursor moves (a key pressed as a puzzle opens): the cursor
and values are drawn on the new template, and never raise (the daily template puzzle
crashed on `Down` at 80×24 when the slots were widgets composed again)."""

from __future__ import annotations

import asyncio

from tests.widgets.test_widgets import Host
from widgets.equation_template import EquationTemplate


async def test_a_cursor_moved_while_the_slots_are_composed_again() -> None:
    template = EquationTemplate(2)
    app = Host(template)
    async with app.run_test(size=(80, 10)) as pilot:
        for text in ("(_ + _) × _", "_ × _ − _"):
            template.template = text
            for step in range(12):
                template.cursor = step % 3 + 1
                await asyncio.sleep(0)  # one turn of the event loop: the recompose interleaves
        template.values = (1, None, None)
        template.value_text = "1 × _ − _"
        await pilot.pause()
        assert "equation-template--cursor" in template.slot_layers(3)
        assert template.slot_text(1) == "1"
        assert template.render_line(3).text == "1 × _ − _"
