"""A student's connection to the hub, in the waiting room or in the lobby, with what the
lobby keeps of them (their game, the challenge waiting for their answer, their last
opponent); messages to them are sent in order."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from aiohttp import web

from app.hub.protocol import Refusal, encode
from app.hub.store import key_of
from app.online.protocol import Message, Why
from rules.match import MatchState

if TYPE_CHECKING:
    from app.hub.games import HubGame


class Student:
    """A student's connection to the hub (in the waiting room until `admitted`)."""

    def __init__(self, name: str, ws: web.WebSocketResponse) -> None:
        self.name = name
        self.key = key_of(name)
        self.ws = ws
        self.admitted = False
        self.playing: HubGame | None = None
        #: The challenge waiting for this student's answer: who and what.
        self.challenge: tuple[str, MatchState] | None = None
        #: The last game's opponent and match (`rematch`).
        self.last: tuple[str, MatchState] | None = None
        self._sending = asyncio.Lock()

    async def send(self, message: Message) -> None:
        async with self._sending:
            with contextlib.suppress(Exception):
                await self.ws.send_str(encode(message))

    async def close(self, reason: str = "") -> None:
        if reason:
            await self.send(Refusal(reason=reason, code=Why.CLOSING))
        with contextlib.suppress(Exception):
            await self.ws.close()
