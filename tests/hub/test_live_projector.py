"""The projector view (`class project`): a round open (the board drawn large, the
countdown, the count of answers) and closed (the spread as bars, names only when the
teacher shows them, and every winning move), as snapshots at 100×30 and 160×45 (a
projector's terminal); outside text (a name with markup) stays text."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.pilot import Pilot

from app.hub.live import LiveOptions, Round
from app.hub.live_rounds import closed_message
from app.hub.protocol import Message
from app.hub.protocol_class import LiveCount, LiveRound, LiveSummary
from app.tui.hub_project import ProjectorApp
from rules.puzzles.bank import puzzles_of


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records here: the snapshots are the same on both databases, taken once."""
    return "none"


def _round(names: bool) -> tuple[LiveRound, Message]:
    puzzle = puzzles_of("template", "easy")[0]
    options = LiveOptions("template", "easy", 45, 5, names=names)
    students = {f"s{n}": name for n, name in enumerate(["Ada", "Bo", "[b]Cy[/b]", "Dee", "Eve"])}
    live = Round(2, puzzle, options, students, clock=lambda: 0.0)
    moves = sorted(live.values)
    winning = [m for m in moves if live.judgement(m) == "win"]
    wrong = [m for m in moves if m not in winning]
    for key, move in zip(
        students, [winning[0], wrong[0], wrong[0], winning[-1], wrong[-1]], strict=True
    ):
        live.answer(key, move)
    opened = LiveRound(round=2, of=5, puzzle=json.dumps(puzzle.to_bank()), seconds=45, asked=5)
    return opened, closed_message(live, names)


def _shown(*messages: Message) -> Any:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, ProjectorApp)
        for message in messages:
            await app.shown(message)  # type: ignore[arg-type]
        for _ in range(4):  # (a picture's pool fits its rows to the board's width on resize)
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(100, 30), (160, 45)])
def test_a_round_open_on_the_projector(snap_compare: Any, size: tuple[int, int]) -> None:
    opened, _ = _round(names=False)
    counted = LiveCount(round=2, answered=3, asked=5)
    app = ProjectorApp(clock=lambda: 1000.0)
    assert snap_compare(app, terminal_size=size, run_before=_shown(opened, counted))


@pytest.mark.parametrize("size", [(100, 30), (160, 45)])
def test_a_round_closed_on_the_projector(snap_compare: Any, size: tuple[int, int]) -> None:
    opened, closed = _round(names=size == (160, 45))
    app = ProjectorApp(clock=lambda: 1000.0)
    assert snap_compare(app, terminal_size=size, run_before=_shown(opened, closed))


async def test_the_summary_ends_the_session_and_names_stay_off_by_default() -> None:
    opened, closed = _round(names=False)
    app = ProjectorApp(clock=lambda: 1000.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.shown(opened)  # type: ignore[arg-type]
        await app.shown(closed)  # type: ignore[arg-type]
        chart = str(app.query_one("#project-chart").render())
        assert "Ada" not in chart and "Cy" not in chart
        assert "█ 2" in chart  # (two played the same wrong move)
        summary = LiveSummary(
            lines=["The live session's summary (5 rounds):", "The class total: 40 points."]
        )
        await app.shown(summary)
        await pilot.pause()
        assert "The class total: 40 points." in str(app.query_one("#project-summary").render())
        assert "█ 2" in str(app.query_one("#project-chart").render())  # (the last round stays)
        assert not app.query_one("#project-clock").display
        await pilot.press("q")
    assert app.return_value == 0
