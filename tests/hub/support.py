"""A real hub on 127.0.0.1, port 0, in the test's own loop, and a student's raw client;
every wait is bounded. The hub's records are named by a path: an SQLite file, or in the
postgres set (tests/hub/conftest.py) a database of that path's own on the test server."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp

from app.hub.hub import Hub
from app.hub.protocol import VERSION, FromHub, Knock, Message, encode, read_from_hub
from app.hub.store import HubStore, open_store
from tests.hub.postgres import Server

WAIT = 10.0

#: The postgres set's server (None: the records are SQLite files), and the database each
#: path names on it (tests/hub/conftest.py sets both for each test).
server: Server | None = None
databases: dict[Path, str] = {}


def database_for(path: Path) -> str:
    """What `--database` says for the records `path` names (the same path, the same
    database: a restarted hub finds them)."""
    if server is None:
        return str(path)
    if path not in databases:
        databases[path] = server.database()
    return databases[path]


def open_test_store(path: Path) -> HubStore:
    return open_store(database_for(path))


def everything_kept(path: Path) -> str:
    """All the records `path` names, as text: the SQLite file's bytes, or every row of
    every table of its PostgreSQL database."""
    if server is None:
        return path.read_bytes().decode("latin-1")
    import psycopg

    with psycopg.connect(database_for(path)) as db:
        tables = ("meta", "students", "games")
        return "\n".join(str(row) for table in tables for row in db.execute(f"TABLE {table}"))


@contextlib.asynccontextmanager
async def running_hub(path: Path, said: list[str] | None = None) -> AsyncIterator[Hub]:
    """A hub with its records in `path`; what it says to the teacher goes to `said`."""
    store = open_test_store(path)
    hub = Hub(store, notice=(said if said is not None else []).append)
    await hub.start()
    try:
        yield hub
    finally:
        await hub.stop("The hub stops.")
        store.close()


class Client:
    """A student's connection, message by message."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse):
        self.session = session
        self.ws = ws

    @classmethod
    async def open(cls, hub: Hub, path: str = "/play") -> Client:
        session = aiohttp.ClientSession()
        ws = await session.ws_connect(f"http://127.0.0.1:{hub.port}{path}")
        return cls(session, ws)

    @classmethod
    async def knock(
        cls,
        hub: Hub,
        name: str,
        token: str = "",
        code: str = "",
        path: str = "/play",
        version: int = VERSION,
    ) -> Client:
        client = await cls.open(hub, path)
        await client.send(Knock(version=version, code=code or hub.code, name=name, token=token))
        return client

    async def send(self, message: Message) -> None:
        await self.ws.send_str(encode(message))

    async def next(self) -> FromHub | None:
        """The hub's next message (None: the connection closed)."""
        raw = await self.ws.receive(timeout=WAIT)
        if raw.type != aiohttp.WSMsgType.TEXT:
            return None
        return read_from_hub(raw.data)

    async def until(self, kind: type[Message], limit: int = 200) -> FromHub:
        """The next message of `kind` (others passed over; bounded)."""
        for _ in range(limit):
            message = await self.next()
            assert message is not None, f"closed before a {kind.__name__}"
            if isinstance(message, kind):
                return message
        raise AssertionError(f"no {kind.__name__} came")

    async def said_until(self, words: str, limit: int = 200) -> list[str]:
        """The lines said (and watched) until one holds `words` (bounded)."""
        lines: list[str] = []
        for _ in range(limit):
            message = await self.next()
            assert message is not None, f"closed before {words!r}; heard {lines}"
            text = getattr(message, "text", None) or getattr(message, "reason", None)
            if text is not None:
                lines.append(text)
                if words in text:
                    return lines
        raise AssertionError(f"{words!r} never came: {lines}")

    async def closed(self) -> bool:
        """Whether the hub closes this connection (what it sends first is passed over)."""
        for _ in range(50):
            raw = await self.ws.receive(timeout=WAIT)
            if raw.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                return True
            if raw.type == aiohttp.WSMsgType.ERROR:
                return True
        return False

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        await self.session.close()


async def until(condition: object, what: str) -> None:
    """Wait (bounded) until `condition()` holds."""
    for _ in range(200):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{what} never happened")
