"""`equation-duel serve` over HTTP, without a browser: token, Origin, cap, messages.

Every server here is a real `equation-duel serve` on a free 127.0.0.1 port; the app
processes are counted from /proc as the server's children.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import aiohttp
import pytest

from tests.web.support import WAIT, Served, first_output, origin, wait_for_room

TOKEN = "s3cret-token-for-tests"


async def refused(url: str, headers: dict[str, str]) -> int:
    """The HTTP status of a websocket handshake the server refuses."""
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as info:
            await session.ws_connect(url, headers=headers)
        return info.value.status


async def test_token_guards_page_and_websocket(serve: Callable[..., Served]) -> None:
    server = serve("--token", TOKEN, "--max-sessions", "1")
    assert server.address == f"{server.base}/?token={TOKEN}"
    async with aiohttp.ClientSession() as session:
        for url in (f"{server.base}/", f"{server.base}/?token=wrong-{TOKEN}"):
            async with session.get(url) as response:
                assert response.status == 403
                assert "token" in (await response.text())
                assert TOKEN not in (await response.text())
        async with session.get(server.address) as response:
            assert response.status == 200
            page = await response.text()
        assert f"ws://127.0.0.1:{server.port}/ws/{TOKEN}" in page
    for path in ("/ws", f"/ws/not-{TOKEN}", f"/ws?token={TOKEN[:-1]}"):
        assert await refused(server.base + path, origin(server)) == 403
    assert server.apps() == []
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{server.base}/ws/{TOKEN}", headers=origin(server)) as ws,
    ):
        assert await first_output(ws)
        server.wait_apps(1)
    server.wait_apps(0)


async def test_loopback_needs_no_token(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "1")
    assert server.address == f"{server.base}/"
    async with aiohttp.ClientSession() as session, session.get(server.base) as response:
        assert response.status == 200
        page = await response.text()
    assert f"ws://127.0.0.1:{server.port}/ws" in page
    # Nothing is fetched from another site: the font is the one in the static files.
    assert "googleapis" not in page
    assert f"{server.base}/static/fonts/RobotoMono-VariableFont_wght.ttf" in page
    assert response.headers["X-Frame-Options"] == "DENY"
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{server.base}/static/fonts/RobotoMono-VariableFont_wght.ttf") as font,
    ):
        assert font.status == 200 and len(await font.read()) > 10_000


async def test_origin_must_be_the_server(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "3", "--public-url", "https://duel.example.org")
    url = f"{server.base}/ws"
    for foreign in (
        "http://evil.example.com",
        f"http://evil.example.com:{server.port}",
        f"http://127.0.0.1:{server.port + 1}",
        "null",
    ):
        assert await refused(url, {"Origin": foreign}) == 403, foreign
    assert await refused(url, {}) == 403  # no Origin at all
    assert server.apps() == []
    assert "origin" in server.log_text()
    goods = (server.base, f"http://localhost:{server.port}", "https://duel.example.org")

    async def accepted(session: aiohttp.ClientSession, good: str) -> bytes:
        async with session.ws_connect(url, headers={"Origin": good}) as ws:
            return await first_output(ws)

    async with aiohttp.ClientSession() as session:
        assert all(await asyncio.gather(*(accepted(session, good) for good in goods)))
    server.wait_apps(0)


async def test_session_cap(serve: Callable[..., Served]) -> None:
    cap = 2
    server = serve("--max-sessions", str(cap))
    async with aiohttp.ClientSession() as session:
        sockets = [
            await session.ws_connect(f"{server.base}/ws", headers=origin(server))
            for _ in range(cap)
        ]
        await asyncio.gather(*(first_output(ws) for ws in sockets))
        assert await refused(f"{server.base}/ws", origin(server)) == 503
        async with session.get(server.base) as response:
            assert response.status == 503
            assert "The server is full" in await response.text()
        server.wait_apps(cap)
        # The refusal is decided (and logged) before any process could start for it.
        assert "server full: refused a websocket" in server.log_text()
        assert len(server.apps()) == cap  # the refused tab started nothing
        for ws in sockets:
            await ws.close()
        server.wait_apps(0)
        await wait_for_room(session, server)  # the page is served again


#: One of each kind (tests/web/test_messages.py checks every rule without a server).
MALFORMED: list[str | bytes] = [
    b"\x00\x01binary",
    "not json",
    '["reboot", 1]',
    '["resize", {"width": 100000, "height": 24}]',
    "[" * 5000 + "]" * 5000,
]


@pytest.mark.parametrize(
    "malformed",
    [  # each bad message starts an app first: the deepest one by default, all five in the
        # soak (each kind's rule is checked without a server in test_messages.py)
        pytest.param([MALFORMED[4]], id="nested"),
        pytest.param(MALFORMED, id="all", marks=pytest.mark.soak),
    ],
)
async def test_malformed_messages_close_only_that_session(
    serve: Callable[..., Served], malformed: list[str | bytes]
) -> None:
    server = serve("--max-sessions", str(len(malformed) + 1))

    async def send_bad(session: aiohttp.ClientSession, bad: str | bytes) -> int | None:
        async with session.ws_connect(f"{server.base}/ws", headers=origin(server)) as ws:
            if isinstance(bad, bytes):
                await ws.send_bytes(bad)
            else:
                await ws.send_str(bad)
            while True:
                message = await ws.receive(timeout=WAIT)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    return ws.close_code

    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{server.base}/ws", headers=origin(server)) as good,
    ):
        await first_output(good)
        codes = await asyncio.gather(*(send_bad(session, bad) for bad in malformed))
        assert codes == [1008] * len(malformed)
        # The good session lives on and still answers.
        await good.send_json(["ping", "still-here"])
        while True:
            message = await good.receive(timeout=WAIT)
            if message.type == aiohttp.WSMsgType.TEXT:
                assert message.json() == ["pong", "still-here"]
                break
        server.wait_apps(1)
    server.wait_apps(0)
    assert server.process.poll() is None
    assert server.log_text().count("malformed message") == len(malformed)


async def test_idle_tab_is_closed(serve: Callable[..., Served]) -> None:
    server = serve("--idle-minutes", "0.03")  # 1.8 seconds
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{server.base}/ws", headers=origin(server)) as ws,
    ):
        await first_output(ws)
        await ws.send_json(["ping", "1"])  # pings are not play: they do not keep it open
        while True:
            message = await ws.receive(timeout=WAIT)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                break
    assert "idle" in server.log_text()
    server.wait_apps(0)


async def test_bad_size_in_the_address_starts_nothing(serve: Callable[..., Served]) -> None:
    server = serve()
    assert await refused(f"{server.base}/ws?width=80x&height=24", origin(server)) == 400
    assert await refused(f"{server.base}/ws?width=0&height=24", origin(server)) == 400
    assert server.apps() == []


async def test_stopping_the_server_ends_the_open_tabs_apps(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "2")
    async with aiohttp.ClientSession() as session:
        sockets = [
            await session.ws_connect(f"{server.base}/ws", headers=origin(server)) for _ in range(2)
        ]
        await asyncio.gather(*(first_output(ws) for ws in sockets))
        apps = server.wait_apps(2)
        assert server.stop() == []  # SIGINT, as Ctrl+C: no app outlives the server
        assert server.process.returncode == 0
        for ws in sockets:  # the tabs are told (after whatever screen was on its way)
            while (await ws.receive(timeout=WAIT)).type == aiohttp.WSMsgType.BINARY:
                pass
            assert ws.closed or ws.close_code is not None
    assert apps
