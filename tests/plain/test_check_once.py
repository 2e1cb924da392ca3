"""Check once: a person's move reaches the match session once, and the session's refusal
is the answer said at the prompt, which asks again. No driver plays a move to find out
whether it is legal (the rules' `play` runs once for each move played)."""

from __future__ import annotations

import contextlib
from io import StringIO
from typing import Any

import pytest

from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from app.plain.stops import EndOfInput
from rules.match import new_match
from rules.registry import get_game


def _counted(monkeypatch: pytest.MonkeyPatch, game_id: str) -> list[Any]:
    """Every move the rules' `play` is asked to play, as it is asked."""
    game = get_game(game_id)
    asked: list[Any] = []
    play = type(game).play

    def counting(self: Any, state: Any, move: Any) -> Any:
        asked.append(move)
        return play(self, state, move)

    monkeypatch.setattr(type(game), "play", counting)
    return asked


def _run(game_id: str, typed: str) -> tuple[MatchRunner, str]:
    game = get_game(game_id)
    out = StringIO()
    driver = driver_class(game_id)(game, Console(StringIO(typed), out), ("Ada", "Bob"))
    runner = MatchRunner(driver, new_match(game_id, game.options_from({})))
    with contextlib.suppress(EndOfInput):
        runner.run()
    return runner, out.getvalue()


def test_a_whole_move_the_session_refuses_is_said_at_the_prompt_and_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _counted(monkeypatch, "fifty")
    # Ada: 3+4; Bob: 3+5 (3 is used: refused), then 5+6.
    runner, said = _run("fifty", "3+4\n3+5\n5+6\n")
    assert [move for _, move in runner.session.moves] == ["3+4", "5+6"]
    assert "Error: " in said.split("Bob, select your first number:")[1]
    # The refused move was asked of the rules once (by the session), each played move once.
    assert [get_game("fifty").format_move(move) for move in asked] == ["3+4", "3+5", "5+6"]


def test_a_slot_the_session_refuses_is_said_and_templates_prompt_asks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game("template")
    state = game.new(game.options_from({}))
    first = game.legal_moves(state)[0]
    after = game.play(state, first)
    second = game.legal_moves(after)[0]
    onto = second.model_copy(update={"player": first.player, "slot": first.slot})
    asked = _counted(monkeypatch, "template")
    typed = [game.format_move(m) for m in (first, onto, second)]
    runner, said = _run("template", "".join(f"{line}\n" for line in typed))
    assert [move for _, move in runner.session.moves] == [typed[0], typed[2]]
    assert "is already filled" in said
    assert len(asked) == 3  # each asked of the rules once: by the session


def test_a_move_returned_by_a_driver_and_refused_is_said_and_the_turn_asked_again() -> None:
    game = get_game("fifty")
    out = StringIO()
    console = Console(StringIO(""), out)
    driver = driver_class("fifty")(game, console, ("Ada", "Bob"))
    given = iter([game.parse_move("3+4"), game.parse_move("3+4"), game.parse_move("5+6")])
    driver.human_turn = lambda _state: next(given)  # type: ignore[method-assign]
    runner = MatchRunner(driver, new_match("fifty", game.options_from({})))
    runner.turn()
    runner.turn()  # Bob's 3+4 is refused, said, and his turn asked again: 5+6
    assert [move for _, move in runner.session.moves] == ["3+4", "5+6"]
    assert "Error: " in out.getvalue()
