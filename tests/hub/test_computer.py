"""A student plays the computer from the lobby: the hub plays the computer's seat (its
move asked of the search helper process, awaited off the hub's loop), the game is kept
and watched as any hub game, and two classmates play a whole game while the computer is
still thinking."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from app.hub import computer
from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, GameReady, PlayComputer, Rematch, Watch
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved
from app.plain.hub_join import _computer
from rules.base import Game
from rules.records import GameRecord
from rules.registry import get_game
from tests.hub.support import WAIT, Client, database_for, running_hub
from tests.online.procs import Proc, first_moves


async def _admitted(hub: Hub, name: str) -> Client:
    hub.admit(name)
    client = await Client.knock(hub, name)
    assert isinstance(await client.until(Admitted), Admitted)
    return client


async def _seat(hub: Hub, client: Client) -> tuple[GuestLink, asyncio.Queue[Heard]]:
    ready = await client.until(GameReady)
    assert isinstance(ready, GameReady)
    place = Address(ready.code, "127.0.0.1", hub.port, f"/game/{ready.game}")
    link = GuestLink(place, "anyone")
    queue: asyncio.Queue[Heard] = asyncio.Queue()
    await link.join()
    link.hand_to(queue.put_nowait)
    return link, queue


async def _moved(queue: asyncio.Queue[Heard], number: int) -> Moved:
    for _ in range(50):
        message = await asyncio.wait_for(queue.get(), WAIT)
        if isinstance(message, Moved) and message.number == number:
            return message
    raise AssertionError(f"move {number} never came")


async def test_a_student_plays_the_computer_to_the_end_kept_and_watched(tmp_path: Path) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        ada, cy = await _admitted(hub, "Ada"), await _admitted(hub, "Cy")
        await ada.send(PlayComputer(game="fifty", level="clever"))
        problem = await ada.said_until("cannot be played")
        assert "the levels are easy, medium, perfect" in problem[-1]
        await ada.send(PlayComputer(game="fifty", level="perfect"))
        link, queue = await _seat(hub, ada)
        await cy.send(Watch(target="Ada"))
        await cy.said_until("Watching Game 1: Ada vs Computer (perfect), fifty")
        game = get_game("fifty")
        state = game.new(game.options_from({}))
        number = 0
        try:
            while game.outcome(state) is None:
                if game.to_move(state) == 1:
                    move = game.legal_moves(state)[0]
                    link.send(Move(number=number, text=game.format_move(move)))
                moved = await _moved(queue, number)
                state = game.play(state, game.parse_move(moved.text))
                number += 1
            over = await ada.said_until("Game 1 is over:")
            assert " wins" in over[-1]
            watched = await cy.said_until("The game is over.")
            assert any(line.startswith("Computer (perfect): ") for line in watched)
        finally:
            await link.close()
        assert "Game 1 starts: Ada vs Computer (perfect), fifty." in said
        row = hub.store.games()[0]
        assert row.names == ("Ada", "Computer (perfect)") and row.result
        assert len(GameRecord.model_validate_json(hub.store.record(1)).moves) == number
        await ada.send(Rematch())  # (the computer again, at its level)
        again = await ada.until(GameReady)
        assert isinstance(again, GameReady) and again.game == 2
        for client in (ada, cy):
            await client.close()


class SlowComputer:
    """A computer that thinks until the file `go` exists (bounded), then plays the first
    legal move: it stands for a perfect computer on a large game."""

    def __init__(self, game: Game[Any, Any, Any], go: Path) -> None:
        self.game, self.go = game, go

    def __call__(self, state: Any) -> Any:
        ends = time.monotonic() + 60
        while not self.go.exists() and time.monotonic() < ends:
            time.sleep(0.02)
        return self.game.legal_moves(state)[0]


async def test_the_class_plays_on_while_the_computer_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go = tmp_path / "go"
    monkeypatch.setattr(computer, "make_bot", lambda _level, game: SlowComputer(game, go))
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada, bo, cy = [await _admitted(hub, name) for name in ("Ada", "Bo", "Cy")]
        await cy.send(PlayComputer(game="fifty", flags=["--first", "2"], level="perfect"))
        cy_link, cy_heard = await _seat(hub, cy)
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        seats = [await _seat(hub, client) for client in (ada, bo)]
        game = get_game("fifty")
        state, moves = first_moves("fifty")
        try:
            for number, move in enumerate(moves):  # (the whole game: the computer thinks on)
                link = seats[game.to_move(state) - 1][0]
                link.send(Move(number=number, text=game.format_move(move)))
                for _, queue in seats:
                    await _moved(queue, number)
                state = game.play(state, move)
            relay = hub.lobby.games[1].relay
            assert relay.session.to_move == 2 and relay.turns.turn == 0  # (still thinking)
            go.touch()
            first = await _moved(cy_heard, 0)
            assert first.player == 2 and relay.turns.turn == 1
        finally:
            for link, _ in seats:
                await link.close()
            await cy_link.close()
        for client in (ada, bo, cy):
            await client.close()


def test_the_line_lobby_reads_the_computer_command() -> None:
    assert _computer(["fifty", "--pool", "1-9", "--level", "perfect"]) == PlayComputer(
        game="fifty", flags=["--pool", "1-9"], level="perfect"
    )
    assert _computer(["countdown"]) == PlayComputer(game="countdown", level="medium")
    assert _computer(["fifty", "x" * 500, "--level"]).flags == ["x" * 100, "--level"]


def test_the_line_lobby_plays_the_computer(tmp_path: Path) -> None:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    procs = [hub]
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        hub.write("admit Ada\n")
        hub.wait_for("Ada is on the roster")
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(ada)
        ada.wait_for("You are in the class's lobby as Ada.")
        ada.write("help\ncomputer fifty --level clever\n")
        ada.wait_for(
            "  computer GAME [options] [--level L]  play the computer (easy, medium, perfect)"
        )
        ada.wait_for("That game cannot be played: there is no level 'clever'")
        ada.write("computer fifty --pool 1-9 --level perfect\n")
        ada.wait_for("Game 1 begins.")
        ada.wait_for("Ada, select your first number:")
        hub.wait_for("Game 1 starts: Ada vs Computer (perfect), fifty.")
        hub.write("games\n")
        hub.wait_for("Game 1: Ada vs Computer (perfect), fifty")
    finally:
        for proc in procs:
            proc.stop()


async def test_a_computer_game_the_hub_stopped_goes_on_when_the_student_is_back(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada")
        admitted = await ada.until(Admitted)
        assert isinstance(admitted, Admitted)
        await ada.send(PlayComputer(game="countdown", level="easy"))
        link, queue = await _seat(hub, ada)
        game = get_game("countdown")
        state = game.new(game.options_from({}))
        link.send(Move(number=0, text=game.format_move(game.legal_moves(state)[0])))
        for number in (0, 1):  # (Ada's move, then the computer's)
            await _moved(queue, number)
        await link.close()
        await ada.close()
        record = GameRecord.model_validate_json(hub.store.record(1))
        assert [seat.kind for seat in record.players] == ["human", "easy"]
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        assert "stopped after 2 moves" in hub.lobby.game_lines()[0]
        back = await Client.knock(hub, "Ada", admitted.token)
        link, queue = await _seat(hub, back)
        try:
            assert "Game 1 goes on from move 3: Ada vs Computer (easy), countdown." in said
            assert hub.lobby.games[1].relay.session.to_move == 1
        finally:
            await link.close()
            await back.close()
