"""The any-ending campaign (issue 29): the installed app in a real pseudo-terminal, mid-game,
is ended by its terminal closing (SIGHUP), SIGTERM, SIGINT or SIGKILL, again and again.

Each round plays one to three conquest moves, waits until the last is on the screen,
then ends the app one of the four ways. Afterwards the game must be kept with exactly
the moves played (`unfinished/`), the app must have ended within a bound (else: a hang)
with the signal's exit code and, but for SIGKILL, given the terminal back (it left the
alternate screen). At the end the real program starts once more and must offer every
game kept.

    python -m tests.campaigns.signal_ending --seed 1 --count 40
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from tests.campaigns import Tally, table

if TYPE_CHECKING:
    from tests.e2e.test_terminal import Terminal

#: How each round ends the app: the terminal closed (the kernel sends SIGHUP), or a signal.
ENDINGS = ("closed terminal (SIGHUP)", "SIGTERM", "SIGINT", "SIGKILL")
MOVES = ("4", "7", "9")  # a conquest game these leave undecided
#: Seconds an ending may take before it counts as a hang.
BOUND = 20.0


def _kept(folder: Path) -> dict[str, list[str]]:
    """Every game kept in the data folder `folder`: file name -> its moves."""
    from app.store.storage import load_autosave
    from app.store.unfinished import scan

    games = {}
    for path in scan(folder).games:
        record = load_autosave(path)
        games[path.name] = [] if record is None else [move.move for move in record.moves]
    return games


def _ended(term: Terminal, bound: float) -> bool:
    """Whether the app has ended within `bound` seconds (what it writes meanwhile is
    read onto its screen; once its terminal is closed, nothing can be)."""
    end = time.monotonic() + bound
    while time.monotonic() < end:
        if term.child.closed:
            time.sleep(0.02)
        else:
            term.pump(0.05)
        if not term.child.isalive():
            return True
    return False


@contextmanager
def _data_folder() -> Iterator[Path]:
    old = os.environ.get("EQUATION_DUEL_DATA")
    with tempfile.TemporaryDirectory(prefix="signal-ending-") as folder:
        os.environ["EQUATION_DUEL_DATA"] = str(Path(folder) / "data")
        try:
            yield Path(folder) / "data"
        finally:
            if old is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old


def end_once(ending: str, moves: list[str], data: Path, tally: Tally) -> None:
    """Play `moves`, end the app by `ending`, and check what it left."""
    from tests.e2e.test_terminal import Terminal

    before = _kept(data)
    term = Terminal("play", "conquest")
    try:
        term.wait_for("Sequence", "to move")
        for number, move in enumerate(moves, start=1):
            term.press(move)
            term.wait_for(f"{number}. Player {2 - number % 2} adds {move}")
        tally.tried += 1
        closed = ending.startswith("closed")
        if closed:
            os.close(term.child.child_fd)  # the terminal window closes
            term.child.closed = term.child.ptyproc.closed = True
            expected: int | None = 128 + signal.SIGHUP
        else:
            number = getattr(signal, ending)
            term.child.kill(number)
            expected = None if number == signal.SIGKILL else 128 + number
        if not _ended(term, BOUND):
            tally.refused += 1  # a hang
            tally.problems.append(f"hang: {ending} after {moves}")
            term.child.kill(signal.SIGKILL)
            _ended(term, BOUND)
            return
        if not closed:
            term.pump(0.2)  # the rest of what it wrote on its way out
        if expected is None:
            if term.child.signalstatus != signal.SIGKILL:
                tally.crash(f"{ending}: ended by {term.child.signalstatus}, not SIGKILL")
        else:
            code = term.child.exitstatus
            if code != expected:
                tally.crash(f"{ending}: exit {code} ({term.child.signalstatus}), not {expected}")
            if not closed and b"\x1b[?1049l" not in term.raw:
                tally.crash(f"{ending}: the terminal was not given back")
        if b"Traceback" in term.raw:
            tally.crash(f"{ending}: a traceback on the screen")
        after = _kept(data)
        new = {name: kept for name, kept in after.items() if name not in before}
        if list(new.values()) != [moves]:
            tally.loss(f"{ending} after {moves}: kept {new}")
        else:
            tally.loaded += 1
    finally:
        if not term.child.closed:
            term.close()
        elif term.child.isalive():
            term.child.kill(signal.SIGKILL)


def next_start(data: Path, tally: Tally) -> None:
    """The real program starts and offers every game kept, in one list."""
    from tests.e2e.test_terminal import Terminal

    count = len(_kept(data))
    tally.tried += 1
    term = Terminal()
    try:
        title = "A game was left unfinished" if count == 1 else f"{count} games left unfinished"
        term.wait_for(title, "Resume", "Discard")
        term.press("\x11")  # ctrl+q: no game in progress, so it quits at once
        if term.wait_exit() != 0:
            tally.crash("the next start did not end cleanly")
        else:
            tally.loaded += 1
    except BaseException as error:  # a failed wait: say what the screen showed
        tally.crash(f"next start: {error!s:.300}")
    finally:
        term.close()
    if len(_kept(data)) != count:
        tally.loss("the next start lost a game")


def run(seed: int, count: int, kinds: tuple[str, ...] = ENDINGS) -> list[Tally]:
    rng = random.Random(seed)
    tallies = {kind: Tally(f"mid-game: {kind}", labels=("hangs", "kept")) for kind in kinds}
    start = Tally("next start offers every game kept", labels=("-", "offered"))
    with _data_folder() as data:
        for number in range(count):
            kind = kinds[number % len(kinds)]
            moves = list(MOVES[: rng.randint(1, len(MOVES))])
            end_once(kind, moves, data, tallies[kind])
        next_start(data, start)
    return [*tallies.values(), start]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=40, help="how many endings")
    args = parser.parse_args(argv)
    tallies = run(args.seed, args.count)
    print(table(tallies))
    bad = any(t.crashes or t.losses or (t.labels[0] == "hangs" and t.refused) for t in tallies)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
