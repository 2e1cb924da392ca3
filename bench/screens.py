"""Every screen a player opens, from the key until the screen shows it, at 80×24.

    python bench/screens.py [--runs 3] [--only TEXT] [--vs DIR]

Each case launches the installed `equation-duel` in a real pseudo-terminal
(bench/harness.py), a fresh process with a fresh copy of a seeded data folder, waits
until its first screen is drawn, lets the player read it for a second, types the keys
that lead to the screen (each followed by the screen settling) and then times the last
key until a text of the new screen is on the terminal: the first time the screen opens in
that process, imports and all, as a player meets it. Goal: ≤ 150 ms for a screen.

The data folder is seeded through the app itself: finished games between two computer
players (`equation-duel play GAME --plain`, five games a seed), so the saved games have
rows; a class's games (`--class-games` of those games again between `--pupils` people,
counted and rated by `app.store.ratings.record_game`), so the statistics have a rating
row per pupil and a long head-to-head table; and each game's last setup with its largest
options (harness.LARGEST, template to 3 round wins), which the setup shows and Enter
starts. Medians over `--runs` launches with min and max, and a Markdown table.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from harness import (
    CTRL_Q,
    LARGEST,
    QUIT,
    ROOT,
    Terminal,
    child_env,
    codes,
    in_turn,
    load,
    program,
    report,
)

F1, CTRL_P, ENTER = "\x1bOP", "\x10", "\r"

#: The name each game's setup screen shows.
NAMES = {
    "collect": "Collect & Declare",
    "template": "Templates",
    "fifty": "Exactly Fifty",
    "conquest": "Equation Conquest",
    "countdown": "Countdown Duel",
}

SEED = """
import random, sys
from app.store import ratings
from app.store.finished_games import list_games
from app.tui.session import GameSetup
from app.tui.setup_memory import remember_setup
from bench.harness import LARGEST
for game_id, (options, _) in LARGEST.items():
    extra = {"rounds_to_win": 3} if game_id == "template" else {}
    remember_setup(GameSetup.make(game_id, {**options, **extra}))
# A class: the computers' games again, played by pupils, counted and rated.
played = [entry.record for entry in list_games() if entry.record is not None]
rng = random.Random(1)
pupils = [f"Pupil {n}" for n in range(int(sys.argv[1]))]
for number in range(int(sys.argv[2])):
    record = played[number % len(played)]
    names = rng.sample(pupils, 2)
    seats = [s.model_copy(update={"name": n, "kind": "human"}) for s, n in zip(record.players, names)]
    ratings.record_game(record.model_copy(update={"id": f"class-{number}", "players": tuple(seats)}))
"""


@dataclass(frozen=True)
class Case:
    """Launch with `args`, type `before` (each waited for by its text), time `key`."""

    name: str
    args: tuple[str, ...]
    before: tuple[tuple[str, str], ...]
    key: str
    shows: tuple[str, ...]
    first: tuple[str, ...] = ("E Q U A T I O N   D U E L", "Quit (q)")


def countdown_ending() -> tuple[list[str], str]:
    """A whole countdown game to 1000 (each player adds their smallest number), in
    notation, but its last move; and the key of that last move."""
    from rules.registry import get_game

    game = get_game("countdown")
    state = game.new(game.options_from(LARGEST["countdown"][0]))
    moves: list[str] = []
    while not game.is_over(state):
        number = min(state.available_to(state.to_move))
        move = next(m for m in game.legal_moves(state) if game.format_move(m) == f"+{number}")
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return moves[:-1], moves[-1].lstrip("+")


def cases() -> list[Case]:
    menu: list[Case] = [
        Case("menu → rules (F1)", (), (), F1, ("Rules · ",)),
        Case("menu → puzzles (p)", (), (), "p", ("Puzzles · find the winning move",)),
        Case("menu → saved games (g)", (), (), "g", ("Saved games", "ctrl+s in a game keeps")),
        Case("menu → saved games (g): the list", (), (), "g", ("Saved games", "finished:")),
        Case("menu → statistics (s)", (), (), "s", ("Statistics", "esc Back")),
        Case("menu → statistics (s): the tables", (), (), "s", ("games recorded", "Win %")),
        Case("menu → class (c)", (), (), "c", ("Class: tournaments",)),
        Case("menu → themes (t)", (), (), "t", ("Search for themes",)),
        Case("menu → online (o)", (), (), "o", ("Play a friend online",)),
    ]
    for number, (game_id, name) in enumerate(NAMES.items(), start=1):
        setup = f"New game · {name}"
        menu.append(Case(f"menu → {game_id} setup", (), (), str(number), (setup,)))
        menu.append(
            Case(
                f"{game_id} setup → game",
                (),
                ((str(number), setup),),
                ENTER,
                (f"Equation Duel · {name}", "Player 1"),
            )
        )
    game = ("play", "conquest", "--moves", "1")
    board = ("Equation Duel · Equation Conquest",)
    counting = ("Equation Duel · Countdown Duel",)
    moves, last = countdown_ending()
    ending = ("play", "countdown", "--target", "1000", "--moves", " ".join(moves))
    return [
        *menu,
        Case("game → rules (F1)", game, (), F1, ("Rules · ",), board),
        Case("game → hint (h): asked", game, (), "h", ("Looking for the best move",), board),
        Case("game → hint (h): the answer", game, (), "h", ("Hint: ",), board),
        Case("game → palette (ctrl+p)", game, (), CTRL_P, ("Search for commands",), board),
        Case("game → quit dialog (ctrl+q)", game, (), CTRL_Q, ("Quit Equation Duel?",), board),
        Case("countdown 1000: last move → game over", ending, (), last, ("Game over",), counting),
        Case(
            "game over → analysis (a)",
            ending,
            ((last, "Game over"),),
            "a",
            ("Analysis · Countdown Duel",),
            counting,
        ),
    ]


def seed(folder: Path, env: dict[str, str], seeds: int, pupils: int, class_games: int) -> None:
    """Finished games, a class's games counted and rated, and the largest setups, written
    by the app itself."""
    env = dict(env, EQUATION_DUEL_DATA=str(folder))
    players = ["--plain", "--p1", "easy", "--p2", "medium"]
    for seed_number in range(seeds):
        for game_id in LARGEST:
            subprocess.run(
                [program(), "play", game_id, *players, "--seed", str(seed_number)],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                check=True,
                timeout=120,
            )
    subprocess.run(
        [sys.executable, "-c", SEED, str(pupils), str(class_games)],
        env=dict(env, PYTHONPATH=str(ROOT)),
        check=True,
        timeout=900,  # 2,000 games recorded one by one: minutes on a busy machine
    )


def once(case: Case, env: dict[str, str], seeded: Path) -> float:
    data = Path(tempfile.mkdtemp(prefix="bench-every-screen-"))
    shutil.copytree(seeded, data, dirs_exist_ok=True)
    term = Terminal(program(), list(case.args), dict(env, EQUATION_DUEL_DATA=str(data)))
    try:
        term.wait_for(*case.first)
        term.drain(quiet=1.0, limit=1.0)  # the player reads the screen
        for key, text in case.before:
            term.send(key)
            term.wait_for(text)
            term.drain(quiet=1.0, limit=1.0)
        sent = term.send(case.key)
        return term.wait_for(*case.shows) - sent
    finally:
        term.finish(QUIT)
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="only the cases whose name has this")
    parser.add_argument("--vs", default="", help="a folder of other code, run in turn")
    parser.add_argument("--seeds", type=int, default=4, help="finished games: 5 per seed")
    parser.add_argument("--pupils", type=int, default=24, help="a class's players")
    parser.add_argument("--class-games", type=int, default=600, help="their games counted")
    args = parser.parse_args()
    seeded = Path(tempfile.mkdtemp(prefix="bench-screens-seed-"))
    envs = codes(child_env(seeded), args.vs)
    seed(seeded, envs["this code"], args.seeds, args.pupils, args.class_games)
    chosen = [case for case in cases() if args.only in case.name]
    load("at the start")
    for env in envs.values():
        once(chosen[0], env, seeded)  # warm the disk cache and bytecode
    found: dict[str, dict[str, list[float]]] = {}
    for case in chosen:
        found[case.name] = in_turn(envs, args.runs, lambda env, c=case: once(c, env, seeded))
        report(case.name, found[case.name])
    load("at the end")
    print("\n| screen | " + " | ".join(envs) + " |\n|---|" + "---|" * len(envs))
    for name, times in found.items():
        cells = [f"{statistics.median(times[label]) * 1000:.0f} ms" for label in envs]
        print(f"| {name} | " + " | ".join(cells) + " |")
    shutil.rmtree(seeded, ignore_errors=True)


if __name__ == "__main__":
    main()
