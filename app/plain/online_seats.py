"""An online game's plain driver: one seat is played here, the other over the connection.

`OnlineDriver` wraps the game's own plain driver, so an online game reads exactly as a
local one; only whose turn comes from where differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from app.plain.base import PlainDriver
from rules.base import Outcome, PlayerNo

Turn = Callable[[Any], Any]
#: Hands a move to the match: None when played, else the refusal in words.
Submit = Callable[[Any], str | None]


class OnlineDriver(PlainDriver):
    """The game's driver for the local seat, the connection for the other."""

    game_id: ClassVar[str] = "online"
    #: No hints online; a takeback needs the other player's consent, which
    #: `OnlineCommands` asks for before these refusals are read.
    refused_commands: ClassVar[dict[str, str]] = {
        "undo": "Takebacks are not offered in an online game.",
        "hint": "Hints are not offered in this online game.",
    }

    def __init__(
        self,
        inner: PlainDriver,
        local: PlayerNo,
        local_turn: Turn,
        remote_turn: Turn,
        hand_over: Callable[[Submit], Submit] | None = None,
    ) -> None:
        """`hand_over`: where the local seat's moves go instead of straight to the match
        (a guest's go to the host first): given the match's `submit`, the local one."""
        super().__init__(inner.game, inner.console, inner.names)
        self.inner = inner
        self.local = local
        self.local_turn = local_turn
        self.remote_turn = remote_turn
        self.hand_over = hand_over

    def attach(self, submit: Submit | None) -> None:
        super().attach(submit)
        if submit is not None and self.hand_over is not None:
            submit = self.hand_over(submit)
        self.inner.attach(submit)

    def welcome(self, state: Any) -> None:
        self.inner.welcome(state)

    def human_turn(self, state: Any) -> Any:
        if self.game.to_move(state) == self.local:
            return self.local_turn(state)
        return self.remote_turn(state)

    def offer(self, move: Any) -> bool:
        return self.inner.offer(move)  # (the local seat's: a guest's goes to the host)

    def say_refusal(self, reason: str) -> None:
        self.inner.say_refusal(reason)

    def report(self, before: Any, move: Any, after: Any) -> None:
        self.inner.report(before, move, after)

    def final(self, outcome: Outcome) -> None:
        self.inner.final(outcome)

    def start_round(self, state: Any) -> None:
        self.inner.start_round(state)

    def result_line(self, outcome: Outcome) -> str:
        return self.inner.result_line(outcome)

    def stop_pending(self) -> None:
        self.inner.stop_pending()
