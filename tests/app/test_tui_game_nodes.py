"""Issue 37: a game screen's setup → game cost is Textual's for each node it composes
(styles, compose, layout, the first frame). What every game has (the title line, the
panels) is a widget each, and a board composes no more than it shows."""

from __future__ import annotations

import pytest

from app.tui.app import EquationDuelApp
from tests.app.tui_support import game_screen, shows_a_position, until

#: The most nodes each game screen may have at 80×24 (the screen itself counted); the
#: frame every game has is 11 of them (the board itself one) (42/23/34/40/31 before, in session 19).
MOST = {"collect": 34, "template": 15, "fifty": 22, "conquest": 18, "countdown": 19}
#: The games whose operators are chosen on a picker (one widget drawing its keys).
OPS = ("fifty", "countdown")


@pytest.mark.parametrize("game", sorted(MOST))
async def test_each_game_screen_is_few_nodes(game: str) -> None:
    app = EquationDuelApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: shows_a_position(app), "the game screen")
        screen = game_screen(app)
        nodes = list(screen.walk_children(with_self=True))
        assert len(nodes) <= MOST[game], [type(node).__name__ for node in nodes]
        # The frame: the title line and each panel are one node; so is an operator picker.
        for found in ("#title-bar", "#panel-1", "#panel-2", *("#operators",) * (game in OPS)):
            assert not screen.query_one(found).children
