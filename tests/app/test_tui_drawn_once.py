"""The game screen is laid out and drawn once as it opens (app.tui.drawn_once): Textual
would lay it out and draw it whole three or four times more, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from app.match_session.setup import GameSetup
from app.tui.app import EquationDuelApp
from app.tui.game_screen import GameScreen
from tests.app.tui_support import SIZE, game_screen, shows_a_position, top, until

#: Each game's largest options (as bench/harness.py's LARGEST).
LARGEST: dict[str, dict[str, Any]] = {
    "collect": {"pool": (1, 15), "double_digits": True},
    "template": {"template": "_ ÷ (_ − _)", "digits": (0, 9), "copies": 2},
    "fifty": {"pool": (1, 15), "target": 200},
    "conquest": {"declare": True},
    "countdown": {"target": 1000},
}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app did to its screens, in order: `layout NAME`, `frame NAME`."""
    done: list[str] = []
    layout, display = Screen._refresh_layout, App._display

    def counted_layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        done.append(f"layout {type(screen).__name__}")
        layout(screen, *args, **kwargs)

    def counted_display(app: App[Any], screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None:
            done.append(f"frame {type(screen).__name__}")
        display(app, screen, renderable)

    monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
    monkeypatch.setattr(App, "_display", counted_display)
    return done


async def settled(pilot: Pilot[None]) -> None:
    """Long enough for every layout and frame Textual asks after the first one."""
    for _ in range(10):
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def game_from_setup(
    pilot: Pilot[None], drawn: list[str], game_id: str, options: dict[str, Any]
) -> None:
    """The game opened from its setup by Enter; what the app did from then on in `drawn`."""
    app = pilot.app
    assert isinstance(app, EquationDuelApp)
    app.open_setup(game_id, GameSetup.make(game_id, options))
    await settled(pilot)
    drawn.clear()
    await pilot.press("enter")
    await until(pilot, lambda: shows_a_position(app), "the game's first position")
    await settled(pilot)


@pytest.mark.parametrize("largest", [False, True])
@pytest.mark.parametrize("game_id", sorted(LARGEST))
async def test_the_game_opens_from_its_setup_in_one_layout_and_one_frame(
    drawn: list[str], game_id: str, largest: bool
) -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await game_from_setup(pilot, drawn, game_id, LARGEST[game_id] if largest else {})
        assert drawn == ["layout GameScreen", "frame GameScreen"]
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "GameScreen"]
        assert "no moves yet" in str(game_screen(app).query_one("#moves").render_line(0).text)


async def test_a_dialog_closed_over_the_game_draws_it_once_without_a_layout(
    drawn: list[str],
) -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")  # a move: leaving now asks first
        await settled(pilot)
        await pilot.press("q")
        await settled(pilot)
        assert not isinstance(top(app), GameScreen)
        drawn.clear()
        await pilot.press("escape")
        await settled(pilot)
        assert isinstance(top(app), GameScreen)
        assert drawn == ["frame GameScreen"]


async def test_a_scroll_bar_that_comes_with_the_first_layout_lays_the_board_out_again(
    drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80×24 fifty's largest pool, a line lower (the blank line above it it had once),
    leaves its buttons below the board's fold: the board's rows are laid out again, one
    column narrower, and drawn (a layout Textual asks)."""
    from textual.containers import Center

    import app.tui.boards.fifty as fifty

    class LineLower(Center):
        def __init__(self, classes: str = "") -> None:
            super().__init__()  # (not "-rows": the blank line above it stays)

    monkeypatch.setattr(fifty, "Center", LineLower)
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await game_from_setup(pilot, drawn, "fifty", LARGEST["fifty"])
        board = game_screen(app).board
        assert board.show_vertical_scrollbar
        shown = [str(line.text) for line in app.screen._compositor.render_strips()]
        assert "Scores · target 200" in shown[5] and "_ ? _" in shown[18], "\n".join(shown)


async def test_the_quit_dialog_opens_in_one_layout_and_one_frame(drawn: list[str]) -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")  # a move: quitting now asks first
        await settled(pilot)
        drawn.clear()
        await pilot.press("ctrl+q")
        await settled(pilot)
        assert drawn == ["layout ConfirmDialog", "frame ConfirmDialog"]


async def test_the_game_s_clock_counts_nothing_for_the_time_under_a_dialog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`MatchScreen.on_screen_resume` (the clock's tick, not running) is called as a dialog
    over the game closes, though `drawn_once` gives the class its own `_on_screen_resume`
    (which Textual calls instead of an `on_screen_resume` of the same class)."""
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")  # a move: leaving now asks first
        await settled(pilot)
        ticks: list[bool] = []
        session = game_screen(app).session
        real = session.tick
        monkeypatch.setattr(session, "tick", lambda running: (ticks.append(running), real(running)))
        await pilot.press("q")
        await settled(pilot)
        ticks.clear()
        await pilot.press("escape")
        await settled(pilot)
        assert isinstance(top(app), GameScreen)
        assert ticks[:1] == [False], ticks


async def test_the_analysis_at_a_games_end_opens_in_one_layout_and_one_frame(
    drawn: list[str],
) -> None:
    """Its verdicts are the judge's (known as it opens), its move list's lines counted as
    it is laid out: nothing asks a layout after its first frame, nor a frame (its lists'
    lines are not made again as they are first sized)."""
    import asyncio

    from app.store import keep_writer

    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        await asyncio.to_thread(keep_writer.wait_judged)
        await settled(pilot)
        drawn.clear()
        await pilot.press("a")
        await settled(pilot)
        assert drawn == ["layout AnalysisScreen", "frame AnalysisScreen"]


def countdown_to_1000() -> list[str]:
    """A countdown to 1000's moves, each player adding their smallest number."""
    from rules.registry import get_game

    game = get_game("countdown")
    state, moves = game.new(game.options_from({"target": 1000})), []
    while not game.is_over(state):
        number = min(state.available_to(state.to_move))
        move = next(m for m in game.legal_moves(state) if game.format_move(m) == f"+{number}")
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return moves


def countdown_to_1000_but_its_last_move() -> EquationDuelApp:
    """The app at a countdown to 1000 between Ann and Bob, before its last move."""
    moves = countdown_to_1000()
    return EquationDuelApp("countdown", {"target": 1000}, moves[:-1], names=("Ann", "Bob"))


async def open_the_analysis_after_the_last_move(pilot: Pilot[None], drawn: list[str]) -> None:
    """Play the countdown's last move, wait for its judging, then press a: what is drawn
    from that key on is in `drawn`."""
    import asyncio

    from app.store import keep_writer

    await pilot.press(countdown_to_1000()[-1].lstrip("+"))
    await asyncio.to_thread(keep_writer.wait_judged)
    await settled(pilot)
    drawn.clear()
    await pilot.press("a")
    await settled(pilot)


async def test_a_long_analysis_opens_with_its_move_lists_scroll_bar_in_one_layout(
    drawn: list[str],
) -> None:
    """A countdown to 1000 (each adds their smallest number): its rows, a verdict under
    most, scroll from the start at 80×30 (where the board does not)."""
    from app.tui.analysis_screen import AnalysisScreen

    app = countdown_to_1000_but_its_last_move()
    async with app.run_test(size=(80, 30)) as pilot:
        await open_the_analysis_after_the_last_move(pilot, drawn)
        assert drawn.count("layout AnalysisScreen") == 1
        screen = app.screen
        assert isinstance(screen, AnalysisScreen) and screen.analysis is not None
        assert screen.query_one("#analysis-moves").show_vertical_scrollbar


async def test_a_long_analysis_at_80x24_opens_with_its_boards_scroll_bar_in_one_layout(
    drawn: list[str],
) -> None:
    """At 80×24 the right pane (the move's detail over the board, its two pools of keys
    three lines a row) is taller than the room under the summary: its scroll bar is
    shown before the first layout, not found by it (a second layout and frame)."""
    from app.tui.analysis_screen import AnalysisScreen

    app = countdown_to_1000_but_its_last_move()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_analysis_after_the_last_move(pilot, drawn)
        screen = app.screen
        assert isinstance(screen, AnalysisScreen) and screen.analysis is not None
        assert screen.query_one("#analysis-right").show_vertical_scrollbar
        assert drawn == ["layout AnalysisScreen", "frame AnalysisScreen"]


async def test_the_last_move_and_the_game_over_dialog_come_in_one_frame(
    drawn: list[str],
) -> None:
    """The dialog is pushed before the last move's frame: that frame shows both (one
    frame of the game under the dialog, not one of the game and then one of the dialog),
    and the game is laid out once (the sizes its layout set ask no other)."""
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2")
        await settled(pilot)
        drawn.clear()
        await pilot.press("3")
        await settled(pilot)
        assert type(app.screen).__name__ == "GameOverDialog"
        frames = [done for done in drawn if done.startswith("frame")]
        assert frames[0] == "frame GameOverDialog" and "frame GameScreen" not in frames
        assert drawn.count("layout GameScreen") == 1


async def test_fiftys_largest_pool_opens_at_80x24_without_a_scroll_bar(
    drawn: list[str],
) -> None:
    """Its two rows of numbers sit right under the scores: the board, buttons included,
    fits beside the move list under a two-line status, laid out and drawn once."""
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await game_from_setup(pilot, drawn, "fifty", LARGEST["fifty"])
        assert drawn == ["layout GameScreen", "frame GameScreen"]
        assert not game_screen(app).board.show_vertical_scrollbar
        shown = [str(line.text) for line in app.screen._compositor.render_strips()]
        assert "Play (Enter)" in shown[20] and "Clear" in shown[20], "\n".join(shown)


async def test_a_dialog_s_frame_leaves_no_repaint_asked_of_the_screen_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's push_screen asks the screen under a dialog to be drawn again; the dialog's
    first frame draws it (dimmed) as it is, and a repaint still asked then came up through
    the dialog as a second whole frame 40-80 ms later (the game over dialog, in a real
    terminal). Checked as the dialog's first frame is made."""
    from app.tui.dialogs import Dialog

    left: list[bool] = []
    resumed = Dialog._on_screen_resume

    def checked(dialog: Any, event: Any) -> None:
        resumed(dialog, event)
        under = dialog.app._background_screens
        asked = [
            s._repaint_required or s._dirty_widgets or s._compositor._dirty_regions for s in under
        ]
        left.append(any(asked))

    monkeypatch.setattr(Dialog, "_on_screen_resume", checked)
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")  # a move: quitting now asks first
        await settled(pilot)
        await pilot.press("ctrl+q")
        await settled(pilot)
        assert left == [False]
