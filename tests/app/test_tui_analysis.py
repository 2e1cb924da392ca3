"""The analysis (and replay) screen: moves judged by the solver, the first mistake, the
equations there were to declare, and the board stepped through with ← → Home End."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.boards import board_of
from app.tui.boards.common import Board
from app.tui.dialogs import GameOverDialog
from rules.analysis import analyse
from rules.conquest import ConquestOptions
from tests.app.tui_support import SIZE, text_of, top
from widgets.digit_pool import DigitPool
from widgets.sequence_strip import SequenceStrip

NAMES = ("Ann", "Bob")
#: Collect: with move 5 Ann holds 5 3 2 (2 + 3 = 5) but declares nothing, which throws
#: her win away (the first mistake); Bob then declares 9 − 8 = 1 and wins.
COLLECT = ["5", "9", "3", "8", "2", "1:9-8=1"]


async def open_analysis(
    pilot: Pilot[None], game_id: str, moves: list[str], options: Any = None
) -> AnalysisScreen:
    screen = AnalysisScreen(game_id, options, moves, NAMES)
    pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


def rows(screen: AnalysisScreen, list_id: str = "#analysis-moves") -> list[str]:
    options = screen.query_one(list_id, OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def summary(screen: AnalysisScreen) -> str:
    return text_of(screen.query_one("#analysis-summary", Static))


def detail(screen: AnalysisScreen) -> str:
    return text_of(screen.query_one("#analysis-detail", Static))


def pool_taken(screen: AnalysisScreen) -> dict[int, int]:
    return dict(screen.query_one("#position-pool", DigitPool).taken)


async def test_first_mistake_is_marked() -> None:
    expected = analyse("collect", None, COLLECT)
    first = expected.first_mistake
    assert first == 4
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "collect", COLLECT)
        lines = rows(screen)
        assert lines[0].strip() == "start" and len(lines) == len(COLLECT) + 1
        shown = ["pick 5", "pick 9", "pick 3", "pick 8", "pick 2", "pick 1, stating 9 − 8 = 1"]
        for judged in expected.moves:
            line = lines[judged.index + 1]
            assert shown[judged.index] in line
            if judged.index == first:
                assert "✗ first mistake" in line
            elif judged.throws_away_win:
                assert "✗ throws it away" in line
            elif judged.keeps_win:
                assert "✓ keeps the win" in line
            elif judged.hastens_loss:
                assert "✗ loses sooner" in line
            else:
                assert "· held out" in line
        assert sum("first mistake" in line for line in lines) == 1
        text = summary(screen)
        assert "With best play from the start: Ann wins in 3 moves (Ann moved first)." in text
        assert (
            "First mistake: move 5, Ann played pick 2 and threw the win away; "
            "2 moves kept the win: pick 2, stating 2 + 3 = 5 and pick 1."
            in text  # (the quickest first)
        )
        assert f"First mistake: move {first + 1}" in text and "As played: Bob won." in text
        await pilot.press("f")
        assert screen.position == first + 1
        assert "threw the win away" in detail(screen) and "(the first mistake)" in detail(screen)


async def test_arrows_home_end_and_clicks_change_the_board() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "collect", COLLECT)
        assert screen.position == 0 and pool_taken(screen) == {}
        assert detail(screen).startswith("Start · Ann to move")
        await pilot.press("right")
        assert screen.position == 1 and pool_taken(screen) == {5: 1}
        assert detail(screen).startswith("Move 1 · Ann: Pick 5 — ✓ kept the win")
        assert "After it: Ann wins in 2 moves (the fastest win)." in detail(screen)
        await pilot.press("right", "right")
        assert pool_taken(screen) == {5: 1, 9: 2, 3: 1}
        await pilot.press("left")
        assert screen.position == 2 and pool_taken(screen) == {5: 1, 9: 2}
        assert screen.query_one("#analysis-moves", OptionList).highlighted == 2
        await pilot.press("end")
        assert screen.position == len(COLLECT)
        note = text_of(screen.query_one("#position-note", Static))
        assert note == "Bob wins: 9 − 8 = 1 balances."
        await pilot.press("right")  # past the end: stays
        assert screen.position == len(COLLECT)
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("down", "down")  # the list's own keys step too
        assert screen.position == 2
        # A click on a row (the border is row 0 of the list, "start" row 1).
        await pilot.click("#analysis-moves", offset=(6, 1 + 4))
        assert screen.position == 4 and pool_taken(screen) == {5: 1, 9: 2, 3: 1, 8: 2}
        await pilot.press("escape")
        assert not isinstance(top(app), AnalysisScreen)


async def test_collect_chances_are_listed() -> None:
    expected = analyse("collect", None, COLLECT)
    assert [(c.player, c.index, c.taken) for c in expected.chances] == [(1, 4, False), (2, 5, True)]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "collect", COLLECT)
        chances = rows(screen, "#analysis-chances")
        assert len(chances) == 2
        assert chances[0].split() == ["5.", "Ann", "✗", "missed", "2", "+", "3", "=", "5"]
        assert chances[1].split() == ["6.", "Bob", "✓", "declared", "9", "−", "8", "=", "1"]
        # A chance chosen (click) shows the position after that move.
        await pilot.click("#analysis-chances", offset=(6, 1))
        assert screen.position == 5
        assert pool_taken(screen) == {5: 1, 9: 2, 3: 1, 8: 2, 2: 1}


async def test_conquest_chances_and_the_sequence() -> None:
    moves = ["4", "4", "3", "7"]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "conquest", moves)
        chances = rows(screen, "#analysis-chances")
        assert chances == [
            "  3. Ann      ✗ missed 4 ÷ 4 = 1",
            "  4. Bob      ✓ completed 4 + 3 = 7",
        ]
        await pilot.press("end")
        assert screen.query_one(SequenceStrip).sequence == (4, 4, 3, 7)
        await pilot.press("left")
        assert screen.query_one(SequenceStrip).sequence == (4, 4, 3)


async def test_every_game_opens_and_steps() -> None:
    games: dict[str, tuple[dict[str, Any], list[str]]] = {
        "template": ({}, ["3@2.1", "5@1.1", "7@2.2", "6@1.2", "9@1.3", "8@2.3"]),
        "fifty": ({}, ["4-8", "5*9", "7/3", "1-6"]),
        # A small countdown (the full one takes the solver about a second, cold).
        "countdown": ({"pool": (1, 5), "target": 12}, ["*5", "+4", "+3"]),
    }
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        for game_id, (options, moves) in games.items():
            screen = await open_analysis(pilot, game_id, moves, options)
            assert "With best play from the start" in summary(screen)
            assert not screen.query("#analysis-chances")
            for _ in moves:
                await pilot.press("right")
            assert screen.position == len(moves)
            assert isinstance(screen.query_one(Board), board_of(game_id))
            await pilot.press("q")
            await pilot.pause()


async def test_the_analysis_at_a_games_end_is_the_judgement_made_as_it_ended() -> None:
    """The finished game was analysed as it was judged for the teacher's report: the
    analysis opens with its verdicts in its first frame, and asks its helper nothing."""
    import asyncio

    from app.classroom.report.judged import analysis_at_end
    from app.store import keep_writer

    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        await pilot.pause()
        assert isinstance(top(app), GameOverDialog)
        await asyncio.to_thread(keep_writer.wait_judged)
        judged = analysis_at_end("conquest", ["5", "2", "3"])
        assert judged is not None and judged.done()
        await pilot.press("a")
        screen = top(app)
        assert isinstance(screen, AnalysisScreen) and screen.analysis is not None
        assert not screen.searches.process.running and not screen.workers
        assert screen.analysis == analyse("conquest", screen.options, ["5", "2", "3"])
        assert "As played: Ann won." in summary(screen)
        assert "✓" in rows(screen)[1]


async def test_the_analysis_waits_for_the_judge_at_work(monkeypatch: Any, tmp_path: Any) -> None:
    """Asked while the judge is still at the game, the analysis takes the judge's."""
    import asyncio

    import app.classroom.report.judged as judged
    from app.store import keep_writer
    from tests.app.search_hooks import Hold

    hold = Hold(tmp_path)  # the judge's question waits in its helper
    monkeypatch.setattr(judged, "kept_judgement", hold.wrap(judged.kept_judgement))
    app = EquationDuelApp("conquest", names=NAMES)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("5", "2", "3")
            await pilot.pause()
            await pilot.press("a")
            screen = top(app)
            assert isinstance(screen, AnalysisScreen) and screen.analysis is None
            assert summary(screen) == "Analysing…"
            hold.release()
            await asyncio.to_thread(keep_writer.wait_judged)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not screen.searches.process.running
            assert "As played: Ann won." in summary(screen)
    finally:
        hold.release()


async def test_a_game_the_solver_cannot_settle_is_still_replayed() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        options = ConquestOptions.model_construct(pool=(3, 6))  # refused by the rules now
        screen = await open_analysis(pilot, "conquest", ["3", "4", "5"], options)
        assert summary(screen).startswith("No analysis: ") and "forever" in summary(screen)
        await pilot.press("right", "right")
        assert screen.query_one(SequenceStrip).sequence == (3, 4)
        assert "Not analysed." in detail(screen)


async def test_a_move_the_rules_refuse_ends_the_replay() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "conquest", ["4", "0", "5"])
        assert screen.moves == ["4"] and screen.problem is not None
        assert screen.problem.startswith("move 2 cannot be played: 0 is not allowed")
        assert len(rows(screen)) == 2


async def test_analysis_from_the_game_over_dialog() -> None:
    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        await pilot.pause()
        assert isinstance(top(app), GameOverDialog)
        await pilot.press("a")
        await pilot.pause()
        screen = top(app)
        assert isinstance(screen, AnalysisScreen)
        assert screen.moves == ["5", "2", "3"] and screen.names == NAMES
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "As played: Ann won." in summary(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(top(app), GameOverDialog)
        await pilot.click("#analysis")  # the button does the same
        await pilot.pause()
        assert isinstance(top(app), AnalysisScreen)


def test_snapshot_analysis(snap_compare: Any) -> None:
    async def open_it(pilot: Pilot[None]) -> None:
        await open_analysis(pilot, "collect", COLLECT)
        await pilot.press("f")
        await pilot.pause()

    assert snap_compare(EquationDuelApp(), run_before=open_it, terminal_size=SIZE)


async def test_the_analysis_runs_in_a_helper_process_that_ends_with_the_screen() -> None:
    from tests.app.test_search_process import descendants_of_us, helper_alive

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "collect", COLLECT)
        assert screen.analysis is not None  # answered by the helper process
        helper = screen.searches.process.pid
        assert helper is not None and helper in descendants_of_us()
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) is not screen
        assert not helper_alive(helper)


async def test_a_mistake_s_refutation_plays_out_on_the_board() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_analysis(pilot, "collect", COLLECT)
        await pilot.press("f")
        assert screen.position == 5
        refutation = screen.analysis.moves[4].refutation if screen.analysis else ()
        assert refutation and "Refutation: Bob replies " in detail(screen)
        await pilot.press("r")
        assert screen.line is not None and screen.line_step == 1
        assert detail(screen).startswith(f"Refutation of move 5 · 1 of {len(refutation)} played")
        assert "Bob: " in detail(screen)
        shown = screen.query_one(Board)
        assert len(pool_taken(screen)) == 6  # five picks of the game and Bob's reply
        await pilot.press("left")
        assert screen.line_step == 0 and len(pool_taken(screen)) == 5
        await pilot.press("escape")  # back to the game, the screen stays
        assert screen.line is None and screen.position == 5 and top(app) is screen
        assert detail(screen).startswith("Move 5 · Ann") and shown.is_mounted


async def test_the_moves_are_judged_from_the_last_and_shown_as_they_come(
    monkeypatch: Any, tmp_path: Any
) -> None:
    import app.tui.analysis_screen as analysis_module
    from tests.app.search_hooks import Hold

    hold = Hold(tmp_path)  # the whole analysis waits: the stretches judged before it show
    monkeypatch.setattr(analysis_module, "analyse", hold.wrap(analysis_module.analyse))
    expected = analyse("collect", None, COLLECT)
    app = EquationDuelApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = AnalysisScreen("collect", None, COLLECT, NAMES)
            app.push_screen(screen)
            for _ in range(1000):
                if len(screen._judged) == len(COLLECT):
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            assert screen._judged == expected.moves  # the same verdicts, move by move
            assert screen.analysis is None
            assert summary(screen) == "Analysing… 6 of 6 moves judged (from the last)."
            shown = rows(screen)
            assert "✗" in shown[5] and "✓" in shown[6]  # marks before the whole is in
            hold.release()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.analysis == expected
            assert "first mistake" in rows(screen)[5]
    finally:
        hold.release()


def drawn_rows(app: EquationDuelApp, selector: str) -> list[str]:
    """The rows of the screen a widget covers, as drawn (each cropped to the widget)."""
    region = app.screen.query_one(selector).content_region
    strips = app.screen._compositor.render_strips()
    return [
        "".join(text for text, _, _ in strips[y].crop(region.x, region.right))
        for y in range(region.y, region.bottom)
    ]


async def test_no_equation_is_broken_across_lines_at_80_columns() -> None:
    """At 80×24 the moves that kept the win ("4 × 7 = 28, 5 × 6 = 30, …") and the
    summary's examples wrap between equations, never inside one ("5 × 6 =" / "30")."""
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(pilot, "fifty", ["9-8", "5+2", "6*3", "4*7"])
        await pilot.press("home", "right", "right")
        await pilot.pause()
        assert "moves that keep the win: 4 × 7 = 28" in detail(screen)
        for selector in ("#analysis-detail", "#analysis-summary"):
            drawn = [row.strip().replace("\u00a0", " ") for row in drawn_rows(app, selector)]
            assert len([row for row in drawn if row]) >= 3, drawn
            for row in filter(None, drawn):
                assert row[-1] not in "×÷−+=" and row[0] not in "×÷−+=", drawn
            assert any("5 × 6 = 30" in row for row in drawn) or selector.endswith("summary")


async def test_the_rows_rewrap_as_the_terminal_widens_and_narrows() -> None:
    """Opened at 80×24, most of a countdown's verdicts go below their moves; widened while
    open, each is on its move's line (and below again as it narrows): the selected row
    stays selected and in sight, the row at the top stays at the top."""
    from tests.app.test_tui_drawn_once import countdown_to_1000

    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(pilot, "countdown", countdown_to_1000(), {"target": 1000})
        await pilot.press(*["right"] * 10)
        moves = screen.query_one("#analysis-moves", OptionList)

        def shown() -> list[str]:
            return [row.rstrip("▁▂▃▄▅▆▇█ ") for row in drawn_rows(app, "#analysis-moves")]

        below = [" 10. Bob 25 + 5 = 30", "      ✓ keeps the win"]
        beside = " 10. Bob 25 + 5 = 30 ✓ keeps the win"
        assert below[1] in shown() and beside not in shown(), shown()
        for size, rows in (((100, 30), [beside]), ((80, 24), below), ((120, 40), [beside])):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            drawn = shown()
            at = drawn.index(rows[0])
            assert drawn[at : at + len(rows)] == rows, (size, drawn)
            assert rows == below or below[1] not in drawn, (size, drawn)
            assert screen.position == moves.highlighted == 10
        row = shown().index(" 12. Bob 36 + 6 = 42 ✓ keeps the win")  # (at 120×40)
        await pilot.click("#analysis-moves", offset=(8, 1 + row))  # (under the border)
        assert screen.position == moves.highlighted == 12
        await pilot.press("end")  # the last row, the list scrolled to it
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        top = shown()[0]
        assert shown()[-2:] == [" 18. Bob 81 + 9 = 90", below[1]], shown()
        await pilot.resize_terminal(100, 24)  # wider: the list still scrolls, less
        await pilot.pause()
        assert moves.show_vertical_scrollbar and shown()[-1].startswith(" 18. Bob"), shown()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert shown()[0] == top and screen.position == moves.highlighted == 18


async def test_long_names_with_markup_are_shown_as_text_by_their_tags_where_they_do_not_fit() -> (
    None
):
    """At 80×24 two long names (with markup characters) did not fit after the game's title:
    the title ran into the first and the second was cut off, and the equations' rows cut
    names bare ("Bartholo"). Where the names do not fit they are said by their tags, as in
    the move list, and in full once the terminal is wide enough."""
    names = ("[b]Alexandrina Wolfeschlegel[/b]", "Bartholomew [i]Featherstonehaugh")
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = AnalysisScreen("collect", None, COLLECT, names)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        title = drawn_rows(app, "#analysis-title")[0]
        _, players = title.split("Collect & Declare")
        assert players.startswith("  ") and players.strip() == "[b]Al… vs Barth…", title
        assert rows(screen, "#analysis-chances") == [
            "  5. [b]Alex… ✗ missed 2 + 3 = 5",
            "  6. Barthol… ✓ declared 9 − 8 = 1",
        ]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        title = drawn_rows(app, "#analysis-title")[0]
        assert title.split("Collect & Declare")[1].strip() == " vs ".join(names), title
