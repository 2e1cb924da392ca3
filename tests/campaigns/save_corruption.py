"""The save-file corruption campaign (issue 10): good records of every game, cut short,
bit-flipped, edited (as bytes and as JSON), and files that are not regular files
(FIFOs, folders, devices and symlinks), run against `play --plain --load`, the full
screen's resume offer and the Saved games screen. Each must be refused with one line
or loaded; no file may change (a hash before and after).

Issue 29 adds the data folder's other files (tests/campaigns/folder_corruption.py):
settings.json, the statistics database, the puzzle bank, and `--save` beside hidden
files it did not write; `--folder-count` cases each (a tenth of `--count` unless given).
The table printed: tried, crashes, hangs, lost.

    python -m tests.campaigns.save_corruption --seed 1 --count 300
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import io
import json
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.campaigns import Tally
from tests.campaigns.folder_corruption import table

#: Values a JSON edit puts somewhere in a record.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    -1,
    0,
    10**30,
    1.5,
    float("1e308"),
    "",
    "[/]",
    "[/nope]",
    "[@click=app.quit]x",
    "\x1b]0;owned\x07",
    "\x1b[2J",
    "9" * 5000,
    "²",
    [],
    {},
    [1, 2, 3],
    {"move": "1"},
]


def good_records(rng: random.Random) -> list[bytes]:
    """Records of every game: unfinished, finished, and a match of three rounds."""
    from rules.match import match_game, match_outcome, new_match, play_in_match, round_options
    from rules.record_json import to_json
    from rules.records import players_of, record_from_match
    from rules.registry import GAME_IDS, get_game

    found = []
    for game_id in GAME_IDS:
        game = get_game(game_id)
        for best_of, stop in ((1, 2), (1, None), (3, 7), (3, None)):
            match = new_match(game_id, None, best_of)
            played = 0
            while match_outcome(match) is None and (stop is None or played < stop):
                state = match_game(match).replay(round_options(match), match.moves)
                move = game.format_move(rng.choice(game.legal_moves(state)))
                match = play_in_match(match, move)
                played += 1
            names = rng.choice([("Ann", "Bob"), ("[/]", "[b]x"), ("Zoë", "Ω")])
            found.append(to_json(record_from_match(match, players_of(names))).encode())
    return found


def _json_edit(data: bytes, rng: random.Random) -> bytes:
    record = json.loads(data)
    kind = rng.randrange(9)
    if kind == 0 and record["moves"]:  # an extra move that does not replay
        record["moves"].append({"move": rng.choice(["0", "[/]", "99", "x", "1"]), "seconds": 0})
    elif kind == 1:
        key = rng.choice(sorted(record))
        del record[key]
    elif kind == 2:
        key = rng.choice(sorted(record))
        record[key] = rng.choice(ODD_VALUES)
    elif kind == 3 and record["moves"]:
        entry = rng.choice(record["moves"])
        entry[rng.choice(["move", "seconds"])] = rng.choice(ODD_VALUES)
    elif kind == 4:
        player = rng.choice(record["players"])
        player[rng.choice(["name", "kind"])] = rng.choice(ODD_VALUES)
    elif kind == 5:
        record["format"] = rng.choice([2, 0, "1", 1.0, None])
    elif kind == 6:
        record["game"] = rng.choice(["chess", "", "[/]", "collect", "fifty"])
    elif kind == 7 and record["moves"]:
        moves = record["moves"]
        i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    else:
        record["result"] = rng.choice(
            [None, {"winner": 7, "reason": "x"}, {"winner": 1, "reason": "[/]"}]
        )
    return json.dumps(record).encode()


def mutate(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """A corrupted copy of `data` and what was done."""
    kind = rng.choice(["truncation", "bit flips", "byte edit", "JSON edit", "JSON edit"])
    if kind == "truncation":
        return kind, data[: rng.randrange(len(data))]
    if kind == "bit flips":
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        return kind, bytes(flipped)
    if kind == "byte edit":
        at = rng.randrange(len(data))
        junk = rng.choice([b"\x00", b"\xff\xfe", b"[", b"]]]", b'"', b"\x1b[2J", b"{" * 3000])
        cut = rng.randrange(4)
        return kind, data[:at] + junk + data[at + cut :]
    try:
        return kind, _json_edit(data, rng)
    except (ValueError, KeyError, TypeError, IndexError):
        return kind, data[::-1]


# Files that are not regular files (or are links): made at `path`, in a scratch folder.


def _fifo(path: Path, scratch: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path, scratch: Path) -> None:
    path.mkdir()


def _to_dev_zero(path: Path, scratch: Path) -> None:
    path.symlink_to("/dev/zero")


def _to_dev_null(path: Path, scratch: Path) -> None:
    path.symlink_to("/dev/null")


def _dangling(path: Path, scratch: Path) -> None:
    path.symlink_to(scratch / "nowhere.json")


def _loop(path: Path, scratch: Path) -> None:
    path.symlink_to(path)


def _to_fifo(path: Path, scratch: Path) -> None:
    target = scratch / f"fifo-{path.name}"
    if not target.exists():
        os.mkfifo(target)
    path.symlink_to(target)


def _oversized(path: Path, scratch: Path) -> None:
    with path.open("wb") as file:  # sparse: claims 9 MB without writing them
        file.truncate(9 * 1024 * 1024)


SPECIAL: dict[str, Callable[[Path, Path], None]] = {
    "FIFO": _fifo,
    "folder": _folder,
    "symlink to /dev/zero": _to_dev_zero,
    "symlink to /dev/null": _to_dev_null,
    "dangling symlink": _dangling,
    "symlink loop": _loop,
    "symlink to a FIFO": _to_fifo,
    "sparse 9 MB file": _oversized,
}


def fingerprint(path: Path) -> tuple[Any, ...]:
    """What must not change: a regular file's content hash, else its kind and times."""
    try:
        info = os.lstat(path)
    except OSError:
        return ("missing",)
    import stat

    if stat.S_ISREG(info.st_mode):
        return ("file", hashlib.sha256(path.read_bytes()).hexdigest())
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    return ("other", stat.S_IFMT(info.st_mode), info.st_mtime_ns)


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def cases(rng: random.Random, count: int) -> Iterator[tuple[str, bytes | str]]:
    """`count` cases: (what, bytes to write) or (what, the name of a SPECIAL maker)."""
    records = good_records(rng)
    specials = sorted(SPECIAL)
    for number in range(count):
        if number % 10 == 9:
            name = specials[(number // 10) % len(specials)]
            yield name, name
        elif number % 10 == 8:
            yield "good record", rng.choice(records)
        else:
            yield mutate(rng.choice(records), rng)


def write_case(path: Path, case: bytes | str, scratch: Path) -> None:
    remove(path)
    if isinstance(case, bytes):
        path.write_bytes(case)
    else:
        SPECIAL[case](path, scratch)


# Against `play --plain --load FILE` (in this process, input ended at once).


def against_load(rng: random.Random, count: int, scratch: Path) -> Tally:
    from app.cli.main import main

    tally = Tally("--load (plain): corrupted and odd files")
    path = scratch / "load.json"
    for what, case in cases(rng, count):
        write_case(path, case, scratch)
        before = fingerprint(path)
        tally.tried += 1
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        try:
            sys.stdin = io.StringIO("")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["play", "--plain", "--load", str(path)])
        except BaseException as error:  # the campaign counts it
            tally.crash(f"{what}: {type(error).__name__}: {error}")
            continue
        finally:
            sys.stdin = stdin
        lines = err.getvalue().splitlines()
        if code == 2 and len(lines) == 1 and lines[0].startswith("equation-duel: error: "):
            tally.refused += 1
        elif code == 0 and not lines:
            tally.loaded += 1
        else:
            tally.crash(f"{what}: exit {code}, standard error {err.getvalue()[:200]!r}")
        if fingerprint(path) != before:
            tally.loss(f"{what}: the file changed")
    return tally


# Against the full screen: the resume offer, and Saved games.


async def _against_resume(rng: random.Random, count: int, scratch: Path, tally: Tally) -> None:
    from app.store.data_folder import autosave_path, ensure_data_dir
    from app.tui.app import EquationDuelApp
    from app.tui.game_screen import GameScreen
    from app.tui.unfinished_list import UnfinishedDialog

    ensure_data_dir()
    path = autosave_path()
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for what, case in cases(rng, count):
            write_case(path, case, scratch)
            before = fingerprint(path)
            tally.tried += 1
            app.clear_notifications()
            app.offer_resume()
            await pilot.pause()
            notes = [n.message for n in app._notifications]
            if isinstance(app.screen, UnfinishedDialog):
                await pilot.press("r")
                await pilot.pause()
                if isinstance(app.screen, GameScreen):
                    tally.loaded += 1
                else:
                    tally.crash(f"{what}: resumed, but no game screen ({app.screen})")
            elif len(notes) == 1 and "\n" not in notes[0]:
                tally.refused += 1
            elif not notes:
                tally.loaded += 1  # a finished game: nothing to resume
            else:
                tally.crash(f"{what}: {len(notes)} notices: {notes!r:.200}")
            if fingerprint(path) != before:
                tally.loss(f"{what}: the autosave changed")
            app.go_menu()
            await pilot.pause()
            if app._exception is not None:
                break
    remove(path)


async def _against_saved_games(rng: random.Random, count: int, scratch: Path, tally: Tally) -> None:
    from textual.widgets import OptionList

    from app.store.data_folder import saves_dir
    from app.tui.app import EquationDuelApp
    from app.tui.replay import SavedGamesScreen

    folder = saves_dir()
    batch = 25
    made = list(cases(rng, count))
    for start in range(0, len(made), batch):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        files = []
        for number, (what, case) in enumerate(made[start : start + batch]):
            path = folder / f"case-{number:03}.json"
            write_case(path, case, scratch)
            files.append((what, path, fingerprint(path)))
        app = EquationDuelApp()
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(SavedGamesScreen())
            await pilot.pause()
            listing = app.screen.query_one("#saved-list", OptionList)
            options = [listing.get_option_at_index(i) for i in range(listing.option_count)]
            for index, option in enumerate(options):
                tally.tried += 1
                if option.disabled:
                    prompt = str(option.prompt)
                    if "cannot be opened: " in prompt and prompt.count("\n") == 1:
                        tally.refused += 1
                    else:
                        tally.crash(f"listing: {prompt!r:.200}")
                    continue
                app.clear_notifications()
                listing.highlighted = index
                app.screen.action_open()
                await pilot.pause()
                if isinstance(app.screen, SavedGamesScreen):
                    notes = [n.message for n in app._notifications]
                    if len(notes) == 1:
                        tally.refused += 1
                    else:
                        tally.crash(f"opening {option.id}: nothing opened, notices {notes!r:.200}")
                else:
                    tally.loaded += 1
                while not isinstance(app.screen, SavedGamesScreen):
                    app.pop_screen()
                    await pilot.pause()
                listing = app.screen.query_one("#saved-list", OptionList)
        for what, path, before in files:
            if fingerprint(path) != before:
                tally.loss(f"{what}: {path.name} changed")
    if folder.exists():
        shutil.rmtree(folder)


def against_screen(rng: random.Random, count: int, scratch: Path) -> list[Tally]:
    resume = Tally("full screen: resume offer of the autosave")
    saved = Tally("full screen: Saved games list and opening")
    for runner, tally in ((_against_resume, resume), (_against_saved_games, saved)):
        try:
            asyncio.run(runner(rng, count, scratch, tally))
        except Exception as error:  # the app raised: Pilot re-raises it at the end
            tally.crash(f"{type(error).__name__}: {error}")
    return [resume, saved]


def run(
    seed: int, count: int, screen_count: int | None = None, folder_count: int | None = None
) -> list[Tally]:
    """The campaign, in a scratch data folder of its own; one tally per target."""
    from tests.campaigns.folder_corruption import run_all

    rng = random.Random(seed)
    old = os.environ.get("EQUATION_DUEL_DATA")
    with tempfile.TemporaryDirectory(prefix="corruption-") as folder:
        scratch = Path(folder)
        os.environ["EQUATION_DUEL_DATA"] = str(scratch / "data")
        try:
            tallies = [against_load(rng, count, scratch)]
            tallies += against_screen(rng, count if screen_count is None else screen_count, scratch)
            others = max(1, count // 10) if folder_count is None else folder_count
            tallies += run_all(seed, others, scratch, ODD_VALUES)
        finally:
            from app.store.keep_writer import wait_judged

            wait_judged()  # (the games judged for the report write into the scratch folder)
            if old is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300, help="cases per target")
    parser.add_argument("--screen-count", type=int, default=None, help="cases per screen target")
    parser.add_argument(
        "--folder-count", type=int, default=None, help="cases per other file of the folder"
    )
    args = parser.parse_args(argv)
    tallies = run(args.seed, args.count, args.screen_count, args.folder_count)
    print(table(tallies))
    hangs = sum(getattr(t, "hangs", 0) for t in tallies)
    return 0 if hangs == 0 and all(t.crashes == 0 and t.losses == 0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
