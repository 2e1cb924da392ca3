"""A computer player asked in the helper process keeps its random source moving on."""

from __future__ import annotations

import pickle

from app.tui.computer import ask_bot
from rules.players import make_player
from rules.registry import get_game


def test_the_bot_comes_back_with_its_random_source_moved_on() -> None:
    state = get_game("fifty").new()
    bot = make_player("easy", "fifty", seed=3)
    # As the helper process gets it: a copy.
    _, moved_on = ask_bot(pickle.loads(pickle.dumps(bot)), state)
    assert pickle.dumps(moved_on) != pickle.dumps(bot)  # the copy drew from its source
    # Asking the same copy again is the same as a bot that never left: two draws.
    twice = pickle.loads(pickle.dumps(bot))
    expected = [twice(state), twice(state)]
    first, after_first = ask_bot(pickle.loads(pickle.dumps(bot)), state)
    second, _ = ask_bot(pickle.loads(pickle.dumps(after_first)), state)
    assert [first, second] == expected
