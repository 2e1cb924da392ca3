"""`equation-duel puzzle`: one puzzle from the bank, in words or as JSON.

    equation-duel puzzle GAME [--seed N] [--difficulty easy|medium|hard] [--json]
    equation-duel puzzle --daily [--date YYYY-MM-DD] [--json]

Registered by `app.cli` (`add_puzzle_parser`, `run_puzzle`). No solver runs here: the
puzzles were generated ahead of time (rules/puzzles/bank.json), so this is instant.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import Any

from rules.player_text import PlayerTextError, read_date
from rules.registry import GAME_IDS

USAGE_ERROR = 2


def add_puzzle_parser(sub: Any) -> None:
    """Add the `puzzle` subcommand to `equation-duel`'s subparsers."""
    puzzle = sub.add_parser(
        "puzzle",
        help="print a puzzle: find the winning move",
        description="Print a puzzle: a position where the player to move can force a win.",
    )
    puzzle.add_argument("game", nargs="?", choices=(*GAME_IDS, "any"), help="the game")
    puzzle.add_argument("--seed", type=int, default=None, help="the same seed, the same puzzle")
    puzzle.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None)
    puzzle.add_argument("--daily", action="store_true", help="the puzzle of the day")
    puzzle.add_argument(
        "--date", default=None, metavar="YYYY-MM-DD", help="with --daily: that day's puzzle"
    )
    puzzle.add_argument("--json", action="store_true", help="print the puzzle as JSON")


def _fail(message: str) -> int:
    print(f"equation-duel puzzle: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def run_puzzle(args: argparse.Namespace) -> int:
    from rules.puzzles.bank import NoPuzzle, skipped_text

    problem = skipped_text()  # a tampered bank: its bad entries are left out
    if problem:
        print(f"equation-duel puzzle: warning: {problem}", file=sys.stderr)
    try:
        return _print_puzzle(args)
    except NoPuzzle as error:
        print(f"equation-duel puzzle: {error}", file=sys.stderr)
        return 1


def _print_puzzle(args: argparse.Namespace) -> int:
    from rules.puzzles.bank import daily, pick

    if args.daily:
        if args.game is not None or args.seed is not None or args.difficulty is not None:
            return _fail("--daily takes no game, --seed or --difficulty")
        try:
            day = read_date(args.date) if args.date else dt.date.today()
        except PlayerTextError as error:  # a fullwidth digit is named
            return _fail(f"--date: {error}")
        puzzle = daily(day)
    else:
        if args.date is not None:
            return _fail("--date goes with --daily")
        if args.game is None:
            return _fail("name a game (or any), or ask for --daily")
        game_id = None if args.game == "any" else args.game
        puzzle = pick(game_id, args.seed, args.difficulty)
    if args.json:
        print(json.dumps(puzzle.to_json(), ensure_ascii=False))
    else:
        print("\n".join(puzzle_text(puzzle)))
    return 0


def puzzle_text(puzzle: Any) -> list[str]:
    """The puzzle in words: the game, the moves so far, the position, the task."""
    from app.tui.session import variant_summary
    from rules.puzzles.words import moves_words, position_words
    from rules.registry import get_game

    game = get_game(puzzle.game)
    options = game.options_from(puzzle.options)
    lines = [f"{game.title} ({variant_summary(options)}) · {puzzle.difficulty} puzzle {puzzle.id}"]
    played = moves_words(puzzle.game, options, puzzle.moves)
    lines.append("Moves so far: " + "; ".join(played) + ".")
    state = puzzle.state()
    lines.extend(position_words(puzzle.game, state))
    if game.is_over(state):  # never offered from a checked bank; said plainly if it is
        lines.append("The game is over in this position: there is nothing to solve.")
    else:
        lines.append(f"Player {puzzle.to_move} to move and win.")
    return lines


def run_stats_with_ratings(args: argparse.Namespace) -> int:
    """`equation-duel stats`: the games' statistics (app.records_cli), then the ratings
    (with --json: one object, the ratings under "ratings")."""
    from app.ratings_view import format_ratings, ratings_summary
    from app.records_cli import run_stats
    from app.stats import StatsError, summary

    try:
        if getattr(args, "json", False):
            data = summary().as_json()
            data["ratings"] = ratings_summary().as_json()
            print(json.dumps(data, indent=2, ensure_ascii=False))
            return 0
        code = run_stats(args)
        if code == 0:
            print()
            print(format_ratings(ratings_summary()))
        return code
    except StatsError as error:
        print(f"equation-duel: error: {error}", file=sys.stderr)
        return 1
