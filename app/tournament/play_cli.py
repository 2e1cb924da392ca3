"""`tournament play`: a pairing's match on this machine, hot-seat, in the full screen or
line by line, then its result entered (app.tournament.playing). Apart from `playing`,
which the full screen uses too: this module opens either front end. A pairing played
line by line is saved in the saves folder, so its moves are there for the report."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from app.data_folder import saves_dir
from app.tournament.playing import collect_results, start_pairing
from rules.registry import get_game


def _save_path(name: str, number: int, p1: str, p2: str) -> Path:
    """Where a pairing played line by line is saved (its moves, for the teacher's report
    and for replaying it): the saves folder."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    slug = "-".join(_slug(part) for part in (name, f"round {number}", p1, "vs", p2))
    return folder / f"tournament-{slug}.json"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:24] or "x"


def play_pairing(name: str, number: int, a: str, b: str, *, plain: bool) -> int:
    """`tournament play`: the match, then its result entered; the exit code."""
    tournament, p1, p2 = start_pairing(name, number, a, b)
    game = get_game(tournament.game_of(number))
    options = game.Options.model_validate(tournament.options)
    best_of = tournament.best_of if tournament.best_of > 1 else None
    if plain:
        from app.records_cli import play_plain_with_records

        save = _save_path(name, number, p1, p2)
        args = argparse.Namespace(save=save, load=None, best_of=best_of, turn_seconds=None)
        code = play_plain_with_records(game, options, [], (p1, p2), {}, args)
    else:
        from app.tui.app import EquationDuelApp, run_app

        code = run_app(
            EquationDuelApp(
                game_id=game.id, options=options.model_dump(), names=(p1, p2), best_of=best_of
            )
        )
    said = collect_results(name)
    if said:
        print("\n".join(said), "The result is in the tournament.")
    else:
        print("The match was not finished: no result entered.", file=sys.stderr)
    return code
