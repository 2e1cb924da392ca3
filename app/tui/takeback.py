"""Undo on the game screen: between people, the last move; against the computer, a
takeback (the computer's replies and the person's move before them), unless the setup
turned takebacks off, which the footer ("No takebacks") and a notification then say.

`Takebacks` is a part the game screen owns (`screen.takebacks`): it says whether undo is
offered and takes moves back in the match; the screen then shows the position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, Protocol

from app.tui.match_control import MatchControl
from app.tui.session import GameSetup
from rules.base import MoveT, OptionsT, PlayerNo, StateT


class TakebackSeat(Protocol[OptionsT, StateT, MoveT]):
    """What `Takebacks` reads of the screen (the setup and match change on a rematch)."""

    setup: GameSetup
    control: MatchControl[OptionsT, StateT, MoveT]

    @property
    def bots(self) -> Mapping[PlayerNo, object]:
        """The computer players, by seat."""
        ...


class Takebacks(Generic[OptionsT, StateT, MoveT]):
    """Which moves may be taken back, and taking them back."""

    def __init__(self, screen: TakebackSeat[OptionsT, StateT, MoveT]) -> None:
        self._screen = screen

    @property
    def allowed(self) -> bool:
        """Undo is always on between people; against the computer, unless set off."""
        setup = self._screen.setup
        return setup.all_human or setup.takebacks

    def possible(self) -> bool:
        """Between people: any move of the round. Against the computer: while a move of
        a person is there to take back (with the computer's replies after it)."""
        screen = self._screen
        if not screen.control.can_undo():
            return False
        return screen.setup.all_human or any(p not in screen.bots for p, _ in screen.control.moves)

    def take_back(self) -> str | None:
        """Take back what undo takes back; what to say of it (None: nothing was)."""
        if not self.allowed or not self.possible():
            return None
        control, bots = self._screen.control, self._screen.bots
        if self._screen.setup.all_human:
            control.undo()
            return "Took back the last move."
        # A takeback: the computer's replies, then the person's move before them.
        taken = 0
        while control.can_undo():
            player, _ = control.moves[-1]
            control.undo()
            taken += 1
            if player not in bots:
                break
        if taken == 1:
            return "Took back your last move."
        return "Took back your last move and the computer's reply."
