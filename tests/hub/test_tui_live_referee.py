"""The class's puzzle referee on its own (no screen drawn): the first legal move is sent
to the hub and not played, a move the rules refuse is left to them, one answer a puzzle;
the hub's refusal of an answer lets the student answer again (not a legal move there) or
closes the puzzle (answered already, time up), and the countdown counts down."""

from __future__ import annotations

import json

import pytest

from app.hub.protocol_class import LiveAnswer, LiveRound
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_live import ClassPuzzleReferee, LiveRounds
from rules.puzzles.bank import puzzles_of
from rules.registry import get_game
from tests.hub.test_tui_live_snapshot import QuietClient


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No hub here: taken once."""
    return "none"


def test_one_answer_sent_and_the_hubs_refusals_said() -> None:
    puzzle = puzzles_of("template", "easy")[0]
    client, boards, news = QuietClient(), list[SomeGameScreen](), list[object]()
    now = [1000.0]
    rounds = LiveRounds(client, news.append, boards.append, lambda _: None, lambda: now[0])  # type: ignore[arg-type]
    opened = LiveRound(round=2, of=5, puzzle=json.dumps(puzzle.to_bank()), seconds=45, asked=5)
    assert rounds.shows(opened)
    referee = boards[0].referee
    assert isinstance(referee, ClassPuzzleReferee)
    assert referee.task(None, "") == "Player 1 to move and win. 45 seconds left."
    now[0] += 30.5
    assert referee.ticking == "15"
    game, state = get_game(puzzle.game), puzzle.state()
    again = game.parse_move(puzzle.moves[0])  # (its slot is filled: the rules refuse it)
    assert referee.admits(game, state, again) == "play"  # (the rules say why)
    assert client.sent == [] and referee.sent is None
    move = next(iter(game.legal_moves(state)))
    assert referee.admits(game, state, move) == "Sent: waiting for the hub's verdict…"
    assert client.sent == [LiveAnswer(round=2, move=str(game.format_move(move)))]
    assert referee.admits(game, state, move) == "You answered already: one answer a puzzle."
    rounds.said("Not a legal move here: that slot is taken. Answer again.")
    assert referee.sent is None and not referee.closed  # answered again
    assert referee.admits(game, state, move) == "Sent: waiting for the hub's verdict…"
    rounds.said("You have answered round 2 already: one answer a round.")
    assert referee.closed and referee.ticking is None
    assert referee.task(None, "").startswith("You have answered round 2 already")
    assert (
        referee.admits(game, state, move) == "This puzzle is closed: no answer is taken any more."
    )
    assert len(client.sent) == 2
