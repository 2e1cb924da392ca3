"""Homework in the student's full-screen lobby, against a real hub on 127.0.0.1: the
lobby says it with its key, `h` opens it, each puzzle is answered by keys on the game's
board; one right at once, one wrong then right after leaving mid-way (the hub's verdicts,
the retry, the winning moves after); the hub keeps every try."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from textual.pilot import Pilot

from app.hub.homework import assign_off_loop
from app.tui.app import EquationDuelApp
from app.tui.hub_homework import HomeworkChoice
from app.tui.hub_live import ClassPuzzleReferee
from tests.hub.support import running_hub
from tests.hub.test_homework import _losing, _wins
from tests.hub.test_tui_live import joined, referee_of
from tests.hub.test_tui_lobby import SIZE, status, until

TODAY = dt.date.today()
DUE = (TODAY + dt.timedelta(days=7)).isoformat()


async def place(pilot: Pilot[None], move: str) -> None:
    """Play template move `move` (DIGIT@PLAYER.SLOT) by keys: the arrows to its slot (a
    bounded count of presses), then its digit."""
    screen = pilot.app.screen
    board = screen.board  # type: ignore[attr-defined]
    digit, where = move.split("@")
    player, slot = (int(part) for part in where.split("."))
    for _ in range(12):
        at = board.cursor
        if at == (player, slot):
            break
        await pilot.press("down" if at[0] != player else "right" if at[1] < slot else "left")
    assert board.cursor == (player, slot)
    await pilot.press(digit)


async def test_homework_of_two_puzzles_done_by_keys_with_one_retry(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        line = f"week1 --game template --difficulty easy --count 2 --due {DUE}"
        assert (await assign_off_loop(hub.store, line, TODAY))[0].startswith(
            "week1 is set: 2 template puzzles"
        )
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            said = "Homework week1: 2 template puzzles, easy, due "
            await until(pilot, lambda: any(t.startswith(said) for t in lobby.told), "told")
            assert any(t.endswith(": press h to do it.") for t in lobby.told)
            await pilot.press("h")
            await until(pilot, lambda: referee_of(app) is not None, "the first puzzle's board")
            first = referee_of(app)
            assert first is not None and first.title == "Homework week1, puzzle 1 of 2"
            await until(pilot, lambda: app.screen.state is not None, "its position")
            await place(pilot, first.puzzle.solution[0])  # right at once
            await until(pilot, lambda: len(lobby.homework.verdicts) == 1, "the verdict")
            verdict = lobby.homework.verdicts[0]
            assert verdict.right and not verdict.retry
            assert "The winning move" in status(app) and "n: the next puzzle" in status(app)
            await pilot.press("n")
            await until(pilot, lambda: referee_of(app) not in (None, first), "the second")
            second = referee_of(app)
            assert isinstance(second, ClassPuzzleReferee)
            await until(pilot, lambda: app.screen.state is not None, "its position")
            wrong = _losing(second.puzzle)
            assert not _wins(second.puzzle, wrong)
            await place(pilot, wrong)  # wrong: one more try
            await until(pilot, lambda: len(lobby.homework.verdicts) == 2, "the verdict")
            assert lobby.homework.verdicts[1].retry and not lobby.homework.verdicts[1].right
            assert status(app).endswith("One more try.")
            assert "The winning move" not in status(app)
            # Leaving mid-way keeps what was answered: h goes on at puzzle 2, one try left
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is lobby, "back in the lobby")
            await pilot.press("h")
            await until(pilot, lambda: referee_of(app) not in (None, second), "puzzle 2 again")
            second = referee_of(app)
            assert isinstance(second, ClassPuzzleReferee)
            assert second.title == "Homework week1, puzzle 2 of 2"
            assert lobby.homework.left == [0, 1]
            await until(pilot, lambda: app.screen.state is not None, "its position")
            await place(pilot, second.puzzle.solution[0])  # then right
            await until(pilot, lambda: len(lobby.homework.verdicts) == 3, "the last verdict")
            last = lobby.homework.verdicts[2]
            assert last.right and not last.retry
            assert "The winning move" in status(app) and "the last puzzle" in status(app)
            answers = hub.store.answers("week1", "Ada")
            assert [(a.number, a.attempt, a.right) for a in answers] == [
                (1, 1, True),
                (2, 1, False),
                (2, 2, True),
            ]
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is lobby, "back in the lobby")


async def test_h_chooses_among_several_homeworks(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        for name in ("week1", "week2"):
            line = f"{name} --game template --difficulty easy --count 1 --due {DUE}"
            assert (await assign_off_loop(hub.store, line, TODAY))[0].startswith(f"{name} is set")
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            await until(pilot, lambda: len(lobby.homework.listed) == 2, "both said")
            await pilot.press("h")
            assert isinstance(app.screen, HomeworkChoice)
            await pilot.press("down", "enter")
            await until(pilot, lambda: referee_of(app) is not None, "the chosen homework")
            referee = referee_of(app)
            assert referee is not None and referee.title == "Homework week2, puzzle 1 of 1"


async def test_homework_done_offline_is_handed_in_when_the_full_screen_lobby_opens(
    tmp_path: Path,
) -> None:
    """Answers kept on this machine (done offline, `class homework`) are handed in when
    the student joins in the full screen, and the hub judges them again (they waited for
    the line mode: the full-screen lobby handed nothing in)."""
    from app.hub.homework_judge import puzzle_from
    from app.hub.homework_kept import keep, kept
    from app.online.codes import Address

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        await assign_off_loop(
            hub.store, f"week1 --game template --difficulty easy --count 2 --due {DUE}", TODAY
        )
        rows = hub.store.homework_puzzles("week1", "Ada")
        first, second = (puzzle_from(row.puzzle) for row in rows)
        address = Address(hub.code, "127.0.0.1", hub.port)
        answers = [
            {"puzzle": 1, "move": first.solution[0], "seconds": 3.0, "right": True},
            {"puzzle": 2, "move": _losing(second), "seconds": 5.0, "right": False},
        ]
        entry = {"due": DUE, "what": "", "puzzles": [], "left": [0, 1], "answers": answers}
        keep(address, "Ada", "week1", entry)
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            await until(pilot, lambda: len(lobby.homework.verdicts) == 2, "the hub's verdicts")
            right, wrong = lobby.homework.verdicts
            assert (right.puzzle, right.right) == (1, True)
            assert (wrong.puzzle, wrong.right, wrong.retry) == (2, False, True)
            told = "\n".join(lobby.told)
            assert "Handing in 2 answers kept here: the hub judges them again." in told
            assert "Homework week1, puzzle 1: Right" in told
            await pilot.press("escape")
        kept_now = kept(address, "Ada", "week1")
        assert kept_now is not None and kept_now["answers"] == []
        assert [(a.number, a.right) for a in hub.store.answers("week1", "Ada")] == [
            (1, True),
            (2, False),
        ]
