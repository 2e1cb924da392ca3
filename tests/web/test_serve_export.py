"""A browser player cannot write any file (issue 29): export under `serve`.

The served app is driven over its websocket as a page would drive it (keys as `stdin`
messages), its screen read by feeding what it sends to a pyte screen. A player who
finishes a game and exports it, typing a path outside the data folder, gets the record
in the data folder's `exports/` under a name the app made; nothing else changed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pyte

from rules.record_json import from_json
from tests.web.support import WAIT, Served
from tests.web.test_serve_http import origin

COLUMNS, LINES = 100, 30


class Tab:
    """One browser tab's socket: keys in, the screen out."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, *texts: str) -> None:
        """Until every one of `texts` is on the screen (the socket's reads are bounded)."""
        await self.wait_until(lambda: all(text in self.text for text in texts))

    async def wait_until(self, done: Callable[[], bool]) -> None:
        """Until `done()`, looked at after each screen update the app sends."""
        while not done():
            message = await self.ws.receive(timeout=WAIT)
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
            else:
                assert message.type == aiohttp.WSMsgType.TEXT, f"{message}\n{self.text}"

    async def press(self, keys: str) -> None:
        await self.ws.send_json(["stdin", keys])


def files_under(folder: Path) -> dict[str, str]:
    """Every file under `folder`: its path -> a hash of its content."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.name.endswith((".log", ".tmp"))
    }


async def test_export_in_a_browser_writes_only_into_exports(
    serve: Callable[..., Served], tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("the player's own file\n", "utf-8")
    server = serve("--max-sessions", "1")
    data = tmp_path / "data"
    url = f"{server.base}/ws?width={COLUMNS}&height={LINES}"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, headers=origin(server)) as ws,
    ):
        tab = Tab(ws)
        await tab.wait_for("Equation Conquest")
        await tab.press("4")
        await tab.wait_for("Start (Enter)")
        await tab.press("\r")
        await tab.wait_for("Sequence")
        for key in "523":
            await tab.press(key)
        await tab.wait_for("Game over")
        before = files_under(tmp_path)
        await tab.press("e")
        await tab.wait_for("exports folder")
        # No path can be typed: the keys of one go nowhere, Enter exports.
        await tab.press(f"{outside}\r")
        await tab.wait_for("Exported to")
        await tab.press("e")  # again: a second file, the first is not replaced
        await tab.wait_for("exports folder")
        await tab.press("\r")
        await tab.wait_until(lambda: len(list((data / "exports").glob("*.json"))) == 2)
    server.wait_apps(0)
    after = files_under(tmp_path)
    changed = {name for name in after if before.get(name) != after[name]}
    changed |= set(before) - set(after)
    exports = sorted(name for name in changed if name.startswith("data/exports/"))
    assert len(exports) == 2 and exports[0].endswith("-2.json"), changed
    # Nothing else: the settings, and the statistics where the finished game's judgement
    # for the teacher's report is stored (in the background, after "Game over"), with
    # SQLite's write-ahead log and its index beside it while a connection is open.
    statistics = {"data/stats.sqlite3", "data/stats.sqlite3-wal", "data/stats.sqlite3-shm"}
    assert changed - set(exports) <= {"data/settings.json", *statistics}, changed
    assert outside.read_text("utf-8") == "the player's own file\n"
    for name in exports:
        record = from_json((tmp_path / name).read_bytes())
        assert [move.move for move in record.moves] == ["5", "2", "3"]
    assert (data / "exports").is_dir()
