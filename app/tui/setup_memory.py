"""What the setup screen remembers between games: per game, the last setup started, and
which game was set up last (`setups.json`); the people's names for a game not set up
yet (settings.json). A missing, corrupt or strange file, or a setup that no longer fits
the game, gives the standard setup, never an error. `last_game_id` reads only JSON: the
menu asks it without loading the rules or pydantic.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.store.atomic_files import write_file
from app.store.data_folder import data_dir, ensure_data_dir
from rules.registry import GAME_IDS
from rules.safe_files import UnsafeFile, read_file_text

if TYPE_CHECKING:
    from app.match_session.setup import GameSetup, Seat

SETUPS = "setups.json"
#: A setups file larger than this is not read (it holds five small setups).
MAX_SETUPS_BYTES = 64 * 1024


def _read() -> dict[str, Any]:
    try:
        raw = json.loads(read_file_text(data_dir() / SETUPS, MAX_SETUPS_BYTES, "setups file"))
    except (UnsafeFile, ValueError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}


def _stored(data: dict[str, Any], game_id: str) -> dict[str, Any] | None:
    games = data.get("games")
    entry = games.get(game_id) if isinstance(games, dict) else None
    return entry if isinstance(entry, dict) else None


def last_game_id() -> str | None:
    data = _read()
    game_id = data.get("last")
    if game_id in GAME_IDS and _stored(data, game_id) is not None:
        return str(game_id)
    return None


def stored_setup(game_id: str) -> GameSetup | None:
    entry = _stored(_read(), game_id)
    if entry is None:
        return None
    from pydantic import ValidationError

    from app.match_session.setup import GameSetup  # (not at launch)

    try:
        seats = _seats(entry.get("seats"))
        best_of = entry.get("best_of", 1)
        seconds = entry.get("turn_seconds")
        takebacks = entry.get("takebacks", True)
        if seats is None or not isinstance(entry.get("options"), dict):
            return None
        if not isinstance(best_of, int) or not isinstance(takebacks, bool):
            return None
        if seconds is not None and not isinstance(seconds, int):
            return None
        setup = GameSetup.make(game_id, entry["options"], seats, best_of, seconds)
    except (ValidationError, ValueError, TypeError, KeyError, RecursionError):
        return None
    return replace(setup, takebacks=takebacks)


def _seats(value: object) -> tuple[Seat, Seat] | None:
    from app.match_session.setup import clean_name  # (not at launch)
    from app.tui.players import LEVELS, seats_named  # (not at launch)
    from rules.seat_names import is_computer_name  # (not at launch)
    from rules.words.common import DEFAULT_NAMES  # (not at launch)

    if not isinstance(value, list) or len(value) != 2:
        return None
    names: list[str] = []
    levels: list[str | None] = []
    for player, seat in enumerate(value, start=1):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            return None
        kind, level = seat.get("kind"), seat.get("level")
        if kind == "computer" and level in LEVELS:
            levels.append(str(level))
        elif kind == "human":
            levels.append(None)
        else:
            return None
        name = seat["name"]
        own = levels[-1] is not None and is_computer_name(name)  # named again by its level
        names.append(
            DEFAULT_NAMES[player - 1] if own else clean_name(name, 1 if player == 1 else 2)
        )
    return seats_named((names[0], names[1]), (levels[0], levels[1]))


def remember_setup(setup: GameSetup) -> None:
    """Keep `setup` as its game's last, and as the last set up (OSError: not written)."""
    data = _read()
    games = data.get("games")
    games = {k: v for k, v in games.items() if k in GAME_IDS} if isinstance(games, dict) else {}
    games[setup.game_id] = {
        "options": setup.options.model_dump(mode="json"),
        "seats": [
            {"name": seat.name, "kind": seat.kind, "level": seat.level} for seat in setup.seats
        ],
        "best_of": setup.best_of,
        "turn_seconds": setup.turn_seconds,
        "takebacks": setup.takebacks,
    }
    text = json.dumps({"last": setup.game_id, "games": games}, indent=2, ensure_ascii=False)
    write_file(ensure_data_dir() / SETUPS, text + "\n")


def remembered_setup(game_id: str) -> GameSetup:
    """The game's last setup; else its standard setup with the names typed last time."""
    from app.match_session.setup import GameSetup, Seat, clean_name  # (not at launch)
    from app.store import settings  # (not at launch)

    stored = stored_setup(game_id)
    if stored is not None:
        return stored
    names = settings.names()
    if names is None:
        return GameSetup.default(game_id)
    seats = (Seat(clean_name(names[0], 1)), Seat(clean_name(names[1], 2)))
    return GameSetup.make(game_id, seats=seats)


def remember_names(seats: tuple[Seat, Seat]) -> None:
    """Keep the people's names for the next setup (OSError: not written)."""
    from app.store import settings  # (not at launch)
    from rules.words.common import DEFAULT_NAMES  # (not at launch)

    before = settings.names() or DEFAULT_NAMES
    names = [seat.name if seat.kind == "human" else before[i] for i, seat in enumerate(seats)]
    if tuple(names) != tuple(before):
        settings.update(names=names)
