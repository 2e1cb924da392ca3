"""Touch nothing that is not ours (issue 36): every command that names a file to write is
pointed at what is not a plain file, and the kept finished games are pruned among the
player's own files; anything replaced, followed or removed is a loss.

The targets, made in a scratch folder (never a real `/dev` node): a pipe, a device node
(a copy of `/dev/full`, as root only), a link to a file outside, a dangling link, a
folder, a name ending in a slash, and a full disk (writing fails with ENOSPC). The
commands: `tournament show --csv`, `report --csv`, `play --plain --save`, `worksheet -o`
(with fpdf2) and the game-over dialog's export (`export_record`). The pruning: `count`
finished games kept among files of the player's in `finished/`, and with `finished` a
link to a folder of the player's.

    python -m tests.campaigns.hostile_paths --seed 1 --count 300
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import stat
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.campaigns import Tally, seeded_main

#: /dev/full's numbers (Linux): writing to it fails with ENOSPC.
FULL = (1, 7)


def _targets(folder: Path) -> Iterator[tuple[str, Path]]:
    """Each kind of target, made afresh in `folder`."""
    os.mkfifo(folder / "pipe")
    yield "pipe", folder / "pipe"
    if os.geteuid() == 0:
        os.mknod(folder / "device", 0o666 | stat.S_IFCHR, os.makedev(*FULL))
        yield "device", folder / "device"
    outside = folder / "outside"
    outside.mkdir()
    (outside / "theirs").write_text("the player's own\n", "utf-8")
    (folder / "link").symlink_to(outside / "theirs")
    yield "link out", folder / "link"
    (folder / "dangling").symlink_to(outside / "nothing-yet")
    yield "dangling link", folder / "dangling"
    (folder / "a-folder").mkdir()
    yield "folder", folder / "a-folder"


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every name under `folder` with its kind and, for a regular file, its bytes."""
    seen: dict[str, tuple[int, bytes | None]] = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        data = path.read_bytes() if stat.S_ISREG(mode) else None
        seen[str(path.relative_to(folder))] = (stat.S_IFMT(mode), data)
    return seen


def _commands() -> list[tuple[str, Callable[[Path], object]]]:
    from app.cli.main import main
    from app.store.exports import export_record
    from rules.records import players_of, record_from_moves

    record = record_from_moves("conquest", None, ["5", "2", "3"], players_of(("Ann", "Bob")))
    commands: list[tuple[str, Callable[[Path], object]]] = [
        ("tournament show --csv", lambda p: main(["tournament", "show", "T", "--csv", str(p)])),
        ("report --csv", lambda p: main(["report", "--csv", str(p)])),
        ("--save", lambda p: main(["play", "fifty", "--plain", "--save", str(p)])),
        ("export", lambda p: export_record(record, p)),
    ]
    with contextlib.suppress(ImportError):
        import fpdf  # noqa: F401

        commands.append(
            ("worksheet -o", lambda p: main(["worksheet", "--count", "1", "-o", str(p)]))
        )
    return commands


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """The commands' words go nowhere (they are looked at by the tests, not here); a
    plain game reads an empty standard input (it ends at once)."""
    with (
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        old_stdin, sys.stdin = sys.stdin, io.StringIO("")
        try:
            yield
        finally:
            sys.stdin = old_stdin


def _writes(tally: Tally, scratch: Path) -> None:
    from app.cli.main import main

    with _quiet():
        main(["tournament", "new", "T", "--players", "Ann,Bo,Cy,Di", "--game", "fifty"])
    for name, command in _commands():
        folder = scratch / name.replace(" ", "-").strip("-")
        folder.mkdir()
        for kind, target in _targets(folder):
            before = _snapshot(folder)
            tally.tried += 1
            try:
                with _quiet():
                    command(target)
            except SystemExit:
                pass
            except OSError:
                tally.refused += 1  # (export_record raises its refusal: the dialog says it)
            except Exception as error:
                tally.crash(f"{name} at a {kind}: {type(error).__name__}: {error}")
                continue
            if _snapshot(folder) != before:
                tally.loss(f"{name} changed what was at a {kind}")


def _pruning(tally: Tally, rng: random.Random, count: int, scratch: Path) -> None:
    from app.store.finished_games import finished_dir, finished_name, keep_finished
    from rules.record_json import to_json
    from rules.records import GameRecord, players_of, record_from_moves

    def game(number: int) -> GameRecord:
        names = players_of((f"Ann{number}", "Bob"))
        return record_from_moves("conquest", None, ["5", "2", "3"], names)

    theirs = scratch / "my-folder"
    theirs.mkdir()
    finished_dir().mkdir(parents=True, exist_ok=True)
    for place in (finished_dir(), theirs):
        for number in range(rng.randint(150, 260)):
            kind = rng.randrange(3)
            name = [f"notes-{number}.json", f"copy-{number}.json", "x"][kind]
            if kind == 2:  # named as the app names its own, holding another game
                name = finished_name(game(10_000 + number))
            (place / name).write_text(to_json(game(number)), "utf-8")
    before = {place: _snapshot(place) for place in (finished_dir(), theirs)}
    for number in range(count):
        tally.tried += 1
        if keep_finished(game(number), keep=5) is None:
            tally.crash(f"finished game {number} not kept")
    left = _snapshot(finished_dir())
    lost = [name for name in before[finished_dir()] if name not in left]
    if lost:
        tally.loss(f"pruning removed {len(lost)} of the player's files, e.g. {lost[0]}")
    for entry in finished_dir().iterdir():
        entry.unlink()
    finished_dir().rmdir()
    finished_dir().symlink_to(theirs)
    for number in range(count // 10 + 1):
        tally.tried += 1
        if keep_finished(game(number), keep=5) is not None:
            tally.loss("a finished game was written through the link")
    if _snapshot(theirs) != before[theirs]:
        tally.loss("pruning through the link changed the player's folder")


def run(seed: int, count: int) -> list[Tally]:
    """The writes at every kind of target, and `count` games kept among the player's."""
    rng = random.Random(seed)
    writes = Tally("a file named at what is not a plain file", labels=("refused", "-"))
    pruning = Tally("finished games pruned among the player's", labels=("-", "-"))
    old = os.environ.get("EQUATION_DUEL_DATA")
    with tempfile.TemporaryDirectory(prefix="hostile-paths-") as folder:
        scratch = Path(folder)
        os.environ["EQUATION_DUEL_DATA"] = str(scratch / "data")
        try:
            _writes(writes, scratch)
            _pruning(pruning, rng, count, scratch)
        except Exception:  # the campaign's own failure is a crash too
            pruning.crash(traceback.format_exc(limit=-3))
        finally:
            if old is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old
    return [writes, pruning]


def main(argv: list[str] | None = None) -> int:
    return seeded_main(__doc__ or "", run, 300, "finished games kept", argv)


if __name__ == "__main__":
    sys.exit(main())
