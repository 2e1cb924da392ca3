"""In plain mode, the other player's takeback ask waits while this player answers the
game's own questions: collect's declaration question asks yes or no, so there `yes` is
the declaration's answer, never the takeback's (`allow`/`decline` answer that)."""

from __future__ import annotations

import io

import pytest

from app.match_session import SavedGames
from app.online.plain_takebacks import Answered, OnlineCommands, PlainAsks
from app.online.protocol import TakebackAsk
from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from rules.match import new_match
from rules.registry import get_game


def test_yes_at_collects_declaration_question_answers_the_declaration() -> None:
    game = get_game("collect")
    typed = io.StringIO()
    out = io.StringIO()
    console = Console(typed, out)
    driver = driver_class("collect")(game, console, ("Ada", "Bob"))
    runner = MatchRunner(driver, new_match("collect", game.options_from({})), keeper=SavedGames())
    side = PlainAsks(console.say, "Bob", 2)
    OnlineCommands.install(runner, side)
    console.commands = runner.commands
    state = runner.session.state
    side.heard(TakebackAsk(number=1))  # Bob's ask waits for Ada's answer
    assert "Bob asks to take back their last move: type allow or decline." in out.getvalue()
    pick = sorted(state.pool)[0]
    typed.write(f"{pick}\nyes\n{pick} = {pick}\ndecline\n")
    typed.seek(0)
    move = driver.human_turn(state)
    assert move.pick == pick
    assert move.declaration is not None  # `yes` said that Ada declares
    assert side.theirs is not None  # and Bob's ask still waits for its answer
    with pytest.raises(Answered) as answered:
        driver.human_turn(game.play(state, move))
    assert answered.value.allowed is False
