"""What the full-screen online tests share: the host's board, once the guest joined."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from app.tui.online_seat import OnlineSeat

#: The longest a test waits for the other side.
WAIT = 30.0


async def hosted_board(app: Any, pilot: Pilot[None]) -> tuple[Any, OnlineSeat]:
    """The host's game screen, once the guest joined, and its guest's seat."""
    async with asyncio.timeout(WAIT):
        while not app.screen.query(OnlineSeat):
            await pilot.pause()
    screen = app.screen
    return screen, screen.query_one(OnlineSeat)
