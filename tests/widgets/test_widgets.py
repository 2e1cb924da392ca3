"""Each widget on its own: it shows the state it is given and posts messages up."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget

from app.tui.styles import STYLES
from tests.app.tui_support import click_key, key_rows
from widgets.digit_pool import DigitPool
from widgets.equation_input import EquationInput
from widgets.equation_template import EquationTemplate
from widgets.move_list import MoveList
from widgets.operator_picker import OperatorPicker
from widgets.player_panel import PlayerPanel
from widgets.running_total import RunningTotal
from widgets.score_bar import ScoreBar
from widgets.sequence_strip import SequenceStrip
from widgets.title_bar import TitleBar


class Host(App[None]):
    """Hosts one widget and records the messages it posts."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        STYLES / "widgets.tcss",
        STYLES / "pool.tcss",
    ]  # (the widgets' looks are in the app's style sheets)

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.seen: list[Message] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_digit_pool_picked(self, message: DigitPool.Picked) -> None:
        self.seen.append(message)

    def on_equation_input_declared(self, message: EquationInput.Declared) -> None:
        self.seen.append(message)

    def on_equation_input_skipped(self, message: EquationInput.Skipped) -> None:
        self.seen.append(message)

    def on_operator_picker_chosen(self, message: OperatorPicker.Chosen) -> None:
        self.seen.append(message)

    def on_equation_template_slot_chosen(self, message: EquationTemplate.SlotChosen) -> None:
        self.seen.append(message)


def values(seen: list[Message], name: str) -> list[Any]:
    return [getattr(m, name) for m in seen]


async def test_digit_pool_keys_clicks_and_taken() -> None:
    pool = DigitPool(tuple(range(1, 16)), columns=8)
    app = Host(pool)
    async with app.run_test(size=(80, 12)) as pilot:
        pool.taken = {7: 1, 3: 0}
        await pilot.pause()
        assert pool.look(7) == "held by 1" and pool.label(7) == "7·1"
        assert pool.look(3) == "used" and pool.look(8) == "free"
        assert not pool.pickable(7) and pool.pickable(8)
        pool.type_digit("1")  # could be 10-15: waits
        assert pool.typed == "1" and app.seen == []
        pool.type_digit("2")
        pool.type_digit("9")
        pool.type_digit("1")
        assert pool.flush_typed()
        await pilot.pause()
        assert values(app.seen, "number") == [12, 9, 1]
        await click_key(pilot, 5)
        gutter = pool.key_region(5)  # the column right of key 5, between it and 6
        await pilot.click(DigitPool, offset=(gutter.right, gutter.y + 1))  # nothing
        pool.active = False
        await click_key(pilot, 6)  # inactive: nothing
        await pilot.pause()
        assert values(app.seen, "number") == [12, 9, 1, 5]
        assert pool.look(6) == "inactive"


async def test_digit_pool_cursor_by_arrows() -> None:
    pool = DigitPool(tuple(range(1, 10)), columns=3)
    app = Host(pool)
    async with app.run_test(size=(80, 12)) as pilot:
        pool.focus()
        await pilot.press("enter")  # Enter alone does not pick: it belongs to the screen
        await pilot.press("right", "down", "enter", "space")
        assert values(app.seen, "number") == [5, 5]


async def test_equation_input_types_symbols_and_posts() -> None:
    widget = EquationInput()
    app = Host(widget)
    async with app.run_test(size=(80, 14)) as pilot:
        widget.keys = (2, 4, 6)
        await pilot.pause()
        widget.focus_line()
        await pilot.press(*"6-4x1/1=2")
        assert widget.value == "6−4×1÷1=2"
        await pilot.press("enter")
        await pilot.press("escape")
        await pilot.pause()
        assert [type(m).__name__ for m in app.seen] == ["Declared", "Skipped"]
        assert app.seen[0].text == "6−4×1÷1=2"  # type: ignore[attr-defined]
        widget.clear()
        for label in ("6", "−", "4", "=", "2"):
            key = next(k for k in widget.query(".eq-key") if str(k.render()) == label)
            await pilot.click(key)
        assert widget.value == "6 − 4 = 2"


async def test_operator_picker_and_template_slots() -> None:
    picker = OperatorPicker()
    app = Host(picker)
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.click(OperatorPicker, offset=picker.key_offset("/"))
        await pilot.click(OperatorPicker, offset=(5, 1))  # (between two keys: nothing)
        picker.choose("-")
        picker.selected = "/"
        await pilot.pause()
        assert values(app.seen, "op") == ["/", "-"]
        assert not picker.children  # (one widget draws the four keys)
        await pilot.hover(OperatorPicker, offset=picker.key_offset("+"))
        assert "operator-picker--hover" in picker.key_layers("+")
        await pilot.hover(OperatorPicker, offset=(5, 1))
        assert not any("operator-picker--hover" in picker.key_layers(op) for op in "+-*/")
        assert "operator-picker--selected" in picker.key_layers("/")
        assert "operator-picker--selected" not in picker.key_layers("-")
        row = "".join(s.text for s in picker.render_line(1))
        assert row.rstrip() == "│ + │ │ − │ │ × │ ║ ÷ ║"  # (the chosen one: a double border)
    template = EquationTemplate(2)
    app = Host(template)
    async with app.run_test(size=(80, 10)) as pilot:
        template.template = "(_ + _) × _"
        await pilot.pause()
        template.values = (3, None, 4)
        template.cursor = 2
        await pilot.pause()
        assert template.slot_text(1) == "3"
        assert "equation-template--cursor" in template.slot_layers(2)
        await pilot.click(EquationTemplate, offset=template.slot_offset(3))
        assert [(m.player, m.slot) for m in app.seen] == [(2, 3)]  # type: ignore[attr-defined]


async def test_score_bar_marks_the_target_and_warns() -> None:
    bar = ScoreBar(1)
    app = Host(bar)
    async with app.run_test(size=(60, 3)) as pilot:
        bar.label, bar.score, bar.target = "Ann", 42, 50
        await pilot.pause()
        assert "42/50" in str(bar.render())
        bar.preview = 52
        await pilot.pause()
        assert bar.has_class("-over") and "52/50 over!" in str(bar.render())
        bar.preview, bar.score = None, -4  # (1 − 5: a score below zero)
        await pilot.pause()
        shown = str(bar.render())
        assert "−4/50" in shown and "-" not in shown  # the minus sign, as the boards write it


async def test_strip_total_panel_and_move_list() -> None:
    strip = SequenceStrip()
    app = Host(strip)
    async with app.run_test(size=(60, 6)) as pilot:
        strip.sequence = (4, 5, 2, 3)
        strip.equation = "5 = 2 + 3"
        await pilot.pause()
        assert strip.query_one("#last").value == "5 2 3"  # type: ignore[attr-defined]
        assert strip.query_one("#older").value == "4"  # type: ignore[attr-defined]
        assert strip.line_text() == "5 = 2 + 3" and strip.has_class("-formed")
    total = RunningTotal()
    app = Host(total)
    async with app.run_test(size=(60, 6)) as pilot:
        total.total = 31
        await pilot.pause()
        assert total.has_class("-reached")
    panel = PlayerPanel(2, "Bob")
    app = Host(panel)
    async with app.run_test(size=(60, 6)) as pilot:
        panel.active = True
        await pilot.pause()
        assert panel.has_class("-active") and "Bob" in str(panel.border_title)
        # Its lines are drawn by the panel itself (one node): holdings, kind, match line.
        assert not panel.children
        panel.show(
            name="Bob",
            kind="computer",
            holdings=Text("score 7"),
            active=True,
            winner=False,
            score="1 of 2 round wins",
        )
        panel.clock, panel.low_time = "5 s left", True
        await pilot.pause()
        drawn = panel.render()
        assert drawn.plain == "score 7\ncomputer\n1 of 2 round wins · 5 s left"
        assert panel.size.height == 3  # (three lines inside its border)
        low = panel.get_component_rich_style("player-panel--match")
        assert low.bold and low != panel.get_component_rich_style("player-panel--kind")
        panel.show(
            name="Bob",
            kind="human",
            holdings=Text("score 7"),
            active=False,
            winner=True,
            score="",
        )
        panel.clock = ""
        await pilot.pause()
        assert panel.render().plain == "score 7\nhuman" and panel.size.height == 2
    moves = MoveList()
    app = Host(moves)
    async with app.run_test(size=(40, 10)) as pilot:
        moves.moves = ((1, "Player 1: 5"), (2, "Player 2: 7"))
        await pilot.pause()
        listed = moves.render_moves()
        assert "Player 2: 7" in str(listed)
        # Each mover's name in their colour, the move after it not.
        _, _, second = moves._styles()
        named = [listed.plain[s.start : s.end] for s in listed.spans if s.style == second]
        assert named == ["Player 2"]


async def test_move_list_keeps_the_newest_move_in_view_until_the_player_scrolls_up() -> None:
    moves = MoveList()
    app = Host(moves)
    async with app.run_test(size=(40, 10)) as pilot:
        moves.moves = ((1, "5"), (2, "7"))
        await pilot.pause()
        assert moves.scroll_y == moves.max_scroll_y == 0  # short: at the top
        moves.moves = tuple((1 + i % 2, str(i)) for i in range(1, 31))
        await pilot.pause()
        assert moves.scroll_y == moves.max_scroll_y > 0  # the newest in view
        moves.scroll_home(animate=False)  # the player reads older moves
        await pilot.pause()
        moves.moves = (*moves.moves, (1, "31"))
        await pilot.pause()
        assert moves.scroll_y < moves.max_scroll_y  # left where the player put it
        moves.scroll_end(animate=False)
        await pilot.pause()
        moves.moves = (*moves.moves, (2, "32"))
        await pilot.pause()
        assert moves.scroll_y == moves.max_scroll_y  # followed again from the bottom
        await pilot.resize_terminal(40, 8)  # the list made shorter: still the newest
        await pilot.pause()
        assert moves.scroll_y == moves.max_scroll_y > 0
        assert "32" in "".join(segment.text for segment in moves.render_line(moves.size.height - 1))


async def test_equation_input_number_keys_follow_the_numbers_held() -> None:
    widget = EquationInput()
    app = Host(widget)
    async with app.run_test(size=(80, 14)) as pilot:

        def shown() -> list[str]:
            row = widget.query_one("#number-keys")
            return [str(k.render()) for k in row.query(".eq-key") if k.display]

        widget.keys = (2, 4, 6)
        await pilot.pause()
        assert shown() == ["2", "4", "6"]
        widget.keys = (7,)  # fewer: keys reused, the rest hidden
        await pilot.pause()
        assert shown() == ["7"]
        widget.keys = (1, 3, 5, 9)  # more: reused, and one mounted
        await pilot.pause()
        assert shown() == ["1", "3", "5", "9"]
        widget.clear()
        await pilot.click(next(k for k in widget.query(".eq-key") if str(k.render()) == "9"))
        assert widget.value == "9"


async def test_digit_pool_cursor_steps_over_taken_numbers_and_strikes_them() -> None:
    """Held and used numbers are struck through and dashed alike; the cursor never rests
    on one; chosen keys take the chooser's colour class."""
    pool = DigitPool(tuple(range(1, 10)), columns=9)
    app = Host(pool)
    async with app.run_test(size=(80, 12)) as pilot:
        pool.focus()
        pool.taken = {1: 1, 2: 2, 4: 0}
        await pilot.pause()
        assert pool.cursor == 2  # stepped off 1 and 2 onto 3
        await pilot.press("right")
        assert pool.cursor == 4  # over the used 4, onto 5
        await pilot.press("left")
        assert pool.cursor == 2  # back over 4
        await pilot.press("left")  # 2 and 1 are held: round to 9
        assert pool.cursor == 8
        for number in (1, 2, 4):
            top, middle, _ = key_rows(pool, number)
            assert top.text == "┏╍╍╍╍╍┓"  # dashed
            assert all(part.style.strike for part in middle if part.text.strip("╏ "))
        assert [key_rows(pool, n)[1].text for n in (1, 2, 4)] == ["╏ 1·1 ╏", "╏ 2·2 ╏", "╏  4  ╏"]
        assert key_rows(pool, 9)[0].text == "┏━━━━━┓"  # the cursor's heavy border
        pool.selected = (5,)
        pool.player = 2
        await pilot.pause()
        assert pool.has_class("-player-2") and pool.look(5) == "selected"
        top, middle, _ = key_rows(pool, 5)
        assert top.text == "╔═════╗"  # double: chosen, not by colour alone
        assert all(part.style.underline for part in middle if part.text == "5")


async def test_a_digit_that_waits_for_a_second_one_underlines_the_keys_it_can_become() -> None:
    """With 10-15 in the pool a typed 1 picks nothing yet: the keys it can still become
    (1, and the free ones of 10-15) are underlined, not by colour alone, until it is
    settled."""
    pool = DigitPool(tuple(range(1, 16)), columns=8)
    app = Host(pool)
    async with app.run_test(size=(80, 12)) as pilot:
        pool.taken = {12: 0}
        await pilot.pause()

        def underlined(number: int) -> bool:
            middle = key_rows(pool, number)[1]
            return all(part.style.underline for part in middle if str(number) in part.text)

        assert not any(underlined(n) for n in (1, 10, 11))
        pool.type_digit("1")
        await pilot.pause()
        assert [n for n in pool.numbers if underlined(n)] == [1, 10, 11, 13, 14, 15]
        assert key_rows(pool, 12)[0].text == "┏╍╍╍╍╍┓"  # used: as it was
        pool.type_digit("4")
        await pilot.pause()
        assert values(app.seen, "number") == [14]
        assert not any(underlined(n) for n in pool.numbers)


async def test_digit_pool_show_sets_a_turn_at_once_and_restyles_only_what_it_changes() -> None:
    pool = DigitPool((1, 2, 3), columns=3)
    app = Host(pool)
    async with app.run_test(size=(40, 8)) as pilot:
        restyled: list[str] = []
        original = app.stylesheet.apply

        def noted(node: Any, *args: Any, **kwargs: Any) -> Any:
            restyled.append(node.id or type(node).__name__)
            return original(node, *args, **kwargs)

        app.stylesheet.apply = noted  # type: ignore[method-assign]
        active_look = key_rows(pool, 3)[0]  # (key 1 has the cursor: its own border)
        pool.show(taken={2: 0}, active=False, classes={"-to-move": True})
        await pilot.pause()
        assert pool.has_class("-inactive") and pool.has_class("-to-move")
        assert pool.look(2) == "used" and pool.look(3) == "inactive"
        # One node is restyled, the pool: the other nodes are its looks (Textual's
        # virtual nodes for its component classes), never a key.
        assert restyled.count("DigitPool") == 1
        assert set(restyled) == {"DigitPool", "DOMNode"}
        assert all(part.style.strike for part in key_rows(pool, 2)[1] if part.text == "2")
        assert key_rows(pool, 3)[0] != active_look  # the free keys look inactive
        restyled.clear()
        pool.show(taken={2: 0}, active=False, classes={"-to-move": True})
        assert restyled == []  # nothing changed: nothing restyled
        pool.show(active=True, classes={"-to-move": False})
        assert not pool.has_class("-inactive") and not pool.has_class("-to-move")
        assert restyled.count("DigitPool") == 1
        await pilot.pause()
        assert key_rows(pool, 3)[0] == active_look


def look_of(pool: DigitPool, number: int) -> list[list[Any]]:
    """The styles of a key's cells, row by row (its label left out)."""
    return [[part.style for part in row] for row in key_rows(pool, number)]


async def test_digit_pool_hover_and_theme_change_its_looks() -> None:
    pool = DigitPool((1, 2, 3), columns=3)
    app = Host(pool)
    async with app.run_test(size=(40, 8)) as pilot:
        app.theme = "textual-dark"
        await pilot.pause()
        plain = look_of(pool, 2)
        assert plain == look_of(pool, 3)  # two free keys alike
        await pilot.hover(DigitPool, offset=pool.key_offset(2))
        assert look_of(pool, 2) != plain and look_of(pool, 3) == plain
        await pilot.hover(DigitPool, offset=pool.key_offset(3) + Offset(20, 0))
        assert look_of(pool, 2) == plain  # the mouse left the key
        app.theme = "textual-light"
        await pilot.pause()
        light = look_of(pool, 2)
        assert [row.text for row in key_rows(pool, 2)] == ["╭─────╮", "│  2  │", "╰─────╯"]
        assert light != plain  # drawn again in the new theme's colours


async def test_title_bar_puts_the_variant_on_the_right_and_its_first_line_where_it_is_long() -> (
    None
):
    """One widget draws the game screen's title line (issue 37: fewer nodes)."""
    bar = TitleBar(Text("Equation Duel · Fifty"), "best of 3 · standard rules · 30 s per turn")
    app = Host(bar)
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        drawn = "".join(segment.text for segment in bar.render_line(0))
        assert drawn == "Equation Duel · Fifty" + " " * 8 + "best of 3 ·"
        assert len(drawn) == bar.content_size.width == 40
        bar.variant = "rules"
        bar.refresh()
        drawn = "".join(segment.text for segment in bar.render_line(0))
        assert drawn == "Equation Duel · Fifty" + " " * 14 + "rules"
