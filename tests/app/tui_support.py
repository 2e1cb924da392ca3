"""Helpers for the Pilot tests of the full-screen app (tests/app/test_tui_*.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.geometry import Offset, Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.choices import Choices
from app.tui.dialogs import GameOverDialog
from app.tui.game_cards import GameList
from app.tui.game_screen import GameScreen
from app.tui.menu_links import MenuLinks
from rules.registry import get_game
from widgets.digit_pool import DigitPool

SIZE = (100, 30)


def text_of(widget: Static) -> str:
    return str(widget.render())


def top(app: EquationDuelApp) -> Any:
    """The screen on top (typed loosely: it changes as the test goes)."""
    return app.screen


def game_screen(app: EquationDuelApp) -> Any:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


def shows_a_position(app: EquationDuelApp) -> bool:
    """Is a game screen on the stack, with its first position shown (it mounted)?"""
    return any(isinstance(s, GameScreen) and s.state is not None for s in app.screen_stack)


async def open_game_by_keys(pilot: Pilot[None], menu_key: str, names: tuple[str, str]) -> None:
    """From the menu: the game's number, then the names typed, then Enter starts."""
    await pilot.press(menu_key)
    await pilot.pause()
    for player, name in enumerate(names, start=1):
        await pilot.click(f"#name-{player}")
        await pilot.press("ctrl+a", *([] if not name else list(name)))
    await pilot.press("enter")
    await pilot.pause()


def computer_waiting(screen: Any) -> bool:
    """Whether the computer's turn is still in its short pause for show."""
    return screen._bot_timer is not None


def link_offset(links: MenuLinks, name: str) -> Offset:
    """Where a click on the menu's link `name` lands (KeyError: not shown)."""
    for span in links._spans:
        if span.link.name == name:
            return Offset((span.start + span.end) // 2, span.y)
    raise KeyError(name)


def links_drawn(links: MenuLinks, row: int) -> list[tuple[str, Region]]:
    """The words of the menu's links drawn on `row` (0: the first) and where, on the screen."""
    origin = links.content_region.offset
    return [
        (
            links.label(span.link.name) or "",
            Region(span.start, span.y, span.end - span.start, 1) + origin,
        )
        for span in links._spans
        if span.y == row
    ]


def choice_offset(choices: Choices[Any], value: object) -> Offset:
    """Where a click on the choice of `value` lands, in the set of choices."""
    spans = choices._layout(choices.content_size.width or 10**6)
    line, start, _ = spans[choices.options.index(value)]
    return Offset(start, line)


def game_offset(games: GameList, game_id: str) -> Offset:
    """Where a click on game `game_id`'s title lands, in the menu's list of games."""
    gutter = games.styles.gutter
    return Offset(gutter.left + 4, gutter.top + games._rows.index(game_id))


async def click_link(pilot: Pilot[None], name: str) -> None:
    """Click the menu's link `name` ("quit", "statistics"...: app.tui.menu) where it is drawn."""
    links = pilot.app.screen.query_one(MenuLinks)
    assert await pilot.click(MenuLinks, offset=link_offset(links, name))


async def choose(pilot: Pilot[None], selector: str, value: object) -> None:
    """Click the choice of `value` in the set of choices `selector` (app.tui.choices), where
    it is drawn."""
    choices = pilot.app.screen.query_one(selector, Choices)
    assert await pilot.click(selector, offset=choice_offset(choices, value))


async def click_game(pilot: Pilot[None], game_id: str) -> None:
    """Click game `game_id` on the menu's list of games, on its title."""
    games = pilot.app.screen.query_one(GameList)
    assert await pilot.click(GameList, offset=game_offset(games, game_id))


async def click_key(pilot: Pilot[None], number: int, pool: str = "DigitPool") -> None:
    """Click `number`'s key in the pool `pool` (a selector; the screen's only pool by
    default), where a player would: at the middle of the key."""
    widget = pilot.app.screen.query_one(pool, DigitPool)
    await pilot.click(pool, offset=widget.key_offset(number))


def key_rows(pool: DigitPool, number: int) -> list[Strip]:
    """The three rows `number`'s key is drawn with now (its characters and styles)."""
    region = pool.key_region(number)
    return [
        pool.render_line(y).crop(region.x, region.right) for y in range(region.y, region.bottom)
    ]


async def click_button_again(pilot: Pilot[None], selector: str) -> None:
    """Click a button that was clicked a moment ago. For 0.2 s after a press a Textual
    button shows it (class `-active`) and ignores clicks, so a double click presses once;
    a test clicking faster than a person would lose its second click."""
    button = pilot.app.screen.query_one(selector)
    for _ in range(50):
        if not button.has_class("-active"):
            break
        await pilot.pause(0.02)
    await pilot.click(selector)


async def winner_shown(pilot: Pilot[None]) -> tuple[str, str]:
    """The winner line and the reason line of the game-over dialog (waited for: after the
    computer's winning move the dialog comes a frame or two later)."""
    await pilot.pause()
    app = pilot.app
    for _ in range(100):
        if isinstance(app.screen, GameOverDialog):
            break
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.02)
    assert isinstance(app.screen, GameOverDialog), app.screen_stack
    winner = text_of(app.screen.query_one("#winner", Static))
    reason = text_of(app.screen.query_one("#reason", Static))
    return winner, reason


def expected(game_id: str, options: Any, moves: list[str], names: tuple[str, str]) -> str:
    """`NAME wins!` as the rules engine decides the game."""
    game = get_game(game_id)
    state = game.replay(options, moves)
    outcome = game.outcome(state)
    assert outcome is not None, "the moves do not end the game"
    return f"{names[outcome.winner - 1]} wins!"


async def computer_reply(pilot: Pilot[None], screen: Any) -> None:
    """Wait for the computer's move: its short delay (set it small), then its worker."""
    for _ in range(200):
        if not computer_waiting(screen):
            break
        await pilot.pause(0.01)
    else:
        raise AssertionError("the computer's turn never started")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def until(pilot: Pilot[None], ready: Callable[[], bool], what: str) -> None:
    """Let the app run until `ready()` (a helper process answering on a busy machine
    takes its time); fails naming `what` after 30 seconds."""
    deadline = time.monotonic() + 30
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} never happened")
        await pilot.pause(0.02)


def clock_by_hand(screen: Any, start: float = 0.0) -> list[float]:
    """From now on the screen's match session reads a clock the test moves by hand
    (`now[0] += 4`); the turn going on starts at `start`."""
    now = [start]
    screen.session.clock = lambda: now[0]
    screen.session.start_turn()
    return now
