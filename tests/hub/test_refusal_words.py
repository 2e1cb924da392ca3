"""A name taken is refused in words every front end can follow: the full screen has a
name field, not a --name flag, so neither the hub nor a host says "--name"."""

from __future__ import annotations

from pathlib import Path

from app.hub.protocol import Admitted, Refusal
from app.online.texts import name_taken
from tests.hub.support import Client, running_hub


def test_a_host_refuses_its_own_name_in_words() -> None:
    assert name_taken("hal", "Hal") == (
        "Hal is the name of the other player here: join with another name."
    )


async def test_a_hub_refuses_a_name_taken_in_words(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")  # (on the roster: the first join takes the name)
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.until(Admitted), Admitted)
        thief = await Client.knock(hub, "ada", "not-the-token")
        refused = await thief.next()
        assert isinstance(refused, Refusal)
        assert refused.reason == "Ada is taken in this class: join with your own name."
        for client in (ada, thief):
            await client.close()


async def test_a_game_not_found_to_watch_is_said_in_words(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        lobby = hub.lobby
        assert lobby.watch("99", object(), print) == "No game 99 is being played."
        assert lobby.watch("Ada", object(), print) == "Ada is playing no game now."
