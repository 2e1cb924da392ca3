"""The solver against plain brute-force minimax on reduced variants, and its API.

Positions come from seeded random play; at each one the solver and the brute force
(`tests.rules.brute`: no table, no pruning, the game's own verbs) must agree on the
winner and the plies, the solver's best moves must be exactly the moves that keep the
result, and `move_values` must agree move by move.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from rules.base import other
from rules.collect import CollectOptions, CollectState
from rules.conquest import ConquestOptions, ConquestState, equations_of
from rules.countdown import CountdownOptions
from rules.equation.search import find_equation
from rules.fifty import FiftyOptions, FiftyState
from rules.operators import Op
from rules.registry import get_game
from rules.solver.collect_fast import EquationSets
from rules.solver.core import clear_cache, move_values, solve
from rules.solver.core import solve as core_solve
from rules.solver.specs.conquest import completes
from rules.solver.types import Solution, SolverError
from rules.template import TemplateOptions
from tests.rules.brute import Table, brute_move_values, brute_solve


def positions(game_id: str, options: Any, count: int, seed: int, min_moves: int = 0) -> list[Any]:
    """Up to `count` different positions (a few finished) reached by seeded random play."""
    game = get_game(game_id)
    rng = random.Random(seed)
    found: dict[str, Any] = {}
    for _ in range(50 * count):
        if len(found) >= count:
            break
        state = game.new(options)
        for _ in range(rng.randint(min_moves, 12)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if game.outcome(state) is None or rng.random() < 0.1:
            found.setdefault(state.model_dump_json(exclude={"note"}), state)
    return list(found.values())


def check_against_brute(
    game_id: str, state: Any, horizon: int | None = None, generic: bool = False
) -> None:
    game = get_game(game_id)
    solution = core_solve(game_id, state, generic=generic)
    table: Table = {}
    (winner, plies), best = brute_solve(game, state, horizon, table)
    assert (solution.winner, solution.plies) == (winner, plies), state
    assert list(solution.best_moves) == best, state
    assert solution.to_move == game.to_move(state)
    if game.outcome(state) is None:
        values = move_values(game_id, state) if not generic else None
        if values is not None:
            assert values == brute_move_values(game, state, horizon, table), state


REDUCED: list[tuple[str, Any, int, int]] = [
    ("collect", CollectOptions(pool=(1, 6)), 300, 0),
    ("collect", CollectOptions(pool=(1, 6), ops=("+", "-"), first=2), 200, 0),
    ("collect", CollectOptions(pool=(1, 6), double_digits=True), 200, 0),
    ("collect", CollectOptions(pool=(1, 7), ops=("*", "/")), 150, 2),
    ("fifty", FiftyOptions(pool=(1, 6), target=20), 300, 1),
    ("fifty", FiftyOptions(pool=(1, 6), target=12, first=2), 200, 1),
    ("fifty", FiftyOptions(pool=(2, 7), target=9), 200, 1),
    ("template", TemplateOptions(digits=(1, 6)), 300, 3),
    ("template", TemplateOptions(digits=(1, 6), template="(_ + _) × _", first=2), 200, 3),
    ("template", TemplateOptions(digits=(0, 5), template="_ ÷ (_ − _)"), 200, 3),
    ("template", TemplateOptions(digits=(1, 3), copies=2, template="_ × _ − _"), 200, 2),
    # Digits to spare: the last placements choose among more digits than slots.
    ("template", TemplateOptions(digits=(1, 8)), 200, 3),
    ("template", TemplateOptions(digits=(0, 9), template="(_ − _) ÷ _"), 150, 4),
    ("template", TemplateOptions(digits=(1, 4), copies=2, template="_ × (_ + _)"), 150, 3),
]


def depths(quick: int, full: int) -> list[Any]:
    """A sample size twice: a quick one for the default run, the full one for the soak set."""
    return [pytest.param(quick, id="quick"), pytest.param(full, id="full", marks=pytest.mark.soak)]


@pytest.mark.parametrize("depth", depths(8, 1))
@pytest.mark.parametrize(("game_id", "options", "count", "min_moves"), REDUCED)
def test_solver_matches_brute_force(
    game_id: str, options: Any, count: int, min_moves: int, depth: int
) -> None:
    """`depth` divides the number of positions: the default run checks an eighth of them
    (each from a random game of its own, so the first eighth is as varied as the whole)."""
    wanted = count // depth
    states = positions(game_id, options, wanted, seed=count + min_moves, min_moves=min_moves)
    assert len(states) == wanted
    for state in states:
        check_against_brute(game_id, state)


def test_collect_from_the_start_matches_brute_force() -> None:
    game = get_game("collect")
    for options in (CollectOptions(pool=(1, 5)), CollectOptions(pool=(2, 6), ops=("+", "-"))):
        check_against_brute("collect", game.new(options))


def test_fifty_from_the_start_matches_brute_force() -> None:
    check_against_brute("fifty", get_game("fifty").new(FiftyOptions(pool=(1, 5), target=14)))


@pytest.mark.parametrize("count", depths(30, 250))
def test_fifty_constructed_positions_match_brute_force(count: int) -> None:
    """Scores the random games rarely reach: every move may hand over the target."""
    rng = random.Random(50)
    for _ in range(count):
        target = rng.choice((10, 12, 15))
        options = FiftyOptions(pool=(1, 7), target=target, first=rng.choice((1, 2)))
        pool = tuple(sorted(rng.sample(range(1, 8), rng.choice((2, 3, 4, 5)))))
        scores = (rng.randint(-6, target), rng.randint(-6, target))
        state = FiftyState(options=options, pool=pool, scores=scores, to_move=rng.choice((1, 2)))
        check_against_brute("fifty", state)


@pytest.mark.parametrize("count", depths(50, 250))
def test_collect_sudden_death_positions_match_brute_force(count: int) -> None:
    """Sudden death from every kind of split, equal sums and held equations included."""
    rng = random.Random(4)
    game = get_game("collect")
    for _ in range(count):
        high = rng.choice((4, 6, 7, 8))  # 1-4, 1-7, 1-8 can split into equal sums
        options = CollectOptions(pool=(1, high), ops=rng.choice((("+", "-"), ("*",), ("+",))))
        numbers = list(options.numbers())
        rng.shuffle(numbers)
        cut = rng.randint(1, high - 1)
        state = CollectState(
            options=options,
            pool=(),
            collected=(tuple(numbers[:cut]), tuple(numbers[cut:])),
            to_move=rng.choice((1, 2)),
            phase="sudden-death",
            sudden_death_turns=rng.randint(0, 3),
        )
        assert game.outcome(state) is None
        check_against_brute("collect", state)


@pytest.mark.parametrize("pool", [(1, 3), (1, 4), (1, 5)])
def test_conquest_matches_brute_force(pool: tuple[int, int]) -> None:
    options = ConquestOptions(pool=pool)
    for state in positions("conquest", options, 60, seed=pool[1]):
        check_against_brute("conquest", state, horizon=4)
    check_against_brute("conquest", get_game("conquest").new(options), horizon=4)


@pytest.mark.parametrize("pool", [(2, 4), (2, 5), (3, 6), (2, 6)])
def test_conquest_without_a_one_matches_brute_force_or_says_why(pool: tuple[int, int]) -> None:
    """Pools without 1 leave some pairs uncompletable; play may then go on forever.

    The rules refuse such pools (RULINGS.md); the solver still answers or says why."""
    game = get_game("conquest")
    options = ConquestOptions.model_construct(pool=pool)
    rng = random.Random(pool[0] * 10 + pool[1])
    low, high = pool
    for _ in range(40):
        sequence = tuple(rng.randint(low, high) for _ in range(rng.choice((0, 1, 2, 2, 2))))
        state = ConquestState(options=options, sequence=sequence)
        try:
            solution = solve("conquest", state)
        except SolverError as error:
            assert "forever" in str(error)
            continue
        (winner, plies), best = brute_solve(game, state, horizon=solution.plies + 1)
        assert (solution.winner, solution.plies) == (winner, plies), sequence
        assert list(solution.best_moves) == best


def test_conquest_completes_is_equations_of() -> None:
    for a, b, c in itertools.product(range(1, 13), repeat=3):
        assert completes(a, b, c, c) == bool(equations_of(a, b, c)), (a, b, c)


def test_collect_equation_sets_agree_with_find_equation() -> None:
    cases: list[tuple[tuple[Op, ...], bool]] = [
        (("+", "-", "*", "/"), False),
        (("+", "-"), True),
        (("*", "/"), False),
    ]
    for ops, double in cases:
        numbers = tuple(range(1, 10))
        sets = EquationSets(numbers, ops, double)
        for size in range(5):
            for chosen in itertools.combinations(numbers, size):
                mask = sets.mask_of(chosen)
                assert sets.holds(mask) == (find_equation(chosen, ops, double) is not None)


def test_countdown_generic_solver_on_a_tiny_pool() -> None:
    """Until the countdown solver exists, the generic search handles tiny pools."""
    options = CountdownOptions(pool=(1, 2), target=5)
    for state in positions("countdown", options, 60, seed=7):
        check_against_brute("countdown", state, generic=True)


# ------------------------------------------------------------------------- the API


@pytest.mark.parametrize("game_id", ["collect", "template", "fifty", "conquest"])
def test_default_start_is_solved(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new()
    solution = solve(game_id, state)
    assert isinstance(solution, Solution)
    assert solution.to_move == 1
    assert solution.best_moves == tuple(sorted(solution.best_moves))
    assert solution.plies >= 1 and solution.seconds >= 0
    values = move_values(game_id, state)
    assert set(values) == {game.format_move(m) for m in game.legal_moves(state)}
    keeping = sorted(t for t, (w, _) in values.items() if w == solution.winner)
    if solution.winner == solution.to_move:
        assert list(solution.best_moves) == keeping
        assert solution.plies == 1 + min(p for w, p in values.values() if w == solution.winner)
    else:
        assert solution.plies == 1 + max(p for _, p in values.values())


def test_solved_results_of_the_default_games() -> None:
    assert solve("conquest", get_game("conquest").new()).winner == 1
    assert solve("conquest", get_game("conquest").new()).plies == 3


def test_finished_position_reports_its_winner() -> None:
    game = get_game("conquest")
    state = game.replay(None, ["1", "2", "3"])
    solution = solve("conquest", state)
    assert (solution.winner, solution.best_moves, solution.plies) == (1, (), 0)
    assert move_values("conquest", state) == {}


def test_collect_sudden_death_goes_to_the_tie_break() -> None:
    """With every declaration made as soon as it exists, nobody holds one in sudden death."""
    game = get_game("collect")
    options = CollectOptions(pool=(1, 2))
    state = game.replay(options, ["1", "2"])
    assert state.phase == "sudden-death"
    solution = solve("collect", state)
    assert solution.winner == 2  # sums 1 to 2
    assert solution.plies == 4
    assert solution.best_moves == (":",)


def test_first_player_option_is_respected() -> None:
    game = get_game("conquest")
    solution = solve("conquest", game.new(ConquestOptions(first=2)))
    assert (solution.to_move, solution.winner) == (2, 2)


def test_clear_cache_keeps_answers() -> None:
    state = get_game("fifty").new(FiftyOptions(pool=(1, 6), target=20))
    before = solve("fifty", state)
    clear_cache()
    after = solve("fifty", state)
    assert (before.winner, before.best_moves, before.plies) == (
        after.winner,
        after.best_moves,
        after.plies,
    )
    assert other(before.winner) != before.winner
