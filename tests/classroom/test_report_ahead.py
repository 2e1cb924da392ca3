"""The teacher's report read ahead while the class's screens show (issue 37): ctrl+r then
shows it whole in the screen's first frame, and a report read before something it reads
changed is never shown: it is read again."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from app.store.keep_writer import wait, wait_judged
from app.tui import tournament_report
from app.tui.app import EquationDuelApp
from app.tui.tournament_report import Read, ReportScreen, read_report, ready_report
from tests.app.tui_support import text_of
from tests.classroom.test_report_plots import _class_games


def _settled() -> None:
    _class_games()
    wait()
    wait_judged()


def _never_read() -> Read:
    raise AssertionError("the report read ahead is read again")


async def test_a_report_read_ahead_is_shown_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual_plotext import PlotextPlot

    _settled()
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        tournament_report._start(app)  # (what `read_ahead` does half a second after, not headless)
        tournament_report._AHEAD[app].result(timeout=60)
        monkeypatch.setattr(tournament_report, "read_report", _never_read)
        await pilot.press("ctrl+r")
        screen = app.screen
        assert isinstance(screen, ReportScreen)
        assert "practise next" in text_of(screen.query_one("#report-text", Static))
        assert len(screen.query(PlotextPlot)) == 2  # (composed with it: no worker waited for)
        assert app.focused is screen.query_one("#report-body")  # (the keys scroll it)


async def test_a_report_read_before_a_change_is_read_again() -> None:
    _settled()
    read_report()  # (the first read stores the games' judgements: read a second time)
    found = read_report()
    assert found.stamp is not None and "Cy" not in found.text
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        tournament_report._start(app)
        assert tournament_report._AHEAD[app].result(timeout=60).stamp is not None
        assert ready_report(app) is not None
        from app.store.ratings import record_game
        from rules.records import GameRecord, PlayerInfo, RecordResult

        result = RecordResult(winner=1, reason="over")  # type: ignore[arg-type]
        players = (PlayerInfo(name="Cy"), PlayerInfo(name="Ann"))
        record_game(GameRecord(game="conquest", players=players, result=result))
        assert ready_report(app) is None  # (the statistics changed since)
        await pilot.press("ctrl+r")
        screen = app.screen
        assert isinstance(screen, ReportScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "\nCy\n" in text_of(screen.query_one("#report-text", Static))


def test_a_class_screen_reads_ahead_only_in_a_terminal() -> None:
    """Not for a headless app (the tests'): a thread would outlive its data folder."""

    class Headless:
        is_headless = True

    class Screen:
        app = Headless()

        def set_timer(self, *_: object, **__: object) -> None:
            raise AssertionError("a headless app reads no report ahead")

    tournament_report.read_ahead(Screen())  # type: ignore[arg-type]


def test_a_long_report_is_shown_in_two_parts_that_join_at_a_pupils_end() -> None:
    """A Static draws all its lines as it first shows: the report's second part (a class's
    report is 250 lines and more) is drawn only once scrolled to."""
    from app.tui.tournament_report import FIRST_LINES, parts

    pupils = [f"Pupil {n}\n  games: none counted\n  accuracy: none" for n in range(40)]
    text = "Everything in this report stays on this machine.\n\n" + "\n\n".join(pupils)
    first, rest = parts(text)
    assert first + "\n" + rest == text
    assert len(first.split("\n")) >= FIRST_LINES and rest.startswith("\nPupil ")
    assert parts("short\n\nreport") == ("short\n\nreport", "")
