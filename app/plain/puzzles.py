"""Puzzles from the line mode's menu: one at a time from the bank, the daily puzzle, or
training (a streak, a storm, "Try again": the command line's own runs, `app.cli.training`,
through the console, kept under the name the player gave and not rated).

Each move is judged as on the full screen (`rules.puzzles.training.Attempt`), and the try
is counted by its referee (`PuzzleReferee.record`): rated the first time for a named
player, the change said in words. The name is asked once a session (Enter: not rated).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from app.cli import training
from app.match_session.puzzle import PuzzleReferee, counted
from app.plain.base import Console
from app.plain.choosing import choose, yes_no
from app.plain.puzzle_lines import puzzle_text, read_move
from app.plain.stops import EndOfInput
from app.plain.words_in import refusal_words, rewrite
from rules.base import IllegalMove
from rules.names import NameProblem, clean_name
from rules.puzzles import bank
from rules.puzzles.bank import NoPuzzle
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Attempt
from rules.puzzles.words import move_words, position_words
from rules.registry import GAME_IDS, GAME_INFO

GIVE_UP = ("solution", "give up", "show")
LEAVE = ("quit", "q", "exit", "back")
HELP = (
    "Type your move (in words or notation); or hint for a clue (again: a winning move), "
    "board for the position, solution to give up, quit to leave."
)
KINDS = (
    "One puzzle of a game you choose",
    "A streak: no clock, harder and harder, until the first miss",
    "A storm: three minutes, as many as you can; a miss costs 10 seconds",
    "Try again: your mistakes and the puzzles you missed",
)


def solve_puzzle(console: Console) -> None:
    """Choose a game, then solve one of its puzzles."""
    picked = choose(console, "A puzzle of which game", [GAME_INFO[g].name for g in GAME_IDS])
    if picked is None:
        return
    try:
        puzzle = bank.pick(GAME_IDS[picked])
    except NoPuzzle as error:
        console.say(f"No puzzle: {error}.")
        return
    solve(console, puzzle)


def solve_daily(console: Console, day: dt.date | None = None) -> None:
    """The puzzle of the day (today's unless `day` is given)."""
    day = day or dt.date.today()
    try:
        puzzle = bank.daily(day)
    except NoPuzzle as error:
        console.say(f"No daily puzzle: {error}.")
        return
    console.say("The daily puzzle.")
    solve(console, puzzle, daily=day.isoformat())


def player_name(console: Console) -> str:
    """The name puzzles are rated under: asked once a session ("Player 1": not rated)."""
    if console.player is not None:
        return console.player
    while True:
        typed = console.ask("Your name, to rate and keep your puzzles (Enter: unnamed, unrated): ")
        if not typed.strip():
            console.player = "Player 1"
            return console.player
        try:
            console.player = clean_name(typed)
        except NameProblem as error:
            console.say(f"{str(error)[:1].upper()}{str(error)[1:]}.")
            continue
        return console.player


def solve(console: Console, puzzle: Puzzle, daily: str | None = None) -> bool:
    """Try `puzzle` (then again, unrated, if the player wants); True when solved."""
    referee = PuzzleReferee(puzzle, player_name(console), daily=daily)
    while True:
        ending = one_try(console, referee)
        if ending is None:
            console.say("Left the puzzle: this try is not counted.")
            return False
        console.say_all(counted(referee))
        if ending or not yes_no(console, "Try it again (not rated)? (yes/no): "):
            return ending
        referee = referee.retry()


def one_try(console: Console, referee: PuzzleReferee) -> bool | None:
    """One try, move by move: True solved, False missed, None left (not counted)."""
    puzzle = referee.puzzle
    attempt = Attempt(puzzle)
    console.say_all(puzzle_text(puzzle, aloud=True))
    console.say(HELP)
    while True:
        answer = console.ask("Your move: ").strip()
        word = " ".join(answer.lower().split())
        if word in LEAVE:
            return None
        if word in GIVE_UP:
            _give_up(console, referee, attempt)
            return False
        if word in ("hint", "h"):
            referee.hints += 1  # (the daily puzzle's line to share counts them)
            console.say(attempt.hint_text())
        elif word in ("help", "?"):
            console.say(HELP)
        elif word in ("board", "position"):
            console.say_all(position_words(puzzle.game, attempt.state))
        elif isinstance(move := read_move(attempt, answer), Exception):
            _refused(console, move)
        else:
            before = attempt.state
            try:  # the rules are asked once: their refusal is the answer, then ask again
                step = attempt.play(move)
            except IllegalMove as error:
                _refused(console, ValueError(refusal_words(puzzle.game, answer, error)))
                continue
            console.say(step.text)
            if not step.right:  # the solver's verdict (`step.verdict`): the missed try
                assert step.verdict is not None, "a judged move carries its verdict"
                referee.judged(before, step.verdict, step.text)
                _solution(console, referee)
                return False
            if step.solved:
                outcome = attempt.game.outcome(attempt.state)
                assert outcome is not None, "a solved puzzle's game is over"
                referee.round_over(outcome, step.text)
                return True


def _refused(console: Console, error: Exception) -> None:
    said = str(error)
    console.say(f"{said[:1].upper()}{said[1:]}. Try again, or type solution.")


def _give_up(console: Console, referee: PuzzleReferee, attempt: Any) -> None:
    """`solution` typed: the try is missed (counted so), and the way to win said."""
    referee.result, referee.failed_at = "failed", attempt.state
    if attempt.state == referee.puzzle.state():
        referee.record(solved=False)
        _solution(console, referee)
        return
    referee.hints += 1
    hint = attempt.winning_move_text()
    referee.record(solved=False)
    console.say(hint.replace("Hint: ", "A winning move: ", 1))


def _solution(console: Console, referee: PuzzleReferee) -> None:
    """The winning moves where the try went wrong, in words."""
    where = referee.failed_at if referee.failed_at is not None else referee.puzzle.state()
    winning = [move_words(referee.puzzle.game, where, move) for move in referee.missed]
    referee.hints += 1
    if not winning:
        console.say("No move wins here.")
        return
    console.say("The winning moves: " + "; ".join(winning) + ".")


def puzzles(console: Console) -> None:
    """Which puzzles (one, a streak, a storm, try again), then play them."""

    picked = choose(console, "Which puzzles", KINDS)
    if picked is None:
        return
    if picked == 0:
        solve_puzzle(console)
        return
    if picked in (1, 2):
        titles = [*(GAME_INFO[g].title for g in GAME_IDS), "Any game"]
        game = choose(console, "Puzzles of which game", titles)
        if game is None:
            return
        game_id = GAME_IDS[game] if game < len(GAME_IDS) else None
        run = training.run_streak if picked == 1 else training.run_storm
        run(game_id, player_name(console), reader(console), console.say, None)
        return
    training.run_review(player_name(console), reader(console), console.say)


def reader(console: Console) -> Callable[[str], str | None]:
    """The training's `read`: a line (a move in words where no position is needed, read
    as notation), None at the end of input."""

    def read(prompt: str) -> str | None:
        try:
            typed = console.ask(prompt)
        except EndOfInput:
            return None
        for game_id in GAME_IDS:
            said = rewrite(game_id, typed, None, ("Player 1", "Player 2"))
            if said != typed:
                return said
        return typed

    return read
