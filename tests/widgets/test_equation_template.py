"""The template draws its slots, operators and value line itself (one widget, no children):
what it draws, where a click or the mouse lands, and its looks (component classes)."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual.geometry import Offset

from app.tui.styles import STYLES
from tests.widgets.test_widgets import Host
from widgets.equation_template import EquationTemplate


class BoardHost(Host):
    CSS_PATH: ClassVar[list[str | PurePath]] = [*Host.CSS_PATH, STYLES / "boards.tcss"]


def rows(template: EquationTemplate) -> list[str]:
    return [template.render_line(y).text.rstrip() for y in range(4)]


async def test_one_widget_draws_slots_parens_operators_and_the_value() -> None:
    template = EquationTemplate(1, "(_ + _) × _")
    async with Host(template).run_test(size=(60, 8)) as pilot:
        template.values = (3, None, None)
        template.value_text = "(3 + _) × _"
        await pilot.pause()
        assert not template.children and not list(template.query("*"))
        assert rows(template) == [
            "   ╭───╮   ╭───╮      ╭───╮",
            " ( │ 3 │ + │   │ )  × │   │",
            "   ╰───╯   ╰───╯      ╰───╯",
            "(3 + _) × _",
        ]
        template.template = "_ − _ ÷ _"  # (a template changed by the setup: drawn anew)
        await pilot.pause()
        assert rows(template)[1] == "│ 3 │ − │   │ ÷ │   │"
        assert template.slot_offset(3).x == 2 + 16 + 2  # (border and padding, 3 pieces)


async def test_a_click_on_a_slot_chooses_it_and_between_slots_nothing() -> None:
    template = EquationTemplate(2, "(_ + _) × _")
    app = Host(template)
    async with app.run_test(size=(60, 8)) as pilot:
        await pilot.click(EquationTemplate, offset=template.slot_offset(2))
        between = template.slot_offset(1) + Offset(4, 0)  # (the "+" after the first slot)
        await pilot.click(EquationTemplate, offset=between)
        await pilot.click(EquationTemplate, offset=template.slot_offset(3) + Offset(0, 2))
        await pilot.pause()
        assert [(m.player, m.slot) for m in app.seen] == [(2, 2)]  # type: ignore[attr-defined]


async def test_the_slot_under_the_mouse_and_the_states_of_a_slot() -> None:
    template = EquationTemplate(1)
    async with Host(template).run_test(size=(60, 8)) as pilot:
        await pilot.hover(EquationTemplate, offset=template.slot_offset(2))
        assert template.slot_layers(2) == ("equation-template--slot", "equation-template--hover")
        await pilot.hover(EquationTemplate, offset=Offset(50, 6))
        template.values, template.cursor, template.hinted = (1, None, None), 1, 1
        await pilot.pause()
        assert template.slot_layers(2) == ("equation-template--slot",)
        assert template.slot_layers(1) == (
            "equation-template--slot",
            "equation-template--filled",
            "equation-template--cursor",
            "equation-template--hint",
        )
        assert not template.has_class("-full") and not template.has_class("-active")
        template.values, template.active = (1, 2, 3), True
        await pilot.pause()
        assert template.has_class("-full") and template.has_class("-active")
        template.value_text = "= 7"
        await pilot.pause()
        (value,) = list(template.render_line(3))
        assert value.text == "= 7" and value.style and value.style.bold  # (a full one's result)


async def test_an_empty_slot_is_framed_in_the_texts_colour_on_a_light_theme() -> None:
    template = EquationTemplate(1)
    app = BoardHost(template)
    async with app.run_test(size=(60, 8)) as pilot:
        dark = template.get_component_styles("equation-template--slot").border.top[1]
        app.theme = "solarized-light"
        await pilot.pause()
        light = template.get_component_styles("equation-template--slot").border.top[1]
        assert (dark.a, light.a) == (0.25, 0.7)
        filled = template.get_component_styles("equation-template--filled").border.top[1]
        assert filled.a == 0.15
