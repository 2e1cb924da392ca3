"""The garbage collector's full passes are held while the player is answered and made once
quiet (app.tui.collector): a pass that falls due during a key's answer waits, is made when
the app has been quiet `QUIET` seconds or at the latest `LONGEST` seconds after, and the
screens opened and closed meanwhile are collected by it. Python's schedule comes back on
release, with the collector on."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from textual.widget import Widget

from app.tui import collector
from app.tui.app import EquationDuelApp
from app.tui.collector import LONGEST, QUIET, Collector
from app.tui.rules_screen import RulesScreen
from rules.registry import GAME_IDS
from tests.app.tui_support import top, until
from widgets.rules_text import _themed

SIZE = (80, 24)


class Clock:
    def __init__(self) -> None:
        self.at = 100.0

    def __call__(self) -> float:
        return self.at


class Node:
    def __init__(self) -> None:
        self.me = self  # (a cycle: only the collector frees it)


@pytest.fixture
def full_passes() -> Iterator[list[int]]:
    """The full passes made while the test runs (Python's or the policy's)."""
    passes: list[int] = []

    def noted(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info["generation"] == 2:
            passes.append(1)

    thresholds = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # (Python's own: the test suite's are higher)
    gc.collect()  # (the oldest generation's size now: what Python compares to)
    gc.callbacks.append(noted)
    try:
        yield passes
    finally:
        gc.callbacks.remove(noted)
        gc.set_threshold(*thresholds)
        gc.enable()


def old_garbage() -> weakref.ref[Node]:
    """A cycle old enough (in the oldest generation) that only a full pass frees it."""
    node = Node()
    gc.collect(1)  # (it survives: moved to the oldest generation)
    return weakref.ref(node)


def fill_younger_generations() -> None:
    """Enough young objects kept a while that the older generation is collected more often
    than the third threshold: Python would make a full pass now."""
    young, older, _ = gc.get_threshold()
    kept = [[turn] for turn in range(young * older * 25)]
    del kept


def test_a_full_pass_due_during_an_answer_waits_until_the_player_is_quiet(
    full_passes: list[int],
) -> None:
    fill_younger_generations()
    assert full_passes, "(Python's own schedule would have made one)"
    full_passes.clear()
    clock = Clock()
    policy = Collector(now=clock)
    policy.hold()
    garbage = old_garbage()
    policy.busy()  # a key
    fill_younger_generations()
    assert full_passes == []
    assert policy.due()
    clock.at += QUIET / 2
    assert not policy.look()  # (the answer may still be coming)
    assert garbage() is not None
    clock.at += QUIET
    assert policy.look()
    assert garbage() is None
    assert full_passes == [1]
    assert not policy.due()
    policy.release()


def test_a_player_never_quiet_waits_no_longer_than_the_bound(full_passes: list[int]) -> None:
    clock = Clock()
    policy = Collector(now=clock)
    policy.hold()
    fill_younger_generations()
    waited = 0.0
    while not policy.look():
        assert waited <= LONGEST, "a full pass held longer than the bound"
        clock.at += 0.25
        waited += 0.25
        policy.busy()  # a key every quarter second
    assert LONGEST - 0.25 <= waited <= LONGEST
    assert full_passes == [1]
    policy.release()


def test_release_gives_python_its_schedule_and_the_collector_back(
    full_passes: list[int],
) -> None:
    before = gc.get_threshold()
    policy = Collector()
    policy.hold()
    assert policy.holding and gc.get_threshold()[2] > before[2]
    gc.disable()  # (as the launch does until the first frame)
    policy.release()
    assert gc.get_threshold() == before and gc.isenabled()
    policy.release()  # (twice: no harm)
    assert gc.get_threshold() == before and not policy.holding


def test_run_app_releases_the_collector_whatever_ends_the_app(
    monkeypatch: pytest.MonkeyPatch, full_passes: list[int]
) -> None:
    from app.tui.app import run_app

    before = gc.get_threshold()
    app = EquationDuelApp()

    def crashed() -> None:
        collector.COLLECTOR.hold()
        raise RuntimeError("crashed")

    monkeypatch.setattr(app, "run", crashed)
    with pytest.raises(RuntimeError):
        run_app(app)
    assert gc.get_threshold() == before and gc.isenabled()


async def test_a_headless_app_keeps_pythons_schedule() -> None:
    """(Tests run many apps in one process: none holds the full passes for the others.)"""
    before = gc.get_threshold()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        collector.watch(app)
        assert gc.get_threshold() == before and not collector.COLLECTOR.holding


class Drawn(EquationDuelApp):
    """The app as in a terminal."""

    @property
    def is_headless(self) -> bool:
        return False


async def test_an_app_in_a_terminal_holds_the_full_passes_until_it_ends(
    monkeypatch: pytest.MonkeyPatch, full_passes: list[int]
) -> None:
    monkeypatch.setattr(gc, "freeze", lambda: None)  # (many apps in this process)
    before = gc.get_threshold()
    app = Drawn()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: collector.COLLECTOR.holding, "the full passes held")
        assert gc.get_threshold()[2] > before[2]
    assert not collector.COLLECTOR.holding
    assert gc.get_threshold() == before and gc.isenabled()


async def test_screens_opened_and_closed_while_held_are_collected_once_quiet(
    full_passes: list[int],
) -> None:
    """Twenty rules screens (four of each game) opened and closed, the full passes held:
    once quiet, neither the screens nor any of their widgets are kept (what stays is
    Textual's bounded caches)."""
    clock = Clock()
    policy = Collector(now=clock)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        policy.hold()
        kept: list[weakref.ref[Widget]] = []
        for turn in range(20):
            screen = RulesScreen(GAME_IDS[turn % len(GAME_IDS)])
            app.push_screen(screen)
            await pilot.pause()
            assert top(app) is screen
            kept += [weakref.ref(widget) for widget in (screen, *screen.walk_children(Widget))]
            del screen
            policy.busy()
            await pilot.press("escape")
            await pilot.pause()
        fill_younger_generations()  # (a full pass fell due)
        clock.at += QUIET
        assert policy.look()
        assert [ref() for ref in kept if ref() is not None] == []
        policy.release()
    _themed.cache_clear()  # (the rules' renderings: other tests count them)


async def test_collecting_garbage_starts_again_once_the_first_screen_is_drawn() -> None:
    gc.disable()  # as the launch does (app.launch)
    try:
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, gc.isenabled, "the collector on")
            assert gc.get_freeze_count() > 0  # start-up's objects set aside
    finally:
        gc.enable()
        gc.unfreeze()


async def test_collecting_already_on_is_left_as_it_is() -> None:
    # (another test in this worker may have frozen objects: the count must not move)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frozen = gc.get_freeze_count()
        assert gc.isenabled()
        collector.watch(app)
        assert gc.isenabled() and gc.get_freeze_count() == frozen
