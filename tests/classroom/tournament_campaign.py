"""A campaign of random tournament steps through the command line, in a fresh data folder
(results, absences, garbage), each tournament read back and checked: tried / crashes /
hangs / lost. Run by the soak set (tests/classroom/test_classroom_soak.py)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
import time
from unittest import mock

from app.classroom.tournament import store
from app.cli.main import main
from rules.tournament.standings import standings

GARBAGE = ["", " ", "-", "A-", "\x1b[31mX", "Zed", "1", "é" * 40, "Ann-Bo-Cy", "\x00"]


def _run(words: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(words)
        except SystemExit as stop:  # argparse's usage errors
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def campaign(tournaments: int, seed: int, seconds: float) -> dict[str, int]:
    """Random tournaments through the command line, in a fresh data folder; the counts."""
    rng = random.Random(seed)
    tally = dict.fromkeys(("tried", "crashes", "hangs", "lost"), 0)
    deadline = time.monotonic() + seconds
    with tempfile.TemporaryDirectory() as folder, mock.patch.dict(os.environ):
        os.environ["EQUATION_DUEL_DATA"] = folder
        for index in range(tournaments):
            if time.monotonic() > deadline:
                break
            name = f"T{index}"
            size = rng.randint(2, 40)
            names = [f"S{i}" for i in range(size)]
            swiss = size > 3 and rng.random() < 0.6
            words = ["tournament", "new", name, "--players", ",".join(names), "--game",
                     rng.choice(["collect", "fifty", "countdown"])]  # fmt: skip
            if swiss:
                words += ["--format", "swiss", "--rounds", str(rng.randint(1, min(7, size - 1)))]
            entered: dict[tuple[int, frozenset[str]], str] = {}
            for step in range(rng.randint(5, 60)):
                if step:
                    words = _random_step(rng, name, names, entered)
                tally["tried"] += 1
                started = time.monotonic()
                try:
                    code, _, _ = _run(words)
                except Exception:  # anything but a refusal in words is a crash
                    tally["crashes"] += 1
                    continue
                if time.monotonic() - started > 10:
                    tally["hangs"] += 1
                if code == 0 and words[1] == "result":
                    number = int(words[4])
                    pair = frozenset(words[6].split("-"))
                    entered[(number, pair)] = words[8]
            t = store.read(name)
            for (number, pair), winner in entered.items():
                rnd = t.round(number)
                found = [p for p in rnd.pairings if frozenset(p.names) == pair] if rnd else []
                if not found or found[0].winner_name != winner:
                    tally["lost"] += 1
            if t.format == "swiss":
                pairs = [frozenset(p.names) for r in t.rounds for p in r.pairings]
                if len(pairs) != len(set(pairs)):
                    tally["lost"] += 1
            rows = standings(t)
            if sum(r.won for r in rows) != sum(r.lost for r in rows):
                tally["lost"] += 1
    return tally


def _random_step(
    rng: random.Random, name: str, names: list[str], entered: dict[tuple[int, frozenset[str]], str]
) -> list[str]:
    code, out, _ = _run(["tournament", "pairings", name, "--json"])
    rounds = json.loads(out) if code == 0 else []
    pairs = [(r["round"], p) for r in rounds for p in r["pairs"]]
    roll = rng.random()
    if roll < 0.6 and pairs:
        number, pair = rng.choice(pairs)
        winner = rng.choice([pair["p1"], pair["p2"]])
        return ["tournament", "result", name, "--round", str(number),
                "--pair", f"{pair['p1']}-{pair['p2']}", "--winner", winner]  # fmt: skip
    if roll < 0.7 and rounds:
        number = rng.choice(rounds)["round"]
        entered_here = {n for (r, pair) in entered for n in pair if r == number}
        free = [n for n in names if n not in entered_here]
        return ["tournament", "absent", name, "--round", str(number), "--player",
                rng.choice(free or names)]  # fmt: skip
    if roll < 0.8:
        return ["tournament", "show", name, "--json"]
    junk = rng.choice(GARBAGE)
    return rng.choice([
        ["tournament", "result", name, "--round", str(rng.randint(-2, 60)), "--pair", junk,
         "--winner", junk],
        ["tournament", "absent", name, "--round", "1", "--player", junk],
        ["tournament", "pairings", junk or "x", "--round", "0"],
        ["tournament", "new", name, "--players", junk + ",Q", "--game", "fifty"],
    ])  # fmt: skip
