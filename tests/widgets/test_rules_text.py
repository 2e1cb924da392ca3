"""The rules text: Rich's Markdown in the theme's colours, one widget for the whole text."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from app.tui.styles import STYLES
from rules.registry import GAME_IDS
from rules.rulebook import rules_markdown
from widgets.rules_text import RulesText, markdown_theme, rich_color


class Host(App[None]):
    CSS_PATH = STYLES / "widgets.tcss"  # (the widgets' looks)

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield RulesText(self.markdown, id="text")


def drawn_lines(widget: RulesText) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


def colour_of(widget: RulesText, words: str) -> str | None:
    """The colour the widget draws `words` in (the first segment holding them)."""
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            if words in segment.text and segment.style and segment.style.color:
                triplet = segment.style.color.get_truecolor()
                return f"#{triplet.red:02X}{triplet.green:02X}{triplet.blue:02X}"
    return None


@pytest.mark.parametrize(
    ("value", "background", "alpha", "expected"),
    [
        ("#0178D4", "#121212", 1.0, "#0178D4"),
        ("#FF000080", "#000000", 1.0, "#800000"),  # see-through: laid on the background
        ("#FEA62B", "#000000", 0.5, "#7F5315"),
        ("transparent", "#121212", 1.0, ""),
        ("auto 60%", "#121212", 1.0, ""),
        ("ansi_magenta", "ansi_default", 1.0, "magenta"),  # the terminal's own colour
        ("ansi_yellow", "ansi_default", 0.1, ""),  # nothing to blend on
        ("ansi_default 50%", "ansi_default", 1.0, ""),
        ("not a colour", "#000000", 1.0, ""),
    ],
)
def test_theme_colours_as_rich_takes_them(
    value: str, background: str, alpha: float, expected: str
) -> None:
    assert rich_color(value, background, alpha) == expected


def test_odd_theme_values_give_plain_styles_not_errors() -> None:
    theme = markdown_theme(
        {
            "background": "nonsense",
            "markdown-h1-text-style": "wiggly bold",
            "markdown-h1-color": "#12345",
            "markdown-h2-text-style": "underline",
            "markdown-h2-color": "#00FF00",
            "text-warning": "[red]",
        }
    )
    assert theme.styles["markdown.h1"] == Style.parse("none")
    assert theme.styles["markdown.h2"] == Style.parse("underline #00ff00")
    assert theme.styles["markdown.code"] == Style.parse("none")


async def test_every_games_rules_drawn_whole_and_in_the_themes_colours() -> None:
    app = Host(rules_markdown(GAME_IDS[0]))
    async with app.run_test(size=(100, 30)) as pilot:
        for game_id in GAME_IDS:
            markdown = rules_markdown(game_id)
            await app.query_one(VerticalScroll).remove_children()
            await app.query_one(VerticalScroll).mount(RulesText(markdown, id="text"))
            await pilot.pause()
            text = app.query_one(RulesText)
            lines = drawn_lines(text)
            title = markdown.splitlines()[0].removeprefix("# ")
            assert any(line.strip() == title for line in lines), game_id
            # Every section heading is drawn, numbered steps keep their "1." and inline
            # code loses its backticks.
            for heading in (line[3:] for line in markdown.splitlines() if line.startswith("## ")):
                assert any(line.strip() == heading for line in lines), (game_id, heading)
            numbered = [line for line in markdown.splitlines() if line.startswith("1. ")]
            if numbered:
                assert any(line.lstrip().startswith("1. ") for line in lines), game_id
            assert not any("`" in line for line in lines), game_id

        # The heading follows a change of theme.
        for theme in ("textual-light", "nord", "textual-dark"):
            app.theme = theme
            await pilot.pause()
            expected = rich_color(app.theme_variables["markdown-h1-color"], "#000000")
            assert colour_of(app.query_one(RulesText), title) == expected, theme
