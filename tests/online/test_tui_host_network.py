"""The full-screen host listens on this machine only, and `l` lets the local network in
(as `host --bind` does, with the same words), then only this machine again. (The test
stands a loopback address in for the network's: servers in tests listen on 127.0.0.x.)"""

from __future__ import annotations

import asyncio

import pytest

from app.online.texts import UNENCRYPTED, reach_words
from app.tui import online_hosting
from app.tui.app import EquationDuelApp
from app.tui.online_hosting import HostWaitScreen
from rules.registry import GAME_IDS

NETWORK = "127.0.0.2"  # (stands in for 0.0.0.0)


async def reachable(address: str, port: int) -> bool:
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(address, port), 5)
    except OSError:
        return False
    writer.close()
    await writer.wait_closed()
    return True


def shown(screen: HostWaitScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def test_l_listens_on_the_local_network_and_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_hosting, "NETWORK", NETWORK)
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", str(GAME_IDS.index("fifty") + 1), "enter")
        await pilot.pause()
        waiting = app.screen
        assert isinstance(waiting, HostWaitScreen)
        code, port = waiting.code, waiting.port
        assert shown(waiting, "#online-reach") == reach_words("127.0.0.1", flag=False)
        assert shown(waiting, "#online-reach").startswith("Only this machine can join")
        assert "l: let machines on your local network join" in shown(waiting, "#online-network")
        offered = waiting.active_bindings["l"].binding
        assert offered.show and offered.description == "Local network on/off"
        assert await reachable("127.0.0.1", port)
        await pilot.press("l")
        await pilot.pause()
        assert waiting.link.bind == NETWORK and waiting.code == code
        assert await reachable(NETWORK, waiting.port)
        assert not await reachable("127.0.0.1", port)
        assert shown(waiting, "#online-reach") == reach_words(NETWORK, flag=False)
        assert f"join {code}@{NETWORK}:{waiting.port}" in shown(waiting, "#guest-command")
        assert shown(waiting, "#online-unencrypted") == UNENCRYPTED
        assert "only this machine" in shown(waiting, "#online-network")
        await pilot.press("l")
        await pilot.pause()
        assert waiting.link.bind == "127.0.0.1"
        assert await reachable("127.0.0.1", waiting.port)
        assert shown(waiting, "#online-reach") == reach_words("127.0.0.1", flag=False)
        await pilot.press("escape")
        await pilot.pause()


def test_the_network_words_are_the_line_modes() -> None:
    """What `l` listens on is said as `host --bind 0.0.0.0` says it."""
    assert online_hosting.NETWORK == "0.0.0.0"
    assert reach_words(online_hosting.NETWORK).startswith("Any machine that can reach this one")
