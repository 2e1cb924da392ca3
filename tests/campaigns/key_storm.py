"""The key storm (issue 10): Pilot drives the full screen (headless) with random keys,
clicks and resizes (down to 20×8), through every screen of every game; any exception is
a crash. Every few hundred events (or when the storm quits the app) a new app starts.

    python -m tests.campaigns.key_storm --seed 1 --events 20000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

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
#: The sizes a resize picks from: mostly usual, sometimes tiny (the smallest is 20×8).
SIZES = [(20, 8), (24, 10), (40, 12), (60, 20), (80, 24), (100, 30), (120, 40), (70, 16)]


async def _session(rng: random.Random, events: int, tally: Tally, screens: Counter[str]) -> int:
    """One app, driven for about `events` events (a key, a click or a resize each); the
    number it took. `screens` counts the steps that ended on each kind of screen."""
    from app.tui.app import EquationDuelApp

    app = EquationDuelApp()
    done = 0
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            while done < events and app.is_running and app._exception is None:
                roll = rng.random()
                width, height = app.size
                if roll < 0.03 or (roll < 0.3 and (width < 60 or height < 20)):
                    await pilot.resize_terminal(*rng.choice(SIZES))
                    done += 1
                elif roll < 0.12:
                    await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
                    done += 1
                elif roll < 0.14:  # to a new game: back to the menu, pick one, start it
                    app.go_menu()
                    await pilot.press(rng.choice("12345"), "enter")
                    done += 2
                else:  # a burst of keys (Pilot waits for the screen after the burst)
                    burst = [rng.choice(KEYS) for _ in range(rng.randint(1, 8))]
                    await pilot.press(*burst)
                    done += len(burst)
                screens[type(app.screen).__name__] += 1
    except Exception as error:  # Pilot re-raises what the app raised
        lines = traceback.format_exception(error)
        tally.crash(f"{type(error).__name__}: {error} | {''.join(lines[-3:])[-400:]}")
    return done


def seed_files(rng: random.Random) -> None:
    """Saved games, an autosave and statistics whose names are markup, for the storm to
    come across in Saved games, the resume offer, replays and the statistics."""
    from app import ratings, storage
    from rules.records import players_of, record_from_moves

    names = players_of(("[/]", "[b]x[/nope]"))
    finished = record_from_moves("conquest", None, ["5", "2", "3"], names)
    storage.save_game(finished)
    storage.save_game(record_from_moves("fifty", None, ["6*7"], names))
    storage.write_autosave(record_from_moves("collect", None, ["3"], names))
    ratings.record_game(finished.model_copy(update={"id": f"storm-{rng.random()}"}))


def run(
    seed: int, events: int, per_session: int = 400, progress: bool = False
) -> tuple[list[Tally], Counter[str]]:
    rng = random.Random(seed)
    tally = Tally("key storm: keys, clicks, resizes to 20×8", labels=("apps started", "-"))
    screens: Counter[str] = Counter()
    old_env, old_cwd = os.environ.get("EQUATION_DUEL_DATA"), Path.cwd()
    with tempfile.TemporaryDirectory(prefix="key-storm-") as folder:
        os.environ["EQUATION_DUEL_DATA"] = str(Path(folder) / "data")
        os.chdir(folder)  # an export writes where the app was started
        try:
            seed_files(rng)
            while tally.tried < events:
                want = min(per_session, events - tally.tried)
                tally.tried += max(1, asyncio.run(_session(rng, want, tally, screens)))
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=20000)
    args = parser.parse_args(argv)
    tallies, screens = run(args.seed, args.events, progress=True)
    print(table(tallies))
    print("screens reached (steps that ended on each):")
    for name, seen in screens.most_common():
        print(f"  {name:<24} {seen}")
    return 0 if all(t.crashes == 0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
