"""What the full-screen online tests share: the host's board once the guest joined, the
guest's board once it joined by the menu's Join screen, and a test's own guest link (on
the test's loop, as the app's)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from app.online.codes import parse_address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Welcome
from app.tui.online_guest import GuestSeat, JoinScreen

#: The longest a test waits for the other side.
WAIT = 30.0


async def hosted_board(app: Any, pilot: Pilot[None]) -> tuple[Any, GuestSeat]:
    """The host's game screen, once the guest joined, and its seat of the connection
    (the host plays its own game as a guest does: `host` is a hub of two)."""
    async with asyncio.timeout(WAIT):
        while not app.screen.query(GuestSeat):
            await pilot.pause()
    screen = app.screen
    return screen, screen.query_one(GuestSeat)


async def joined_board(
    app: Any, pilot: Pilot[None], place: str, name: str
) -> tuple[Any, GuestSeat]:
    """Join `place` (CODE@HOST:PORT) as `name` from the menu (o, then j); the guest's game
    screen once it shows the board, and its seat of the connection."""
    await pilot.press("o", "j")
    assert isinstance(app.screen, JoinScreen)
    app.screen.query_one("#join-address").value = place
    app.screen.query_one("#join-name").value = name
    await pilot.press("enter")
    async with asyncio.timeout(WAIT):
        while not app.screen.query(GuestSeat):
            await pilot.pause()
    screen = app.screen
    return screen, screen.query_one(GuestSeat)


async def guest_link(place: str, name: str) -> tuple[GuestLink, Welcome, asyncio.Queue[Heard]]:
    """A guest link of the test's own, joined to `place` on this loop: the link, the
    host's welcome, and what the host says after it, as it comes."""
    link = GuestLink(parse_address(place), name)
    heard: asyncio.Queue[Heard] = asyncio.Queue()
    welcome = await link.join()
    link.hand_to(heard.put_nowait)
    return link, welcome, heard


async def next_heard(heard: asyncio.Queue[Heard]) -> Heard:
    """The host's next message to a test's guest link (bounded)."""
    return await asyncio.wait_for(heard.get(), WAIT)
