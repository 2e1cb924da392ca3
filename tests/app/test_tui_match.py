"""Match play on screen: best of 3 to the end, the clock per turn, the setup's match
settings, and undo within a round."""

from __future__ import annotations

from textual.widgets import Static

from app.store import stats
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.choice_list import ChoiceList
from app.tui.choices import Choices
from app.tui.dialogs import RoundOverDialog
from app.tui.match_form import MatchForm
from app.tui.record_dialogs import RoundChoiceDialog
from rules.template import GAME as TEMPLATE
from tests.app.tui_support import (
    SIZE,
    choose,
    clock_by_hand,
    game_screen,
    shows_a_position,
    text_of,
    top,
    until,
    winner_shown,
)
from widgets.title_bar import TitleBar

NAMES = ("Ann", "Bob")
#: In Equation Conquest whoever appends the 3 of 5 2 3 wins (5 − 2 = 3): the starter.
STARTER_WINS = ("5", "2", "3")


def panel_line(app: EquationDuelApp, player: int) -> str:
    return game_screen(app).panel(player).match_line


async def test_best_of_three_by_keys_to_the_match_result() -> None:
    app = EquationDuelApp("conquest", names=NAMES, best_of=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        banner = screen.query_one("#turn-banner", Static)
        assert banner.border_title == "round 1 of 3 · 0–0"
        assert panel_line(app, 1) == "0 of 2 round wins"
        await pilot.press(*STARTER_WINS)  # Ann starts round 1 and wins it
        await pilot.pause()
        dialog = top(app)
        assert isinstance(dialog, RoundOverDialog)
        assert text_of(dialog.query_one("#winner", Static)) == "Ann wins the round"
        assert text_of(dialog.query_one("#match-score", Static)) == "Ann 1 – 0 Bob"
        await pilot.press("enter")
        assert screen.to_move == 2 and banner.border_title == "round 2 of 3 · 1–0"
        assert screen.moves == [] and not screen.check_action("undo", ())
        await pilot.press(*STARTER_WINS)  # Bob starts round 2 and wins it
        await pilot.pause()
        assert text_of(top(app).query_one("#match-score", Static)) == "Ann 1 – 1 Bob"
        await pilot.click("#next")
        assert screen.to_move == 1 and screen.session.round_number == 3
        await pilot.press(*STARTER_WINS)
        winner, reason = await winner_shown(pilot)
        assert winner == "Ann wins!"
        assert reason == "5 − 2 = 3 formed; match won 2–1"
        assert "the match" in text_of(banner)
        assert panel_line(app, 1) == "2 of 2 round wins"
        await pilot.press("a")  # the analysis of a match: of the round chosen
        await pilot.pause()
        assert isinstance(top(app), RoundChoiceDialog)
        await pilot.press("2")
        await pilot.pause()
        analysis = top(app)
        assert isinstance(analysis, AnalysisScreen)
        assert analysis.moves == list(STARTER_WINS) and analysis.options.first == 2
    summary = stats.summary()
    assert summary.games == 1  # a match is one game in the statistics
    assert {(p.name, p.won) for p in summary.players} == {("Ann", 1), ("Bob", 0)}


async def test_the_clock_runs_out_and_loses_the_round() -> None:
    app = EquationDuelApp("conquest", names=NAMES, best_of=3, turn_seconds=10)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        now = clock_by_hand(screen, 100.0)
        await pilot.press("5")
        now[0] += 4
        screen.tick()  # the clock's tick, as its interval calls it
        await pilot.pause()
        assert panel_line(app, 2) == "0 of 2 round wins · 6 s left"
        assert panel_line(app, 1) == "0 of 2 round wins · 10 s a turn"
        now[0] += 6  # Bob's ten seconds are up
        screen.tick()
        await pilot.pause()
        dialog = top(app)
        assert isinstance(dialog, RoundOverDialog)
        assert text_of(dialog.query_one("#reason", Static)) == "Bob's time ran out"
        assert screen.session.wins == (1, 0)
        await pilot.press("enter")
        assert screen.to_move == 2 and panel_line(app, 2).endswith("10 s left")
    record = screen.session.record()
    assert record.rounds[0].seconds_used == 10.0 and record.moves[0].seconds == 0.0


async def test_the_clock_stops_while_the_rules_are_open() -> None:
    app = EquationDuelApp("conquest", turn_seconds=10)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        now = clock_by_hand(screen)
        await pilot.press("f1")
        await pilot.pause()
        now[0] += 60
        screen.tick()  # the rules are on top: nothing is counted
        await pilot.press("escape")
        await pilot.pause()
        now[0] += 3
        screen.tick()
        assert not screen.is_over and screen.session.seconds_left() == 7


async def test_setup_sets_the_match_and_the_clock_by_mouse_and_keys() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        setup = top(app)
        form = setup.query_one(MatchForm)
        setup.query_one("#setup-form").scroll_end(animate=False)
        await pilot.pause()
        await choose(pilot, "#best-of", 5)
        await choose(pilot, "#clock", 0)
        await pilot.press("down", "down", "down", "down")  # off 10 15 20 30
        assert form.values() == (5, 30)
        await pilot.click("#start")
        screen = game_screen(app)
        assert (screen.session.best_of, screen.session.turn_seconds) == (5, 30)
        assert "best of 5 · 30 s per turn" in screen.query_one(TitleBar).variant_shown()


async def test_template_rounds_to_win_is_the_match_setting() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        setup = top(app)
        setup.query_one("#preset", ChoiceList).value = "match+timed+player-2-first"
        await pilot.pause()
        assert setup.query_one("#best-of", Choices).value == 3
        assert setup.query_one("#clock", Choices).value == 60
        setup.query_one("#best-of", Choices).value = 7
        await pilot.pause()
        assert setup.query_one("#preset", ChoiceList).value == "(custom)"
        await pilot.click("#start")
        # The click's pause ends when the setup has handled it; the game screen shows its
        # first position when it mounts, which on a busy machine may come later.
        await until(pilot, lambda: shows_a_position(app), "the game's first position")
        screen = game_screen(app)
        assert screen.setup.options == TEMPLATE.Options(rounds_to_win=4, turn_seconds=60, first=2)
        assert screen.session.best_of == 7 and screen.to_move == 2
