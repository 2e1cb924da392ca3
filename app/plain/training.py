"""Puzzles from the line mode's menu: one puzzle, a streak, a storm or "Try again".

Training is played by the command line's own runs (`app.cli.training`) through the
console, kept under the name the player gave; it is not rated.
"""

from __future__ import annotations

from collections.abc import Callable

from app.cli import training
from app.plain.base import Console
from app.plain.choosing import choose
from app.plain.puzzles import player_name, solve_puzzle
from app.plain.stops import EndOfInput
from app.plain.words_in import rewrite
from rules.registry import GAME_IDS, GAME_INFO

KINDS = (
    "One puzzle of a game you choose",
    "A streak: no clock, harder and harder, until the first miss",
    "A storm: three minutes, as many as you can; a miss costs 10 seconds",
    "Try again: your mistakes and the puzzles you missed",
)


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
