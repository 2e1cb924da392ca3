"""Hints (`hint`) and post-game analysis (`analyse`), from the solver."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.base import PlayerNo
from rules.conquest import completing_numbers, equations_of
from rules.equation.search import find_equation
from rules.registry import get_game
from rules.solver.core import move_values, solve
from rules.solver.perfect import perfect_choice
from rules.words.advice import best_line
from rules.words.common import DEFAULT_NAMES, Names
from rules.words.outcome import result_sentence
from rules.words.voice import Voice

#: (winner with best play, moves to the end: both players' moves counted)
Value = tuple[PlayerNo, int]


@dataclass(frozen=True)
class Hint:
    """The best move for the player to move and what it achieves."""

    #: The move in notation, for the board to mark (None once the game is over).
    move: str | None
    #: What the player reads, addressed to them.
    text: str
    #: The winner with best play and the plies to the end, this move included.
    winner: PlayerNo
    plies: int


def hint(game_id: str, state: Any, names: Names = DEFAULT_NAMES) -> Hint:
    """The move a perfect player makes here, and what it achieves in words."""
    game = get_game(game_id)
    outcome = game.outcome(state)
    if outcome is not None:
        text = f"The game is over: {result_sentence(outcome, names)}"
        return Hint(None, text, outcome.winner, 0)
    choice = perfect_choice(game_id, state, random.Random(0))
    mover: PlayerNo = game.to_move(state)
    alike = choice.winner != mover and _all_lose_alike(game_id, state)
    voice = Voice(names, you=mover)
    text = best_line(game_id, state, choice.move, mover, choice.winner, choice.plies, voice, alike)
    return Hint(choice.move, text, choice.winner, choice.plies)


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of a finished (or unfinished) game, judged by the solver."""

    index: int
    mover: PlayerNo
    move: str
    before: Value
    after: Value
    keeps_win: bool
    throws_away_win: bool
    #: The moves that kept the best result (sorted notation); for a move that shortened a
    #: lost game, the moves that held out longest.
    best_moves: tuple[str, ...]
    #: The mover was losing and let the game end sooner than the best defence would have.
    hastens_loss: bool = False
    #: For a mistake: best play from the position after it (`refutation`).
    refutation: tuple[str, ...] = ()

    @property
    def mistake(self) -> bool:
        return self.throws_away_win or self.hastens_loss


@dataclass(frozen=True)
class Chance:
    """An equation a player could declare after move `index` (collect), or complete with
    it (conquest), and whether they did (`taken`)."""

    player: PlayerNo
    index: int
    equation: str
    taken: bool


@dataclass(frozen=True)
class Analysis:
    game_id: str
    start: Value
    moves: tuple[MoveAnalysis, ...]
    first_mistake: int | None
    #: Collect and conquest only.
    chances: tuple[Chance, ...]
    #: The winner of the game as played (None while unfinished).
    winner: PlayerNo | None


def _value(game_id: str, state: Any) -> tuple[Value, tuple[str, ...]]:
    solution = solve(game_id, state)
    return (solution.winner, solution.plies), solution.best_moves


def analyse(game_id: str, options: Any, moves: list[str]) -> Analysis:
    """Judge every move of a game (raises IllegalMove naming a move that cannot be played)."""
    game = get_game(game_id)
    states = game.history(options, moves)
    values = [_value(game_id, state) for state in states]
    judged = [_judge(game, game_id, states, values, index, moves) for index in range(len(moves))]
    first = next((m.index for m in judged if m.mistake), None)
    chances: list[Chance] = []
    if game_id == "collect":
        chances = _collect_chances(game, states)
    elif game_id == "conquest":
        chances = _conquest_chances(game, states)
    outcome = game.outcome(states[-1])
    return Analysis(
        game_id=game_id,
        start=values[0][0],
        moves=tuple(judged),
        first_mistake=first,
        chances=tuple(chances),
        winner=None if outcome is None else outcome.winner,
    )


def judge_moves(
    game_id: str, options: Any, moves: list[str], first: int, stop: int
) -> tuple[MoveAnalysis, ...]:
    """Moves `first` to `stop` (excluded) judged as `analyse` judges them (the analysis
    screen asks for a stretch at a time)."""
    game = get_game(game_id)
    states = game.history(options, moves[:stop])
    values: dict[int, Any] = {
        index: _value(game_id, states[index]) for index in range(first, stop + 1)
    }
    return tuple(
        _judge(game, game_id, states, values, index, moves) for index in range(first, stop)
    )


def _judge(
    game: Any, game_id: str, states: list[Any], values: Any, index: int, moves: list[str]
) -> MoveAnalysis:
    """Move `index` judged: `values[i]` is position i's ((winner, plies), best moves)."""
    before = states[index]
    mover: PlayerNo = game.to_move(before)
    (was, was_plies), best = values[index]
    (now, now_plies), _ = values[index + 1]
    throws = was == mover and now != mover
    hastens = was != mover and now_plies < was_plies - 1
    if hastens:  # a lost position lists every move as best: keep the longest defences
        best = _longest_defences(game_id, before) or best
    elif throws:  # the quickest wins first: the examples a sentence gives
        each = move_values(game_id, before)
        best = tuple(sorted(best, key=lambda move: each[move][1] if move in each else 0))
    return MoveAnalysis(
        index=index,
        mover=mover,
        move=moves[index],
        before=values[index][0],
        after=values[index + 1][0],
        keeps_win=was == mover and now == mover,
        throws_away_win=throws,
        best_moves=best,
        hastens_loss=hastens,
        refutation=refutation(game_id, states[index + 1]) if throws or hastens else (),
    )


def _all_lose_alike(game_id: str, state: Any) -> bool:
    """In a lost position, whether every move holds out as long as the best defence
    (templates always last six placements)."""
    if game_id == "template":
        return True
    values = move_values(game_id, state)
    return len({plies for _, plies in values.values()}) <= 1


def _longest_defences(game_id: str, state: Any) -> tuple[str, ...]:
    """The moves that hold out longest in a lost position (sorted notation)."""
    values = move_values(game_id, state)
    if not values:
        return ()
    longest = max(plies for _, plies in values.values())
    return tuple(sorted(move for move, (_, plies) in values.items() if plies == longest))


#: The longest refutation shown (moves of both players).
REFUTATION_MOVES = 8


def refutation(game_id: str, state: Any, limit: int = REFUTATION_MOVES) -> tuple[str, ...]:
    """Best play from `state` (notation), at most `limit` moves, the same line every time."""
    game = get_game(game_id)
    line: list[str] = []
    while len(line) < limit and game.outcome(state) is None:
        choice = perfect_choice(game_id, state, random.Random(0))
        line.append(choice.move)
        state = game.play_text(state, choice.move)
    return tuple(line)


def solution_line(game_id: str, state: Any, move: str) -> tuple[str, ...]:
    """`move` played in `state`, then best play after it (a puzzle's solution played out)."""
    after = get_game(game_id).play_text(state, move)
    return (move, *refutation(game_id, after, REFUTATION_MOVES - 1))


def _collect_chances(game: Any, states: list[Any]) -> list[Chance]:
    """After each move: did the mover's numbers hold an equation, and did they declare it?"""
    chances = []
    for index in range(len(states) - 1):
        before, after = states[index], states[index + 1]
        mover: PlayerNo = game.to_move(before)
        opts = before.options
        equation = find_equation(after.numbers_of(mover), opts.ops, opts.double_digits)
        if equation is None:
            continue
        outcome = game.outcome(after)
        declared = bool(after.last_valid) and outcome is not None and outcome.winner == mover
        shown = after.last_declaration if declared else equation
        chances.append(Chance(mover, index, shown, declared))
    return chances


def _conquest_chances(game: Any, states: list[Any]) -> list[Chance]:
    """Each move made where the last two numbers could be completed to an equation."""
    chances = []
    for index in range(len(states) - 1):
        before, after = states[index], states[index + 1]
        if len(before.sequence) < 2:
            continue
        a, b = before.sequence[-2], before.sequence[-1]
        low, high = before.options.pool
        completing = completing_numbers(a, b, low, high)
        if not completing:
            continue
        mover: PlayerNo = game.to_move(before)
        outcome = game.outcome(after)
        if outcome is not None and outcome.winner == mover:
            chances.append(Chance(mover, index, str(after.equation), True))
        else:  # the equation the number formed (left unstated), or one it could have
            number = after.sequence[-1]
            missed = number if number in completing else completing[0]
            chances.append(Chance(mover, index, equations_of(a, b, missed)[0], False))
    return chances
