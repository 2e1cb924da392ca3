"""Computer players on the game screen: who plays by computer, and their turns.

`ComputerTurns` is mixed into the game screen. When the position changes and the
computer is to move, it waits a moment (so the move can be seen coming), then thinks in
a worker thread so the screen stays responsive, and plays the move it found unless the
position changed meanwhile (an undo, a rematch, leaving).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.timer import Timer

from app.tui.players import make_bot
from app.tui.session import GameSetup
from rules.base import PlayerNo

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6

Bot = Callable[[Any], Any]


def bots_for(setup: GameSetup) -> dict[PlayerNo, Bot]:
    """The computer players of `setup`'s seats, by seat."""
    bots: dict[PlayerNo, Bot] = {}
    seats: tuple[tuple[PlayerNo, Any], ...] = ((1, setup.seats[0]), (2, setup.seats[1]))
    for player, seat in seats:
        if seat.kind == "computer":
            bot = make_bot(setup.game_id, seat.level)
            if bot is not None:
                bots[player] = bot
    return bots


class ComputerTurns(Screen[None]):
    """Plays the computer's turns. Needs `bots`, `state`, `is_over`, `to_move`, `say`
    and `play` from the screen it is mixed into."""

    if TYPE_CHECKING:
        bots: dict[PlayerNo, Bot]
        state: Any

        @property
        def is_over(self) -> bool: ...

        @property
        def to_move(self) -> PlayerNo: ...

        def say(self, message: str, level: Any = "info") -> None: ...

        def play(self, move: Any) -> bool: ...

    _bot_timer: Timer | None = None

    def schedule_bot(self) -> None:
        """Start the computer's turn if it is to move (call after every position change)."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if not self.is_over and self.to_move in self.bots:
            self._bot_timer = self.set_timer(BOT_DELAY, self._bot_move)

    def _bot_move(self) -> None:
        """Let the computer think in a thread, so the screen stays responsive."""
        self._bot_timer = None
        if self.is_over or self.to_move not in self.bots:
            return
        state, bot = self.state, self.bots[self.to_move]
        self.say(f"Player {self.to_move} (computer) is thinking…")

        def think() -> None:
            move = bot(state)
            with suppress(RuntimeError):  # the app has closed meanwhile
                self.app.call_from_thread(self._bot_played, state, move)

        self.run_worker(think, thread=True, exclusive=True, group="bot")

    def _bot_played(self, before: Any, move: Any) -> None:
        if self.state is before and not self.is_over:  # not undone or left meanwhile
            self.play(move)
