"""`equation-duel puzzle`: one puzzle from the bank (generated ahead of time), in words or
as JSON; `--play`, `--streak`, `--storm` and `--review` train line by line
(app.cli.training).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from contextlib import closing
from typing import Any

from app.cli.usage import fail
from rules.player_text import PlayerTextError, read_date
from rules.registry import GAME_IDS


def add_puzzle_parser(sub: Any) -> None:
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
    training = puzzle.add_mutually_exclusive_group()
    training.add_argument("--play", action="store_true", help="solve it here, line by line")
    training.add_argument("--streak", action="store_true", help="puzzles until the first miss")
    training.add_argument("--storm", action="store_true", help="three minutes of puzzles")
    training.add_argument("--review", action="store_true", help="your mistakes, failed puzzles")
    puzzle.add_argument(
        "--player", default="Player 1", help="whose results are kept (streaks, storms, daily)"
    )


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


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def _write(line: str) -> None:
    """A line of the puzzles line by line, as the line mode writes it (`Console.say`:
    broken at spaces into lines of at most 100 characters)."""
    from app.plain.base import Console

    Console(sys.stdin, sys.stdout).say(line)


def _print_puzzle(args: argparse.Namespace) -> int:
    from app.cli import training
    from app.match_session.setup import clean_name
    from rules.puzzles.bank import daily, pick

    player = clean_name(args.player, 1)
    trains = args.streak or args.storm or args.review
    if trains and (args.json or args.daily or args.date or args.difficulty or args.play):
        return fail("--streak, --storm and --review take a game at most (and --seed)", "puzzle")
    game_id = None if args.game in (None, "any") else args.game
    if args.streak:
        return training.run_streak(game_id, player, _read, _write, args.seed)
    if args.storm:
        return training.run_storm(game_id, player, _read, _write, args.seed)
    if args.review:
        return training.run_review(player, _read, _write)
    if args.json and args.play:
        return fail("--json and --play do not go together", "puzzle")
    if args.daily:
        if args.game is not None or args.seed is not None or args.difficulty is not None:
            return fail("--daily takes no game, --seed or --difficulty", "puzzle")
        try:
            day = read_date(args.date) if args.date else dt.date.today()
        except PlayerTextError as error:  # a fullwidth digit is named
            return fail(f"--date: {error}", "puzzle")
        puzzle = daily(day)
        if args.play:
            return training.run_daily(puzzle, day, player, _read, _write)
    else:
        if args.date is not None:
            return fail("--date goes with --daily", "puzzle")
        if args.game is None:
            return fail("name a game (or any), or ask for --daily", "puzzle")
        puzzle = pick(game_id, args.seed, args.difficulty)
        if args.play:
            return training.run_play(puzzle, player, _read, _write)
    if args.json:
        data = puzzle.to_json()
        if args.daily:
            data["share"] = training.daily_share(player, day, puzzle.game)
        print(json.dumps(data, ensure_ascii=False))
    else:
        from app.plain.puzzle_lines import puzzle_text

        print("\n".join(puzzle_text(puzzle)))
    return 0


def run_stats_with_ratings(args: argparse.Namespace) -> int:
    """`equation-duel stats`: the games' statistics (app.cli.records), then the ratings
    (with --json: one object, the ratings under "ratings")."""
    from app.cli.records import run_stats
    from app.store.ratings_view import format_ratings, ratings_summary
    from app.store.stats import StatsError, summary
    from app.training.puzzle_store import open_training, training_lines

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
            with closing(open_training()) as conn:
                lines = training_lines(conn)
            if lines:
                print("\nTraining")
                print("\n".join(f"  {line}" for line in lines))
        return code
    except StatsError as error:
        return fail(str(error), code=1)
