"""The teacher's `live …` words and a student's answer, whatever is typed: options or a
refusal in words, never a crash; scoring ignores time unless the speed bonus is on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.hub.live import POINTS, Answer, LiveOptions, LiveSession, NotTaken, Round
from app.hub.live_words import read_live, unanswered
from app.hub.protocol_class import LiveClosed, Refused
from rules.puzzles.bank import puzzles_of


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records here: the same on both databases, run once."""
    return "none"


def test_the_live_words_read_as_options() -> None:
    options = read_live("Template EASY 30 5 --speed-bonus --names")
    assert options == LiveOptions("template", "easy", 30.0, 5, speed_bonus=True, names=True)
    assert read_live("fifty medium 20") == LiveOptions("fifty", "medium", 20.0, 1)
    assert "is not an option of live" in str(read_live("fifty easy 20 --fast"))
    assert "conquest" in str(read_live("conquest hard 20"))  # (it has easy puzzles only)
    assert str(read_live("fifty easy 20 99")) == "A session has 1 to 12 rounds."
    assert "whole numbers" in str(read_live("fifty easy twenty"))


@settings(deadline=None)
@given(st.text(max_size=80))
def test_any_live_words_give_options_or_words(text: str) -> None:
    read = read_live(text)
    assert isinstance(read, LiveOptions | str)
    if isinstance(read, str):
        assert read and "Traceback" not in read


def _round(seconds: float, speed_bonus: bool, now: list[float]) -> Round:
    puzzle = puzzles_of("countdown", "easy")[0]
    options = LiveOptions("countdown", "easy", seconds, 1, speed_bonus=speed_bonus)
    asked = {f"s{n}": f"S{n}" for n in range(4)}
    return Round(1, puzzle, options, asked, clock=lambda: now[0])


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=100))
def test_any_answer_is_judged_or_refused_in_words(text: str) -> None:
    live = _round(30, False, [0.0])
    said = live.answer("s0", text)
    if isinstance(said, NotTaken):  # (refused in words, answered again: its code says so)
        assert said.code == Refused.NOT_A_MOVE and said.text.endswith("Answer again.")
    else:
        assert said.judgement in ("win", "draw", "lose")


def test_time_does_not_score_unless_the_speed_bonus_is_on() -> None:
    for bonus in (False, True):
        now = [0.0]
        live = _round(30, bonus, now)
        win = next(m for m in sorted(live.values) if live.judgement(m) == "win")
        points = []
        for key, at in (("s0", 1.0), ("s1", 29.0)):
            now[0] = at
            said = live.answer(key, win)
            assert isinstance(said, Answer)
            points.append(said.points)
        if bonus:
            assert points[0] > points[1] >= POINTS
        else:
            assert points == [POINTS, POINTS]
        now[0] = 31.0
        over = NotTaken(Refused.ROUND_OVER, "Live round 1 is over: the time was up.")
        assert live.answer("s2", win) == over
        refused = live.answer("nobody", win)
        assert isinstance(refused, NotTaken) and refused.code == Refused.NOT_ASKED
        assert "not asked" in refused.text
        assert live.answer("s0", win) == NotTaken(
            Refused.ANSWERED, "You have answered round 1 already: one answer a round."
        )


def test_a_streak_runs_across_rounds_and_a_miss_ends_it() -> None:
    live = _round(30, False, [0.0])
    session = LiveSession(live.options)
    win = next(m for m in sorted(live.values) if live.judgement(m) == "win")
    lose = next(m for m in sorted(live.values) if live.judgement(m) == "lose")
    answer = live.answer("s0", win)
    assert isinstance(answer, Answer)
    assert session.counted("s0", answer).streak == 1
    assert session.counted("s0", answer).streak == 2
    session.missed("s0", "S0")
    assert session.scores["s0"].streak == 0 and session.scores["s0"].best_streak == 2
    wrong = live.answer("s1", lose)
    assert isinstance(wrong, Answer) and wrong.points == 0 and "loses" in wrong.why
    assert session.counted("s1", wrong).streak == 0
    assert session.class_total == 2 * POINTS


def test_why_the_hub_closed_is_said_once() -> None:
    from app.hub.client import Closed
    from app.hub.live_words import closed_words

    assert closed_words(Closed("the hub closed the connection")) == (
        "The hub closed the connection."
    )  # (it read "The hub closed the connection: the hub closed the connection")
    assert closed_words(Closed("")) == "The hub closed the connection."
    assert closed_words(Closed("the teacher stopped the hub.")) == (
        "The hub closed the connection: the teacher stopped the hub."
    )


def test_a_student_who_did_not_answer_hears_why_the_round_closed() -> None:
    timed_out = LiveClosed(round=2, asked=3, answered=1, right=0)
    assert unanswered(timed_out) == "Time is up: you did not answer this round."
    stopped = timed_out.model_copy(update={"stopped": True})
    assert unanswered(stopped) == (
        "The teacher stopped the live session: round 2 closed unanswered."
    )
