"""What the host's seat (`app.tui.online_seat`) and the guest's (`app.tui.online_guest`)
share on the full screen: the question when the other player asks for a takeback (a
dialog, Allow (y) or Decline (n, Escape)), and the game marked as online in the
statistics when it ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.online.online_stats import mark_online
from app.online.takebacks import ask_words
from app.tui.dialogs import ConfirmDialog
from rules.base import PlayerNo


def ask_to_allow(
    screen: Any, asker: str, count: int, answer: Callable[[bool | None], None]
) -> None:
    """Ask this player, over `screen`, to allow `asker`'s takeback of `count` moves."""
    dialog = ConfirmDialog(
        f"{ask_words(asker, count)}.",
        "The moves are taken back on both boards if you allow it.",
        yes="Allow",
        no="Decline",
    )
    screen.app.push_screen(dialog, answer)


def mark_in_statistics(widget: Any, record_id: str, seat: PlayerNo) -> None:
    """The finished game (counted by the session) marked: `seat` played online. A
    failure is a warning; the game stays counted."""
    why = mark_online(record_id, seat)
    if why is not None:
        widget.notify(why, severity="warning", markup=False)
