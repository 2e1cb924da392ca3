"""Templates on screen: whole games by keys and by clicks, a match, and the turn clock."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import Static

from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.boards.template import TemplateBoard, reachable, result_words
from app.tui.dialogs import GameOverDialog, RoundOverDialog
from app.tui.game_screen import GameScreen
from rules.template import GAME, TemplateOptions, TemplateState
from tests.app.tui_support import (
    SIZE,
    click_key,
    clock_by_hand,
    expected,
    game_screen,
    text_of,
    top,
    winner_shown,
)
from widgets.equation_template import EquationTemplate

NAMES = ("Ann", "Bob")
#: The seed's walkthrough (RULINGS.md): Player 1 wins 39 to 36.
WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]


def random_game(seed: int, options: TemplateOptions | None = None) -> list[str]:
    rng = random.Random(seed)
    state = GAME.new(options)
    moves: list[str] = []
    while not GAME.is_over(state):
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return moves


async def move_cursor_by_keys(pilot, screen: GameScreen, player: int, slot: int) -> None:  # type: ignore[no-untyped-def]
    """Arrows alone: ↓ to Player 2's template, ↑ to Player 1's, ←→ along the empty slots."""
    if screen.board.cursor[0] != player:
        await pilot.press("down" if player == 2 else "up")
    while screen.board.cursor[1] != slot:
        await pilot.press("right" if screen.board.cursor[1] < slot else "left")
    assert screen.board.cursor == (player, slot)


async def test_template_walkthrough_by_keys() -> None:
    app = EquationDuelApp("template", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen.board, TemplateBoard)
        for text in WALKTHROUGH:
            move = GAME.parse_move(text)
            await move_cursor_by_keys(pilot, screen, move.player, move.slot)
            await pilot.press(str(move.digit))
        winner, reason = await winner_shown(pilot)
        assert winner == expected("template", None, WALKTHROUGH, NAMES) == "Ann wins!"
        assert reason == "39 beats 36"
        assert screen.query_one("#template-1", EquationTemplate).render_line(3).text == "= 39"


async def test_template_random_game_by_tab_and_keys() -> None:
    options = TemplateOptions(template="(_ + _) × _", digits=(0, 9), copies=2)
    moves = random_game(8, options)
    data = {"template": "(_ + _) × _", "digits": (0, 9), "copies": 2}
    app = EquationDuelApp("template", data)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for text in moves:
            move = GAME.parse_move(text)
            while screen.board.cursor != (move.player, move.slot):
                await pilot.press("tab")
            await pilot.press(str(move.digit))
        winner, _ = await winner_shown(pilot)
        assert winner == expected("template", options, moves, ("Player 1", "Player 2"))


async def test_template_whole_game_by_clicks() -> None:
    moves = random_game(1)
    app = EquationDuelApp("template")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for text in moves:
            move = GAME.parse_move(text)
            template = screen.query_one(f"#template-{move.player}", EquationTemplate)
            await pilot.click(f"#template-{move.player}", offset=template.slot_offset(move.slot))
            await click_key(pilot, move.digit, "#template-pool")
        winner, _ = await winner_shown(pilot)
        assert winner == expected("template", None, moves, ("Player 1", "Player 2"))
        assert [t for _, t in screen.moves] == moves


async def test_filled_slot_is_refused() -> None:
    app = EquationDuelApp("template")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("9")
        screen.board.cursor = (1, 1)
        await pilot.press("8")
        assert "already filled" in text_of(screen.query_one("#status", Static))
        assert screen.state.slots[0] == (9, None, None)


async def test_template_match_of_two_rounds() -> None:
    app = EquationDuelApp("template", {"rounds_to_win": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for round_no in (1, 2):
            # The same placements each round (Bob starts round 2): Ann's template wins.
            for text in WALKTHROUGH:
                move = GAME.parse_move(text)
                screen.board.cursor = (move.player, move.slot)
                await pilot.press(str(move.digit))
            await pilot.pause()
            if round_no == 1:
                assert isinstance(top(app), RoundOverDialog)
                await pilot.press("enter")
                assert screen.session.round_number == 2 and screen.to_move == 2
                assert screen.session.wins == (1, 0)
        winner, reason = await winner_shown(pilot)
        assert winner == "Player 1 wins!"
        assert reason.endswith("match won 2–0")


async def test_time_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    app = EquationDuelApp("template", {"turn_seconds": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        now = clock_by_hand(screen)
        await pilot.press("9")
        now[0] += 5  # Player 2's whole turn
        screen.tick()
        await pilot.pause()
        assert isinstance(top(app), GameOverDialog)
        winner, reason = await winner_shown(pilot)
        assert winner == "Player 1 wins!" and reason == "Player 2's time ran out"
        await pilot.press("escape", "u")  # a decided game is final
        assert screen.is_over and screen.session.wins == (1, 0)


async def test_a_computer_s_template_is_titled_without_a_garbled_possessive() -> None:
    app = EquationDuelApp("template", names=("Newbie", "Player 2"), levels=(None, "perfect"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        titles = [str(w.border_title) for w in screen.query(EquationTemplate)]
        assert titles == ["Newbie's template", "The template of Computer (perfect)"]


def test_a_result_below_zero_reads_with_the_minus_sign_and_the_fraction_slash() -> None:
    """The board writes `−4⁄7`, never `-4/7` (an ASCII hyphen and a division's slash)."""
    assert reachable("_ ÷ (_ − _)", (4, None, 9), (2, 4)) == "could end between −4⁄5 and −4⁄7"
    options = TemplateOptions(template="_ ÷ (_ − _)")
    state: TemplateState = GAME.new(options)
    for move in ("4@1.1", "1@2.1", "2@1.2", "3@2.2", "9@1.3"):
        state = GAME.play_text(state, move)
    assert result_words(state, 1) == "−4⁄7"


@pytest.mark.parametrize("first", [1, 2])
async def test_the_templates_are_styled_as_they_mount_not_restyled_as_the_game_opens(
    monkeypatch: pytest.MonkeyPatch, first: int
) -> None:
    """The mover's template is composed active: opening the game restyles no template."""
    restyled: list[object] = []
    update_nodes = Stylesheet.update_nodes

    def counted(sheet: Stylesheet, nodes: Iterable[DOMNode], animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.extend(node for node in nodes if isinstance(node, EquationTemplate))
        update_nodes(sheet, nodes, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    app = EquationDuelApp("template", {"first": first})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        templates = list(game_screen(app).query(EquationTemplate))
        assert [t.has_class("-active") for t in templates] == [first == 1, first == 2]
        assert restyled == []


async def test_a_position_s_picture_shows_each_value_so_far_and_the_last_digit_placed() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        moves = ["3@2.1", "5@1.1", "7@2.2"]
        screen = AnalysisScreen("template", None, moves, NAMES)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        for _ in moves:
            await pilot.press("right")
        await pilot.pause()
        first, second = (
            screen.query_one(f"#position-template-{p}", EquationTemplate) for p in (1, 2)
        )
        assert first.render_line(3).text == "5 + _ × _"  # (no "could end": a picture)
        assert second.render_line(3).text == "3 + 7 × _"
        assert (first.cursor, second.cursor) == (None, 2)
