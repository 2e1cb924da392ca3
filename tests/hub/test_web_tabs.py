"""`hub --web`: the hub also serves browser tabs (`app/serve/hub_tabs.py`), each running
`equation-duel class join CODE@ADDR:PORT` for this hub (the full screen's join asks the
name), listening on loopback unless --bind says otherwise (then with a token)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import aiohttp

from app.serve.hub_tabs import HubTabs, tab_command
from tests.hub.support import database_for
from tests.online.procs import Proc


async def test_the_tabs_join_this_hub_and_listen_on_loopback() -> None:
    tabs = HubTabs("127.0.0.1", 0)
    try:
        lines = await tabs.start("k7m3qd", "127.0.0.1", 40213)
        assert tabs.server is not None
        assert tabs.server.argv == (
            sys.executable,
            "-m",
            "app",
            "class",
            "join",
            "k7m3qd@127.0.0.1:40213",
        )
        config = tabs.server.config
        assert config.host == "127.0.0.1" and config.token is None and config.port > 0
        assert lines[0] == f"Browser tabs join this class at http://127.0.0.1:{config.port}/"
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{config.port}/") as page,
        ):
            assert page.status == 200 and "Equation Duel" in await page.text()
    finally:
        await tabs.stop()
    assert tabs.server is not None and tabs.server.stopping.is_set()
    assert tab_command("k7m3qd", "0.0.0.0", 5)[-1] == "k7m3qd@127.0.0.1:5"
    assert tab_command("k7m3qd", "::1", 5)[-1] == "k7m3qd@[::1]:5"
    assert HubTabs("0.0.0.0", 0).config.token is not None  # (beyond loopback: a token)


def test_hub_web_says_where_the_tabs_are(tmp_path: Path) -> None:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--web", "--web-port", "0", "--database", database], tmp_path)
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        hub.wait_for("Browser tabs join this class at http://127.0.0.1:")
        hub.wait_for("(each tab asks the student's name; at most 40 tabs at once).")
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
        assert "@127.0.0.1:" in line
    finally:
        hub.stop()


def test_a_taken_web_port_is_said_and_the_hub_goes_on(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        database = database_for(tmp_path / "class.sqlite3")
        hub = Proc(
            ["hub", "--plain", "--web", "--web-port", port, "--database", database], tmp_path
        )
        try:
            hub.wait_for("Browser tabs cannot be served: ")
            hub.write("who\nquit\n")
            hub.wait_for("Nobody is here yet.")
            assert hub.finish() == 0, hub.output()
        finally:
            hub.stop()
