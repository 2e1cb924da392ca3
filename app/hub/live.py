"""Live rounds (issue 39): the whole class gets the same puzzle from the bank at the same
moment, answers once before the time is up, and every answer is judged by the solver.

This is the model, Textual-free and without the network (`app.hub.live_rounds` runs it on
the hub; the plain console and the full-screen console's form both start it through
`LiveOptions`): a `Round` judges each student's one answer (a winning move, a move that
keeps a draw where the game has one, or a losing move with the refutation in words), and
a `LiveSession` scores them. Scoring rewards understanding: a winning move scores
`POINTS` whatever the time it took; only with the speed bonus on does time count (up to
`SPEED_BONUS` more). A streak counts right answers in a row across the session's rounds;
the class total is every student's points.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from app.hub.live_par import medium_finds, team_words
from app.hub.protocol_class import Refused
from rules.base import IllegalMove
from rules.choices import choice_key
from rules.puzzles.model import Difficulty, Puzzle
from rules.puzzles.refute import judge_move
from rules.puzzles.words import move_words
from rules.registry import get_game
from rules.solver.core import move_values

Judgement = Literal["win", "draw", "lose"]
#: A right answer's points; the speed bonus's most (an answer at once).
POINTS = 10
SPEED_BONUS = 5
#: A round's seconds at least and at most; rounds in a session at most.
MIN_SECONDS, MAX_SECONDS, MAX_ROUNDS = 5, 600, 12
Clock = Callable[[], float]


@dataclass(frozen=True)
class LiveOptions:
    """What the teacher asked for: `live GAME DIFFICULTY SECONDS [COUNT]`."""

    game: str
    difficulty: Difficulty
    seconds: float
    count: int = 1
    speed_bonus: bool = False
    #: The projector shows who played what (off by default).
    names: bool = False


@dataclass(frozen=True)
class Answer:
    """A student's judged answer."""

    name: str
    move: str
    words: str
    judgement: Judgement
    #: Why it does not win (the refutation in words), or "" for a winning move.
    why: str
    points: int
    seconds: float


class Judged(NamedTuple):
    """A legal answer judged by the solver: the move (notation), its judgement, its words
    and why it does not win ("" when it wins)."""

    move: str
    judgement: Judgement
    words: str
    why: str


@dataclass(frozen=True)
class NotTaken:
    """An answer not taken: why (`code`, for the program) and in words."""

    code: Refused
    text: str


def answer_text(answer: Answer, streak: int, total: int) -> str:
    """What the student reads of their judged answer."""
    if answer.judgement == "win":
        head = f"Right: {answer.words} wins. +{answer.points} points"
    else:
        head = f"{answer.why} No points"
    return f"{head} (streak {streak}, your total {total})."


class Round:
    """One puzzle put to the students asked (their keys and names) at `opened`."""

    def __init__(
        self,
        number: int,
        puzzle: Puzzle,
        options: LiveOptions,
        asked: dict[str, str],
        clock: Clock = time.monotonic,
    ) -> None:
        self.number = number
        self.puzzle = puzzle
        self.options = options
        self.asked = asked
        self.clock = clock
        self.opened = clock()
        self.closed = False
        self.state: Any = puzzle.state()
        self.game = get_game(puzzle.game)
        self.mover = self.game.to_move(self.state)
        #: Every legal move (notation) -> the winner with best play after it (None: draw).
        self.values: dict[str, Any] = {
            m: w for m, (w, _) in move_values(puzzle.game, self.state).items()
        }
        #: Each legal move -> the first move of its choice (`4×8` and `8×4` are one choice,
        #: RULINGS.md "Puzzles") that has the same value: the spread, the wrong moves and
        #: the winning moves count each choice once. (A collect pick alone and with a
        #: declaration are one choice of different values: one bar said the winning
        #: "Pick 8, then declare 7 + 8 = 15" as "Pick 8 · loses".)
        self.choice: dict[str, str] = {}
        firsts: dict[object, str] = {}
        for move in sorted(self.values):
            key = (choice_key(puzzle.game, self.state, move), self.values[move])
            self.choice[move] = firsts.setdefault(key, move)
        #: Team mode: the right answers the medium computer would give in the place of
        #: every student asked (`app.hub.live_par`).
        self.par = medium_finds(puzzle.game, self.state, self.values) * len(asked)
        self.answers: dict[str, Answer] = {}
        #: Students whose answer is being judged (off the loop): a second one is refused.
        self.judged_now: set[str] = set()
        self._why: dict[str, str] = {}

    @property
    def left(self) -> float:
        """Seconds left before the time is up."""
        return max(0.0, self.options.seconds - (self.clock() - self.opened))

    @property
    def all_answered(self) -> bool:
        return len(self.answers) >= len(self.asked)

    def judgement(self, move: str) -> Judgement:
        winner = self.values[move]
        return "win" if winner == self.mover else "draw" if winner is None else "lose"

    def refusal(self, key: str) -> NotTaken | None:
        """Why `key`'s answer is not taken now (not asked, answered already, time up), or
        None when it is."""
        if key not in self.asked:
            text = f"You were not asked round {self.number}: wait for the next round."
            return NotTaken(Refused.NOT_ASKED, text)
        if key in self.answers or key in self.judged_now:
            text = f"You have answered round {self.number} already: one answer a round."
            return NotTaken(Refused.ANSWERED, text)
        if self.closed or self.left <= 0:
            return NotTaken(
                Refused.ROUND_OVER, f"Live round {self.number} is over: the time was up."
            )
        return None

    def judge(self, text: str) -> Judged | NotTaken:
        """`text` (a move in notation) read and judged by the solver, or why it is no move
        here. The solver's work: the hub runs it on the judges' thread (`app.hub.live_judge`),
        and it reads only the round's own tables (never `answers`)."""
        again = "Not a legal move here. Answer again."
        try:
            move = str(self.game.format_move(self.game.parse_move(text)))
            self.game.play_text(self.state, move)
        except (ValueError, IllegalMove) as error:
            said = str(error)[:200]
            again = f"Not a legal move here: {said}. Answer again."
            move = ""
        if move not in self.values:
            return NotTaken(Refused.NOT_A_MOVE, again)
        return Judged(move, self.judgement(move), self.words(move), self.why(move))

    def take(self, key: str, judged: Judged, taken: float) -> Answer:
        """`key`'s answer, judged, that came `taken` seconds after the round opened: scored
        and counted."""
        points = 0
        if judged.judgement == "win":
            points = POINTS
            if self.options.speed_bonus:
                left = max(0.0, self.options.seconds - taken)
                points += round(SPEED_BONUS * left / self.options.seconds)
        move, judgement, words, why = judged
        answer = Answer(self.asked[key], move, words, judgement, why, points, taken)
        self.answers[key] = answer
        return answer

    def answer(self, key: str, text: str) -> Answer | NotTaken:
        """Judge `key`'s answer `text` at once (on this thread); why not when it is not
        taken (not asked, answered already, time up, not a legal move)."""
        refused = self.refusal(key)
        if refused is not None:
            return refused
        judged = self.judge(text)
        if isinstance(judged, NotTaken):
            return judged
        return self.take(key, judged, self.clock() - self.opened)

    def words(self, move: str) -> str:
        return move_words(self.puzzle.game, self.state, move)

    def why(self, move: str) -> str:
        """Why `move` does not win, in words (the solver's refutation); "" if it wins."""
        judgement = self.judgement(move)
        if judgement == "win":
            return ""
        if move not in self._why:
            if judgement == "draw":
                self._why[move] = f"{self.words(move)} keeps a draw, but misses the win."
            else:
                self._why[move] = judge_move(self.puzzle.game, self.state, move).why
        return self._why[move]

    def winning(self) -> list[str]:
        """Every winning move with the solver's sentence."""
        found = move_values(self.puzzle.game, self.state)
        lines = []
        for move in sorted({self.choice[m] for m in self.values if self.judgement(m) == "win"}):
            rest = found[move][1] // 2
            after = "that wins at once" if found[move][1] == 0 else "every reply loses"
            if rest:
                after += f" (the win takes {rest} more move{'s' if rest > 1 else ''} of yours)"
            lines.append(f"{self.words(move)}: {after}.")
        return lines

    def spread(self) -> list[tuple[str, int, Judgement, list[str]]]:
        """Each move played: its words, how many played it, its judgement, who (sorted)."""
        counts = Counter(self.choice[a.move] for a in self.answers.values())
        rows = []
        for move, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            who = sorted(
                (a.name for a in self.answers.values() if self.choice[a.move] == move),
                key=str.casefold,
            )
            rows.append((self.words(move), count, self.judgement(move), who))
        return rows

    def right(self) -> int:
        return sum(1 for a in self.answers.values() if a.judgement == "win")

    def most_common_wrong(self) -> tuple[str, int, str] | None:
        """The wrong move played most (ties: the first in notation order): its words, how
        many played it, why it does not win."""
        wrong = Counter(self.choice[a.move] for a in self.answers.values() if a.judgement != "win")
        if not wrong:
            return None
        move, count = min(wrong.items(), key=lambda item: (-item[1], item[0]))
        return self.words(move), count, self.why(move)

    def summary(self) -> str:
        """The round in one line for the session's summary."""
        asked, right = len(self.asked), self.right()
        share = f"{round(100 * right / asked)}%" if asked else "nobody was asked"
        line = f"Round {self.number} ({self.puzzle.game} {self.puzzle.difficulty}, puzzle "
        line += f"{self.puzzle.id}): {right} of {asked} right ({share})"
        common = self.most_common_wrong()
        if common is None:
            return f"{line}; no wrong move was played."
        words, count, why = common
        return f"{line}; the most common wrong move: {words} ({count}). {why}"


@dataclass
class Score:
    name: str
    points: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass
class LiveSession:
    """A session of rounds: each student's points and streak, the class total."""

    options: LiveOptions
    rounds: list[Round] = field(default_factory=list)
    scores: dict[str, Score] = field(default_factory=dict)

    def counted(self, key: str, answer: Answer) -> Score:
        """`answer` scored: the student's score after it."""
        score = self.scores.setdefault(key, Score(answer.name))
        score.points += answer.points
        if answer.judgement == "win":
            score.right += 1
            score.streak += 1
            score.best_streak = max(score.best_streak, score.streak)
        else:
            score.streak = 0
        return score

    def missed(self, key: str, name: str) -> None:
        """Asked and no answer in time: the streak ends."""
        self.scores.setdefault(key, Score(name)).streak = 0

    @property
    def class_total(self) -> int:
        return sum(score.points for score in self.scores.values())

    @property
    def team(self) -> int:
        """Team mode: the class's right answers in the rounds so far."""
        return sum(live.right() for live in self.rounds)

    @property
    def par(self) -> float:
        """The computer's par for the rounds so far (`app.hub.live_par`)."""
        return sum(live.par for live in self.rounds)

    def rounds_played(self) -> str:
        """`1 round`, `3 rounds`: how many this session has played."""
        count = len(self.rounds)
        return "1 round" if count == 1 else f"{count} rounds"

    def summary(self, names: bool = True) -> list[str]:
        """The session's summary: per puzzle the share of right answers and the most common
        wrong move with why it loses; the class total and the best streak (`names`: and
        whose it is)."""
        lines = [f"The live session's summary ({self.rounds_played()}):"]
        lines += [f"  {r.summary()}" for r in self.rounds]
        lines.append(f"The class total: {self.class_total} points.")
        lines.append(team_words(self.team, self.par))
        best = max((s.best_streak for s in self.scores.values()), default=0)
        if best:
            who = sorted(
                (s.name for s in self.scores.values() if s.best_streak == best), key=str.casefold
            )
            whose = f" ({', '.join(who[:10])})" if names else ""
            lines.append(f"The longest streak: {best} right in a row{whose}.")
        return lines
