"""Apps sharing one data folder each keep their own unfinished game (autosave slots).

Several real apps (each in its own process, driven by Pilot) play at once in one data
folder and all quit mid-game; every game must survive, and the next start offers each.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual import messages
from textual.widgets import OptionList, Static

from app import storage
from app.data_folder import (
    adopt_autosave,
    autosave_path,
    data_dir,
    ensure_data_dir,
    unfinished_autosaves,
)
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.record_dialogs import ResumeDialog
from app.tui.replay import SavedGamesScreen
from rules.records import players_of, record_from_moves
from tests.app.tui_support import SIZE, game_screen, text_of, top

#: One app: a conquest game named after argv[1] with the moves argv[2]; it reports when it
#: is mid-game, waits until every app is, then quits (ctrl+q, yes: the game is autosaved).
PLAYER = """
import asyncio, sys
from app.tui.app import EquationDuelApp

async def main():
    app = EquationDuelApp("conquest", names=(sys.argv[1], "Bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*sys.argv[2])
        print("playing", flush=True)
        sys.stdin.readline()
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    print("quit", flush=True)

asyncio.run(main())
"""


def play_at_once(count: int) -> list[str]:
    """`count` apps mid-game at the same time, then all quit; their players' names."""
    names = [f"Player{number}" for number in range(1, count + 1)]
    env = dict(os.environ, EQUATION_DUEL_DATA=str(data_dir()))
    apps = [
        subprocess.Popen(
            [sys.executable, "-c", PLAYER, name, f"{number}{number + 1}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for number, name in enumerate(names, start=1)
    ]
    try:
        for app in apps:  # every app is mid-game before any quits
            assert app.stdout is not None and app.stdout.readline() == "playing\n"
        for app in apps:
            assert app.stdin is not None
            app.stdin.write("\n")
            app.stdin.flush()
        for app in apps:
            assert app.stdout is not None and app.stdout.readline() == "quit\n"
            assert app.wait(timeout=60) == 0
    finally:
        for app in apps:
            if app.poll() is None:
                app.kill()
                app.wait()
    return names


def left_unfinished(count: int) -> list[str]:
    """What `play_at_once(count)` leaves (the test below checks that it does): a conquest
    game in each of the first `count` slots, named and played as there. Written directly,
    for the tests about what a later app does with them; their players' names."""
    names = [f"Player{number}" for number in range(1, count + 1)]
    ensure_data_dir()
    for number, name in enumerate(names, start=1):
        record = record_from_moves(
            "conquest", None, [str(number), str(number + 1)], players_of((name, "Bob"))
        )
        slot = "autosave.json" if number == 1 else f"autosave-{number}.json"
        storage.save_record(record, data_dir() / slot)
    return names


@pytest.mark.parametrize(
    "count",
    # Three apps at once take slots past the second in the default set; four are a soak.
    [pytest.param(3, id="3"), pytest.param(4, id="4", marks=pytest.mark.soak)],
)
async def test_apps_playing_at_once_each_keep_their_game(count: int) -> None:
    names = play_at_once(count)
    slots = unfinished_autosaves()
    assert [path.name for path in slots] == ["autosave.json"] + [
        f"autosave-{number}.json" for number in range(2, count + 1)
    ]
    games = {}
    for path in slots:
        record = storage.load_autosave(path)
        assert record is not None
        games[record.names[0]] = [move.move for move in record.moves]
    assert games == {name: [str(n), str(n + 1)] for n, name in enumerate(names, start=1)}

    # The next start offers every one of them, one after another.
    app = EquationDuelApp()
    offered = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(count):
            await pilot.pause()
            dialog = top(app)
            assert isinstance(dialog, ResumeDialog)
            offered.append(text_of(dialog.query_one("#resume-game", Static)))
            await pilot.press("n")  # not now: kept
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
    # Slots are taken in the order the apps started, whichever that was.
    assert sorted(offered) == [
        f"Resume Equation Conquest: {name} vs Bob (move 3)?" for name in names
    ]
    assert len(unfinished_autosaves()) == count  # all kept


async def test_resuming_another_slot_adopts_it() -> None:
    left_unfinished(2)
    first = storage.load_autosave(data_dir() / "autosave.json")
    second = storage.load_autosave(data_dir() / "autosave-2.json")
    assert first is not None and second is not None
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # keep the game in autosave.json (this app's own slot)
        await pilot.pause()
        await pilot.press("r")  # resume the one in autosave-2.json
        await pilot.pause()
        assert game_screen(app).setup.names == second.names
        assert autosave_path().name == "autosave-2.json"
        await pilot.press("9", "q", "y")  # one move more, then leave: autosaved
    assert storage.load_autosave(data_dir() / "autosave.json") == first
    resumed = storage.load_autosave(data_dir() / "autosave-2.json")
    assert resumed is not None
    assert [m.move for m in resumed.moves] == [m.move for m in second.moves] + ["9"]


def test_a_slot_held_by_a_running_app_is_neither_offered_nor_adopted(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from app.data_folder import claim_autosave;"
            "print(claim_autosave().name, flush=True); sys.stdin.readline()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, EQUATION_DUEL_DATA=str(data_dir())),
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "autosave.json\n"
        held = data_dir() / "autosave.json"
        held.write_text("{}", "utf-8")
        assert unfinished_autosaves() == []
        assert not adopt_autosave(held)
        assert autosave_path().name == "autosave-2.json"
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    assert (
        unfinished_autosaves() == [data_dir() / "autosave.json", data_dir() / "autosave-2.json"][:1]
    )


async def test_saved_games_lists_every_unfinished_game() -> None:
    names = left_unfinished(2)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        screen = top(app)
        assert isinstance(screen, SavedGamesScreen)
        listing = screen.query_one("#saved-list", OptionList)
        shown = [
            str(listing.get_option_at_index(index).prompt)
            for index in range(listing.option_count)
            if listing.get_option_at_index(index).id
        ]
        assert len(shown) == 2
        for name in names:
            assert sum(f"{name} vs Bob" in text for text in shown) == 1


async def test_an_app_asked_to_end_from_outside_keeps_its_game() -> None:
    """A closed browser tab (`serve`) asks the app to quit: the game in progress is kept."""
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "7")
        app.post_message(messages.ExitApp())
        await pilot.pause()
    kept = storage.load_autosave()
    assert kept is not None and [move.move for move in kept.moves] == ["4", "7"]
