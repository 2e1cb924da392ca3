"""What stops a line-mode turn before a move is given (raised from a prompt, caught by the
match loop, `app.plain.match_runner`, or by whoever started the game)."""

from __future__ import annotations


class EndOfInput(Exception):
    """Standard input ended: the program stops cleanly."""


class Quit(EndOfInput):
    """The player typed `quit` and said yes: the game is left unfinished (and kept)."""


class TakenBack(Exception):
    """A takeback was made at a prompt: the turn starts again from the new position."""


class TimeUp(Exception):
    """A person's answer came after the turn's time limit (`seconds` used): it is not
    played, and the round is lost on time."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"{seconds:.1f} seconds")
        self.seconds = seconds
