"""A simulated class on one hub (docs/hub.md): N students admitted from a roster, then
N/2 games of fifty played at once, every student on a connection of their own.

    python bench/hub.py [--students 30] [--database postgresql://USER@HOST/DATABASE]
                        [--slow-store MS] [--computers N] [--live GAME ...] [--session]

One process and one loop hold the hub and every student (raw lobby connections and
the online guest links the students' machines use), on 127.0.0.1, in a fresh data
folder (the records in an SQLite file there, or in the PostgreSQL database `--database`
names: an empty one, since the run adds its students and games to it). It prints: the
time from the hub's start until every student is in the lobby (the roster admits them
at once, tokens issued and stored; they knock in waves of 25); a move's round trip (from
the mover sending it to the mover hearing it played: the link, the relay, the session,
the database that keeps the game after every move), median and worst; the games' wall
time; and the process's memory (peak RSS: the hub and all the students together) and CPU
time. Read the load average printed with it: the machine is shared.

`--slow-store MS`: every statement of the database takes MS ms more (a far PostgreSQL).
`--computers N`: N more students each play the perfect computer (a helper process) at
each game's largest options in turn, with random moves, while the class plays (the round
trips are the class's). `--live GAME ...`: instead of games, a live round of a medium
puzzle of each GAME that every student answers at once (each legal move in turn) but one,
who meanwhile sends a message the hub answers at once every 150 ms: the time until every
verdict came back, and that student's round trips meanwhile. `--session` (a class's
session, memory.py): a live round of each game (hardest), 12 hard homework puzzles each
student answers, then the games and 5 computers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "PYTHONPATH" not in os.environ:  # (memory.py --vs DIR: that code)
    sys.path.insert(0, str(ROOT))
import harness as h  # noqa: E402

WAIT = 30.0
#: Students who press Enter at the same moment.
WAVE = 25


def _slowed(store: Any, seconds: float) -> None:
    run = store._run
    store._run = lambda sql, parameters: time.sleep(seconds) or run(sql, parameters)


async def until(ws: Any, kind: type) -> Any:
    """The next message of `kind` the hub sends on `ws` (others are skipped)."""
    from app.hub.protocol import read_from_hub

    for _ in range(1000):
        message = read_from_hub((await ws.receive(timeout=WAIT)).data)
        if isinstance(message, kind):
            return message
    raise RuntimeError(f"no {kind.__name__}")


async def _computer(ws: Any, port: int, game_id: str, seed: int) -> int:
    """A student playing the perfect computer at `game_id` to the end: its moves."""
    import random

    from app.hub.protocol import GameReady, PlayComputer, encode, game_path
    from app.online.codes import Address
    from app.online.guest_link import GuestLink
    from app.online.protocol import Move, Moved
    from rules.registry import get_game

    fields, flags = h.LARGEST[game_id]
    await ws.send_str(encode(PlayComputer(game=game_id, flags=flags, level="perfect")))
    ready = await until(ws, GameReady)
    link = GuestLink(Address(ready.code, "127.0.0.1", port, game_path(ready.game)), "x")
    heard: asyncio.Queue[object] = asyncio.Queue()
    await link.join()
    link.hand_to(heard.put_nowait)
    game, rng = get_game(game_id), random.Random(seed)
    state = game.new(game.Options.model_validate(fields))
    number = 0
    while game.outcome(state) is None:
        if game.to_move(state) == 1:
            move = game.format_move(rng.choice(game.legal_moves(state)))
            link.send(Move(number=number, text=move))
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
    live: tuple[str, ...] = (),
    lesson: bool = False,
) -> None:
    import aiohttp

    from app.hub import protocol as p
    from app.hub.hub import Hub
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

    async def enter(name: str) -> aiohttp.ClientWebSocketResponse:
        ws = await session.ws_connect(f"http://127.0.0.1:{hub.port}/play")
        await ws.send_str(p.encode(p.Knock(version=p.VERSION, code=hub.code, name=name)))
        await until(ws, p.Admitted)
        return ws

    lobby: list[aiohttp.ClientWebSocketResponse] = []
    for wave in range(0, students, WAVE):  # (the hub finishes 64 requests at once at most)
        lobby += await asyncio.gather(*map(enter, names[wave : min(students, wave + WAVE)]))
    admitted = time.perf_counter() - started
    for game_id in live:
        await _live(hub, lobby, game_id, lesson)
    game = get_game("fifty")
    trips: list[float] = []

    async def play(first: int) -> None:
        a, b = lobby[first], lobby[first + 1]
        await a.send_str(p.encode(p.Challenge(name=names[first + 1], game="fifty")))
        await asyncio.sleep(0.05)
        await b.send_str(p.encode(p.Accept()))
        links = []
        for ws in (a, b):
            ready = await until(ws, p.GameReady)
            place = Address(ready.code, "127.0.0.1", hub.port, p.game_path(ready.game))
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
    if lesson:
        await _homework(hub, lobby)
    lobby += await asyncio.gather(*map(enter, names[students:]))  # (the computers' students)
    games = [*h.LARGEST] * computers
    against = [_computer(lobby[students + n], hub.port, games[n], n) for n in range(computers)]
    pairs = range(0, students - 1, 2) if lesson or not live else range(0)
    done = await asyncio.gather(*(play(first) for first in pairs), *against)
    games_wall = time.perf_counter() - games_started
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
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
        moves = sum(done[-computers:])
        print(f"perfect computers at the largest options meanwhile: {computers}, {moves} moves")
    print(f"admitted from cold start: {admitted * 1000:.0f} ms")
    if trips:
        median = statistics.median(trips) * 1000
        print(f"move round trip: median {median:.1f} ms, worst {max(trips) * 1000:.1f} ms")
        print(f"games played in {games_wall:.1f} s; {len(trips)} moves")
    print(f"memory (peak RSS, hub and students): {rss:.1f} MiB; CPU {cpu:.1f} s")


async def _homework(hub: Any, lobby: list[Any]) -> None:
    """`--session`'s homework: 12 hard puzzles of any game, each answered by every student."""
    import datetime as dt
    import json

    from app.hub.homework import assign_off_loop
    from app.hub.protocol import encode
    from app.hub.protocol_class import HomeworkAnswer, HomeworkAsk, HomeworkSet, HomeworkVerdict
    from rules.puzzles.bank_file import puzzle_from_json
    from rules.registry import get_game

    due = (dt.date.today() + dt.timedelta(days=7)).isoformat()
    line = f"week --due {due} --difficulty hard --count 12"
    print(*await assign_off_loop(hub.store, line, dt.date.today()))

    async def homework(ws: Any) -> int:
        await ws.send_str(encode(HomeworkAsk(name="week")))
        given = await until(ws, HomeworkSet)
        for number, row in enumerate(given.puzzles, 1):
            puzzle: Any = puzzle_from_json(json.dumps(row))
            game = get_game(puzzle.game)
            text = game.format_move(game.legal_moves(puzzle.state())[0])
            await ws.send_str(encode(HomeworkAnswer(assignment="week", puzzle=number, move=text)))
            await until(ws, HomeworkVerdict)
        return len(given.puzzles)

    done = await asyncio.gather(*(homework(ws) for ws in lobby))
    print(f"homework judged: {sum(done)} answers")


async def _live(hub: Any, lobby: list[Any], game_id: str, hard: bool) -> None:
    """`--live`: see the module's docstring."""
    from app.hub.live import LiveOptions
    from app.hub.protocol import encode
    from app.hub.protocol_class import LiveAnswer, LiveRefusal, LiveRound, LiveSummary, LiveVerdict
    from rules.puzzles.bank_file import puzzle_from_json
    from rules.puzzles.judge import offered
    from rules.registry import get_game

    hub.live.gap = 0.05
    print(hub.live.start(LiveOptions(game_id, offered(game_id)[-1] if hard else "medium", 300)))
    opened = [await until(ws, LiveRound) for ws in lobby]
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
            await other.send_str(encode(LiveAnswer(round=99, move="1")))
            await until(other, LiveRefusal)
            trips.append(time.perf_counter() - before)
            await asyncio.sleep(0.15)  # (under the rate cap: 10 a second)

    asking = asyncio.create_task(ask())
    sent = time.perf_counter()
    for number, ws in enumerate(answering):
        answer = LiveAnswer(round=1, move=moves[number % len(moves)])
        await ws.send_str(encode(answer))
    await asyncio.gather(*(until(ws, LiveVerdict) for ws in answering))
    judged = time.perf_counter() - sent
    judging = False
    await asking
    print(f"live round: {puzzle.game} puzzle {puzzle.id}, {len(moves)} legal moves")
    print(f"every answer judged and back: {judged * 1000:.0f} ms")
    median, worst = statistics.median(trips) * 1000, max(trips) * 1000
    print(f"another student's message meanwhile: median {median:.0f} ms, worst {worst:.0f} ms")
    hub.live.stop()
    await asyncio.gather(*(until(ws, LiveSummary) for ws in lobby))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--database", metavar="URL", help="postgresql://… (default: SQLite)")
    parser.add_argument("--slow-store", type=float, default=0.0, metavar="MS")
    parser.add_argument("--computers", type=int, default=0, metavar="N")
    parser.add_argument("--live", nargs="+", default=[], metavar="GAME", help="live rounds")
    parser.add_argument("--session", action="store_true", help="a class's session")
    args = parser.parse_args()
    os.environ.setdefault("EQUATION_DUEL_DATA", tempfile.mkdtemp(prefix="bench-hub-data-"))
    live, computers = (tuple(h.LARGEST), 5) if args.session else (args.live, args.computers)
    flags = (args.slow_store, computers, tuple(live), args.session)
    asyncio.run(_class(max(2, args.students), args.database, *flags))
    return 0


if __name__ == "__main__":
    sys.exit(main())
