"""Reading a move's text in a game's notation (the text itself is read by `rules.player_text`)."""

from __future__ import annotations

import re

from rules.base import MoveSyntaxError
from rules.player_text import read_move


def not_a_move(text: str, how: str) -> MoveSyntaxError:
    """The one sentence for text that is not written in a game's notation."""
    return MoveSyntaxError(f"{text!r} is not a move: {how}")


def read_notation(text: str, notation: re.Pattern[str], how: str) -> re.Match[str]:
    """A move's text, read by the one reader of player text and matched by the game's
    `notation`; `not_a_move(text, how)` where it does not match."""
    written = read_move(text, MoveSyntaxError)
    found = notation.match(written)
    if found is None:
        raise not_a_move(written, how)
    return found
