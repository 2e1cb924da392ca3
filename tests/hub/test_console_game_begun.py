"""The teacher's console redraws its games at each of a game's lines: at the line of the
second player's join the game is playing ("Bo to play"), not still "(waiting for the
players to join)" until the first move (the full screen kept that stale line)."""

from __future__ import annotations

from pathlib import Path

from app.hub.lobby import EVERY_GAME
from app.hub.protocol import Accept, Admitted, Challenge, GameReady
from tests.hub.support import Client, running_hub, until
from tests.hub.test_one_port import _join


async def test_the_game_is_playing_at_the_line_of_the_last_join(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo"):
            hub.admit(name)
        ada, bo = [await Client.knock(hub, name) for name in ("Ada", "Bo")]
        for client in (ada, bo):
            assert isinstance(await client.until(Admitted), Admitted)
        seen: list[tuple[str, str]] = []  # (each line, and the games' words as it came)

        def line(_number: int, text: str) -> None:
            seen.append((text, " ".join(g.words() for g in hub.lobby.games.values())))

        hub.lobby.watch(EVERY_GAME, object(), line)
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        links = [(await _join(hub, r))[0] for r in ready if isinstance(r, GameReady)]
        try:
            await until(lambda: sum("joined" in text for text, _ in seen) == 2, "both joins")
            last_join = [words for text, words in seen if "joined" in text][-1]
            assert "waiting for the players" not in last_join
        finally:
            for link in links:
                await link.close()
            for client in (ada, bo):
                await client.close()
