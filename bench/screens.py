"""Every screen a player opens, from its key until drawn, first time in a process, at 80×24
(goal ≤ 150 ms).

    python bench/screens.py [--runs 3] [--only TEXT] [--vs DIR] [--seeds 4] [--pupils 24]
        [--class-games 600]

Each case launches `equation-duel` in a pseudo-terminal with a fresh copy of a data folder
seeded by the app itself (`--seeds` × five finished computer games; `--class-games` of
them again between `--pupils` pupils, counted and rated; each game's largest setup),
waits for its first screen, types the keys before (each followed by a second's reading)
and times the last key until the new screen's text is drawn.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import harness as h

from rules.catalog import GAME_INFO

F1, CTRL_P, ENTER = "\x1bOP", "\x10", "\r"
#: The name each game's setup screen shows.
NAMES = {game: info.title.removeprefix("Equation Duel: ") for game, info in GAME_INFO.items()}

SEED = """
import random, sys
from app.store import ratings
from app.store.finished_games import list_games
from app.match_session.setup import GameSetup
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
    key: str
    shows: tuple[str, ...]
    args: tuple[str, ...] = ()
    before: tuple[tuple[str, str], ...] = ()
    first: tuple[str, ...] = ("E Q U A T I O N   D U E L", "Quit (q)")


def countdown_ending() -> tuple[list[str], str]:
    """A whole countdown game to 1000 (each player adds their smallest number), in
    notation, but its last move; and the key of that last move."""
    from rules.registry import get_game

    game = get_game("countdown")
    state = game.new(game.options_from(h.LARGEST["countdown"][0]))
    moves: list[str] = []
    while not game.is_over(state):
        number = min(state.available_to(state.to_move))
        move = next(m for m in game.legal_moves(state) if game.format_move(m) == f"+{number}")
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return moves[:-1], moves[-1].lstrip("+")


def cases() -> list[Case]:
    found = [
        Case("menu → rules (F1)", F1, ("Rules · ",)),
        Case("menu → puzzles (p)", "p", ("Puzzles · find the winning move",)),
        Case("menu → saved games (g)", "g", ("Saved games", "ctrl+s in a game keeps")),
        Case("menu → saved games (g): the list", "g", ("Saved games", "finished:")),
        Case("menu → statistics (s)", "s", ("Statistics", "esc Back")),
        Case("menu → statistics (s): the tables", "s", ("games recorded", "Win %")),
        Case("menu → class (c)", "c", ("Class: tournaments",)),
        Case("menu → themes (t)", "t", ("Search for themes",)),
        Case("menu → online (o)", "o", ("Play a friend online",)),
    ]
    for number, (game_id, name) in enumerate(NAMES.items(), start=1):
        setup, drawn = f"New game · {name}", (f"Equation Duel · {name}", "Player 1")
        found.append(Case(f"menu → {game_id} setup", str(number), (setup,)))
        found.append(Case(f"{game_id} setup → game", ENTER, drawn, before=((str(number), setup),)))
    conquest = ("play", "conquest", "--moves", "1")
    game = {"args": conquest, "first": ("Equation Duel · Equation Conquest",)}
    moves, last = countdown_ending()
    countdown = ("play", "countdown", "--target", "1000", "--moves", " ".join(moves))
    ending = {"args": countdown, "first": ("Equation Duel · Countdown Duel",)}
    over = ((last, "Game over"),)
    return [
        *found,
        Case("game → rules (F1)", F1, ("Rules · ",), **game),
        Case("game → hint (h): asked", "h", ("Looking for the best move",), **game),
        Case("game → hint (h): the answer", "h", ("Hint: ",), **game),
        Case("game → palette (ctrl+p)", CTRL_P, ("Search for commands",), **game),
        Case("game → quit dialog (ctrl+q)", h.CTRL_Q, ("Quit Equation Duel?",), **game),
        Case("countdown 1000: last move → game over", last, ("Game over",), **ending),
        Case(
            "game over → analysis (a)", "a", ("Analysis · Countdown Duel",), before=over, **ending
        ),
    ]


def seed(folder: Path, env: dict[str, str], seeds: int, pupils: int, class_games: int) -> None:
    """Finished games, a class's games counted and rated, the largest setups: by the app."""
    env = dict(env, EQUATION_DUEL_DATA=str(folder))
    players = ["--plain", "--p1", "easy", "--p2", "medium"]
    for seed_number, game_id in ((n, g) for n in range(seeds) for g in h.LARGEST):
        command = [h.program(), "play", game_id, *players, "--seed", str(seed_number)]
        subprocess.run(command, env=env, input=b"", capture_output=True, check=True, timeout=120)
    subprocess.run(
        [sys.executable, "-c", SEED, str(pupils), str(class_games)],
        env=dict(env, PYTHONPATH=str(h.ROOT)),
        check=True,
        timeout=900,  # 2,000 games recorded one by one: minutes on a busy machine
    )


def once(case: Case, env: dict[str, str], seeded: Path) -> float:
    data = Path(h.fresh_data())
    shutil.copytree(seeded, data, dirs_exist_ok=True)
    term = h.Terminal(h.program(), list(case.args), dict(env, EQUATION_DUEL_DATA=str(data)))
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
        term.finish(h.QUIT)
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    parser = h.arguments(__doc__, runs=3, only=True, vs=True)
    parser.add_argument("--seeds", type=int, default=4, help="finished games: 5 per seed")
    parser.add_argument("--pupils", type=int, default=24, help="a class's players")
    parser.add_argument("--class-games", type=int, default=600, help="their games counted")
    args = parser.parse_args()
    seeded = Path(h.fresh_data())
    envs = h.codes(h.child_env(seeded), args.vs)
    seed(seeded, envs["this code"], args.seeds, args.pupils, args.class_games)
    chosen = [case for case in cases() if args.only in case.name]
    h.load("at the start")
    for env in envs.values():
        once(chosen[0], env, seeded)  # warm the disk cache and bytecode
    found: dict[str, dict[str, list[float]]] = {}
    for case in chosen:
        found[case.name] = h.in_turn(envs, args.runs, lambda env, c=case: once(c, env, seeded))
        h.report(case.name, found[case.name])
    h.load("at the end")
    print("\n| screen | " + " | ".join(envs) + " |\n|---|" + "---|" * len(envs))
    for name, times in found.items():
        cells = [f"{statistics.median(times[label]) * 1000:.0f} ms" for label in envs]
        print(f"| {name} | " + " | ".join(cells) + " |")
    shutil.rmtree(seeded, ignore_errors=True)


if __name__ == "__main__":
    main()
