"""Puzzles line by line: one at a time from the bank, or the puzzle of the day.

The puzzle is said in words (`puzzle_text`, as `equation-duel puzzle` says it: the game, the moves so far, the
position, who is to move); the player types a move, in notation or in words (`take 7`,
`6 times 7`, `7 in my second slot`), or `solution` to be shown the winning moves. A move
the rules refuse is said and asked again; a legal move is judged against the puzzle's
winning moves. Puzzles in the line mode are not rated.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from app.plain.base import Console
from app.plain.choosing import choose
from app.plain.words_in import rewrite
from rules.registry import GAME_IDS, GAME_INFO

GIVE_UP = ("solution", "give up", "show")


def solve_puzzle(console: Console) -> None:
    """Choose a game, then solve one of its puzzles."""
    from rules.puzzles.bank import NoPuzzle, pick

    picked = choose(console, "A puzzle of which game", [GAME_INFO[g].title for g in GAME_IDS])
    if picked is None:
        return
    try:
        puzzle = pick(GAME_IDS[picked])
    except NoPuzzle as error:
        console.say(f"No puzzle: {error}.")
        return
    solve(console, puzzle)


def solve_daily(console: Console, day: dt.date | None = None) -> None:
    """The puzzle of the day (today's unless `day` is given)."""
    from rules.puzzles.bank import NoPuzzle, daily

    try:
        puzzle = daily(day or dt.date.today())
    except NoPuzzle as error:
        console.say(f"No daily puzzle: {error}.")
        return
    console.say("The daily puzzle.")
    solve(console, puzzle)


def solve(console: Console, puzzle: Any) -> bool:
    """Say the puzzle, read moves until one is legal; True when it wins."""
    from rules.base import IllegalMove
    from rules.puzzles.words import move_words
    from rules.registry import get_game

    for line in puzzle_text(puzzle):
        console.say(line)
    game = get_game(puzzle.game)
    state = puzzle.state()
    names = ("Player 1", "Player 2")
    console.say("Type your move (in words or notation), or solution to see it.")
    while True:
        answer = console.ask("Your move: ").strip()
        if answer.lower() in GIVE_UP:
            _solution(console, puzzle, state)
            return False
        text = rewrite(puzzle.game, answer, state, names)
        try:
            move = game.parse_move(text)
            game.play(state, move)
        except IllegalMove as error:
            console.say(f"{str(error)[:1].upper()}{str(error)[1:]}. Try again, or type solution.")
            continue
        notation = game.format_move(move)
        said = move_words(puzzle.game, state, notation)
        if notation in puzzle.solution:
            console.say(f"Solved! {said} wins.")
            return True
        console.say(f"Not this one: {said} does not force the win.")
        _solution(console, puzzle, state)
        return False


def puzzle_text(puzzle: Any) -> list[str]:
    """The puzzle in words: the game, the moves so far, the position, the task (as
    `equation-duel puzzle` prints it)."""
    from app.match_session.setup import variant_summary
    from rules.puzzles.words import moves_words, position_words
    from rules.registry import get_game

    game = get_game(puzzle.game)
    options = game.options_from(puzzle.options)
    lines = [f"{game.title} ({variant_summary(options)}), {puzzle.difficulty} puzzle."]
    played = moves_words(puzzle.game, options, puzzle.moves)
    lines.append("Moves so far: " + "; ".join(played) + ".")
    lines.extend(position_words(puzzle.game, puzzle.state()))
    lines.append(f"Player {puzzle.to_move} to move and win.")
    return lines


def _solution(console: Console, puzzle: Any, state: Any) -> None:
    from rules.puzzles.words import move_words

    winning = [move_words(puzzle.game, state, move) for move in puzzle.solution]
    console.say("The winning moves: " + "; ".join(winning) + ".")
