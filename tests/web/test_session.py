"""A tab's app process always ends: asked to quit, then terminated, then killed."""

from __future__ import annotations

import signal
import sys

import pytest

from tests.web.support import alive, require_web_extra

#: A child that says it is a Textual app, then ignores both the quit message and SIGTERM.
STUBBORN = (
    "import signal, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush()\n"
    "time.sleep(120)\n"
)


async def test_an_app_that_will_not_quit_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    require_web_extra()
    from textual_serve.download_manager import DownloadManager

    from app.serve import session

    monkeypatch.setattr(session, "QUIT_GRACE", 0.3)
    monkeypatch.setattr(session, "KILL_GRACE", 0.3)
    closed: list[bool] = []

    async def ignore(data: object) -> None:
        pass

    async def close() -> None:
        closed.append(True)

    service = session.DuelAppService(
        (sys.executable, "-c", STUBBORN),
        write_bytes=ignore,
        write_str=ignore,
        close=close,
        download_manager=DownloadManager(),
    )
    await service.start(80, 24)
    process = service.process
    assert process is not None and alive(process.pid)
    await service.stop()
    assert process.returncode == -signal.SIGKILL
    assert not alive(process.pid)
    assert closed  # the browser's socket is told the app has ended
