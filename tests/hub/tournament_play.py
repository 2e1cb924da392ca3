"""Scripted tournament games on a real hub: each pairing's two students join the game the
hub hands them (`game-ready`) as guests and play fifty with moves chosen so that the
player the test names wins; every wait is bounded."""

from __future__ import annotations

import asyncio
from typing import Any

from app.hub.hub import Hub
from app.hub.protocol import Admitted, GameReady
from app.online.codes import Address
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved
from rules.registry import get_game
from tests.hub.support import WAIT, Client

GAME = "fifty"


async def admitted(hub: Hub, name: str) -> tuple[Client, str]:
    """`name` on the roster and in the lobby, with their token."""
    hub.admit(name)
    client = await Client.knock(hub, name)
    came = await client.until(Admitted)
    assert isinstance(came, Admitted)
    return client, came.token


async def back(hub: Hub, name: str, token: str) -> Client:
    """`name` back in the lobby with their token."""
    client = await Client.knock(hub, name, token)
    assert isinstance(await client.until(Admitted), Admitted)
    return client


def winning_moves(seat_wins: int) -> list[Any]:
    """A whole game of fifty that the player in seat `seat_wins` wins (found by trying:
    seat 1 plays its first legal move; seat 2 its last to lose, its first to win)."""
    game = get_game(GAME)
    state, moves = game.new(game.options_from({})), []
    while game.outcome(state) is None:
        legal = game.legal_moves(state)
        move = legal[0] if game.to_move(state) == 1 or seat_wins == 2 else legal[-1]
        moves.append(move)
        state = game.play(state, move)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == seat_wins
    return moves


async def _moved(queue: asyncio.Queue[Heard], number: int) -> None:
    for _ in range(50):
        heard = await asyncio.wait_for(queue.get(), WAIT)
        if isinstance(heard, Moved) and heard.number == number:
            return
    raise AssertionError(f"move {number} never came")


async def play(
    hub: Hub,
    players: tuple[Client, Client],
    winner: int,
    stop_after: int | None = None,
    still_open: list[GuestLink] | None = None,
    readies: list[GameReady] | None = None,
) -> int:
    """The two students of a pairing play the game the hub handed them (from where it
    stands) so that seat `winner` wins, or only up to move `stop_after` (their links
    left open, in `still_open`; `readies`: the games handed over already); the game's
    number."""
    if readies is None:
        came = [await client.until(GameReady) for client in players]
        readies = [ready for ready in came if isinstance(ready, GameReady)]
    links: dict[int, GuestLink] = {}
    queues: list[asyncio.Queue[Heard]] = []
    turn = 0
    for ready in readies:
        assert isinstance(ready, GameReady)
        place = Address(ready.code, "127.0.0.1", hub.port, f"/game/{ready.game}")
        link = GuestLink(place, "anyone")
        welcome = await link.join()
        queue: asyncio.Queue[Heard] = asyncio.Queue()
        link.hand_to(queue.put_nowait)
        links[welcome.seat] = link
        queues.append(queue)
        turn = welcome.turn
    game = get_game(GAME)
    moves = winning_moves(winner)
    state = game.new(game.options_from({}))
    for move in moves[:turn]:
        state = game.play(state, move)
    try:
        for number in range(turn, len(moves) if stop_after is None else stop_after):
            links[game.to_move(state)].send(
                Move(number=number, text=game.format_move(moves[number]))
            )
            for queue in queues:
                await _moved(queue, number)
            state = game.play(state, moves[number])
    finally:
        if still_open is None:
            for link in links.values():
                await link.close()
        else:
            still_open.extend(links.values())
    first = readies[0]
    assert isinstance(first, GameReady)
    if stop_after is None:
        for client in players:
            await client.said_until(f"Game {first.game} is over")
    return first.game
