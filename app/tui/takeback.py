"""Undo on the game screen: between people, the last move; against the computer, a
takeback (the computer's replies and the person's move before them), unless the setup
turned takebacks off, which the footer ("No takebacks") and a notification then say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from app.tui.match_control import MatchControl
from app.tui.session import GameSetup
from rules.base import PlayerNo


class Takebacks(Screen[None]):
    """`u` / ctrl+z. Needs `control`, `setup`, `bots`, `moves`, `state`, `refusal`,
    `reset_input`, `say` and `turn_hint` from the screen it is mixed into."""

    if TYPE_CHECKING:
        control: MatchControl
        setup: GameSetup
        bots: dict[PlayerNo, Any]
        state: Any
        refusal: str | None

        @property
        def moves(self) -> list[tuple[PlayerNo, str]]: ...

        def reset_input(self) -> None: ...

        def say(self, message: str, level: Any = "info") -> None: ...

        def turn_hint(self, state: Any) -> str: ...

    @property
    def takebacks_allowed(self) -> bool:
        """Undo is always on between people; against the computer, unless set off."""
        return self.setup.all_human or self.setup.takebacks

    def can_take_back(self) -> bool:
        """Between people: any move of the round. Against the computer: while a move of
        a person is there to take back (with the computer's replies after it)."""
        if not self.control.can_undo():
            return False
        return self.setup.all_human or any(p not in self.bots for p, _ in self.moves)

    def action_undo(self) -> None:
        if not self.takebacks_allowed or not self.can_take_back():
            return
        self.reset_input()
        self.refusal = None
        if self.setup.all_human:
            self.control.undo()
            said = "Took back the last move."
        else:
            # A takeback: the computer's replies, then the person's move before them.
            taken = 0
            while self.control.can_undo():
                player, _ = self.control.moves[-1]
                self.control.undo()
                taken += 1
                if player not in self.bots:
                    break
            said = (
                "Took back your last move."
                if taken == 1
                else ("Took back your last move and the computer's reply.")
            )
        self.state = self.control.state
        self.say(f"{said} {self.turn_hint(self.state)}".strip())

    def action_undo_off(self) -> None:
        self.notify(
            "Takebacks are off in this game (a setup option): moves against the computer stand.",
            severity="warning",
        )
