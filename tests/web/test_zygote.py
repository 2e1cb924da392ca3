"""On Linux every tab's app is forked from one process that has imported the app
(`app.process.zygote`, issue 37): the apps are its children, each draws the menu, each
ends with its tab, and the zygote ends with the server. A server killed outright takes
the zygote and its apps with it (parent-death signals)."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest

from app.serve.forked import can_fork
from tests.web.support import WAIT, Served, alive, children_of, first_output, is_zygote, origin

pytestmark = pytest.mark.skipif(not can_fork(), reason="the zygote is Linux's")


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[1])


async def test_every_tabs_app_is_forked_from_one_zygote(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "3")
    async with aiohttp.ClientSession() as session:
        tabs = [
            await session.ws_connect(f"{server.base}/ws", headers=origin(server)) for _ in range(3)
        ]
        screens = await asyncio.gather(*(first_output(ws) for ws in tabs))
        assert all(screens)
        apps = server.wait_apps(3)
        zygotes = [pid for pid in children_of(server.pid) if is_zygote(pid)]
        assert len(zygotes) == 1
        assert {parent_of(app) for app in apps} == set(zygotes)
        await tabs[0].close()
        assert len(server.wait_apps(2)) == 2  # a closed tab ends its app
        for ws in tabs[1:]:
            await ws.close()
        server.wait_apps(0)
    assert "forked from one process" in server.log_text()
    assert server.stop() == []
    assert not any(alive(pid) for pid in zygotes)


async def test_a_killed_server_takes_the_zygote_and_its_apps(serve: Callable[..., Served]) -> None:
    server = serve("--max-sessions", "1")
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"{server.base}/ws", headers=origin(server))
        await first_output(ws)
        apps = server.wait_apps(1)
        zygotes = [pid for pid in children_of(server.pid) if is_zygote(pid)]
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        end = time.monotonic() + WAIT
        while any(alive(pid) for pid in [*apps, *zygotes]) and time.monotonic() < end:
            await asyncio.sleep(0.1)
        assert not any(alive(pid) for pid in [*apps, *zygotes])
        await ws.close()
    server.stop()


async def test_a_zygote_that_cannot_start_leaves_the_apps_programs_of_their_own(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from asyncio.subprocess import Process

    from textual_serve.download_manager import DownloadManager

    from app.serve import forked, session

    monkeypatch.setattr(forked, "READY_SECONDS", 0.001)  # (no zygote imports the app so fast)
    zygote = forked.Zygote()

    async def ignore(data: object) -> None:
        pass

    async def close() -> None:
        pass

    service = session.DuelAppService(
        session.APP_COMMAND,
        write_bytes=ignore,
        write_str=ignore,
        close=close,
        download_manager=DownloadManager(),
        zygote=zygote,
    )
    await service.start(80, 24)
    try:
        assert zygote.broken
        assert isinstance(service.process, Process)  # started as a program
        assert "each tab's app is started as a program of its own" in caplog.text
    finally:
        await service.stop()
        await zygote.close()
