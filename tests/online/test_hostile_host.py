"""A hostile or broken host against a real plain guest: what the guest cannot use
closes the link with a sentence, never a traceback (issue 36, item 7)."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from aiohttp import web

from app.online.protocol import VERSION, Moved, Welcome, encode
from rules.match import new_match
from rules.registry import get_game
from tests.online.procs import Proc

CODE = "abc-def-ghj-kmn-pqr"


class FakeHost:
    """A host on 127.0.0.1 that welcomes the guest and then sends `after` (in a thread
    with its own loop)."""

    def __init__(self, after: list[str]) -> None:
        self.after = after
        self.port = 0
        self.ready = threading.Event()
        self.done = threading.Event()
        self.heard: list[Any] = []
        self.thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "the fake host did not start"

    async def _play(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.heard.append(json.loads((await ws.receive(timeout=10)).data))
        match = new_match("fifty", get_game("fifty").options_from({}))
        welcome = Welcome(
            version=VERSION,
            seat=2,
            names=("Mallory", "Bob"),
            match=match.model_dump(mode="json"),
            seconds=[],
            turn=0,
            record_id="hostile",
        )
        await ws.send_str(encode(welcome))
        for text in self.after:
            await ws.send_str(text)
        async for message in ws:  # until the guest closes
            self.heard.append(message.data)
        return ws

    async def _serve(self) -> None:
        app = web.Application()
        app.router.add_get("/play", self._play)
        runner = web.AppRunner(app, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(runner.addresses[0][1])
        self.ready.set()
        await asyncio.get_running_loop().run_in_executor(None, self.done.wait, 60)
        await runner.cleanup()


def test_a_move_the_guest_cannot_read_ends_the_game_with_a_sentence(tmp_path: Path) -> None:
    fake = FakeHost([encode(Moved(number=0, player=1, text="abc", seconds=1.0))])
    guest = Proc(["join", f"{CODE}@127.0.0.1:{fake.port}", "--plain", "--name", "Bob"], tmp_path)
    try:
        assert guest.finish() == 0, guest.output()
        said = guest.wait_for("The game stops")
        assert "the host sent a move that cannot be read: abc" in said
        assert "Traceback" not in guest.output()
    finally:
        guest.stop()
        fake.done.set()
        fake.thread.join(10)
