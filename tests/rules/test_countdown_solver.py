"""The Countdown solver (rules.solver.countdown) against a plain minimax over the rules.

The reference here is written from RULINGS.md (countdown) alone: no pruning, no packed
states, no symmetry, only a plain table of the positions it has valued (a position's value
does not depend on how it was reached); `test_reference_follows_the_rules` checks its
moves against `GAME.play`.
Positions come from seeded random play with passes and lost turns (`/0`, a used number, a
number outside the pool), on reduced variants where the plain search is affordable.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest

from rules.base import PlayerNo, other
from rules.countdown import GAME, CountdownMove, CountdownOptions, CountdownState
from rules.solver.countdown import countdown_move_values, engine_for, solve_countdown
from rules.solver.countdown_engine import (
    CountdownEngine,
    K,
    exhaustion,
    truncate,
)


def preimage(op: int, number: int, bound: int) -> int:
    """The least total t with `t op number >= bound` (op: 0 +, 1 -, 2 *, 3 /)."""
    if op == 0:
        return bound - number
    if op == 1:
        return bound + number
    if op == 2:
        return -((-bound) // number)
    return bound * number if bound > 0 else (bound - 1) * number + 1


# ------------------------------------------------------------------ the reference


class Position(NamedTuple):
    total: int
    available: tuple[tuple[int, ...], tuple[int, ...]]
    mover: PlayerNo
    passes: int
    last: PlayerNo | None
    target: int
    first: PlayerNo


Result = tuple[PlayerNo, int]  # (winner, plies to the end)


def position_of(state: CountdownState) -> Position:
    return Position(
        state.running_total,
        state.available,
        state.to_move,
        state.passes_in_row,
        state.last_valid_mover,
        state.options.target,
        state.options.first,
    )


def successor(pos: Position, move: str) -> Position | PlayerNo:
    """The position after a legal move, or the winner when the move ends the game."""
    mine = pos.available[pos.mover - 1]
    if move == "pass":
        if pos.passes + 1 >= 2 or not (pos.available[0] or pos.available[1]):
            return pos.last if pos.last is not None else other(pos.first)
        return pos._replace(mover=other(pos.mover), passes=pos.passes + 1)
    op, number = move[0], int(move[1:])
    total = {
        "+": pos.total + number,
        "-": pos.total - number,
        "*": pos.total * number,
        "/": abs(pos.total) // number * (1 if pos.total >= 0 else -1),
    }[op]
    left = tuple(n for n in mine if n != number)
    available = (left, pos.available[1]) if pos.mover == 1 else (pos.available[0], left)
    if total >= pos.target or not (available[0] or available[1]):
        return pos.mover
    return Position(total, available, other(pos.mover), 0, pos.mover, pos.target, pos.first)


def moves_of(pos: Position) -> list[str]:
    own = pos.available[pos.mover - 1]
    return [f"{op}{n}" for op in "+-*/" for n in own] + ["pass"]


def better(new: Result, old: Result, mover: PlayerNo) -> bool:
    """Winning beats losing; a faster win, a longer loss."""
    if (new[0] == mover) != (old[0] == mover):
        return new[0] == mover
    return new[1] < old[1] if new[0] == mover else new[1] > old[1]


def brute_moves(pos: Position) -> dict[str, Result]:
    """Each move -> (winner with best play after it, plies after it)."""
    values: dict[str, Result] = {}
    for move in moves_of(pos):
        after = successor(pos, move)
        values[move] = (after, 0) if isinstance(after, int) else brute(after)
    return values


@functools.cache
def brute(pos: Position) -> Result:
    return best_of(brute_moves(pos), pos.mover)


@pytest.fixture(autouse=True)
def _forget_the_valued_positions() -> Iterator[None]:
    """Each test starts the reference's table afresh (and leaves no memory behind)."""
    yield
    brute.cache_clear()


def best_of(values: dict[str, Result], mover: PlayerNo) -> Result:
    """The position's value from its moves' values (one ply more)."""
    best: Result | None = None
    for winner, plies in values.values():
        value: Result = (winner, plies + 1)
        if best is None or better(value, best, mover):
            best = value
    assert best is not None
    return best


# ------------------------------------------------------------- sampled positions

LOST_TURNS = ("/0", "+12", "*0")


def random_states(options: CountdownOptions, seed: int, games: int) -> Iterator[CountdownState]:
    """Every position of `games` seeded random games, passes and lost turns included."""
    rng = random.Random(seed)
    for _ in range(games):
        state = GAME.new(options)
        while state.result is None:
            yield state
            roll = rng.random()
            if roll < 0.12:
                move = CountdownMove()
            elif roll < 0.18:
                used = [n for n in options.numbers() if n not in state.available_to(state.to_move)]
                text = f"+{used[0]}" if used and roll < 0.15 else rng.choice(LOST_TURNS)
                move = GAME.parse_move(text)
            else:
                move = rng.choice(GAME.legal_moves(state))
            state = GAME.play(state, move)


def small_states(
    options: CountdownOptions, seed: int, games: int, most_left: int
) -> list[CountdownState]:
    seen: dict[str, CountdownState] = {}
    for state in random_states(options, seed, games):
        if len(state.available[0]) + len(state.available[1]) <= most_left:
            seen.setdefault(state.model_copy(update={"note": None}).model_dump_json(), state)
    return list(seen.values())


def check_against_brute(state: CountdownState) -> bool:
    """Compare everything the solver says about `state`; True when it was settled."""
    pos = position_of(state)
    want = brute_moves(pos)
    assert countdown_move_values(state) == want, state
    solution = solve_countdown(state)
    best = best_of(want, state.to_move)
    assert (solution.winner, solution.plies) == best, state
    assert solution.to_move == state.to_move
    if solution.winner == state.to_move:
        keep = sorted(m for m, (winner, _) in want.items() if winner == state.to_move)
        assert list(solution.best_moves) == keep
    else:
        assert list(solution.best_moves) == sorted(want)
    # Where the engine's thresholds say both players can keep the other from the target,
    # the counts of numbers decide (docs/countdown-solver.md): the brute must agree.
    options = state.options
    if state.passes_in_row or state.last_valid_mover != other(state.to_move):
        return False
    engine = engine_for(options.target, options.pool)
    low = options.pool[0]
    mine, theirs = (
        sum(1 << (n - low) for n in state.available_to(p))
        for p in (state.to_move, other(state.to_move))
    )
    if not engine.settled(state.running_total, mine, theirs):
        return False
    wins, plies = exhaustion(engine.count[mine], engine.count[theirs])
    assert ((best[0] == state.to_move), best[1]) == (wins, plies), state
    return True


VARIANTS = [
    CountdownOptions(pool=pool, target=target, first=first)
    for pool, target in [
        ((1, 2), 4),
        ((1, 2), 7),
        ((1, 3), 10),
        ((1, 3), 13),
        ((1, 4), 12),
        ((1, 4), 15),
        ((2, 4), 11),
    ]
    for first in (1, 2)
]


@pytest.mark.parametrize(
    "depth",
    [pytest.param(4, id="quick"), pytest.param(1, id="full", marks=pytest.mark.soak)],
)
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: f"{o.pool}-{o.target}-{o.first}")
def test_solver_matches_plain_minimax(options: CountdownOptions, depth: int) -> None:
    """`depth` divides the number of positions: the default run checks a quarter of them,
    and one of the larger ones (five numbers left, where plain minimax is slow: 0.4 s each)
    when player 1 starts, where the soak checks two whoever starts."""
    states = small_states(options, seed=options.target * 10 + options.first, games=30, most_left=4)
    larger = small_states(options, seed=options.target, games=4, most_left=5)
    assert len(states) >= 20
    larger_checked = 2 if depth == 1 else (1 if options.first == 1 else 0)
    settled = [check_against_brute(state) for state in states[::depth] + larger[:larger_checked]]
    assert any(settled)


def test_positions_built_by_hand_match_plain_minimax() -> None:
    """Combinations play cannot reach (a pass pending with the stalemate going to the
    other side, a last valid mover who is to move again) are read by the rules too."""
    options = CountdownOptions(pool=(1, 3), target=9)
    states = small_states(options, seed=5, games=12, most_left=4)
    assert len(states) >= 8
    for state in states[:8]:
        for passes in (0, 1):
            for last in (None, 1, 2):
                changed = state.model_copy(
                    update={"passes_in_row": passes, "last_valid_mover": last}
                )
                check_against_brute(changed)


def test_positions_include_passes_and_lost_turns() -> None:
    states = [s for o in VARIANTS for s in small_states(o, o.target * 10 + o.first, 30, 4)]
    assert len(states) >= 300
    assert any(s.passes_in_row == 1 for s in states)
    assert any(s.note is not None and "loses their turn" in s.note for s in states)
    assert any(s.last_valid_mover is None for s in states)
    assert any(len(s.available[0]) != len(s.available[1]) + (s.to_move == 2) for s in states)


def test_reference_follows_the_rules() -> None:
    options = CountdownOptions(pool=(1, 4), target=12)
    for state in list(random_states(options, seed=3, games=25)):
        pos = position_of(state)
        assert moves_of(pos) == [GAME.format_move(m) for m in GAME.legal_moves(state)]
        for move in GAME.legal_moves(state):
            after = GAME.play(state, move)
            expected = successor(pos, GAME.format_move(move))
            if after.result is not None:
                assert expected == after.result.winner
            else:
                assert expected == position_of(after)


@pytest.mark.soak
@pytest.mark.parametrize(
    "options", [o for o in VARIANTS if o.pool == (1, 3)], ids=lambda o: f"{o.target}-{o.first}"
)
def test_solver_matches_plain_minimax_from_the_start(options: CountdownOptions) -> None:
    states = small_states(options, seed=99, games=4, most_left=6)
    assert any(s.last_valid_mover is None for s in states)
    for state in states[:12]:
        check_against_brute(state)


@pytest.mark.soak
@pytest.mark.parametrize("first", [1, 2])
def test_solver_matches_memoized_minimax_on_a_larger_pool(first: PlayerNo) -> None:
    """Numbers 1-5 each: too many positions for the plain minimax, so it gets a memo."""
    options = CountdownOptions(pool=(1, 5), target=15, first=first)
    memo: dict[Position, Result] = {}

    def value(pos: Position) -> Result:
        found = memo.get(pos)
        if found is None:
            values = {}
            for move in moves_of(pos):
                after = successor(pos, move)
                values[move] = (after, 0) if isinstance(after, int) else value(after)
            found = memo[pos] = best_of(values, pos.mover)
        return found

    for state in list(random_states(options, seed=first, games=60))[::3]:
        pos = position_of(state)
        solution = solve_countdown(state)
        assert (solution.winner, solution.plies) == value(pos), state
        for text, result in countdown_move_values(state).items():
            after = successor(pos, text)
            assert result == ((after, 0) if isinstance(after, int) else value(after)), text


# ------------------------------------------------------------------- the engine


def test_preimage_is_the_least_total() -> None:
    for op, apply in enumerate(
        (lambda t, n: t + n, lambda t, n: t - n, lambda t, n: t * n, truncate)
    ):
        for number in range(1, 10):
            for bound in range(-60, 61):
                least = preimage(op, number, bound)
                assert apply(least, number) >= bound
                assert apply(least - 1, number) < bound


@pytest.mark.parametrize(
    "target, pool",
    [
        (11, (2, 5)),
        (9, (1, 4)),
        pytest.param(30, (1, 9), marks=pytest.mark.soak),
        pytest.param(1, (1, 9), marks=pytest.mark.soak),
        pytest.param(200, (1, 9), marks=pytest.mark.soak),
    ],
)
def test_keeping_thresholds_follow_their_definition(target: int, pool: tuple[int, int]) -> None:
    """The engine's thresholds (with the best operator worked out by hand) against the
    definition: the keeper needs one move below the next bound, the other none above."""
    engine = CountdownEngine(target, *pool)
    n = engine.size
    mover: dict[int, int] = {}
    waiter: dict[int, int] = {}

    def keep_mover(keeper: int, other: int) -> int:
        key = keeper << n | other
        if key not in mover:
            bounds = [
                preimage(op, number, keep_waiter(keeper ^ bit, other))
                for bit, number in engine.members[keeper]
                for op in range(4)
            ]
            mover[key] = max(bounds) if bounds else target
        return mover[key]

    def keep_waiter(keeper: int, other: int) -> int:
        key = keeper << n | other
        if key not in waiter:
            bounds = [
                preimage(op, number, min(target, keep_mover(keeper, other ^ bit)))
                for bit, number in engine.members[other]
                for op in range(4)
            ]
            waiter[key] = min([target, *bounds])
        return waiter[key]

    rng = random.Random(target)
    for _ in range(400):
        keeper, other_ = rng.randrange(1 << n), rng.randrange(1 << n)
        assert engine.keeps_mover(keeper, other_) == keep_mover(keeper, other_)
        assert engine.keeps_waiter(keeper, other_) == keep_waiter(keeper, other_)


def test_truncate_rounds_toward_zero() -> None:
    assert [truncate(t, 2) for t in (-7, -1, 0, 1, 7)] == [-3, 0, 0, 0, 3]


@pytest.mark.parametrize(
    "mine, theirs", [(a, b) for a in range(4) for b in range(4) if 0 < a + b <= 5]
)
def test_exhaustion_matches_plain_minimax_far_below_the_target(mine: int, theirs: int) -> None:
    # A total so low that nobody can climb back: only the counts of numbers decide.
    numbers = (1, 2, 3)
    pos = Position(-(10**6), (numbers[:mine], numbers[:theirs]), 1, 0, 2, 10, 1)
    winner, plies = brute(pos)
    assert exhaustion(mine, theirs) == (winner == 1, plies)


# ---------------------------------------------------------------- the full game


def test_standard_game_is_a_second_player_win_in_18_plies() -> None:
    state = GAME.new()
    solution = solve_countdown(state)
    assert (solution.winner, solution.to_move, solution.plies) == (2, 1, 18)
    assert list(solution.best_moves) == sorted(GAME.format_move(m) for m in GAME.legal_moves(state))
    assert GAME.new(CountdownOptions(first=2)).to_move == 2
    assert solve_countdown(GAME.new(CountdownOptions(first=2))).winner == 1


def test_finished_game_reports_its_winner() -> None:
    state = GAME.replay(None, ["+9", "*9"])
    assert state.result is not None
    solution = solve_countdown(state)
    assert (solution.winner, solution.best_moves, solution.plies) == (2, (), 0)
    assert countdown_move_values(state) == {}


def test_move_values_agree_with_the_positions_they_lead_to() -> None:
    """Bellman check on the full game: each move's value is the solved value after it."""
    rng = random.Random(4)
    states = list(random_states(CountdownOptions(), seed=8, games=6))
    for state in rng.sample(states, min(len(states), 40)):
        values = countdown_move_values(state)
        assert set(values) == {GAME.format_move(m) for m in GAME.legal_moves(state)}
        for text, (winner, plies) in values.items():
            after = GAME.play_text(state, text)
            if after.result is not None:
                assert (winner, plies) == (after.result.winner, 0)
            else:
                solved = solve_countdown(after)
                assert (solved.winner, solved.plies) == (winner, plies)
        solution = solve_countdown(state)
        mover = state.to_move
        best = min(
            values.values(),
            key=lambda v: (0, v[1]) if v[0] == mover else (1, -v[1]),
        )
        assert (solution.winner, solution.plies) == (best[0], best[1] + 1)


def test_engine_scores_stay_in_range() -> None:
    engine = engine_for(30, (1, 9))
    score = engine.score(0, engine.full, engine.full)
    assert -K < score < K
