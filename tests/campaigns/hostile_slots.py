"""The hostile-folder campaign (issue 29): games kept move after move in a data folder
where something is in the way, and the next start's list afterwards.

Each round makes a fresh data folder with one obstacle (a pipe or a folder where a
game's file should be, a file where `unfinished/` should be, a folder or a pipe where a
lock should be, a lock another user owns, a folder the system refuses to write), plays a
random unfinished game move by move, keeping it after every move as the full screen
does (`kept_games.keep_unfinished`), and then looks at what the next start would offer
(`unfinished.scan`). The game must come back with every move ("lost" else), unless the
folder cannot be written at all, where it must be said; nothing may raise ("crash").

    python -m tests.campaigns.hostile_slots --seed 1 --count 300
"""

from __future__ import annotations

import errno
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any
from unittest import mock

from tests.campaigns import Tally, seeded_main

#: A conquest game that these moves leave undecided, one move at a time.
MOVES = ["4", "7", "9", "1"]


Patch = Callable[[], AbstractContextManager[object]]


def _in_the_way(kind: str, data: Path, record_id: str) -> Patch:
    """Put obstacle `kind` in the data folder; what to patch while playing (or nothing)."""
    place = data / "unfinished"
    own = place / f"{record_id}.json"
    if kind == "unfinished is a file":
        data.mkdir(parents=True)
        place.write_text("not a folder", "utf-8")
        return nullcontext
    place.mkdir(parents=True)
    if kind == "a pipe as the game's file":
        os.mkfifo(own)
    elif kind == "a folder as the game's file":
        own.mkdir()
    elif kind == "a folder as its lock":
        (place / f".{own.name}.lock").mkdir()
    elif kind == "a pipe as its lock":
        os.mkfifo(place / f".{own.name}.lock")
    elif kind == "another user's lock":
        return _refusing(lambda path: path.endswith(f".{own.name}.lock"), errno.EACCES)
    elif kind == "a read-only data folder":
        return _refusing(lambda path: path.startswith(str(data)), errno.EROFS)
    return nullcontext


def _refusing(refused: Callable[[str], bool], code: int) -> Patch:
    """The system refusing to open or create the files `refused` names (what another
    user's file or a read-only folder does to a user who is not root)."""
    real_open = os.open

    def opening(path: Any, *args: Any, **kwargs: Any) -> int:
        if refused(str(path)):
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, *args, **kwargs)

    @contextmanager
    def patched() -> Iterator[object]:
        with mock.patch("os.open", opening):
            yield None

    return patched


KINDS = (
    "a pipe as the game's file",
    "a folder as the game's file",
    "unfinished is a file",
    "a folder as its lock",
    "a pipe as its lock",
    "another user's lock",
    "a read-only data folder",
)


def one_round(kind: str, rng: random.Random, root: Path, tally: Tally) -> None:
    from app.store import kept_games, storage, unfinished
    from rules.records import players_of, record_from_moves

    data = Path(tempfile.mkdtemp(dir=root)) / "data"
    os.environ["EQUATION_DUEL_DATA"] = str(data)
    kept_games._told.clear()
    kept_games._saving_off = False
    played = MOVES[: rng.randint(1, len(MOVES))]
    first = record_from_moves("conquest", None, played[:1], players_of(("Ann", "Bob")))
    patch = _in_the_way(kind, data, first.id)
    tally.tried += 1
    told: list[str] = []
    try:
        with patch():
            for count in range(1, len(played) + 1):
                record = record_from_moves(
                    "conquest", None, played[:count], players_of(("Ann", "Bob"))
                ).model_copy(update={"id": first.id})
                kept = kept_games.keep_unfinished(record)
                told += [kept.notice] if kept.notice else []
            found = unfinished.scan()
        unfinished.release_all()
        games = [storage.load_autosave(path) for path in found.games]
    except Exception as error:  # the campaign counts what a player would meet
        tally.crash(f"{kind}: {type(error).__name__}: {error}")
        unfinished.release_all()
        return
    moves = [[m.move for m in game.moves] for game in games if game is not None]
    if moves == [played]:
        tally.loaded += 1
        if len(told) != 1:  # kept elsewhere: said once
            tally.loss(f"{kind}: told {len(told)} times: {told}")
    elif kind == "a read-only data folder" and not moves and len(told) == 1:
        tally.refused += 1  # played without saving, and said so once
    else:
        tally.loss(f"{kind}: kept {moves}, played {played}, told {told}")


def run(seed: int, count: int) -> list[Tally]:
    rng = random.Random(seed)
    tallies = {kind: Tally(kind, labels=("said once", "kept")) for kind in KINDS}
    old = os.environ.get("EQUATION_DUEL_DATA")
    with tempfile.TemporaryDirectory(prefix="hostile-slots-") as folder:
        try:
            for number in range(count):
                kind = KINDS[number % len(KINDS)]
                one_round(kind, rng, Path(folder), tallies[kind])
        finally:
            if old is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old
    return list(tallies.values())


def main(argv: list[str] | None = None) -> int:
    return seeded_main(__doc__, run, 300, "games", argv)


if __name__ == "__main__":
    sys.exit(main())
