"""Hints on the game screen (h): the best move, shown in the status line and on the board."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

import app.tui.hints as hints_module
from app.tui.app import EquationDuelApp
from rules.registry import get_game
from rules.solver.core import move_values, solve
from tests.app.search_hooks import Hold
from tests.app.tui_support import SIZE, click_key, game_screen
from widgets.digit_pool import DigitPool
from widgets.equation_template import EquationTemplate
from widgets.status_line import StatusLine


def status(app: EquationDuelApp) -> str:
    """What the status line says (as said: the screen breaks it into lines)."""
    return game_screen(app).query_one("#status", StatusLine).message


async def ask_hint(pilot: Pilot[None]) -> str:
    await pilot.press("h")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return status(pilot.app)  # type: ignore[arg-type]


def hinted_move(app: EquationDuelApp) -> str:
    """The move (notation) the hint on the screen is about."""
    move = game_screen(app).hint_move
    assert move is not None
    return move


def assert_in_words(text: str) -> None:
    """A hint a newcomer can act on: no notation, no "plies"."""
    assert not re.search(r"\d@\d|\d\.\d|[*/:]\d|\d[*/]|\bplies?\b", text), text


def hinted_ids(app: EquationDuelApp) -> set[str]:
    """What a hint marks: operator keys (by their holder's id and their own), pool keys
    and template slots (by the pool's or template's id and `key-N` or `slot-N`)."""
    screen = game_screen(app)
    marked = {f"{w.parent.parent.id}/{w.id}" for w in screen.query(".-hint")}  # type: ignore[union-attr]
    for pool in screen.query(DigitPool):
        marked |= {f"{pool.id}/key-{number}" for number in pool.hinted}
    for template in screen.query(EquationTemplate):
        if template.hinted is not None:
            marked.add(f"{template.id}/slot-{template.hinted}")
    return marked


WON = [
    # game, moves before, a hinted board key that must be highlighted (pool id / key id)
    ("template", [], "template-pool/key-1"),
    ("collect", ["5", "2"], None),
    ("fifty", [], None),
    ("conquest", [], None),
]


@pytest.mark.parametrize(("game_id", "moves", "key"), WON)
async def test_hint_in_won_position_wins_against_any_reply(
    game_id: str, moves: list[str], key: str | None
) -> None:
    game = get_game(game_id)
    app = EquationDuelApp(game_id, moves=moves, names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        mover = screen.to_move
        assert solve(game_id, screen.state).winner == mover  # a won position
        text = await ask_hint(pilot)
        assert text.startswith("Hint: ") and (" win" in text), text
        assert_in_words(text)
        move = hinted_move(app)
        assert move in solve(game_id, screen.state).best_moves
        assert hinted_ids(app), "the hinted move is highlighted on the board"
        if key is not None:
            assert key in hinted_ids(app)
        assert screen.play(game.parse_move(move))
        await pilot.pause()
        assert hinted_ids(app) == set(), "the highlight goes with the position"
        after = screen.state
        if game.outcome(after) is None:
            for reply in game.legal_moves(after):
                then = game.play(after, reply)
                assert solve(game_id, then).winner == mover, (move, game.format_move(reply))
        else:
            assert game.outcome(after).winner == mover


async def test_template_hint_puts_the_cursor_on_the_slot_and_plays_by_key() -> None:
    app = EquationDuelApp("template", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        text = await ask_hint(pilot)
        move = hinted_move(app)
        digit, player, slot = re.fullmatch(r"(\d)@(\d)\.(\d)", move).groups()  # type: ignore[union-attr]
        owner = "your" if player == "1" else "Bob's"
        assert text == (
            f"Hint: Put {digit} in {owner} {('first', 'second', 'third')[int(slot) - 1]} slot: "
            "every reply loses; with best play you win after your 3rd move, counting this one."
        )
        assert screen.board.cursor == (int(player), int(slot))
        assert f"template-{player}/slot-{slot}" in hinted_ids(app)
        await pilot.press(digit)
        assert screen.moves == [(1, move)]


async def test_hint_in_lost_position_names_the_most_stubborn_move() -> None:
    app = EquationDuelApp("fifty", moves=["6*7"], names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        values = move_values("fifty", screen.state)
        assert all(winner == 1 for winner, _ in values.values())  # Bob is lost
        text = await ask_hint(pilot)
        assert text.startswith(
            "Hint: Every move loses against best play; this one holds out longest: "
        ), text
        assert_in_words(text)
        move = hinted_move(app)
        longest = max(moves for _, moves in values.values())
        assert values[move][1] == longest
        assert longest == 1  # Ann's next move ends the game, whatever Bob plays
        assert "longest: Ann's next move wins. Play " in text
        number_keys = {k for k in hinted_ids(app) if k.startswith("fifty-pool/")}
        a, b = re.split(r"[-+*/]", move)
        assert number_keys == {f"fifty-pool/key-{a}", f"fifty-pool/key-{b}"}


@pytest.fixture
def slow_hint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Hold]:
    """The solver held back until the test lets it go (so "still thinking" is certain)."""
    hold = Hold(tmp_path)
    monkeypatch.setattr(hints_module, "hint", hold.wrap(hints_module.hint))
    yield hold
    hold.release()


async def test_screen_stays_responsive_while_the_hint_is_worked_out(
    slow_hint: Hold,
) -> None:
    app = EquationDuelApp("fifty", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("h")
        assert "Looking for the best move for Ann" in status(app)
        # The solver is still at work, yet keys and clicks do their job.
        await pilot.press("6", "asterisk")
        await click_key(pilot, 7, "#fifty-pool")
        assert screen.board.chosen == [6, 7] and screen.board.op == "*"
        await pilot.press("h")  # asking again while it thinks changes nothing
        slow_hint.release()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert status(app).startswith("Hint: ")
        assert hinted_ids(app)


async def test_a_hint_for_a_position_left_meanwhile_is_dropped(
    slow_hint: Hold,
) -> None:
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("h", "5")  # ask, then move before the answer comes
        assert screen.moves == [(1, "5")]
        slow_hint.release()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not status(app).startswith("Hint: ")
        assert hinted_ids(app) == set()


async def test_no_hint_once_the_game_is_over() -> None:
    app = EquationDuelApp("conquest", moves=["5", "2", "3"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # close the game-over dialog
        await pilot.press("h")  # the key is switched off once the game is over
        assert "Hint" not in status(app)
        assert "wins" in status(app)


async def test_a_conquest_pool_not_from_1_opens_the_setup_instead() -> None:
    """Conquest with a pool not starting at 1 could go on for ever: the rules refuse it
    (RULINGS.md), so no game starts and no hint is asked of the solver."""
    app = EquationDuelApp("conquest", {"pool": (3, 6)}, moves=["3", "4"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
