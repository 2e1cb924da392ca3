"""The full screen's question when the other player of an online game asks for a
takeback: a dialog, Allow (y) or Decline (n, Escape), shared by the host's seat
(`app.tui.online_seat`) and the guest's (`app.tui.online_guest`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.online.takebacks import ask_words
from app.tui.dialogs import ConfirmDialog


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
