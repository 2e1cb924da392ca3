"""Each game's class header is written once, in `rules.base.Game` (ids, titles, models)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.base import Game, GameState, MoveSyntaxError
from rules.notation import not_a_move, read_notation
from rules.registry import GAME_IDS, GAME_INFO, get_game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_header_comes_from_the_registry_and_the_declared_types(game_id: str) -> None:
    game = get_game(game_id)
    info = GAME_INFO[game_id]
    assert (game.id, game.title, game.pitch) == (info.id, info.title, info.pitch)
    name = type(game).__name__.removesuffix("Game")
    assert game.Options.__name__ == f"{name}Options"
    assert game.State.__name__ == f"{name}State"
    assert game.Move.__name__ == f"{name}Move"
    assert issubclass(game.State, GameState)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whose_turn_and_the_note_are_read_from_the_state(game_id: str) -> None:
    game = get_game(game_id)
    for first in (1, 2):
        state = game.new(game.options_from({"first": first}))
        assert game.to_move(state) == first == state.to_move
        assert state.note is None


def test_a_game_must_name_its_three_types() -> None:
    with pytest.raises(TypeError, match="declared over"):

        class Loose(Game, game_id="fifty"):
            pass


def test_an_unknown_game_id_is_refused() -> None:
    with pytest.raises(KeyError):

        class Nameless(Game[Any, Any, Any], game_id="chess"):
            pass


def test_read_notation_names_the_text_and_says_how() -> None:
    notation = re.compile(r"^[0-9]$")
    assert read_notation(" 7 ", notation, "one digit")[0] == "7"
    with pytest.raises(MoveSyntaxError) as caught:
        read_notation(" 77 ", notation, "one digit")
    assert str(caught.value) == "'77' is not a move: one digit"
    assert str(not_a_move("77", "one digit")) == str(caught.value)
