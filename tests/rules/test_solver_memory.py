"""The solver's memory is bounded (issue 37: no process of the app above 120 MB during a
class's session, `bench/memory.py --class-session`): every table of the process counts in
one limit, the tables share their values' objects, fifty's move lists are packed. The
answers stay the solver's (test_solver.py's brute-force agreement)."""

from __future__ import annotations

import pytest

from rules.countdown import GAME as COUNTDOWN
from rules.countdown import CountdownOptions
from rules.fifty import GAME as FIFTY
from rules.fifty import FiftyOptions
from rules.solver import core, types
from rules.solver import countdown as countdown_solver
from rules.solver.specs.fifty import FiftySpec


def _tables() -> list[dict[object, int]]:
    engines = [engine for *_, engine in core._ENGINES.values()]
    return [e.table for e in [*engines, *countdown_solver._ENGINES.values()]]


def _fifty() -> object:
    return FIFTY.new(FiftyOptions(pool=(1, 9), target=50))


def _countdown() -> object:
    """A position whose solve fills the countdown engine's table (the start does not)."""
    state = COUNTDOWN.new(CountdownOptions(target=40))
    for move in ("-7", "*2", "+8", "/3"):
        state = COUNTDOWN.play(state, COUNTDOWN.parse_move(move))
    return state


def test_every_table_of_the_process_counts_in_one_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core.clear_cache()
    fifty, countdown = core.solve("fifty", _fifty()), core.solve("countdown", _countdown())
    tables = _tables()
    sizes = [len(table) for table in tables]
    assert len(tables) == 2 and min(sizes) > 1
    # Each table under the limit, together over it: the next question empties them all.
    monkeypatch.setattr(types, "TABLE_LIMIT", max(sizes) + 1)
    core.solve("fifty", FIFTY.play(_fifty(), FIFTY.legal_moves(_fifty())[0]))
    assert [len(table) for table in tables] < sizes
    core.clear_cache()
    # Emptied between two questions, the answers stay the same.
    types.trim_tables()
    again = core.solve("fifty", _fifty()), core.solve("countdown", _countdown())
    for before, after in zip((fifty, countdown), again, strict=True):
        assert (after.winner, after.best_moves, after.plies) == (
            before.winner,
            before.best_moves,
            before.plies,
        )


def test_a_table_never_passes_the_limit_between_two_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core.clear_cache()
    monkeypatch.setattr(types, "TABLE_LIMIT", 50)
    state = _fifty()
    for move in FIFTY.legal_moves(state)[:8]:
        core.move_values("fifty", FIFTY.play(state, move))
        types.trim_tables()
        assert sum(len(table) for table in _tables()) <= 50


def test_the_tables_share_one_object_for_each_value() -> None:
    core.clear_cache()
    core.move_values("fifty", _fifty())
    core.solve("countdown", _countdown())
    for table in _tables():
        values = list(table.values())
        assert len(values) > 10
        assert len({id(value) for value in values}) == len(set(values))


def test_fifty_move_lists_are_packed_in_eight_bytes_a_move() -> None:
    spec = FiftySpec(FiftyOptions(pool=(1, 15), target=200))
    full = (1 << spec.n) - 1
    for pool in (full, full ^ 0b101, 0b111, 0b1100000000011):
        moves = spec.moves(pool)
        assert moves.itemsize == 8
        expected = sorted(
            {
                (value, pool ^ bits)
                for bits, values in spec.pairs
                if pool & bits == bits
                for value in values
            },
            reverse=True,
        )
        assert [(move >> 16, move & 0xFFFF) for move in moves] == expected


def test_a_countdown_engine_forgotten_frees_its_tables_at_once() -> None:
    # (its closures refer to it: dropped, it would wait for the garbage collector)
    core.clear_cache()
    core.solve("countdown", _countdown())
    (engine,) = countdown_solver._ENGINES.values()
    memos = [engine.table, *engine.memos]
    assert all(memos)
    core.clear_cache()
    assert not any(memos)


def test_countdown_thresholds_count_in_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    core.clear_cache()
    core.solve("countdown", _countdown())
    (engine,) = countdown_solver._ENGINES.values()
    assert len(engine.keep_mover) > len(engine.table)
    monkeypatch.setattr(types, "TABLE_LIMIT", len(engine.table) + 1)
    types.trim_tables()
    assert not engine.keep_mover and not engine.keep_waiter
