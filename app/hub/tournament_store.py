"""The hub's tournaments in the class's database (SQLite or PostgreSQL, the same SQL):
each tournament as its rows of `rules.tournament` (`Tournament`, checked when read, so
rows changed by hand that no longer make a tournament are refused in words), the round
the teacher started last, and which hub game plays which pairing (so a hub started again
enters the result of a game that goes on from its record). The tables are made on first
use; the tournament being played is the meta row `tournament`.
"""

from __future__ import annotations

from pydantic import ValidationError

from app.hub.store import HubStore, StoreProblem
from rules.tournament.model import Tournament
from rules.validation import first_problem

_TABLES = (
    "CREATE TABLE IF NOT EXISTS tournaments ("
    " name TEXT PRIMARY KEY, body TEXT NOT NULL, started INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS tournament_games ("
    " game INTEGER PRIMARY KEY, tournament TEXT NOT NULL, round INTEGER NOT NULL)",
)


class TournamentStore:
    """The tournaments' rows in the hub's `store` (see the module's docstring)."""

    def __init__(self, store: HubStore) -> None:
        self.store = store
        for table in _TABLES:
            store._execute(table)

    def current(self) -> tuple[Tournament, int] | None:
        """The tournament being played and the round started last (0: none yet)."""
        rows, _ = self.store._execute("SELECT value FROM meta WHERE key = 'tournament'")
        return self.read(str(rows[0][0])) if rows else None

    def read(self, name: str) -> tuple[Tournament, int] | None:
        rows, _ = self.store._execute(
            "SELECT body, started FROM tournaments WHERE name = ?", (name.casefold(),)
        )
        if not rows:
            return None
        try:
            return Tournament.model_validate_json(str(rows[0][0])), int(rows[0][1])
        except ValidationError as error:
            raise StoreProblem(
                f"the tournament {name[:64]} in the class's database cannot be read: "
                f"{first_problem(error)[1]}"
            ) from None

    def create(self, tournament: Tournament) -> bool:
        """Keep a new tournament and make it the one being played; False when the name
        is taken."""
        _, made = self.store._execute(
            "INSERT INTO tournaments (name, body) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (tournament.name.casefold(), tournament.model_dump_json()),
        )
        if made:
            self.store._execute(
                "INSERT INTO meta (key, value) VALUES ('tournament', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (tournament.name.casefold(),),
            )
        return made > 0

    def keep(self, tournament: Tournament, started: int) -> None:
        self.store._execute(
            "UPDATE tournaments SET body = ?, started = ? WHERE name = ?",
            (tournament.model_dump_json(), started, tournament.name.casefold()),
        )

    def pairing_game(self, game: int, tournament: str, number: int) -> None:
        """Hub game `game` plays a pairing of round `number` of `tournament`."""
        self.store._execute(
            "INSERT INTO tournament_games (game, tournament, round) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (game, tournament.casefold(), number),
        )

    def game_round(self, game: int) -> tuple[str, int] | None:
        """The tournament and round hub game `game` plays a pairing of (None: not one)."""
        rows, _ = self.store._execute(
            "SELECT tournament, round FROM tournament_games WHERE game = ?", (game,)
        )
        return (str(rows[0][0]), int(rows[0][1])) if rows else None
