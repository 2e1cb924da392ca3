"""A tournament's pairing on the hub (moved from `tournament host --both-online`'s
test): each seat's own code lets in that seat only (the other's code, once its seat is
taken, is refused), a move out of turn is refused, no takeback is offered, a seat
dropped without a goodbye waits for its player; the game then plays to its end and its
result is in the tournament."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp

from app.hub.protocol import GameReady
from app.online.codes import Address
from tests.hub.support import running_hub, until
from tests.hub.tournament_play import admitted, play
from tests.online.test_security import connect, hello, said


async def test_each_seat_lets_in_its_own_player_only(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ann, bo = [(await admitted(hub, name))[0] for name in ("Ann", "Bo")]
        hub.tournament.command("tournament", "new Class fifty")
        hub.tournament.command("round", "")
        readies = [await client.until(GameReady) for client in (ann, bo)]
        ann_ready, bo_ready = readies
        assert isinstance(ann_ready, GameReady) and isinstance(bo_ready, GameReady)
        assert ann_ready.code != bo_ready.code and ann_ready.game == bo_ready.game
        number = ann_ready.game

        def place(code: str) -> Address:
            return Address(code, "127.0.0.1", hub.port, f"/game/{number}")

        game = hub.lobby.games[number]
        url = place(bo_ready.code).url()
        async with aiohttp.ClientSession() as session:
            seat1 = await connect(session, url)
            assert (await hello(seat1, ann_ready.code, name="Ann"))["seat"] == 1
            ws = await connect(session, url)
            assert "seat is taken" in (await hello(ws, ann_ready.code, name="Bo"))["reason"]
            await ws.close()
            ws = await connect(session, url)
            welcome = await hello(ws, bo_ready.code, name="Zed")
            assert (welcome["seat"], welcome["names"]) == (2, ["Ann", "Bo"])
            await ws.send_str(json.dumps({"kind": "move", "number": 0, "text": "1+2"}))
            assert "not your turn: Ann is to move" in (await said(ws))["reason"]
            await ws.send_str(json.dumps({"kind": "takeback-ask", "number": 0}))
            assert "not offered" in (await said(ws))["reason"]
            for dropped in (ws, seat1):  # (without a goodbye: the seats wait for their players)
                await dropped.close()
        await until(lambda: any("Bo is away" in line for line in game.lines), "Bo away")
        await play(hub, (ann, bo), 2, readies=[ann_ready, bo_ready])
        assert any("Bo is back." in line for line in game.lines)
        found = hub.tournament.rows.current()
        assert found is not None
        assert found[0].rounds[0].pairings[0].winner_name == "Bo"
        for client in (ann, bo):
            await client.close()
