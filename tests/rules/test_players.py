"""The computer players: legal moves, their levels' promises, perfect play never slipping."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.base import PlayerNo, other
from rules.collect import CollectOptions
from rules.countdown import CountdownOptions
from rules.fifty import FiftyOptions
from rules.players import LEVELS, hands_over, make_player, wins_at_once
from rules.registry import GAME_IDS, get_game
from rules.solver.core import move_values, solve
from rules.template import TemplateOptions

SOLVED = ("collect", "template", "fifty", "conquest")
#: Small setups, so whole games with the perfect player stay quick.
SMALL: dict[str, Any] = {
    "collect": CollectOptions(),
    "template": TemplateOptions(),
    "fifty": FiftyOptions(),
    "conquest": None,
}


def random_position(game_id: str, rng: random.Random, options: Any = None, most: int = 6) -> Any:
    game = get_game(game_id)
    while True:
        state = game.new(options)
        for _ in range(rng.randint(0, most)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if game.outcome(state) is None:
            return state


def play_out(game_id: str, state: Any, players: dict[PlayerNo, Any]) -> int:
    game = get_game(game_id)
    for _ in range(500):
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome.winner
        state = game.play(state, players[game.to_move(state)](state))
    raise AssertionError("the game did not end")


def test_levels() -> None:
    assert LEVELS == ("easy", "medium", "perfect")
    with pytest.raises(ValueError, match="unknown level"):
        make_player("grandmaster", "collect")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_play_legal_moves_in_every_game(game_id: str, level: str) -> None:
    game = get_game(game_id)
    rng = random.Random(game_id)
    options = CountdownOptions(pool=(1, 5)) if game_id == "countdown" else None
    for seed in range(8):
        state = random_position(game_id, rng, options)
        move = make_player(level, game_id, seed)(state)
        assert move in game.legal_moves(state)


@pytest.mark.parametrize("game_id", SOLVED)
def test_perfect_plays_legal_moves(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(1)
    for seed in range(10):
        state = random_position(game_id, rng)
        assert make_player("perfect", game_id, seed)(state) in game.legal_moves(state)


def test_players_are_deterministic_by_seed() -> None:
    rng = random.Random(5)
    states = [random_position("fifty", rng) for _ in range(5)]
    for level in LEVELS:
        first = [make_player(level, "fifty", 42)(s) for s in states]
        again = [make_player(level, "fifty", 42)(s) for s in states]
        assert first == again


def test_easy_spots_a_winning_declaration_half_the_time() -> None:
    game = get_game("collect")
    state = game.replay(None, ["1", "5", "2", "7"])  # Player 1 holds 1 and 2: 3 balances
    taken = 0
    for seed in range(400):
        move = make_player("easy", "collect", seed)(state)
        taken += move.declaration is not None
    assert 150 <= taken <= 250


def test_medium_takes_a_win_at_once() -> None:
    game = get_game("collect")
    state = game.replay(None, ["1", "5", "2", "7"])
    for seed in range(20):
        move = make_player("medium", "collect", seed)(state)
        assert wins_at_once(game, state, move)


def test_medium_does_not_hand_over_a_win() -> None:
    game = get_game("fifty")
    rng = random.Random(9)
    checked = 0
    for _ in range(40):
        state = random_position("fifty", rng, most=2)
        moves = game.legal_moves(state)
        if any(wins_at_once(game, state, m) for m in moves):
            continue
        safe = [m for m in moves if not hands_over(game, state, m)]
        if not safe or len(safe) == len(moves):
            continue
        move = make_player("medium", "fifty", checked)(state)
        assert move in safe
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id", SOLVED)
def test_perfect_never_lets_a_won_position_slip(game_id: str) -> None:
    rng = random.Random(f"slip/{game_id}")
    checked = 0
    while checked < 12:
        state = random_position(game_id, rng, SMALL[game_id])
        solution = solve(game_id, state)
        if solution.winner != solution.to_move:
            continue
        mover = solution.to_move
        for level in LEVELS:
            players = {mover: make_player("perfect", game_id, checked)}
            players[other(mover)] = make_player(level, game_id, checked + 100)
            assert play_out(game_id, state, players) == mover
        checked += 1


@pytest.mark.parametrize("game_id", SOLVED)
def test_perfect_wins_fastest_and_holds_out_longest(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(f"fast/{game_id}")
    for seed in range(15):
        state = random_position(game_id, rng)
        solution = solve(game_id, state)
        move = game.format_move(make_player("perfect", game_id, seed)(state))
        winner, plies = move_values(game_id, state)[move]
        assert winner == solution.winner
        assert plies == solution.plies - 1


def test_perfect_makes_the_win_hardest_when_lost() -> None:
    """Conquest after one number: every reply loses in 2; pick the fewest completions."""
    game = get_game("conquest")
    state = game.replay(None, ["5"])
    move = make_player("perfect", "conquest", 0)(state)
    after = game.play(state, move)
    fewest = min(
        len(solve("conquest", game.play_text(state, str(b))).best_moves) for b in range(1, 10)
    )
    assert len(solve("conquest", after).best_moves) == fewest


@pytest.mark.parametrize("game_id", SOLVED)
@pytest.mark.parametrize("weaker", ["easy", "medium"])
def test_perfect_beats_easy_and_medium_from_the_winning_seat(game_id: str, weaker: str) -> None:
    game = get_game(game_id)
    start = game.new()
    seat = solve(game_id, start).winner
    for number in range(6):
        players = {seat: make_player("perfect", game_id, number)}
        players[other(seat)] = make_player(weaker, game_id, number)
        assert play_out(game_id, start, players) == seat
