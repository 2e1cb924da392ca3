"""Every screen a player opens, from its key until drawn and until quiet, first time in a
process, at 80×24 (goal ≤ 150 ms until quiet, issue 37), beside a bare Textual app's.

    python bench/screens.py [--runs 3] [--only TEXT] [--vs DIR] [--seeds 4] [--pupils 24]
        [--class-games 600] [--data DIR]

Each case launches `equation-duel` in a pseudo-terminal with a fresh copy of a data folder
seeded by the app itself (`--seeds` × five finished computer games; `--class-games` of
them again between `--pupils` pupils, counted and rated; each game's largest setup),
waits for its first screen, types the keys before (each followed by a second's reading)
and times the last key until the new screen's text is drawn, and until the screen goes
quiet (the last output before `QUIET` seconds without any), and the app's CPU time from
the key until quiet (all its threads, from /proc: what the load moves least).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import harness as h

from rules.catalog import GAME_INFO

F1, CTRL_P, ENTER = "\x1bOP", "\x10", "\r"
#: Seconds without output after which the screen is quiet (complete).
QUIET = 0.3
#: The floor: a bare Textual app pushing a bare screen on `x`.
BARE_APP = """\
from textual.app import App
from textual.screen import Screen
from textual.widgets import Static
class Pushed(Screen[None]):
    def compose(self): yield Static("Bare screen pushed")
class Bare(App[None]):
    BINDINGS, SCREENS = [("x", "push_screen('pushed')", "Push")], {"pushed": Pushed}
    def compose(self): yield Static("Bare Textual app ready")
Bare().run()
"""
#: The class menu (a tournament seeded: `SEED`).
CLASS = (("c", "Open one (Enter)"),)
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
# Their tournament: Swiss, 7 rounds, 3 played (the first player wins), round 4 paired.
from app.classroom.tournament import store; from rules.tournament import course
rounds = min(7, len(pupils) - 1)
t = course.new_tournament("Class tournament", pupils, "collect", format="swiss", rounds=rounds)
for n in range(1, min(4, rounds)):
    for p in t.round(n).pairings:
        t = course.enter_result(t, n, p.p1, p.p2, p.p1)
store.create(t)
"""


@dataclass(frozen=True)
class Case:
    """Launch with `args` (or run `python_file`: the bare app), type `before` (each waited
    for by its text), time `key`."""

    name: str
    key: str
    shows: tuple[str, ...]
    args: tuple[str, ...] = ()
    before: tuple[tuple[str, str], ...] = ()
    first: tuple[str, ...] = ("E Q U A T I O N   D U E L", "Quit (q)")
    python_file: str = ""


def countdown_ending() -> tuple[list[str], str]:
    """A countdown game to 1000, each adding their smallest number, but its last move."""
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
        Case("class → tournament (Enter)", ENTER, ("Standings", "Lost"), before=CLASS),
        Case("class → teacher's report (ctrl+r)", "\x12", ("games:",), before=CLASS),
        Case("menu → themes (t)", "t", ("Search for themes",)),
        Case("menu → online (o)", "o", ("Play a friend online",)),
    ]
    for number, (game_id, name) in enumerate(NAMES.items(), start=1):
        setup, drawn = f"New game · {name}", (f"Equation Duel · {name}", "Player 1")
        found.append(Case(f"menu → {game_id} setup", str(number), (setup,)))
        found.append(Case(f"{game_id} setup → game", ENTER, drawn, before=((str(number), setup),)))
    conquest = ("play", "conquest", "--moves", "1")
    game: dict[str, Any] = {"args": conquest, "first": ("Equation Duel · Equation Conquest",)}
    moves, last = countdown_ending()
    countdown = ("play", "countdown", "--target", "1000", "--moves", " ".join(moves))
    end: dict[str, Any] = {"args": countdown, "first": ("Equation Duel · Countdown Duel",)}
    over = ((last, "Game over"),)
    return [
        *found,
        Case("game → rules (F1)", F1, ("Rules · ",), **game),
        Case("game → hint (h): asked", "h", ("Looking for the best move",), **game),
        Case("game → hint (h): the answer", "h", ("Hint: ",), **game),
        Case("game → palette (ctrl+p)", CTRL_P, ("Search for commands",), **game),
        Case("game → quit dialog (ctrl+q)", h.CTRL_Q, ("Quit Equation Duel?",), **game),
        Case("countdown 1000: last move → game over", last, ("Game over",), **end),
        Case("game over → analysis (a)", "a", ("Analysis · Countdown Duel",), before=over, **end),
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


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, all its threads (user and system; 10 ms steps)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def once(case: Case, env: dict[str, str], seeded: Path) -> tuple[float, float, float]:
    """Seconds from the key until the screen is drawn, until it is quiet, and the app's
    CPU seconds from the key until quiet (what the load does not move)."""
    data = Path(h.fresh_data())
    shutil.copytree(seeded, data, dirs_exist_ok=True)
    command, args = h.program(), list(case.args)
    if case.python_file:
        command, args = sys.executable, [case.python_file]
    term = h.Terminal(command, args, dict(env, EQUATION_DUEL_DATA=str(data)))
    try:
        term.wait_for(*case.first)
        term.drain(quiet=1.0, limit=1.0)  # the player reads the screen
        for key, text in case.before:
            term.send(key)
            term.wait_for(text)
            term.drain(quiet=1.0, limit=1.0)
        cpu = cpu_seconds(term.pid)
        sent = term.send(case.key)
        drawn = last = term.wait_for(*case.shows)
        end = last + 10.0
        while (arrived := term.read(QUIET)) is not None and arrived < end:
            last = arrived
        return drawn - sent, last - sent, cpu_seconds(term.pid) - cpu
    finally:
        term.finish(h.QUIT)
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    parser = h.arguments(__doc__, runs=3, only=True, vs=True)
    parser.add_argument("--seeds", type=int, default=4, help="finished games: 5 per seed")
    parser.add_argument("--pupils", type=int, default=24, help="a class's players")
    parser.add_argument("--class-games", type=int, default=600, help="their games counted")
    parser.add_argument("--data", default="", help="keep the seeded folder here, or reuse it")
    args = parser.parse_args()
    seeded = Path(args.data or h.fresh_data())
    envs = h.codes(h.child_env(seeded), args.vs)
    seeded.mkdir(parents=True, exist_ok=True)
    if not args.data or not any(seeded.iterdir()):
        seed(seeded, envs["this code"], args.seeds, args.pupils, args.class_games)
    (bare := Path(tempfile.mkdtemp(prefix="bench-screens-")) / "bare.py").write_text(BARE_APP)
    shows, ready = ("Bare screen pushed",), ("Bare Textual app ready",)
    bare_case = Case("bare app → bare screen (x)", "x", shows, first=ready, python_file=str(bare))
    chosen = [bare_case, *(case for case in cases() if args.only in case.name)]
    h.load("at the start")
    for env in envs.values():
        once(chosen[1 if len(chosen) > 1 else 0], env, seeded)  # warm the disk and bytecode
    once(chosen[0], envs["this code"], seeded)
    kinds = ("drawn", "quiet", "CPU")
    found: dict[str, dict[str, list[float]]] = {}
    for case in chosen:
        runs_in = {"bare Textual app": envs["this code"]} if case.python_file else envs
        times = {(label, kind): [] for label in runs_in for kind in kinds}
        for _ in range(args.runs):
            for label, env in runs_in.items():
                for kind, seconds in zip(kinds, once(case, env, seeded), strict=True):
                    times[label, kind].append(seconds)
        for kind in kinds:
            h.report(f"{case.name}: {kind}", {label: times[label, kind] for label in runs_in})
        found[case.name] = {f"{label} ({kind})": values for (label, kind), values in times.items()}
    h.load("at the end")
    columns = [f"{label} ({kind})" for label in envs for kind in kinds]
    print("\n| screen | " + " | ".join(columns) + " |\n|---|" + "---|" * len(columns))
    for name, measured in found.items():  # (the bare app's: its own columns, the first)
        cells = measured.values() if name.startswith("bare") else [measured[c] for c in columns]
        print(f"| {name} | " + " | ".join(f"{statistics.median(t) * 1000:.0f} ms" for t in cells))
    if not args.data:
        shutil.rmtree(seeded, ignore_errors=True)


if __name__ == "__main__":
    main()
