"""The class's puzzle referee on its own (no screen drawn): the first legal move is sent
to the hub and not played, a move the rules refuse is left to them, one answer a puzzle;
the hub's refusal of an answer lets the student answer again (not a legal move there) or
closes the puzzle (answered already, time up), and the countdown counts down."""

from __future__ import annotations

import json

import pytest

from app.hub.protocol_class import (
    Assignment,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    LiveAnswer,
    LiveRefusal,
    LiveRound,
    Refused,
)
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_homework import Homework
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
    text = "Not a legal move here: that slot is taken. Answer again."
    assert rounds.shows(LiveRefusal(round=2, code=Refused.NOT_A_MOVE, text=text))
    assert referee.sent is None and not referee.closed  # answered again
    assert referee.admits(game, state, move) == "Sent: waiting for the hub's verdict…"
    text = "You have answered round 2 already: one answer a round."
    assert rounds.shows(LiveRefusal(round=2, code=Refused.ANSWERED, text=text))
    assert referee.closed and referee.ticking is None
    assert referee.task(None, "").startswith("You have answered round 2 already")
    assert (
        referee.admits(game, state, move) == "This puzzle is closed: no answer is taken any more."
    )
    assert len(client.sent) == 2


def test_homework_listed_from_data_and_refusals_decided_by_their_code() -> None:
    client, boards, news = QuietClient(), list[SomeGameScreen](), list[str]()
    homework = Homework(client, news.append, boards.append, lambda _: None)  # type: ignore[arg-type]
    week1 = Assignment(
        name="week1", game="template", difficulty="easy", count=2, due="2026-12-04", done=1
    )
    mine = Assignment(name="mine", game="any", difficulty="", count=3, own=3, due="2026-12-04")
    assert homework.shows(HomeworkList(assignments=[week1, mine]))
    assert news == [
        "Homework week1: 2 template puzzles, easy, due Friday 2026-12-04, 1 of 2 done: "
        "press h to do it.",
        "Homework mine: 3 puzzles, all from your own games' mistakes, due Friday 2026-12-04: "
        "press h to do it.",
    ]
    assert list(homework.listed) == ["week1", "mine"]
    puzzles = [p.to_bank() for p in puzzles_of("template", "easy")[:2]]
    got = HomeworkSet(assignment="week1", due="2026-12-04", what="", puzzles=puzzles, left=[2, 2])
    assert homework.shows(got)
    referee = boards[0].referee
    assert isinstance(referee, ClassPuzzleReferee)
    referee.sent = "1@1.1"  # (as if sent from the board)
    text = "Homework week1, puzzle 1: not a legal move here: that slot is taken."
    assert homework.shows(
        HomeworkRefusal(assignment="week1", puzzle=1, code=Refused.NOT_A_MOVE, text=text)
    )
    assert referee.sent is None and not referee.closed  # answered again
    referee.sent = "2@1.1"
    text = "Homework week1 was due on Friday 2026-12-04: answers are no longer taken."
    assert homework.shows(
        HomeworkRefusal(assignment="week1", puzzle=1, code=Refused.LATE, text=text)
    )
    assert referee.closed and news[-1] == text
