"""Online play on loopback: round trips (a move, a takeback), host memory, rejoin time.

    python bench/online.py [--moves 50]

- Round trip: the guest sends a move (one every 0.12 s: the host's cap is 10 a
  second) and waits for the host's `moved` (host and guest
  links of app/online in this process, a referee thread that confirms every move and
  publishes the next position; the websocket, the protocol and both threads, not the
  rules). Median and worst of `--moves`.
- Takeback: the guest asks to take back its last move; the time until the host's
  answer and its `taken-back` came back (a referee thread that allows every ask; median
  and worst of 10, each followed by the move played again).
- Rejoin: the host closes the guest's connection; the time until the guest's link has
  joined again with the same code (median and worst of 10).
- The host's memory: a real `equation-duel host fifty` process, its resident memory
  (VmRSS) while it waits, and after a guest joined.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.online.codes import Address, new_code
from app.online.guest_link import Back, GuestLink
from app.online.host_link import HostLink
from app.online.host_position import Position
from app.online.protocol import (
    VERSION,
    Move,
    Moved,
    TakebackAnswer,
    TakebackAsk,
    TakenBack,
    Welcome,
)
from rules.match import new_match

#: Seconds between two moves: the host closes a connection over 10 messages a second.
PACE = 0.12


#: Takebacks measured.
TAKEBACKS = 10


def _position(turn: int, takebacks: int = 0) -> Position:
    match = new_match("fifty", None, None, None).model_dump(mode="json")
    welcome = Welcome(
        version=VERSION,
        seat=2,
        names=("Host", "Guest"),
        match=match,
        seconds=[],
        turn=turn,
        record_id="bench",
    )
    return Position(welcome, turn, guest_to_move=True, takebacks=takebacks)


def _referee(link: HostLink, messages: int) -> None:
    """Plays every move of the guest and allows every takeback ask."""
    turn = takebacks = 0
    for _ in range(messages):
        message = link.next_message(10)
        if isinstance(message, Move):
            turn += 1
            link.publish(_position(turn, takebacks))
            link.played(Moved(number=turn - 1, player=2, text=message.text, seconds=0.0))
        elif isinstance(message, TakebackAsk):
            turn, takebacks = turn - 1, takebacks + 1
            link.send(TakebackAnswer(accept=True))
            link.publish(_position(turn, takebacks))
            link.taken_back(TakenBack(number=turn, takebacks=takebacks))


def round_trips(moves: int) -> tuple[list[float], list[float], list[float]]:
    code = new_code()
    link = HostLink(code, "Host")
    link.publish(_position(0))
    port = link.start()
    messages = moves + 2 * TAKEBACKS
    threading.Thread(target=_referee, args=(link, messages), daemon=True).start()
    guest = GuestLink(Address(code, "127.0.0.1", port), "Guest")
    guest.join()
    trips = []
    for turn in range(moves):
        started = time.perf_counter()
        guest.send(Move(number=turn, text="1+2"))
        while not isinstance(guest.next_message(10), Moved):
            pass
        trips.append(time.perf_counter() - started)
        guest.have = turn + 1
        guest.pending = None
        time.sleep(PACE)  # under the host's cap of 10 messages a second
    takebacks = []
    for count in range(1, TAKEBACKS + 1):
        started = time.perf_counter()
        guest.send(TakebackAsk(number=moves))
        while not isinstance(guest.next_message(10), TakenBack):
            pass
        takebacks.append(time.perf_counter() - started)
        guest.send(Move(number=moves - 1, text="1+2", takebacks=count))
        while not isinstance(guest.next_message(10), Moved):
            pass
        guest.pending = None
        time.sleep(2 * PACE)
    rejoins = []
    for _ in range(10):
        ws, loop = link._ws, link._loop
        assert ws is not None and loop is not None
        started = time.perf_counter()
        asyncio.run_coroutine_threadsafe(ws.close(), loop).result(5)
        while not isinstance(guest.next_message(10), Back):
            pass
        rejoins.append(time.perf_counter() - started)
    guest.close()
    link.stop()
    return trips, takebacks, rejoins


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def host_memory() -> tuple[int, int]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "EQUATION_DUEL_DATA": "/tmp/bench-online"}
    command = [sys.executable, "-m", "app", "host", "fifty", "--plain"]
    host = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
    )
    assert host.stdout is not None
    place = ""
    for line in host.stdout:
        if "equation-duel join " in line:
            place = line.rsplit(" ", 1)[1].strip()
            break
    waiting = _rss_kib(host.pid)
    code, _, rest = place.rpartition("@")
    port = int(rest.rsplit(":", 1)[1])
    guest = GuestLink(Address(code, "127.0.0.1", port), "Guest")
    guest.join()
    time.sleep(0.5)  # (a figure, not a test: let the host print its board)
    joined = _rss_kib(host.pid)
    guest.close()
    host.kill()
    host.wait()
    return waiting, joined


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    args = parser.parse_args()
    trips, takebacks, rejoins = round_trips(args.moves)
    ms = [t * 1000 for t in trips]
    print(
        f"round trip of a move ({len(ms)}): median {statistics.median(ms):.2f} ms, worst {max(ms):.2f} ms"
    )
    ms = [t * 1000 for t in takebacks]
    print(
        f"takeback, ask to taken back ({len(ms)}): median {statistics.median(ms):.2f} ms, "
        f"worst {max(ms):.2f} ms"
    )
    ms = [t * 1000 for t in rejoins]
    print(
        f"rejoin after a drop ({len(ms)}): median {statistics.median(ms):.1f} ms, worst {max(ms):.1f} ms"
    )
    waiting, joined = host_memory()
    print(
        f"host memory (VmRSS): {waiting / 1024:.1f} MiB waiting, {joined / 1024:.1f} MiB with a guest"
    )


if __name__ == "__main__":
    main()
