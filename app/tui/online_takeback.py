"""A player's seat on the full screen (`online_guest`'s, the host's too): the takebacks
(the other player's ask in a dialog, Allow or Decline; an ask that
lapses unanswered after `ASK_SECONDS`, said on both sides) and the game marked as online
in the statistics when it ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widget import Widget

from app.online import takebacks
from app.online.online_stats import mark_online
from app.online.protocol import TakebackAsk, TakebackLapsed
from app.online.takebacks import (
    Asks,
    ask_words,
    asked_words,
    lapsed_words,
    moves_back,
    not_answered_words,
)
from app.tui.dialogs import ConfirmDialog
from rules.base import PlayerNo


class AllowDialog(ConfirmDialog):
    """The other player's takeback ask (its answer is passed over once it lapsed)."""

    lapsed = False


class TakebackSeat(Widget):
    """An invisible widget on the game screen that plays one side of an online game: a
    subclass names its `link`, its `own_seat`, the `turn` an ask is about and the `other`
    player."""

    link: Any

    def __init__(self) -> None:
        super().__init__()
        self.asks = Asks()
        #: The dialog showing the other's takeback ask, while it waits.
        self.allow_dialog: AllowDialog | None = None

    @property
    def game_screen(self) -> Any:
        return self.screen

    @property
    def own_seat(self) -> PlayerNo:
        raise NotImplementedError

    @property
    def turn(self) -> int:
        raise NotImplementedError

    @property
    def other(self) -> str:
        raise NotImplementedError

    def ask_takeback(self, session: Any) -> str:
        """The takeback key: ask the other player to allow taking back this side's move."""
        refusal = self.asks.refusal(session, self.own_seat)
        if refusal is not None:
            return refusal
        self.asks.mine = self.turn
        self.link.send(TakebackAsk(number=self.turn))
        self.asks.made += 1
        made = self.asks.made

        def lapse() -> None:
            if self.asks.made != made or self.asks.mine is None:
                return  # (answered, or lapsed as a move was played)
            self.asks.mine = None
            self.link.send(TakebackLapsed())
            self.game_screen.say(not_answered_words(self.other))

        self.set_timer(takebacks.ASK_SECONDS, lapse)
        return asked_words(self.other, moves_back(session, self.own_seat))

    def ask_to_allow(self, count: int, answer: Callable[[bool | None], None]) -> None:
        """Ask this player to allow the other's takeback of `count` moves."""
        dialog = AllowDialog(
            f"{ask_words(self.other, count)}.",
            "The moves are taken back on both boards if you allow it.",
            yes="Allow",
            no="Decline",
        )
        self.allow_dialog = dialog
        self.app.push_screen(dialog, lambda yes: None if dialog.lapsed else answer(yes))

    def their_ask_lapsed(self, late: bool = False) -> None:
        """The other's ask lapsed unanswered: its dialog closes, and this is said. `late`:
        said too when this side's answer crossed the lapse (the host passed over it)."""
        asks = self.asks
        crossed, asks.answered = late and asks.answered, False
        if asks.theirs is None and not crossed:
            return
        asks.theirs = None
        dialog, self.allow_dialog = self.allow_dialog, None
        if dialog is not None:
            dialog.lapsed = True
            if dialog.is_attached and dialog.app.screen is dialog:
                dialog.dismiss(None)
        self.game_screen.say(lapsed_words(self.other))

    def mark_in_statistics(self, record_id: str, seat: PlayerNo) -> None:
        """The finished game marked: `seat` played online (a failure is a warning)."""
        why = mark_online(record_id, seat)
        if why is not None:
            self.notify(why, severity="warning", markup=False)
