"""Each widget on its own: it shows the state it is given and posts messages up."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widget import Widget

from widgets.digit_pool import DigitPool
from widgets.equation_input import EquationInput
from widgets.equation_template import EquationTemplate
from widgets.move_list import MoveList
from widgets.operator_picker import OperatorPicker
from widgets.player_panel import PlayerPanel
from widgets.running_total import RunningTotal
from widgets.score_bar import ScoreBar
from widgets.sequence_strip import SequenceStrip


class Host(App[None]):
    """Hosts one widget and records the messages it posts."""

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
        key = pool.query_one("#key-7")
        assert key.has_class("-p1") and str(key.render()) == "7·1"
        assert pool.query_one("#key-3").has_class("-used")
        assert not pool.pickable(7) and pool.pickable(8)
        pool.type_digit("1")  # could be 10-15: waits
        assert pool.typed == "1" and app.seen == []
        pool.type_digit("2")
        pool.type_digit("9")
        pool.type_digit("1")
        assert pool.flush_typed()
        await pilot.pause()
        assert values(app.seen, "number") == [12, 9, 1]
        await pilot.click("#key-5")
        pool.active = False
        await pilot.click("#key-6")  # inactive: nothing
        await pilot.pause()
        assert values(app.seen, "number") == [12, 9, 1, 5]


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
        await pilot.click("#op-division")
        picker.choose("-")
        picker.selected = "/"
        await pilot.pause()
        assert values(app.seen, "op") == ["/", "-"]
        assert picker.query_one("#op-division").has_class("-selected")
    template = EquationTemplate(2)
    app = Host(template)
    async with app.run_test(size=(80, 10)) as pilot:
        template.template = "(_ + _) × _"
        await pilot.pause()
        template.values = (3, None, 4)
        template.cursor = 2
        await pilot.pause()
        assert str(template.query_one("#slot-1").render()) == "3"
        assert template.query_one("#slot-2").has_class("-cursor")
        await pilot.click("#slot-3")
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
    moves = MoveList()
    app = Host(moves)
    async with app.run_test(size=(40, 10)) as pilot:
        moves.moves = ((1, "5"), (2, "7"))
        await pilot.pause()
        assert "P2 7" in str(moves.render_moves())


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
        styles = [pool.query_one(f"#key-{n}").styles for n in (1, 2, 4)]
        assert all("strike" in str(style.text_style) for style in styles)
        assert all(style.border_top[0] == "dashed" for style in styles)
        pool.selected = (5,)
        pool.player = 2
        await pilot.pause()
        assert pool.has_class("-player-2") and pool.query_one("#key-5").has_class("-selected")


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
        free_key = pool.query_one("#key-3")  # (key 1 has the cursor: its own border)
        active_border = str(free_key.styles.border)
        pool.show(taken={2: 0}, active=False, classes={"-to-move": True})
        await pilot.pause()
        assert pool.has_class("-inactive") and pool.has_class("-to-move")
        assert pool.query_one("#key-2").has_class("-used")
        # The pool (its border), the key taken, and the free keys (their inactive look):
        # not the grid between them.
        assert sorted(restyled) == ["DigitPool", "key-1", "key-2", "key-3"]
        key_styles = pool.query_one("#key-2").styles.text_style
        assert "strike" in str(key_styles)  # the key's look follows its class
        assert str(free_key.styles.border) != active_border  # the free keys look inactive
        restyled.clear()
        pool.show(taken={2: 0}, active=False, classes={"-to-move": True})
        assert restyled == []  # nothing changed: nothing restyled
        pool.show(active=True, classes={"-to-move": False})
        assert not pool.has_class("-inactive") and not pool.has_class("-to-move")
        # The used key keeps its own look either way: it is not restyled.
        assert sorted(restyled) == ["DigitPool", "key-1", "key-3"]
        assert str(free_key.styles.border) == active_border
