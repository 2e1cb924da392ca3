"""`tournament play` (hot-seat here) and `tournament host` (online): a pairing's match,
then its result entered. A pairing played line by line is saved in the saves folder, for
the report. A hosted guest's seat carries the tournament's name, whatever name the guest
gives, so the result is found under it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.classroom.tournament.playing import collect_results, start_pairing
from app.store.data_folder import saves_dir
from app.store.storage import slug
from rules.base import Game, GameOptions
from rules.registry import get_game
from rules.tournament.model import TournamentError


def _save_path(name: str, number: int, p1: str, p2: str) -> Path:
    """Where a pairing played line by line is saved (for the report and the replay)."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    parts = "-".join(slug(part, "x") for part in (name, f"round {number}", p1, "vs", p2))
    return folder / f"tournament-{parts}.json"


def _begin(
    name: str, number: int, a: str, b: str
) -> tuple[Game[Any, Any, Any], GameOptions, int | None, str, str]:
    """The pairing started: its game, options, match length (None: one game) and seats."""
    tournament, p1, p2 = start_pairing(name, number, a, b)
    game = get_game(tournament.game_of(number))
    options = game.Options.model_validate(tournament.options)
    best_of = tournament.best_of if tournament.best_of > 1 else None
    return game, options, best_of, p1, p2


def _enter_result(name: str) -> None:
    said = collect_results(name)
    if said:
        print("\n".join(said), "The result is in the tournament.")
    else:
        print("The match was not finished: no result entered.", file=sys.stderr)


def play_pairing(name: str, number: int, a: str, b: str, *, plain: bool) -> int:
    """`tournament play`: the match, then its result entered; the exit code."""
    game, options, best_of, p1, p2 = _begin(name, number, a, b)
    if plain:
        from app.cli.records import play_plain_with_records

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
    _enter_result(name)
    return code


def host_pairing(name: str, number: int, a: str, b: str, *, bind: str, port: int) -> int:
    """`tournament host`: the match hosted online, then its result entered; the exit code.
    (Both players on their own machines: a tournament on the class's hub, docs/hub.md.)"""
    try:
        from app.plain.online_play import host_plain
    except ImportError as error:
        raise TournamentError(
            f"online play needs aiohttp: pip install 'equation-duel[web]' ({error})"
        ) from None
    from rules.match import new_match

    game, options, best_of, p1, p2 = _begin(name, number, a, b)
    match = new_match(game.id, options, best_of, None)
    print(
        f"Round {number}: {p1} - {p2}, {game.id}. {p1} plays here and starts.\n"
        f"{p2} joins from their own machine with the command below and plays as {p2}."
    )
    code = host_plain(game, match, p1, bind, port, guest=p2)
    _enter_result(name)
    return code
