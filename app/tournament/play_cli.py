"""`tournament play`: a pairing's match on this machine, hot-seat, in the full screen or
line by line, then its result entered (app.tournament.playing). Apart from `playing`,
which the full screen uses too: this module opens either front end."""

from __future__ import annotations

import argparse
import sys

from app.tournament.playing import collect_results, start_pairing
from rules.registry import get_game


def play_pairing(name: str, number: int, a: str, b: str, *, plain: bool) -> int:
    """`tournament play`: the match, then its result entered; the exit code."""
    tournament, p1, p2 = start_pairing(name, number, a, b)
    game = get_game(tournament.game)
    options = game.Options.model_validate(tournament.options)
    best_of = tournament.best_of if tournament.best_of > 1 else None
    if plain:
        from app.records_cli import play_plain_with_records

        args = argparse.Namespace(save=None, load=None, best_of=best_of, turn_seconds=None)
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
