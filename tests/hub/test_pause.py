"""The teacher pauses the class on the console: every student is told, no new game starts
(a challenge, an answer or a rematch is refused in words), a game in progress goes on;
`resume` opens challenges again."""

from __future__ import annotations

from pathlib import Path

from app.hub.console import answer
from app.hub.protocol import Accept, Admitted, Challenge, GameReady
from app.online.guest_link import GuestLink
from app.online.protocol import Move
from rules.registry import get_game
from tests.hub.support import Client, running_hub, until
from tests.hub.test_one_port import _join, _moved
from tests.online.procs import first_moves


def _unwatched(_number: int, _text: str) -> None:
    raise AssertionError("no game is watched")


async def test_a_paused_class_starts_no_game_and_plays_on(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        clients = []
        for name in ("Ada", "Bo", "Cy", "Di"):
            hub.admit(name)
            client = await Client.knock(hub, name)
            assert isinstance(await client.until(Admitted), Admitted)
            clients.append(client)
        ada, bo, cy, di = clients
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        await cy.send(Challenge(name="Di", game="fifty"))
        await di.said_until("type accept or decline")
        assert answer(hub, "pause", _unwatched) == [
            "The class is paused: games in progress go on; type resume to open it."
        ]
        assert answer(hub, "pause", _unwatched) == ["The class is paused already."]
        await di.said_until("The teacher paused the class")
        await di.send(Accept())  # (the challenge made before waits)
        await di.said_until("no new game starts")
        await cy.said_until("The teacher paused the class")
        await cy.send(Challenge(name="Ada", game="fifty"))
        await cy.said_until("no new game starts")
        assert list(hub.lobby.games) == [1]  # (neither started a game)
        links: list[GuestLink] = []
        try:
            joined = [await _join(hub, r) for r in ready if isinstance(r, GameReady)]
            links = [link for link, _ in joined]
            state, moves = first_moves("fifty")
            game = get_game("fifty")
            links[game.to_move(state) - 1].send(Move(number=0, text=game.format_move(moves[0])))
            for _, queue in joined:  # (the game in progress goes on)
                assert (await _moved(queue)).number == 0
        finally:
            for link in links:
                await link.close()
        assert answer(hub, "resume", _unwatched)[0].startswith("The class is resumed")
        await di.said_until("The teacher resumed the class")
        await di.send(Accept())
        await until(lambda: 2 in hub.lobby.games, "game 2")
        assert isinstance(await di.until(GameReady), GameReady)
        for client in clients:
            await client.close()
