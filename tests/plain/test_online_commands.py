"""An online game in the line mode offers the commands the full screen's online game
offers: no hint, and no takeback played locally (with the consent channel installed,
`undo` asks the other player: tests/online/test_takebacks.py); the rest work."""

from __future__ import annotations

import contextlib
from io import StringIO
from typing import Any

from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from app.plain.online_takebacks import ONLINE_REFUSED
from app.plain.stops import EndOfInput
from rules.match import new_match
from rules.registry import get_game


def test_undo_and_hint_are_refused_in_an_online_game() -> None:
    game = get_game("conquest")
    out = StringIO()
    console = Console(StringIO("take 2\nundo\nhint\nboard\n"), out)
    inner = driver_class("conquest")(game, console, ("Ada", "Bob"))
    remote = iter([game.parse_move("3")])

    def bob(state: Any) -> Any:  # the other seat, over the connection
        return next(remote)

    def turn(state: Any) -> Any:  # (as an online game's: Ada here, Bob over the connection)
        return inner.human_turn(state) if game.to_move(state) == 1 else bob(state)

    with contextlib.suppress(EndOfInput):
        MatchRunner(inner, new_match("conquest"), turn=turn, refused=ONLINE_REFUSED).run()
    text = out.getvalue()
    assert "Takebacks are not offered in an online game." in text
    assert "Hints are not offered in this online game." in text
    assert "Thinking about a hint" not in text
    assert "The sequence: 2, 3." in text  # (board still answers; nothing was taken back)
