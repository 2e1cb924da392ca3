"""The report's plots (issue 35): the class's rating history and each pupil's accuracy
over time, on the Report screen at 80×24 (textual-plotext) and in the PDF report
(`report --pdf`, read back with pypdf), and said in words without the plotting extra."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from textual.widgets import Static

from app.classroom.report.gather import gather
from app.classroom.report.plots import accuracy_plot, rating_plot
from app.cli.main import main
from app.store.finished_games import keep_finished
from app.store.ratings import record_game
from app.tui.app import EquationDuelApp
from app.tui.tournament_report import NO_PLOTS, ReportScreen
from rules.records import GameRecord, MoveEntry, PlayerInfo, RecordResult
from tests.app.tui_support import text_of

# Fifty, Ann against Bo: 6 × 7 = 42, 9 − 5 = 4, then Ann's 8 + 2 goes over (Ann 1 of 2
# moves best) or her 8 × 1 makes exactly 50 (2 of 2).
GAMES = [(["6*7", "9-5", "8+2"], 2), (["6*7", "9-5", "8*1"], 1), (["6*7", "9-5", "8+2"], 2)]


def _class_games() -> None:
    for moves, winner in GAMES:
        record = GameRecord(
            game="fifty",
            players=(PlayerInfo(name="Ann"), PlayerInfo(name="Bo")),
            moves=tuple(MoveEntry(move=m) for m in moves),
            result=RecordResult(winner=winner, reason="over"),  # type: ignore[arg-type]
        )
        record_game(record)
        keep_finished(record)


def test_the_plots_data() -> None:
    _class_games()
    report = gather()
    ratings = rating_plot(report)
    assert [s.label for s in ratings.series] == ["Ann (fifty)", "Bo (fifty)"]
    assert all(len(s.values) == 4 and s.values[0] == 1500 for s in ratings.series)
    accuracy = accuracy_plot(report)
    ann = next(s for s in accuracy.series if s.label == "Ann")
    assert sorted(ann.values) == [50.0, 50.0, 100.0]  # game by game, in the order played


def test_the_pdf_report_holds_the_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _class_games()
    out = tmp_path / "report.pdf"
    assert main(["report", "--pdf", str(out)]) == 0
    assert f"written to {out}" in capsys.readouterr().out
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(out).pages))
    assert text.startswith("Teacher's report Everything in this report stays on this machine")
    assert "The class's ratings" in text and "Ann (fifty)" in text and "Bo (fifty)" in text
    assert "Ann: accuracy over time" in text and "% of moves best" in text
    assert "practise next: fifty: went over 50" in text
    assert main(["report", "--pdf", str(tmp_path)]) == 2  # a folder: refused in words
    assert "--pdf:" in capsys.readouterr().err


async def test_the_report_screen_draws_the_plots_at_80_by_24(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual_plotext import PlotextPlot

    _class_games()
    for plotting in (True, False):
        if not plotting:
            monkeypatch.setitem(sys.modules, "textual_plotext", None)  # not installed
        app = EquationDuelApp()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(ReportScreen())
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert "practise next" in text_of(screen.query_one("#report-text", Static))
            plots = list(screen.query(PlotextPlot))
            if plotting:
                assert len(plots) == 2
                screen.query_one("#report-body").scroll_to_widget(plots[0], animate=False)
                await pilot.pause()
                assert plots[0].region.width >= 70 and plots[0].region.height >= 12
            else:
                assert not plots
                assert text_of(screen.query_one("#report-no-plots", Static)) == NO_PLOTS
