"""KeysFooter: the keys that apply now, drawn at once, repainted when they change, and
pressed by a click."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from app.tui.styles import STYLES
from widgets.keys_footer import KeysFooter


class Host(App[None]):
    CSS_PATH = STYLES / "app.tcss"  # (the footer's looks)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("r", "rules", "Rules"),
        Binding("f1", "rules", "Rules again"),  # the same action: shown once
        Binding("x", "secret", "Secret", show=False),
        Binding("d", "later", "Later"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.done: list[str] = []
        self.can_undo = False
        self.show_later = True

    def compose(self) -> ComposeResult:
        yield Static("board")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.can_undo else None  # None: shown, dimmed
        if action == "later":
            return self.show_later  # False: not shown
        return True

    def action_undo(self) -> None:
        self.done.append("undo")

    def action_rules(self) -> None:
        self.done.append("rules")

    def action_later(self) -> None:
        self.done.append("later")


def footer_line(app: Host) -> str:
    return str(app.query_one(KeysFooter).render())


async def test_shows_the_keys_that_apply_with_the_palette_on_the_right() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(KeysFooter)
        line = footer_line(app)
        assert line.startswith(" u Undo  r Rules  d Later ")
        assert "Secret" not in line and "Rules again" not in line
        assert line.rstrip().endswith("^p palette") and len(line) == 80
        assert [key.enabled for key in footer.keys] == [False, True, True]
        await pilot.pause()


async def test_repaints_only_when_what_it_offers_changes() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(KeysFooter)
        before = footer.keys
        app.screen.refresh_bindings()
        await pilot.pause()
        assert footer.keys is before  # nothing changed: the same keys, not rebuilt
        app.can_undo = True
        app.show_later = False
        app.screen.refresh_bindings()
        await pilot.pause()
        assert [key.description for key in footer.keys] == ["Undo", "Rules"]
        assert all(key.enabled for key in footer.keys)
        assert "Later" not in footer_line(app)


async def test_a_click_presses_the_key_and_a_dimmed_key_does_nothing() -> None:
    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(KeysFooter)
        await pilot.click(KeysFooter, offset=(9, 0))  # " r Rules "
        await pilot.click(KeysFooter, offset=(2, 0))  # " u Undo ", dimmed
        await pilot.pause()
        assert app.done == ["rules"]
        await pilot.hover(KeysFooter, offset=(9, 0))
        assert footer.hovered == 1 and footer.tooltip == "Rules"
        await pilot.click(KeysFooter, offset=(77, 0))  # the palette
        await pilot.pause()
        assert app.screen.__class__.__name__ == "CommandPalette"


async def test_a_narrow_footer_drops_the_palette_first() -> None:
    app = Host()
    async with app.run_test(size=(30, 10)) as pilot:
        line = footer_line(app)
        assert line.startswith(" u Undo  r Rules  d Later ") and "palette" not in line
        await pilot.pause()


async def test_short_of_room_it_goes_compact() -> None:
    app = Host()
    async with app.run_test(size=(24, 10)) as pilot:
        assert footer_line(app) == " u Undo r Rules d Later"
        await pilot.click(KeysFooter, offset=(10, 0))  # " r Rules"
        await pilot.pause()
        assert app.done == ["rules"]
