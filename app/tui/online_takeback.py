"""What the host's seat (`app.tui.online_seat`) and the guest's (`app.tui.online_guest`)
share on the full screen: the question when the other player asks for a takeback (a
dialog, Allow (y) or Decline (n, Escape)), the ask's lapse when no answer comes within
`ASK_SECONDS` (said on both sides; the dialog closes), and the game marked as online in
the statistics when it ends.

A seat has `asks` (`app.online.takebacks.Asks`), `link`, `game_screen` and
`allow_dialog` (the dialog showing the other's ask, if any)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.online import takebacks
from app.online.online_stats import mark_online
from app.online.protocol import TakebackLapsed
from app.online.takebacks import ask_words, lapsed_words, not_answered_words
from app.tui.dialogs import ConfirmDialog
from rules.base import PlayerNo


class AllowDialog(ConfirmDialog):
    """The other player's takeback ask (its answer is passed over once it lapsed)."""

    lapsed = False


def ask_to_allow(
    screen: Any, asker: str, count: int, answer: Callable[[bool | None], None]
) -> AllowDialog:
    """Ask this player, over `screen`, to allow `asker`'s takeback of `count` moves."""
    dialog = AllowDialog(
        f"{ask_words(asker, count)}.",
        "The moves are taken back on both boards if you allow it.",
        yes="Allow",
        no="Decline",
    )
    screen.app.push_screen(dialog, lambda allowed: None if dialog.lapsed else answer(allowed))
    return dialog


def lapse_unanswered(seat: Any, other: str) -> None:
    """`seat` has just asked `other`: without an answer in `ASK_SECONDS` the ask lapses,
    said here and told to the other side."""
    asks = seat.asks
    asks.made += 1
    made = asks.made

    def lapse() -> None:
        if asks.made != made or asks.mine is None:
            return  # (answered, or lapsed as a move was played)
        asks.mine = None
        seat.link.send(TakebackLapsed())
        seat.game_screen.say(not_answered_words(other))

    seat.set_timer(takebacks.ASK_SECONDS, lapse)


def their_ask_lapsed(seat: Any, asker: str, late: bool = False) -> None:
    """`asker`'s ask to `seat` lapsed unanswered: its dialog closes, and this is said.
    `late`: said too when this side's answer crossed the lapse (the guest's: the host
    passed over it)."""
    asks = seat.asks
    crossed, asks.answered = late and asks.answered, False
    if asks.theirs is None and not crossed:
        return
    asks.theirs = None
    dialog = seat.allow_dialog
    seat.allow_dialog = None
    if dialog is not None:
        dialog.lapsed = True
        if dialog.is_attached and dialog.app.screen is dialog:
            dialog.dismiss(None)
    seat.game_screen.say(lapsed_words(asker))


def mark_in_statistics(widget: Any, record_id: str, seat: PlayerNo) -> None:
    """The finished game (counted by the session) marked: `seat` played online. A
    failure is a warning; the game stays counted."""
    why = mark_online(record_id, seat)
    if why is not None:
        widget.notify(why, severity="warning", markup=False)
