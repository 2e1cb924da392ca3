"""The key storm (issue 10): Pilot drives the full screen (headless) with random keys,
clicks and resizes (down to 20×8), through every screen of every game; any exception is
a crash. Every few hundred events (or when the storm quits the app) a new app starts.

With `--no-wait` (issue 29) the keys and resizes of a burst are queued all at once, as a
terminal delivers keys typed faster than a person types (a held key, a paste): the app
handles each while the next ones already wait, e.g. a key for a dialog that an earlier
key of the burst has closed. `--game` keeps the storm to one game.

    python -m tests.campaigns.key_storm --seed 1 --events 20000
    python -m tests.campaigns.key_storm --seed 1 --events 20000 --no-wait --game fifty
    python -m tests.campaigns.key_storm --seed 1 --events 2000 --palette   (issue 36)
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import sys
import tempfile
import traceback
import unicodedata
from collections import Counter, deque
from pathlib import Path
from typing import Any

from textual import events, messages
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Size
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot

from tests.campaigns import Tally, table

KEYS = [
    *"0123456789",
    *"abcdeghmnpqrsuxy",
    *"+-*/=:()@.[]",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "backspace",
    "delete",
    "space",
    "f1",
    "question_mark",
    "ctrl+s",
    "ctrl+z",
    "ctrl+a",
]
#: Added with `--palette` (issue 36): the command palette opened again and again, over
#: every screen and under the too-small one (it was a DuplicateIds crash at 20×8).
PALETTE_KEYS = ["ctrl+p", "ctrl+p", "ctrl+p", "pageup", "pagedown"]
#: The sizes a resize picks from: mostly usual, sometimes tiny (the smallest is 20×8).
SIZES = [(20, 8), (24, 10), (40, 12), (60, 20), (80, 24), (100, 30), (120, 40), (70, 16)]


def queue_key(app: App[Any], key: str) -> None:
    """Queue one key press as the terminal's driver does, and go on at once (Pilot's
    `press` waits for the app to handle each key before it sends the next)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


def queue_resize(app: App[Any], width: int, height: int) -> None:
    """Queue a resize of the terminal without waiting for the app to lay out again."""
    size = Size(width, height)
    if isinstance(app._driver, HeadlessDriver):
        app._driver._size = size
    app.post_message(events.Resize(size, size))


def queue_burst(app: App[Any], rng: random.Random, keys: list[str] = KEYS) -> list[str]:
    """Queue a burst of keys (and now and then a resize), all at once: what was queued."""
    burst: list[str] = []
    for _ in range(rng.randint(4, 40)):
        if rng.random() < 0.04:
            width, height = rng.choice(SIZES)
            queue_resize(app, width, height)
            burst.append(f"{width}x{height}")
        else:
            burst.append(rng.choice(keys))
            queue_key(app, burst[-1])
    return burst


class Stalled(Exception):
    """The app did not get through what was queued within `settle`'s bound."""


async def settle(app: App[Any], pilot: Pilot[Any]) -> None:
    """Wait until the app has handled everything queued so far: a marker queued behind
    it (through the driver, as the keys were) runs once the app got to it and its screen
    is idle. Without this a session could end, closing the app, with keys still in
    flight, a race of the storm's own making. Bounded: `Stalled` after 2,000 pauses
    (each at least 20 ms: 40 s or more).

    Textual hands the marker to the screen on top when the app gets to it, to run once
    that screen is idle; a screen that goes before then (a computer's move or a dialog's
    answer, handled after the keys, closes it) takes the marker with it. So a marker is
    queued again every 100 pauses (2 s or more) while none has run: an app that handles
    its queue runs the next one, an app that is stuck runs none."""
    handled = asyncio.Event()
    assert app._driver is not None
    for pause in range(2000):
        if pause % 100 == 0:
            app._driver.send_message(messages.InvokeLater(handled.set))
        if handled.is_set() or not app.is_running or app._exception is not None:
            return
        await pilot.pause()
    raise Stalled(f"the queued keys were not handled on {type(app.screen).__name__}")


async def _session(
    rng: random.Random,
    events: int,
    tally: Tally,
    screens: Counter[str],
    no_wait: bool = False,
    games: str = "12345",
    keys: list[str] = KEYS,
) -> int:
    """One app, driven for about `events` events (a key, a click or a resize each); the
    number it took. `screens` counts the steps that ended on each kind of screen. With
    `no_wait`, most steps queue a burst without waiting (`queue_burst`). `games` are the
    menu's keys of the games a new game is chosen from."""
    from app.tui.app import EquationDuelApp

    app = EquationDuelApp()
    done = 0
    recent: deque[str] = deque(maxlen=3)  # the last steps, told with a crash
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            while done < events and app.is_running and app._exception is None:
                roll = rng.random()
                width, height = app.size
                if roll < 0.03 or (roll < 0.3 and (width < 60 or height < 20)):
                    size = rng.choice(SIZES)
                    recent.append(f"resize {size}")
                    await pilot.resize_terminal(*size)
                    done += 1
                elif roll < 0.12:
                    where = (rng.randrange(width), rng.randrange(height))
                    recent.append(f"click {where}")
                    await pilot.click(offset=where)
                    done += 1
                elif roll < 0.14:  # to a new game: back to the menu, pick one, start it
                    app.go_menu()
                    key = rng.choice(games)
                    recent.append(f"menu, {key}, enter")
                    await pilot.press(key, "enter")
                    done += 2
                elif no_wait and roll < 0.8:  # a burst queued at once, then its effects
                    queued = queue_burst(app, rng, keys)
                    recent.append(f"queued {','.join(queued)} on {type(app.screen).__name__}")
                    await settle(app, pilot)
                    done += len(queued)
                else:  # a burst of keys (Pilot waits for each key to be handled)
                    burst = [rng.choice(keys) for _ in range(rng.randint(1, 8))]
                    recent.append(f"pressed {','.join(burst)} on {type(app.screen).__name__}")
                    await pilot.press(*burst)
                    done += len(burst)
                screens[type(app.screen).__name__] += 1
    except Stalled as error:
        tally.hang(f"{error} | after {' / '.join(recent)}")
    except Exception as error:  # Pilot re-raises what the app raised
        tally.crash(
            f"{type(error).__name__}: {error} | {our_frames(error)} | after {' / '.join(recent)}"
        )
    return done


_NOT_OURS = ("site-packages", "campaigns")


def our_frames(error: BaseException) -> str:
    """The last frames of the project's own code that `error` went through, and the two
    where it was raised (in a library, when none of ours is on the way: issue 36)."""
    while isinstance(getattr(error, "error", None), BaseException):  # (WorkerFailed)
        error = error.error  # type: ignore[attr-defined]
    frames = traceback.extract_tb(error.__traceback__)
    root = str(Path(__file__).resolve().parents[2])
    ours = [
        f
        for f in frames
        if f.filename.startswith(root) and not any(p in f.filename for p in _NOT_OURS)
    ]
    told = " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in ours[-4:][::-1])
    raised = " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames[-2:][::-1])
    return f"{told or 'none of ours'} (raised in {raised})"


def seed_files(rng: random.Random) -> None:
    """Saved games, an autosave and statistics whose names are markup, for the storm to
    come across in Saved games, the resume offer, replays and the statistics."""
    from app.store import ratings, storage
    from rules.records import players_of, record_from_moves
    from tests.app.store_support import write_autosave

    names = players_of(("[/]", "[b]x[/nope]"))
    finished = record_from_moves("conquest", None, ["5", "2", "3"], names)
    storage.save_game(finished)
    storage.save_game(record_from_moves("fifty", None, ["6*7"], names))
    write_autosave(record_from_moves("collect", None, ["3"], names))
    ratings.record_game(finished.model_copy(update={"id": f"storm-{rng.random()}"}))


def run(
    seed: int,
    events: int,
    per_session: int = 400,
    progress: bool = False,
    no_wait: bool = False,
    game: str | None = None,
    palette: bool = False,
) -> tuple[list[Tally], Counter[str]]:
    """`events` events of storm, in apps of about `per_session` events each; `no_wait`
    queues bursts without waiting, `game` (an id) keeps new games to that one, `palette`
    adds the command palette's keys (`PALETTE_KEYS`)."""
    from rules.registry import GAME_IDS

    rng = random.Random(seed)
    games = "12345" if game is None else str(GAME_IDS.index(game) + 1)
    what = "key storm, queued at once" if no_wait else "key storm: keys, clicks, resizes to 20×8"
    if game is not None:
        what = f"{what}, {game}"
    if palette:
        what = f"{what}, palette"
    keys = KEYS + PALETTE_KEYS if palette else KEYS
    tally = Tally(what, labels=("apps started", "-"))
    screens: Counter[str] = Counter()
    old_env, old_cwd = os.environ.get("EQUATION_DUEL_DATA"), Path.cwd()
    with tempfile.TemporaryDirectory(prefix="key-storm-") as folder:
        os.environ["EQUATION_DUEL_DATA"] = str(Path(folder) / "data")
        os.chdir(folder)  # an export writes where the app was started
        try:
            seed_files(rng)
            while tally.tried < events:
                want = min(per_session, events - tally.tried)
                done = asyncio.run(_session(rng, want, tally, screens, no_wait, games, keys))
                tally.tried += max(1, done)
                tally.refused += 1
                if progress:
                    print(f"{tally.tried} events, {tally.crashes} crashes", file=sys.stderr)
        finally:
            os.chdir(old_cwd)
            if old_env is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old_env
    return [tally], screens


def main(argv: list[str] | None = None) -> int:
    from rules.registry import GAME_IDS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--no-wait", action="store_true", help="queue bursts at once")
    parser.add_argument("--game", choices=GAME_IDS, help="new games are of this game only")
    parser.add_argument("--palette", action="store_true", help="ctrl+p and its page keys too")
    parser.add_argument("--json", action="store_true", help="end with the tallies as JSON")
    args = parser.parse_args(argv)
    tallies, screens = run(
        args.seed,
        args.events,
        progress=True,
        no_wait=args.no_wait,
        game=args.game,
        palette=args.palette,
    )
    print(table(tallies))
    print("screens reached (steps that ended on each):")
    for name, seen in screens.most_common():
        print(f"  {name:<24} {seen}")
    if args.json:  # the last line, for a parent process (tests/campaigns/capped_storm.py)
        print(json.dumps([dataclasses.asdict(tally) for tally in tallies]))
    return 0 if all(t.crashes == 0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
