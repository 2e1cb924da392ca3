"""What stops a line-mode turn before a move is given (raised from a prompt, caught by the
match loop, `app.plain.match_runner`, or by whoever started the game)."""

from __future__ import annotations


class EndOfInput(Exception):
    """Standard input ended: the program stops cleanly."""


class Quit(EndOfInput):
    """The player typed `quit` and said yes: the game is left unfinished (and kept)."""


class TakenBack(Exception):
    """A takeback was made at a prompt: the turn starts again from the new position."""
