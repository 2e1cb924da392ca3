"""The class code in the request's path (protocol version 4): the lobby at
`/class/CODE/play` and a game at `/class/CODE/game/N`, so a proxy in front of several hubs
routes by the path; a wrong code in the path is refused as a wrong code is; a machine of
version 3, knocking at `/play`, is told to update (it cannot read version 4's messages)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app.hub.client import HubClient
from app.hub.protocol import (
    OLDEST_VERSION,
    Accept,
    Admitted,
    Challenge,
    GameReady,
    Refusal,
    game_path,
    lobby_path,
)
from app.online.codes import Address
from app.online.guest_link import GuestLink, JoinRefused
from tests.hub.support import Client, running_hub


def test_the_paths_carry_the_class_code() -> None:
    assert lobby_path("K7M3QD") == "/class/k7m3qd/play"
    assert game_path(3, "k7m3qd") == "/class/k7m3qd/game/3"
    assert game_path(3) == "/game/3"  # (version 3's)


def _wrong(code: str) -> str:
    return "".join("2" if ch != "2" else "3" for ch in code)


async def test_a_student_joins_at_the_class_path(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada", path=lobby_path(hub.code.upper()))
        assert isinstance(await ada.next(), Admitted)
        await ada.close()


async def test_a_machine_of_version_3_at_play_is_told_to_update(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada", version=OLDEST_VERSION - 1)
        refused = await ada.next()
        assert isinstance(refused, Refusal) and refused.code == "other-version"
        assert "update Equation Duel" in refused.reason
        await ada.close()


async def test_a_wrong_code_in_the_path_is_refused_as_a_wrong_code(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Cy")
        # (the knock's own code is right: the path's is what is wrong)
        stranger = await Client.knock(hub, "Cy", path=lobby_path(_wrong(hub.code)))
        refused = await stranger.next()
        assert isinstance(refused, Refusal) and refused.code == "wrong-code"
        assert await stranger.closed()
        await stranger.close()
        assert "Cy" not in "".join(hub.lobby.who())


async def test_the_hubs_own_client_joins_at_the_class_path_and_plays_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    connect = aiohttp.ClientSession.ws_connect

    def ws_connect(self: aiohttp.ClientSession, url: str, **kwargs: Any) -> Any:
        asked.append(str(url))
        return connect(self, url, **kwargs)

    monkeypatch.setattr(aiohttp.ClientSession, "ws_connect", ws_connect)
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo"):
            hub.admit(name)
        address = Address(hub.code, "127.0.0.1", hub.port)
        ada, bo = HubClient(address, "Ada"), HubClient(address, "Bo")
        await ada.join()
        await bo.join()
        try:
            ada.send(Challenge(name="Bo", game="fifty"))
            ready = await _next_of(bo, GameReady, accept=True)
            game = hub.lobby.games[ready.game]
            right = Address(ready.code, "127.0.0.1", hub.port, game_path(ready.game, hub.code))
            link = GuestLink(right, "Bo")
            await link.join()
            assert game.relay.link.seats
            await link.close("done")
            wrong_path = game_path(ready.game, _wrong(hub.code))
            wrong = Address(ready.code, "127.0.0.1", hub.port, wrong_path)
            with pytest.raises(JoinRefused):
                await GuestLink(wrong, "Bo").join()
        finally:
            await ada.close()
            await bo.close()
    lobby = f"http://127.0.0.1:{hub.port}/class/{hub.code.lower()}/play"
    assert asked[:2] == [lobby, lobby]
    assert asked[2].endswith(f"/class/{hub.code.lower()}/game/{ready.game}")


async def _next_of(client: HubClient, kind: type, accept: bool = False) -> GameReady:
    for _ in range(100):
        message = await client.next(timeout=10)
        assert message is not None
        if accept and "accept" in getattr(message, "text", ""):
            client.send(Accept())
        if isinstance(message, kind):
            assert isinstance(message, GameReady)
            return message
    raise AssertionError(f"no {kind.__name__} came")
