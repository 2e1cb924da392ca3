"""The menu line by line: every choice of the full screen's menu as a numbered list
(`equation-duel --plain`, or `equation-duel` where the full screen cannot be drawn).

A game is played by `play_plain_with_records`, kept after every move as the full screen
keeps it and counted when it ends; then the analysis is offered. Every list takes its
number, or `quit` to leave; the end of input leaves. What a choice needs is imported when
it is chosen, so the menu starts light.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from typing import Any

from app.plain.base import Console
from app.plain.choosing import choose
from app.plain.stops import EndOfInput
from rules.base import PlayerNo
from rules.registry import GAME_IDS, GAME_INFO

MAIN = (
    "Play a game",
    "Resume an unfinished game",
    "Puzzles: one, a streak, a storm, or try again",
    "Solve the daily puzzle",
    "Statistics and ratings",
    "The rules of a game",
    "Quit",
)
OPPONENTS = (
    ("A friend at this keyboard", "human"),
    ("The computer, easy", "easy"),
    ("The computer, medium", "medium"),
    ("The computer, perfect", "perfect"),
)


def game_args(spoken: bool, load: Any = None) -> argparse.Namespace:
    """The flags `play_plain_with_records` reads, for a game started from this menu."""
    return argparse.Namespace(save=None, load=load, best_of=None, turn_seconds=None, spoken=spoken)


def choose_game(console: Console) -> str | None:
    """The game's id, chosen from the numbered list of the five (None: back)."""
    titles = [f"{GAME_INFO[g].name}: {GAME_INFO[g].pitch}" for g in GAME_IDS]
    picked = choose(console, "Which game", titles)
    return None if picked is None else GAME_IDS[picked]


def choose_opponent(console: Console) -> str | None:
    """Who plays against you: "human" (a friend at this keyboard) or the computer's
    level (None: back)."""
    opponent = choose(console, "Who plays against you", [name for name, _ in OPPONENTS])
    return None if opponent is None else OPPONENTS[opponent][1]


def ask_game_and_opponent(args: argparse.Namespace) -> bool:
    """`equation-duel play --plain` with no game: ask which game and, unless `--p1` or
    `--p2` said who plays, which opponent, into `args` (the play goes on as if they had
    been typed: `--p2 LEVEL GAME`). False when the player went back or input ended."""
    console = Console(sys.stdin, sys.stdout, spoken=bool(getattr(args, "spoken", False)))
    try:
        game_id = choose_game(console)
        if game_id is None:
            return False
        if args.p1 == args.p2 == "human":
            level = choose_opponent(console)
            if level is None:
                return False
            args.p2 = level
    except EndOfInput:
        return False
    args.game = game_id
    console.say(f"{GAME_INFO[game_id].title}. Type help at any prompt for the commands.")
    return True


def _play(console: Console, *args: Any, **options: Any) -> None:
    """Play a game with `play_plain_with_records`; once it is finished, offer the analysis."""
    from app.cli.records import play_plain_with_records
    from app.plain.after_game import offer_analysis

    finished: list[Any] = []
    play_plain_with_records(*args, on_end=finished.append, **options)
    if finished and finished[0].finished:
        offer_analysis(console, finished[0])


def play_new(console: Console) -> None:
    """Choose a game and an opponent, play it, then offer the analysis."""
    from app.cli.solve import make_bots
    from rules.registry import get_game

    game_id = choose_game(console)
    if game_id is None:
        return
    level = choose_opponent(console)
    if level is None:
        return
    game = get_game(game_id)
    seats: dict[PlayerNo, str] = {1: "human", 2: level}
    names = ("Player 1", "Player 2" if level == "human" else f"Computer ({level})")
    console.say(f"{game.title}: you are {names[0]}, against {names[1]}. Type help at any prompt.")
    bots = make_bots(game.id, seats, None)
    args = game_args(console.spoken)
    _play(console, game, game.Options(), [], names, bots, args, console, kinds=("human", level))


def resume(console: Console) -> None:
    """List the unfinished games kept; resume the one chosen."""
    from app.cli.solve import guarded
    from app.store.storage import LoadError, load_record
    from app.store.unfinished import scan
    from rules.players import make_player

    found = scan().games
    records = []
    for path in found:
        try:
            records.append((path, load_record(path)))
        except (LoadError, OSError):
            continue
    if not records:
        console.say("No unfinished game is kept.")
        return
    items = []
    for _, record in records:
        players = " and ".join(p.name for p in record.players)
        moves = len(record.moves)
        played = f"{moves} move{'' if moves == 1 else 's'} played"
        items.append(f"{GAME_INFO[record.game].name}, {players}, {played}")
    picked = choose(console, "Which game", items)
    if picked is None:
        return
    path = records[picked][0]
    _play(
        console,
        None,
        None,
        [],
        ("Player 1", "Player 2"),
        None,
        game_args(console.spoken, load=path),
        console,
        bot_for=lambda game, level: guarded(make_player(level, game.id, None)),
        resuming=f"Resuming: {items[picked]}.",
    )


def show_rules(console: Console) -> None:
    from app.plain.commands import rules_lines

    picked = choose(console, "The rules of which game", [GAME_INFO[g].title for g in GAME_IDS])
    if picked is not None:
        console.say_all(rules_lines(GAME_IDS[picked]))


def show_stats(console: Console) -> None:
    """The statistics and ratings in sentences (`app.plain.stats_words`)."""
    from app.plain.stats_words import games_sentences, ratings_sentences
    from app.store.ratings_view import ratings_summary
    from app.store.stats import StatsError, summary
    from app.training.puzzle_store import open_training, training_lines

    try:
        games, ratings = summary(), ratings_summary()
        with closing(open_training()) as conn:
            training = training_lines(conn)
    except (StatsError, OSError) as error:
        console.say(f"The statistics cannot be read: {error}.")
        return
    console.say_all(games_sentences(games, ratings))
    console.say_all(ratings_sentences(ratings, games, training))


def run_menu(console: Console, why: str | None = None) -> int:
    """The menu until `quit` (or the end of input); the exit code."""
    from app.plain.puzzles import puzzles, solve_daily

    if why:
        console.say(why)
    console.say("Equation Duel, line by line. Type the number of a choice, or help in a game.")
    actions = (play_new, resume, puzzles, solve_daily, show_stats, show_rules)
    try:
        while True:
            console.say()
            picked = choose(console, "Main menu", MAIN)
            if picked is None or picked == len(MAIN) - 1:
                console.say("Goodbye.")
                return 0
            actions[picked](console)
    except EndOfInput:
        return 0


def main(why: str | None = None, spoken: bool = False) -> int:
    """`equation-duel --plain`: the menu on the standard streams."""
    return run_menu(Console(sys.stdin, sys.stdout, spoken=spoken), why)
