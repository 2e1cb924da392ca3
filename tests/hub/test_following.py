"""A student who follows the lobby (the full screen's) is told who is here as data: all
at once, then each change (came, started a game, ended it, left), and a challenge as a
`challenged` (a student who does not follow hears the line mode's words)."""

from __future__ import annotations

from pathlib import Path

from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, Challenged, Follow, Here
from tests.hub.support import Client, running_hub


async def _admitted(hub: Hub, name: str) -> Client:
    hub.admit(name)
    client = await Client.knock(hub, name)
    await client.until(Admitted)
    return client


async def _here(client: Client, name: str) -> Here:
    for _ in range(50):
        here = await client.until(Here)
        assert isinstance(here, Here)
        if here.name == name:
            return here
    raise AssertionError(f"nothing about {name}")


async def test_a_follower_is_told_who_is_here_and_what_they_play(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada = await _admitted(hub, "Ada")
        bo = await _admitted(hub, "Bo")
        await ada.send(Follow())
        assert {(await ada.until(Here)).name for _ in range(2)} == {"Ada", "Bo"}  # type: ignore[union-attr]
        cy = await _admitted(hub, "Cy")
        assert await _here(ada, "Cy") == Here(name="Cy")
        await bo.send(Challenge(name="Ada", game="fifty", flags=["--best-of", "3"]))
        challenged = await ada.until(Challenged)
        assert challenged == Challenged(name="Bo", text="Bo challenges you to fifty, best of 3.")
        await ada.send(Accept())
        playing = await _here(ada, "Bo")
        assert (playing.game, playing.game_id, playing.against) == (1, "fifty", "Ada")
        await cy.send(Challenge(name="Bo", game="fifty"))
        await cy.said_until("Bo is playing: challenge them when it ends.")
        await cy.close()
        assert await _here(ada, "Cy") == Here(name="Cy", gone=True)
        hub.lobby.games[1].stop()
        assert await _here(ada, "Bo") == Here(name="Bo")
        for client in (ada, bo):
            await client.close()
