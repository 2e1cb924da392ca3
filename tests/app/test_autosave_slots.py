"""Unfinished games: one file per game, kept until finished or discarded (issue 29).

Several real apps (each in its own process, driven by Pilot) play at once in one data
folder and all quit mid-game; every game must survive, and the next start offers each in
one list. A game is kept after every move; "Not now" keeps every game; games left in the
older `autosave*.json` slots are still offered; a running app's game is neither offered
nor taken by another.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from textual import messages
from textual.widgets import OptionList, Static

from app.store import storage, unfinished
from app.store.data_folder import data_dir, ensure_data_dir
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.replay import SavedGamesScreen
from app.tui.unfinished_list import UnfinishedDialog
from rules.records import players_of, record_from_moves
from tests.app.store_support import write_autosave
from tests.app.test_cli import run as run_cli
from tests.app.tui_support import SIZE, game_screen, text_of, top

#: One app: a conquest game named after argv[1] with the moves argv[2]; it reports when it
#: is mid-game, waits until every app is, then quits (ctrl+q, yes: the game is kept).
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


def offered(app: EquationDuelApp) -> list[str]:
    """The games the start's list offers, top to bottom."""
    dialog = top(app)
    assert isinstance(dialog, UnfinishedDialog), dialog
    return [text_of(row) for row in dialog.query(".unfinished-name").results(Static)]


def kept_records() -> list[list[str]]:
    """The moves of every game kept in the data folder, newest first."""
    records = [storage.load_autosave(path) for path in unfinished.scan().games]
    return [[move.move for move in record.moves] for record in records if record is not None]


def kept_moves() -> dict[str, list[str]]:
    """Every game kept in the data folder: first player's name -> its moves."""
    games = {}
    for path in unfinished.scan().games:
        record = storage.load_autosave(path)
        assert record is not None
        games[record.names[0]] = [move.move for move in record.moves]
    return games


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
    """Games left by an older version, one in each of its `autosave*.json` slots: a
    conquest game named and played as `play_at_once` plays them; their players' names."""
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
    # Three apps at once in the default set; four are a soak.
    [pytest.param(3, id="3"), pytest.param(4, id="4", marks=pytest.mark.soak)],
)
async def test_apps_playing_at_once_each_keep_their_game(count: int) -> None:
    names = play_at_once(count)
    assert kept_moves() == {name: [str(n), str(n + 1)] for n, name in enumerate(names, start=1)}
    assert all(path.parent.name == "unfinished" for path in unfinished.scan().games)

    # The next start offers every one of them in one list.
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = offered(app)
        await pilot.press("n")  # not now: every one is kept
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
    assert sorted(shown) == [f"Equation Conquest: {name} vs Bob (move 3)" for name in names]
    assert len(unfinished.scan().games) == count


async def quit_mid_game(moves: str, answer: str | None = None) -> None:
    """Start the app; answer the list of unfinished games (if any) with `answer`; play
    conquest with `moves` (by keys from the menu); quit (it is kept)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if answer is not None:
            await pilot.press(answer)
            await pilot.pause()
        await pilot.press("4", "enter", *moves)
        await pilot.pause()
        assert game_screen(app).session.move_count == len(moves)
        await pilot.press("ctrl+q", "y")


async def test_not_now_keeps_every_game() -> None:
    """The issue's repro: conquest `2`, quit; start, Not now, conquest `9`, quit: both are
    kept (the order the list shows them in: tests/app/test_unfinished_list.py)."""
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "ctrl+q", "y")
    await quit_mid_game("9", answer="n")
    assert sorted(kept_records()) == [["2"], ["9"]]


async def test_every_move_is_kept_at_once_until_the_game_ends() -> None:
    """A game is kept after every move, not only on quitting (`kill -9` keeps it), and
    its file goes when it is finished."""
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        assert kept_moves() == {"Ann": ["5"]}
        await pilot.press("7")
        assert kept_moves() == {"Ann": ["5", "7"]}
        await pilot.press("u")  # a takeback is kept too
        assert kept_moves() == {"Ann": ["5"]}
        await pilot.press("2")
        assert kept_moves() == {"Ann": ["5", "2"]}
        await pilot.press("3")  # 5 = 2 + 3: Ann wins
        await pilot.pause()
    assert kept_moves() == {}
    assert os.listdir(data_dir() / "unfinished") == []  # its lock is gone with it


async def test_an_old_slot_is_offered_and_resumed_in_its_file() -> None:
    left_unfinished(2)
    second = storage.load_autosave(data_dir() / "autosave-2.json")
    assert second is not None
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(offered(app)) == 2
        dialog = top(app)
        row = next(n for n, game in enumerate(dialog.games) if game.record.id == second.id)
        await pilot.click(f"#resume-{row}")
        await pilot.pause()
        assert game_screen(app).setup.names == second.names
        await pilot.press("9", "q", "y")  # one move more, then leave: kept
    resumed = storage.load_autosave(data_dir() / "autosave-2.json")
    assert resumed is not None and resumed.id == second.id
    assert [m.move for m in resumed.moves] == [m.move for m in second.moves] + ["9"]
    assert len(unfinished.scan().games) == 2  # the other is still kept


async def test_discard_removes_one_game_and_keeps_the_others() -> None:
    left_unfinished(4)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = top(app)
        await pilot.press("d")  # the first (focused) row
        await pilot.pause()
        assert len(offered(app)) == 3
        await pilot.press("down", "d")  # the second row left
        await pilot.pause()
        assert len(offered(app)) == 2
        await pilot.press("up")
        dialog.action_discard()  # two at once, before the first row is gone
        dialog.action_discard()
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)  # nothing left to offer
    assert kept_moves() == {}


def test_a_game_held_by_a_running_app_is_neither_offered_nor_adopted() -> None:
    record = record_from_moves("conquest", None, ["4"], players_of(("Ann", "Bob")))
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from app.store.unfinished import slot_for;"
            f"print(slot_for({record.id!r}).name, flush=True); sys.stdin.readline()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, EQUATION_DUEL_DATA=str(data_dir())),
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == f"{record.id}.json\n"
        held = data_dir() / "unfinished" / f"{record.id}.json"
        storage.save_record(record, held)
        assert unfinished.scan().games == []
        assert not unfinished.adopt(held, record.id)
        assert not unfinished.remove(held) and held.exists()
        # This app, playing the same game (a second `--load`), keeps it in a file of its own.
        assert write_autosave(record) == held.with_name(f"{record.id}-2.json")
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
        unfinished.release_all()
    assert len(unfinished.scan().games) == 2


async def test_saved_games_lists_every_unfinished_game() -> None:
    names = left_unfinished(2)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
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


def test_the_plain_mode_keeps_its_game_after_every_move_too() -> None:
    """`play GAME --plain` keeps an unfinished game as the full screen does (its next
    start offers it); a finished one leaves nothing."""
    left = run_cli("play", "conquest", "--plain", stdin="4\n7\n")
    assert left.returncode == 0 and "left unfinished" in left.stdout
    assert kept_records() == [["4", "7"]]
    done = run_cli("play", "conquest", "--plain", stdin="5\n2\n3\n")
    assert done.returncode == 0 and "wins" in done.stdout
    assert kept_records() == [["4", "7"]]  # the finished game left nothing


@pytest.mark.soak
def test_four_apps_over_two_rounds_keep_all_eight_games() -> None:
    """The issue's count: 4 apps at once, twice, each leaving its game unfinished."""
    names = play_at_once(4)
    assert play_at_once(4) == names
    played = [[str(n), str(n + 1)] for n in range(1, 5)]
    assert sorted(kept_records()) == sorted(played * 2)
