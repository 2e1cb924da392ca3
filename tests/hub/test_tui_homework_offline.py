"""Homework offline in the full screen (`class homework` without `--plain`), by keys at
80x24 against real hubs on 127.0.0.1: fetched while a hub runs, done after it stopped
(or with no hub at all), each try judged on this machine with the winning moves after,
kept; handed in at the next connection (`class homework` again, or the full-screen
lobby of `class join`) and counted by the teacher's report as the hub judged it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from app.hub.homework import assign_off_loop, bank_set
from app.hub.homework_kept import UNREACHABLE, keep, kept, pending
from app.hub.homework_report import report_lines
from app.online.codes import Address
from app.tui.app import EquationDuelApp
from app.tui.hub_homework_offline import OfflineHomeworkApp, OfflineHomeworkScreen
from app.tui.hub_live import ClassPuzzleReferee
from tests.hub.support import running_hub
from tests.hub.test_homework import _losing
from tests.hub.test_tui_homework import place
from tests.hub.test_tui_live import joined, referee_of
from tests.hub.test_tui_lobby import SIZE, status, until

TODAY = dt.date.today()
DUE = (TODAY + dt.timedelta(days=7)).isoformat()
ASSIGN = f"week1 --game template --difficulty easy --count 2 --due {DUE}"


def _app(address: Address) -> tuple[OfflineHomeworkApp, OfflineHomeworkScreen]:
    desk = OfflineHomeworkScreen(address, "Ada", "week1")
    return OfflineHomeworkApp(desk), desk


async def _do_it(pilot: Pilot[None], desk: OfflineHomeworkScreen) -> None:
    """Puzzle 1 right at once; puzzle 2 wrong, then right (by keys, judged here)."""
    app = pilot.app
    await until(pilot, lambda: desk.boards is not None and app.screen is desk, "the desk")
    await pilot.press("h")
    await until(pilot, lambda: referee_of(app) is not None, "the first puzzle's board")
    first = referee_of(app)
    assert first is not None and first.title == "Homework week1, puzzle 1 of 2"
    await until(pilot, lambda: app.screen.state is not None, "its position")
    await place(pilot, first.puzzle.solution[0])
    await until(pilot, lambda: first.said is not None, "the verdict")
    assert status(app).startswith("Right: ") and "The winning move" in status(app)
    assert "Esc goes back to your homework (n: the next puzzle)" in status(app)
    await pilot.press("n")
    await until(pilot, lambda: referee_of(app) not in (None, first), "the second puzzle")
    second = referee_of(app)
    assert isinstance(second, ClassPuzzleReferee)
    await until(pilot, lambda: app.screen.state is not None, "its position")
    await place(pilot, _losing(second.puzzle))
    await until(pilot, lambda: status(app).endswith("One more try."), "one more try")
    assert "The winning move" not in status(app)
    await until(pilot, lambda: second.sent is None, "the board taking a retry")
    await place(pilot, second.puzzle.solution[0])
    await until(pilot, lambda: "the last puzzle" in status(app), "the last verdict")
    assert "The winning move" in status(app)
    await pilot.press("escape")
    await until(pilot, lambda: app.screen is desk, "back at the desk")


def _kept_answers(address: Address) -> list[tuple[int, bool]]:
    entry = kept(address, "Ada", "week1")
    assert entry is not None
    return [(answer["puzzle"], answer["right"]) for answer in entry["answers"]]


REPORTED = "Ada: done; right first time 1, right after a retry 1, missed 0"


async def test_fetched_then_done_with_the_hub_stopped_then_handed_in_at_the_next_start(
    tmp_path: Path,
) -> None:
    first = running_hub(tmp_path / "hub.sqlite3")
    hub = await first.__aenter__()
    try:
        hub.admit("Ada")
        assert (await assign_off_loop(hub.store, ASSIGN, TODAY))[0].startswith("week1 is set")
        address = Address(hub.code, "127.0.0.1", hub.port)
        app, desk = _app(address)
        async with app.run_test(size=SIZE) as pilot:
            fetched = "Fetched homework week1: it is kept on this machine."
            await until(pilot, lambda: fetched in desk.told, "the fetch")
            await until(pilot, lambda: desk.boards is not None, "the homework opened")
            await first.__aexit__(None, None, None)  # the hub stops
            hub = None
            await _do_it(pilot, desk)
            # every puzzle over: handed in, but the hub cannot be reached
            await until(pilot, lambda: UNREACHABLE in desk.told, "the hand-in tried")
            assert status(app) == UNREACHABLE
            assert _kept_answers(address) == [(1, True), (2, False), (2, True)]
            await pilot.press("escape")  # leaving tries once more, in vain
        assert desk.farewell == UNREACHABLE
    finally:
        if hub is not None:
            await first.__aexit__(None, None, None)
    async with running_hub(tmp_path / "hub.sqlite3") as hub:  # (another port)
        assert REPORTED not in "\n".join(report_lines(hub.store, "week1"))
        app, desk = _app(Address(hub.code, "127.0.0.1", hub.port))
        async with app.run_test(size=SIZE) as pilot:
            handing = "Handing in 3 answers kept here: the hub judges them again."
            await until(pilot, lambda: handing in desk.told, "the hand-in")
            await until(pilot, lambda: desk.boards is not None, "the homework fetched again")
            told = "\n".join(desk.told)
            assert told.count("the hub's verdict: ") == 3
            assert "Puzzle 1, the hub's verdict: Right" in told
            assert not any(desk.boards.kept.left)  # type: ignore[union-attr]
            assert status(app).startswith("Press h")
            await pilot.press("escape")
        assert desk.farewell == ""
        assert REPORTED in "\n".join(report_lines(hub.store, "week1"))
    assert _kept_answers(address) == []


async def test_done_with_no_hub_at_all_then_handed_in_by_the_full_screen_lobby(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        await assign_off_loop(hub.store, ASSIGN, TODAY)
        address = Address(hub.code, "127.0.0.1", hub.port)
        puzzles = [p.to_bank() for p in bank_set("template", "easy", 2, "homework:week1")]
        entry: dict[str, Any] = {"due": DUE, "what": "2 template puzzles (easy)"}
        keep(address, "Ada", "week1", {**entry, "puzzles": puzzles, "left": [2, 2]})
    app, desk = _app(address)  # (no hub runs: nothing listens at its port)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: UNREACHABLE in desk.told, "said")
        assert status(app) == UNREACHABLE
        assert "Homework week1: 2 template puzzles (easy), due " in "\n".join(desk.told)
        await _do_it(pilot, desk)
        await until(pilot, lambda: desk.told.count(UNREACHABLE) == 2, "the hand-in tried")
        await pilot.press("h")  # (nothing left to do: no board)
        assert app.screen is desk
    assert len(pending(kept(address, "Ada", "week1") or {})) == 3
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            await until(pilot, lambda: len(lobby.homework.verdicts) == 3, "the hub's verdicts")
            assert [v.right for v in lobby.homework.verdicts] == [True, False, True]
            await pilot.press("escape")
        assert REPORTED in "\n".join(report_lines(hub.store, "week1"))
    assert _kept_answers(address) == []
