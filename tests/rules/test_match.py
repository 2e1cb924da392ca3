"""A match of rounds for any game (rules.match)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ValidationError

from rules.base import IllegalMove
from rules.match import (
    BEST_OF_CHOICES,
    MatchError,
    MatchState,
    advance,
    all_moves,
    current_state,
    match_game,
    match_outcome,
    new_match,
    play_in_match,
    round_options,
    round_starter,
    score_text,
    time_out,
)
from rules.registry import GAME_IDS, get_game
from rules.template import GAME, TemplateOptions, partial_text
from rules.words.outcome import record_reason


def round_state(match: MatchState, number: int) -> Any:
    """The last state of round `number` (a finished round, or the current one)."""
    if number == match.round_number:
        return current_state(match)
    if not 1 <= number <= len(match.results):
        raise ValueError(f"there is no round {number} yet")
    moves = match.results[number - 1].moves
    return match_game(match).replay(round_options(match, number), moves)


WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]
#: The same placements with Player 2 starting (round 2): Player 1 still gets 39 to 36.
ROUND_WON_BY_P1_AS_SECOND = WALKTHROUGH


def play_round(match: MatchState, moves: list[str]) -> MatchState:
    for text in moves:
        match = play_in_match(match, text)
    return match


def test_new_match_from_options() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=3))
    assert match.rounds_to_win == 3
    assert match.wins == (0, 0)
    assert match.round_number == 1
    assert match.moves == ()
    assert match_game(match) is GAME
    assert current_state(match) == GAME.new(TemplateOptions(rounds_to_win=3))
    assert new_match("template", {"rounds_to_win": 2}).rounds_to_win == 2
    assert new_match("template", None, 7).rounds_to_win == 4
    assert new_match("template", None, 7).options["rounds_to_win"] == 4  # kept in step
    assert new_match("fifty").rounds_to_win == 1  # any game: best-of-N match play


def test_new_match_refuses_bad_options() -> None:
    with pytest.raises(ValidationError):
        new_match("template", {"template": "_ + _"})
    with pytest.raises(KeyError):
        new_match("chess")


def test_moves_are_stored_in_canonical_notation() -> None:
    match = play_in_match(new_match("template"), " 9 @ 1 . 1 ")
    assert match.moves == ("9@1.1",)
    assert partial_text(current_state(match), 1) == "9 + __ × __"


def test_single_round_match_is_the_game() -> None:
    match = play_round(new_match("template"), WALKTHROUGH)
    outcome = match_outcome(match)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (1, "39 beats 36")
    assert match.moves == tuple(WALKTHROUGH)  # the deciding round stays on the board
    assert GAME.outcome(current_state(match)) is not None
    with pytest.raises(IllegalMove, match=r"^The game is over: Player 1 won, 39 beats 36$"):
        play_in_match(match, "3@1.1")  # a single game is no match


def test_ruling_match_starting_player_alternates() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=3))
    assert round_starter(match) == 1
    match = play_round(match, WALKTHROUGH)
    assert match.round_number == 2
    assert match.moves == ()
    assert round_starter(match) == 2
    assert current_state(match).to_move == 2
    assert round_options(match).first == 2
    match = play_round(match, ROUND_WON_BY_P1_AS_SECOND)
    assert round_starter(match) == 1
    assert [r.first for r in match.results] == [1, 2]


def test_starting_player_alternates_from_player_2() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=2, first=2))
    assert [round_starter(match, n) for n in (1, 2, 3, 4)] == [2, 1, 2, 1]


def test_ruling_match_first_to_n_round_wins() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=2))
    match = play_round(match, WALKTHROUGH)
    assert match.wins == (1, 0)
    assert match_outcome(match) is None
    match = play_round(match, ROUND_WON_BY_P1_AS_SECOND)
    assert match.wins == (2, 0)
    outcome = match_outcome(match)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (1, "2 rounds to 0")
    assert [r.reason for r in match.results] == ["39 beats 36", "39 beats 36"]
    assert match.results[1].moves == tuple(ROUND_WON_BY_P1_AS_SECOND)


def test_ties_go_to_the_round_s_second_player() -> None:
    tie = ["1@1.1", "9@2.1", "6@1.2", "5@2.2", "3@1.3", "2@2.3"]  # 19 and 19
    match = play_round(new_match("template", TemplateOptions(rounds_to_win=2)), tie)
    assert match.results[0].winner == 2  # round 1: Player 1 started
    match = play_round(match, tie)
    assert match.results[1].winner == 1  # round 2: Player 2 started
    assert match_outcome(match) is None
    assert match.round_number == 3


def test_ruling_time_out_loses_the_round() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=2, turn_seconds=10))
    match = play_round(match, WALKTHROUGH[:3])
    assert current_state(match).to_move == 2
    match = time_out(match, 2, 12.5)
    result = match.results[0]
    assert (result.winner, result.reason, result.seconds_used) == (
        1,
        "Player 2's time ran out",
        12.5,
    )
    assert result.moves == tuple(WALKTHROUGH[:3])
    assert match.wins == (1, 0)
    assert match.round_number == 2
    first_round = round_options(match, 1)
    assert isinstance(first_round, TemplateOptions)
    assert round_state(match, 1) == GAME.replay(first_round, WALKTHROUGH[:3])


def test_time_out_only_for_the_player_to_move() -> None:
    match = new_match("template")
    with pytest.raises(IllegalMove, match="Player 1's turn"):
        time_out(match, 2, 30.0)


def test_time_out_in_single_round_match_ends_it() -> None:
    match = time_out(new_match("template", TemplateOptions(turn_seconds=5)), 1, 6.0)
    outcome = match_outcome(match)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (2, "Player 1's time ran out")
    with pytest.raises(IllegalMove, match="The game is over"):
        time_out(match, 1, 6.0)


def test_illegal_move_leaves_the_match_unchanged() -> None:
    match = play_in_match(new_match("template"), "9@1.1")
    with pytest.raises(IllegalMove, match="already been used"):
        play_in_match(match, "9@2.1")
    assert match.moves == ("9@1.1",)


def test_match_json_round_trip() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=3, digits=(0, 9), copies=2))
    match = play_round(match, WALKTHROUGH)
    match = time_out(match, 2, 7.25)
    match = play_in_match(match, "0@1.1")
    again = MatchState.model_validate_json(match.model_dump_json())
    assert again == match
    assert current_state(again) == current_state(match)


def test_round_state_refuses_unknown_rounds() -> None:
    with pytest.raises(ValueError, match="no round 3"):
        round_state(new_match("template"), 3)


# Best of N and the clock for every game.


def random_round(match: MatchState, rng: random.Random) -> MatchState:
    """Random legal moves until the current round ends."""
    rounds = len(match.results)
    state = current_state(match)
    game = match_game(match)
    while len(match.results) == rounds:
        match, state = advance(match, rng.choice(game.legal_moves(state)), current=state)
    return match


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("best_of", BEST_OF_CHOICES)
def test_best_of_n_for_every_game(game_id: str, best_of: int) -> None:
    rng = random.Random(f"{game_id}/{best_of}")
    match = new_match(game_id, None, best_of)
    assert match.rounds_to_win == (best_of + 1) // 2
    starters = []
    while match_outcome(match) is None:
        starters.append(round_starter(match))
        assert get_game(game_id).to_move(current_state(match)) == starters[-1]
        match = random_round(match, rng)
    outcome = match_outcome(match)
    assert outcome is not None
    assert max(match.wins) == match.rounds_to_win
    assert sum(match.wins) == len(match.results) <= best_of
    assert starters == [1 if n % 2 else 2 for n in range(1, len(starters) + 1)]
    assert [r.first for r in match.results] == starters
    assert all_moves(match) == tuple(m for r in match.results for m in r.moves)
    if best_of > 1:
        assert record_reason(outcome) == f"{max(match.wins)} rounds to {min(match.wins)}"
    what = "match" if best_of > 1 else "game"
    with pytest.raises(IllegalMove, match=f"^The {what} is over: "):
        game = get_game(game_id)
        play_in_match(match, game.format_move(game.legal_moves(game.new(None))[0]))


def test_clock_for_any_game() -> None:
    match = new_match("fifty", None, 3, turn_seconds=20)
    assert match.turn_seconds == 20
    assert "turn_seconds" not in match.options  # fifty has no such option: the match holds it
    match = time_out(match, 1, 25.0)
    assert match.results[0].timed_out
    assert (match.results[0].winner, match.results[0].reason) == (2, "Player 1's time ran out")
    assert round_starter(match) == 2


def test_template_rounds_option_is_best_of() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=3))
    assert match.best_of == 5
    assert new_match("template", TemplateOptions(rounds_to_win=3), 5).best_of == 5
    with pytest.raises(MatchError, match="best of 3 disagrees"):
        new_match("template", TemplateOptions(rounds_to_win=3), 3)
    timed = new_match("template", TemplateOptions(turn_seconds=30))
    assert timed.turn_seconds == 30
    with pytest.raises(MatchError, match="disagrees"):
        new_match("template", TemplateOptions(turn_seconds=30), turn_seconds=40)
    assert new_match("template", None, turn_seconds=40).options["turn_seconds"] == 40


@pytest.mark.parametrize(
    ("best_of", "seconds"), [(2, None), (0, None), (19, None), (1, 2), (1, 4000)]
)
def test_bad_match_settings_are_refused(best_of: int, seconds: int | None) -> None:
    with pytest.raises(MatchError):
        new_match("collect", None, best_of, seconds)
    with pytest.raises(ValidationError):
        MatchState(game_id="collect", options={}, best_of=best_of, turn_seconds=seconds)


def test_score_text_and_advance_state() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=2))
    match, after = advance(match, "9@1.1")
    assert after == current_state(match)
    assert score_text(match, ("Ada", "Bob")) == "Score: Ada 0, Bob 0."
    match = play_round(match, WALKTHROUGH[1:])
    assert score_text(match) == "Score: Player 1 1, Player 2 0."
