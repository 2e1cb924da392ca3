"""OpenSpiel-style consistency checks: seeded random games for every game and variant.

For each variant listed in a game's VARIANTS: legal moves exist until the end and not
after, every move round-trips through its notation, every state through JSON, and every
game ends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import IllegalMove
from rules.games import GAMES, VARIANTS
from rules.registry import GAME_IDS, get_game
from rules.words.outcome import record_reason

#: Seeded random games per variant: a quick sample in the default run, today's full depth
#: in the soak set (`pytest -m soak`).
QUICK_GAMES_PER_VARIANT = 60
SOAK_GAMES_PER_VARIANT = 1000
MOVE_LIMIT = 400  # far beyond any real game: conquest is the only one without a fixed end


def variants() -> list[tuple[str, str]]:
    cases = []
    for game_id in GAME_IDS:
        cases.extend((game_id, name) for name in VARIANTS[game_id])
    return cases


def random_game(game: Any, options: Any, rng: random.Random) -> tuple[Any, int]:
    state = game.new(options)
    state_type = type(state)
    for count in range(MOVE_LIMIT):
        moves = game.legal_moves(state)
        if game.outcome(state) is not None:
            assert moves == [], "a finished game has no legal moves"
            return state, count
        assert moves, "an unfinished game has legal moves"
        assert game.to_move(state) in (1, 2)
        move = rng.choice(moves)
        text = game.format_move(move)
        assert " " not in text, text
        assert game.parse_move(text) == move, text
        state = game.play(state, move)
        assert state_type.model_validate_json(state.model_dump_json()) == state
    raise AssertionError(f"no end after {MOVE_LIMIT} moves")


@pytest.mark.parametrize(("game_id", "variant"), variants())
def test_random_games(game_id: str, variant: str) -> None:
    play_random_games(game_id, variant, QUICK_GAMES_PER_VARIANT, seed="quick")


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "variant"), variants())
def test_random_games_soak(game_id: str, variant: str) -> None:
    play_random_games(game_id, variant, SOAK_GAMES_PER_VARIANT, seed="soak")


def play_random_games(game_id: str, variant: str, games: int, seed: str) -> None:
    game = get_game(game_id)
    options = VARIANTS[game_id][variant]
    rng = random.Random(f"{game_id}/{variant}/{seed}")
    winners = {1: 0, 2: 0}
    for _ in range(games):
        state, _moves = random_game(game, options, rng)
        outcome = game.outcome(state)
        assert outcome is not None and record_reason(outcome)
        winners[outcome.winner] += 1
        with pytest.raises(IllegalMove):
            game.play(
                state, game.parse_move(game.format_move(random_legal_move(game, options, rng)))
            )
    # Random play gives neither seat every game: a rule that always hands the win to one
    # seat (or never lets a seat win) fails here.
    assert winners[1] > 0 and winners[2] > 0, winners


def random_legal_move(game: Any, options: Any, rng: random.Random) -> Any:
    return rng.choice(game.legal_moves(game.new(options)))


def test_the_games_are_listed_in_the_catalogs_order() -> None:
    assert tuple(game.id for game in GAMES.values()) == GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_the_protocol(game_id: str) -> None:
    game = get_game(game_id)
    assert game.id == game_id
    assert game.title and game.pitch
    assert GAMES[game_id] is game
    assert VARIANTS[game_id], "every game lists its variants"
    state = game.new()
    assert game.to_move(state) == 1
    assert game.to_move(game.new(game.Options(first=2))) == 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_round_trip_json(game_id: str) -> None:
    game = get_game(game_id)
    for options in VARIANTS[game_id].values():
        assert game.Options.model_validate_json(options.model_dump_json()) == options


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(deadline=None)
@given(text=st.text(max_size=40))
def test_parse_move_any_text_is_a_move_or_a_refusal(game_id: str, text: str) -> None:
    """Whatever a player types: a move, or IllegalMove/MoveSyntaxError, never a crash."""
    game = get_game(game_id)
    try:
        move = game.parse_move(text)
    except IllegalMove as error:
        assert str(error)
        return
    state = game.new()
    try:
        game.play(state, move)
    except IllegalMove as error:
        assert str(error)
