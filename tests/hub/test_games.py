"""Two students challenge and accept, then play a whole game on the hub (the hub's relay
judges it, each plays as a guest with their seat's own code) while a third watches the
moves arrive; a refusal reaches only its sender; a restarted hub keeps its class code,
roster, tokens and finished games."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from app.hub.console import HubConsole
from app.hub.hub import Hub
from app.hub.protocol import (
    Accept,
    Admitted,
    Challenge,
    Decline,
    GameReady,
    Rematch,
    Said,
    Watch,
    Who,
    game_path,
)
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved, Refusal
from rules.records import GameRecord
from rules.registry import get_game
from tests.hub.support import WAIT, Client, open_test_store, running_hub, until
from tests.online.procs import first_moves


async def _admitted(hub: Hub, name: str) -> tuple[Client, str]:
    hub.admit(name)  # (on the roster: in at once)
    client = await Client.knock(hub, name)
    admitted = await client.until(Admitted)
    assert isinstance(admitted, Admitted)
    return client, admitted.token


async def _heard(queue: asyncio.Queue[Heard], kind: type, limit: int = 50) -> Heard:
    for _ in range(limit):
        message = await asyncio.wait_for(queue.get(), WAIT)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__}")


async def test_a_challenge_is_played_to_its_end_and_watched(tmp_path: Path) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        (ada, _), (bo, _), (cy, _) = [await _admitted(hub, n) for n in ("Ada", "Bo", "Cy")]
        await ada.send(Challenge(name="Bo", game="fifty", flags=["--pool", "nonsense"]))
        problem = await ada.said_until("cannot be played")
        assert "--pool" in problem[-1]
        await ada.send(Challenge(name="bo", game="fifty"))
        await bo.said_until("Ada challenges you to fifty: type accept or decline.")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        assert all(isinstance(r, GameReady) for r in ready)
        await cy.send(Watch(target="Ada"))
        await cy.said_until("Watching Game 1: Ada vs Bo, fifty")
        await cy.send(Who())
        who = await cy.said_until("Cy: in the lobby")
        assert "Ada: playing fifty against Bo (game 1)" in who
        links: list[GuestLink] = []
        heard: list[asyncio.Queue[Heard]] = []
        everything: list[list[Heard]] = [[], []]
        for r, kept in zip(ready, everything, strict=True):
            assert isinstance(r, GameReady)
            place = Address(r.code, "127.0.0.1", hub.port, game_path(r.game))
            link = GuestLink(place, "anyone")
            queue: asyncio.Queue[Heard] = asyncio.Queue()
            welcome = await link.join()
            link.hand_to(lambda m, q=queue, k=kept: (k.append(m), q.put_nowait(m)))
            links.append(link)
            heard.append(queue)
        assert welcome.names == ("Ada", "Bo") and welcome.seat == 2
        game = get_game("fifty")
        state, moves = first_moves("fifty")
        try:
            # Bo moves out of turn: only Bo hears the refusal
            links[1].send(Move(number=0, text=game.format_move(moves[0])))
            refusal = await _heard(heard[1], Refusal)
            assert isinstance(refusal, Refusal)
            for number, move in enumerate(moves):
                mover = game.to_move(state)
                links[mover - 1].send(Move(number=number, text=game.format_move(move)))
                for queue in heard:
                    moved = await _heard(queue, Moved)
                    assert isinstance(moved, Moved) and moved.number == number
                state = game.play(state, move)
                kept = GameRecord.model_validate_json(hub.store.record(1))
                assert len(kept.moves) == number + 1  # (kept after every move)
            assert not any(isinstance(m, Refusal) for m in everything[0])
            assert sum(isinstance(m, Refusal) for m in everything[1]) == 1
            watched = await cy.said_until("The game is over.")
            assert sum("(online):" in line for line in watched) == len(moves)
            over = await ada.said_until("Game 1 is over:")
            assert over[-1].endswith(watched[-2]) and " wins" in over[-1]
        finally:
            for link in links:
                await link.close()
        assert any(line.startswith("Game 1 is over:") for line in said)
        await bo.send(Rematch())
        await ada.said_until("Bo asks you for a rematch of fifty: type accept or decline.")
        await ada.send(Decline())
        await bo.said_until("Ada declined your challenge.")
        for client in (ada, bo, cy):
            await client.close()
    async with running_hub(tmp_path / "hub.sqlite3") as again:
        rows = again.store.games()
        assert len(rows) == 1 and rows[0].result and rows[0].names == ("Ada", "Bo")
        assert again.lobby.game_lines()[0].startswith("Game 1: Ada vs Bo, fifty: ")
        record = GameRecord.model_validate_json(again.store.record(1))
        assert record.game == "fifty" and len(record.moves) == len(moves) and record.result
        roster = again.store.roster()
        assert [s.name for s in roster] == ["Ada", "Bo", "Cy"] and all(s.token_hash for s in roster)


async def test_a_restarted_hub_keeps_its_code_roster_and_tokens(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        code = hub.code
        client, token = await _admitted(hub, "Ada")
        await client.close()
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        assert hub.code == code
        back = await Client.knock(hub, "Ada", token)
        assert isinstance(await back.next(), Admitted)
        await back.send(Who())
        assert isinstance(await back.next(), Said)
        await back.close()


async def test_a_game_whose_number_comes_as_the_hub_stops_never_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game starting as the teacher stops the hub (its number still being taken from the
    records) is not started: the hub stops at once, not after waiting `JOIN_SECONDS`
    (two minutes) for players who are gone (once a hub test took 120 s so)."""
    said: list[str] = []
    asked, answer = threading.Event(), threading.Event()
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        numbered = hub.store.new_game

        def slow_number(game_id: str, names: tuple[str, str]) -> int:
            asked.set()
            answer.wait(WAIT)
            return numbered(game_id, names)

        monkeypatch.setattr(hub.store, "new_game", slow_number)
        (ada, _), (bo, _) = [await _admitted(hub, name) for name in ("Ada", "Bo")]
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        await until(asked.is_set, "the game's number asked")
        stopping = asyncio.create_task(hub.stop("The hub stops."))
        await until(lambda: hub.stopped, "the hub stopping")
        answer.set()
        await asyncio.wait_for(stopping, WAIT)
        assert hub.lobby.games == {}
        assert not [line for line in said if " starts: " in line]
        for client in (ada, bo):
            await client.close()


async def test_a_player_back_in_the_lobby_is_offered_their_game_again(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        (ada, token), (bo, _) = [await _admitted(hub, name) for name in ("Ada", "Bo")]
        await ada.send(Challenge(name="Bo", game="countdown"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        first = await ada.until(GameReady)
        await ada.close()  # (the lobby connection drops; the game waits)
        back = await Client.knock(hub, "Ada", token)
        assert isinstance(await back.next(), Admitted)
        again = await back.until(GameReady)
        assert again == first
        await back.send(Challenge(name="Bo", game="fifty"))
        assert "You are playing a game already." in await back.said_until("already")
        for client in (back, bo):
            await client.close()


async def test_the_consoles_games_list_says_whose_turn_as_the_session_does(
    tmp_path: Path,
) -> None:
    # (the full-screen console's list reads the relay's session, not the watched lines)
    store = open_test_store(tmp_path / "hub.sqlite3")
    console = HubConsole(store)
    hub = console.hub
    await hub.start()
    changes: list[None] = []
    console.follow(lambda: changes.append(None))
    links: list[GuestLink] = []
    try:
        (ada, _), (bo, _) = [await _admitted(hub, name) for name in ("Ada", "Bo")]
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        for client in (ada, bo):
            ready = await client.until(GameReady)
            assert isinstance(ready, GameReady)
            place = Address(ready.code, "127.0.0.1", hub.port, game_path(ready.game))
            links.append(GuestLink(place, "anyone"))
            await links[-1].join()
        game = get_game("fifty")
        state, moves = first_moves("fifty")
        mover = game.to_move(state)
        names = ("Ada", "Bo")
        playing = f"Game 1: Ada vs Bo, fifty: {names[mover - 1]} to play"
        await until(lambda: console.games() == [(1, playing)], "the first player's turn")
        links[mover - 1].send(Move(number=0, text=game.format_move(moves[0])))
        await until(lambda: console.games()[0][1].endswith(f"{names[2 - mover]} to play"), "turn")
        assert changes  # (each line of the game redraws the console's lists)
        for client in (ada, bo):
            await client.close()
    finally:
        for link in links:
            await link.close()
        await hub.stop()
        store.close()
