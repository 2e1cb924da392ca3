"""A simulated class on one hub (docs/hub.md): N students admitted from a roster, then
N/2 games of fifty played at once, every student on a connection of their own.

    python bench/hub.py [--students 30] [--database postgresql://USER@HOST/DATABASE]
                        [--slow-store MS] [--computers N] [--live GAME]

One process and one loop hold the hub and every student (raw lobby connections and
the online guest links the students' machines use), on 127.0.0.1, in a fresh data
folder (the records in an SQLite file there, or in the PostgreSQL database `--database`
names: an empty one, since the run adds its students and games to it). It prints: the
time from the hub's start until every student is in the lobby (the roster admits them
at once, tokens issued and stored; they knock in waves of 25); a move's round trip (from
the mover sending it to the mover hearing it played: the link, the relay, the session,
the database that keeps the game after every move), median and worst; the games' wall
time; and the process's memory (VmRSS: the hub and all the students together) and CPU
time. Read the load average printed with it: the machine is shared.

`--slow-store MS` makes every statement of the database take MS milliseconds more (a
far or busy PostgreSQL). `--computers N`: N more students
each play the perfect computer at countdown (its move asked of a helper process) while
the class plays; the round trips are the class's moves only. `--live GAME`: instead of
games, one live round of a medium GAME puzzle that every student answers at the same
moment (each legal move in turn) but one, who meanwhile sends a message the hub answers at
once (an answer to a round not open) every 150 ms; it prints the time until every verdict
came back and that student's round trips meanwhile (how long the loop kept them waiting).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WAIT = 30.0
#: Students who press Enter at the same moment.
WAVE = 25


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _slowed(store: object, seconds: float) -> None:
    run = store._run  # type: ignore[attr-defined]

    def slow(sql: str, parameters: tuple[object, ...]) -> object:
        time.sleep(seconds)
        return run(sql, parameters)

    store._run = slow  # type: ignore[attr-defined]


async def _computer(hub: object, ws: object, session_port: int) -> int:
    """A student playing the perfect computer at countdown to the end: its moves."""
    from app.hub.protocol import GameReady, PlayComputer, encode, game_path, read_from_hub
    from app.online.codes import Address
    from app.online.guest_link import GuestLink
    from app.online.protocol import Move, Moved
    from rules.registry import get_game

    await ws.send_str(encode(PlayComputer(game="countdown", level="perfect")))  # type: ignore[attr-defined]
    while True:
        ready = read_from_hub((await ws.receive(timeout=WAIT)).data)  # type: ignore[attr-defined]
        if isinstance(ready, GameReady):
            break
    link = GuestLink(Address(ready.code, "127.0.0.1", session_port, game_path(ready.game)), "x")
    heard: asyncio.Queue[object] = asyncio.Queue()
    await link.join()
    link.hand_to(heard.put_nowait)
    game = get_game("countdown")
    state = game.new(game.options_from({}))
    number = 0
    while game.outcome(state) is None:
        if game.to_move(state) == 1:
            link.send(Move(number=number, text=game.format_move(game.legal_moves(state)[0])))
        while True:
            message = await asyncio.wait_for(heard.get(), WAIT * 4)
            if isinstance(message, Moved) and message.number == number:
                break
        state = game.play(state, game.parse_move(message.text))
        number += 1
    await link.close()
    return number


async def _class(
    students: int,
    database: str | None,
    slow_ms: float = 0.0,
    computers: int = 0,
    live: str = "",
) -> None:
    import aiohttp

    from app.hub.hub import Hub
    from app.hub.protocol import (
        VERSION,
        Accept,
        Admitted,
        Challenge,
        GameReady,
        Knock,
        encode,
        game_path,
        read_from_hub,
    )
    from app.hub.store import open_store
    from app.online.codes import Address
    from app.online.guest_link import GuestLink
    from app.online.protocol import Move, Moved
    from rules.registry import get_game

    folder = Path(tempfile.mkdtemp(prefix="bench-hub-"))
    store = open_store(database or str(folder / "hub.sqlite3"))
    names = [f"Student {number}" for number in range(1, students + computers + 1)]
    for name in names:
        store.admit(name)
    if slow_ms:
        _slowed(store, slow_ms / 1000)
    hub = Hub(store)
    started = time.perf_counter()
    await hub.start()
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))

    async def until(ws: aiohttp.ClientWebSocketResponse, kind: type) -> object:
        for _ in range(100):
            raw = await ws.receive(timeout=WAIT)
            message = read_from_hub(raw.data)
            if isinstance(message, kind):
                return message
        raise RuntimeError(f"no {kind.__name__}")

    async def enter(name: str) -> aiohttp.ClientWebSocketResponse:
        ws = await session.ws_connect(f"http://127.0.0.1:{hub.port}/play")
        await ws.send_str(encode(Knock(version=VERSION, code=hub.code, name=name)))
        await until(ws, Admitted)
        return ws

    lobby: list[aiohttp.ClientWebSocketResponse] = []
    for wave in range(
        0, students + computers, WAVE
    ):  # (the hub finishes 64 requests at once at most)
        lobby += await asyncio.gather(*(enter(name) for name in names[wave : wave + WAVE]))
    admitted = time.perf_counter() - started
    if live:
        await _live(hub, lobby, live, until)
    game = get_game("fifty")
    trips: list[float] = []

    async def play(first: int) -> None:
        a, b = lobby[first], lobby[first + 1]
        await a.send_str(encode(Challenge(name=names[first + 1], game="fifty")))
        await asyncio.sleep(0.05)
        await b.send_str(encode(Accept()))
        links = []
        for ws in (a, b):
            ready = await until(ws, GameReady)
            assert isinstance(ready, GameReady)
            place = Address(ready.code, "127.0.0.1", hub.port, game_path(ready.game))
            links.append(GuestLink(place, "x"))
        heard: list[asyncio.Queue[object]] = [asyncio.Queue(), asyncio.Queue()]
        for link, queue in zip(links, heard, strict=True):
            await link.join()
            link.hand_to(queue.put_nowait)
        state = game.new(game.options_from({}))
        number = 0
        while game.outcome(state) is None:
            move = game.legal_moves(state)[0]
            mover = game.to_move(state) - 1
            sent = time.perf_counter()
            links[mover].send(Move(number=number, text=game.format_move(move)))
            while True:
                message = await asyncio.wait_for(heard[mover].get(), WAIT)
                if isinstance(message, Moved) and message.number == number:
                    break
            trips.append(time.perf_counter() - sent)
            state = game.play(state, move)
            number += 1
            await asyncio.sleep(0.12)  # (a person's pace, under the rate cap)
        for link in links:
            await link.close()

    games_started = time.perf_counter()
    against = [_computer(hub, lobby[students + n], hub.port) for n in range(computers)]
    pairs = range(0, students - 1, 2) if not live else range(0)
    done = await asyncio.gather(*(play(first) for first in pairs), *against)
    games_wall = time.perf_counter() - games_started
    rss = _rss_mib()
    for ws in lobby:
        await ws.close()
    await session.close()
    await hub.stop()
    store.close()
    cpu = time.process_time()
    print(f"load average: {os.getloadavg()[0]:.1f}")
    print(f"records: {store.where}")
    print(f"students: {students}; games at once: {students // 2}; slower store: {slow_ms} ms")
    if computers:
        print(
            f"perfect computers at countdown meanwhile: {computers}, {sum(done[-computers:])} moves"
        )
    print(f"admitted from cold start: {admitted * 1000:.0f} ms")
    if trips:
        median = statistics.median(trips) * 1000
        print(f"move round trip: median {median:.1f} ms, worst {max(trips) * 1000:.1f} ms")
        print(f"games played in {games_wall:.1f} s; {len(trips)} moves")
    print(f"memory (VmRSS, hub and students): {rss:.1f} MiB; CPU {cpu:.1f} s")


async def _live(hub: object, lobby: list[object], game_id: str, until: object) -> None:
    """`--live`: see the module's docstring."""
    from app.hub.live import LiveOptions
    from app.hub.protocol import encode
    from app.hub.protocol_class import LiveAnswer, LiveRefusal, LiveRound, LiveVerdict
    from rules.puzzles.bank_file import puzzle_from_json
    from rules.registry import get_game

    wait: Any = until
    print(hub.live.start(LiveOptions(game_id, "medium", 300.0)))  # type: ignore[attr-defined]
    opened = [await wait(ws, LiveRound) for ws in lobby]
    puzzle = puzzle_from_json(opened[0].puzzle)
    assert puzzle is not None
    game = get_game(puzzle.game)
    moves = [game.format_move(m) for m in game.legal_moves(puzzle.state())]
    other, answering = lobby[-1], lobby[:-1]  # (the last one asks something else)
    trips: list[float] = []
    judging = True

    async def ask() -> None:  # (a round it cannot answer: refused at once, on the loop)
        while judging:
            before = time.perf_counter()
            await other.send_str(encode(LiveAnswer(round=99, move="1")))  # type: ignore[attr-defined]
            await wait(other, LiveRefusal)
            trips.append(time.perf_counter() - before)
            await asyncio.sleep(0.15)  # (under the rate cap: 10 a second)

    asking = asyncio.create_task(ask())
    sent = time.perf_counter()
    for number, ws in enumerate(answering):
        answer = LiveAnswer(round=1, move=moves[number % len(moves)])
        await ws.send_str(encode(answer))  # type: ignore[attr-defined]
    await asyncio.gather(*(wait(ws, LiveVerdict) for ws in answering))
    judged = time.perf_counter() - sent
    judging = False
    await asking
    print(f"live round: {puzzle.game} puzzle {puzzle.id}, {len(moves)} legal moves")
    print(f"every answer judged and back: {judged * 1000:.0f} ms")
    median, worst = statistics.median(trips) * 1000, max(trips) * 1000
    print(f"another student's message meanwhile: median {median:.0f} ms, worst {worst:.0f} ms")
    hub.live.stop()  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--database", metavar="URL", help="postgresql://… (default: SQLite)")
    parser.add_argument("--slow-store", type=float, default=0.0, metavar="MS")
    parser.add_argument("--computers", type=int, default=0, metavar="N")
    parser.add_argument("--live", default="", metavar="GAME", help="one live round instead")
    args = parser.parse_args()
    os.environ.setdefault("EQUATION_DUEL_DATA", tempfile.mkdtemp(prefix="bench-hub-data-"))
    students, flags = max(2, args.students), (args.slow_store, args.computers, args.live)
    asyncio.run(_class(students, args.database, *flags))
    return 0


if __name__ == "__main__":
    sys.exit(main())
