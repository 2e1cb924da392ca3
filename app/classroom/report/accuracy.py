"""Accuracy and mistakes, from the analysis of a game record (rules.analysis).

A move is *accurate* when it kept the best value the solver gives for the position
before it (it is among `best_moves`: the same winner with best play, as quickly, or
holding out as long). A move that is not accurate is a mistake of one kind:

- `missed-win`: the mover could win with this very move and played one that lost at
  once (fifty: "went over 50 with a move that could have been exact");
- `threw-win`: the mover was winning and now loses with best play;
- `slow-win`: the mover still wins, but not by the quickest way;
- `gave-in`: in a lost position, a move that loses sooner than the best defence;
and, apart from the moves, in collect and conquest:
- `missed-equation`: an equation the player could have declared and did not.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.analysis import Analysis, analyse
from rules.records import GameRecord
from rules.registry import get_game

KINDS = ("missed-win", "threw-win", "slow-win", "gave-in", "missed-equation")

_SPECIAL: dict[tuple[str, str], str] = {
    ("fifty", "missed-win"): "went over 50 with a move that could have been exact",
    ("countdown", "missed-win"): "missed the move that reached the target",
    ("collect", "missed-equation"): "did not declare an equation they had",
    ("conquest", "missed-equation"): "did not complete an equation they could have",
}
_WORDS = {
    "missed-win": "played a losing move when a winning one was there",
    "threw-win": "let a winning position slip",
    "slow-win": "won, but not by the quickest way",
    "gave-in": "in a lost position, did not hold out longest",
    "missed-equation": "missed an equation they could have declared",
}


def kind_words(game_id: str, kind: str) -> str:
    """`fifty: went over 50 with a move that could have been exact`."""
    return f"{game_id}: {_SPECIAL.get((game_id, kind), _WORDS[kind])}"


@dataclass(frozen=True)
class Example:
    """A position from a player's own game where they made a mistake: the options and the
    moves that led to it, and the moves that were best there (notation)."""

    game: str
    options: Any
    moves: tuple[str, ...]
    best: tuple[str, ...]


def _deeper(kept: Example | None, found: Example) -> Example:
    """Of two examples, the one further into its game (fewer moves left: a shorter puzzle
    to try than an opening); the one kept first when they are as deep."""
    return found if kept is None or len(found.moves) > len(kept.moves) else kept


@dataclass
class Judged:
    """One player's moves in some games."""

    moves: int = 0
    accurate: int = 0
    games: int = 0
    #: (game id, kind) → how often.
    mistakes: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (game id, kind) → a position where such a mistake was made (the deepest met).
    examples: dict[tuple[str, str], Example] = field(default_factory=dict)

    @property
    def accuracy(self) -> float | None:
        return None if self.moves == 0 else self.accurate / self.moves

    def add(self, other: Judged) -> None:
        self.moves += other.moves
        self.accurate += other.accurate
        self.games += other.games
        self.mistakes.update(other.mistakes)
        for key, example in other.examples.items():
            self.examples[key] = _deeper(self.examples.get(key), example)


def judge_analysis(
    analysis: Analysis, options: Any = None, played: list[str] | None = None
) -> dict[int, Judged]:
    """Each seat's (1, 2) moves and mistakes in one analysed game (with the game's
    options and moves, an example position of each kind of mistake too)."""
    seats = {1: Judged(games=1), 2: Judged(games=1)}
    game = analysis.game_id
    for m in analysis.moves:
        judged = seats[m.mover]
        judged.moves += 1
        if m.move in m.best_moves:
            judged.accurate += 1
            continue
        was_winning = m.before[0] == m.mover
        if was_winning and m.before[1] == 1 and m.after[1] == 0:
            kind = "missed-win"
        elif m.throws_away_win:
            kind = "threw-win"
        elif was_winning:
            kind = "slow-win"
        else:
            kind = "gave-in"
        judged.mistakes[(game, kind)] += 1
        if played is not None and m.best_moves:
            example = Example(game, options, tuple(played[: m.index]), m.best_moves)
            judged.examples[(game, kind)] = _deeper(judged.examples.get((game, kind)), example)
    for chance in analysis.chances:
        if not chance.taken:
            seats[chance.player].mistakes[(game, "missed-equation")] += 1
    return seats


def judge_record(
    record: GameRecord, analysed: list[tuple[Any, list[str], Analysis]] | None = None
) -> dict[str, Judged]:
    """Each person's (not the computer's) moves in a recorded game (a match's rounds are
    judged one by one), by name. A record that cannot be replayed is judged as nothing.
    `analysed`: each round's analysis is added to it, with the round's options and moves
    (the analysis screen opened at the game's end takes its own from these)."""
    game = get_game(record.game)
    options = game.Options.model_validate(record.options)
    moves = [entry.move for entry in record.moves]
    rounds = _round_moves(record, moves)
    found: dict[str, Judged] = {}
    for first, played in rounds:
        round_options = options
        if first is not None and "first" in game.Options.model_fields:
            round_options = options.model_copy(update={"first": first})
        try:
            analysis = analyse(record.game, round_options, played)
        except ValueError:
            continue
        if analysed is not None:
            analysed.append((round_options, played, analysis))
        for seat, judged in judge_analysis(analysis, round_options, played).items():
            player = record.players[seat - 1]
            if player.kind != "human":
                continue
            found.setdefault(player.name, Judged(games=0)).add(judged)
    for judged in found.values():
        judged.games = 1
    return found


def _round_moves(record: GameRecord, moves: list[str]) -> list[tuple[int | None, list[str]]]:
    """The moves of each round of a match (who moved first, its moves); one game: one."""
    if not record.rounds:
        return [(None, moves)]
    out: list[tuple[int | None, list[str]]] = []
    start = 0
    for rnd in record.rounds:
        out.append((rnd.first, moves[start : start + rnd.moves]))
        start += rnd.moves
    if start < len(moves):
        out.append((None, moves[start:]))
    return out
