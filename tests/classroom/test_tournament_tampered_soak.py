"""The campaign that found issue 36's item 6, kept to be run again (soak set only): the
tournaments' rows changed by hand at random — a name not on the roster, a status or a
winner that does not agree, a round number out of the planned ones, text where a number
is, escape codes — then `show`, `show --json`, `pairings`, `absent` and `result` run.
Each answers, or refuses in words; none raises."""

from __future__ import annotations

import contextlib
import io
import random
import sqlite3

import pytest

from app.cli.main import main
from app.store.stats import stats_path

pytestmark = pytest.mark.soak

_CELLS = {
    "tournament_pairings": ("p1", "p2", "status", "winner", "round", "record_id"),
    "tournament_rounds": ("bye", "absent", "number"),
    "tournament_players": ("name", "seat"),
    "tournaments": ("format", "rounds_planned", "best_of", "game", "options", "rotation"),
}
_VALUES = [
    "'Zed'", "'Ann'", "''", "NULL", "0", "-1", "3", "99", "'played'", "'forfeit'",
    "'postponed'", "'pending'", "'swiss'", "'[\"Zed\"]'", "'[1]'", "'{'", "'[]'",
    "char(27) || '[2J' || 'Eve'", "X'00FF'", "1e300",
]  # fmt: skip
_STEPS = [
    ["show", "T"], ["show", "T", "--json"], ["pairings", "T"], ["pairings", "T", "--json"],
    ["absent", "T", "--round", "1", "--player", "Bo"],
    ["result", "T", "--round", "1", "--pair", "Ann-Bo", "--winner", "Ann"],
]  # fmt: skip


def test_tampered_tournament_rows_are_refused_in_words() -> None:
    rng = random.Random(36)
    for trial in range(120):
        name = f"T{trial}"
        fmt = rng.choice(["swiss", "round-robin"])
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(["tournament", "new", name, "--players", "Ann,Bo,Cy,Di,Ed",
                         "--game", "fifty", "--format", fmt]) == 0  # fmt: skip
        with sqlite3.connect(stats_path()) as conn:
            key = conn.execute("SELECT id FROM tournaments WHERE name = ?", (name,)).fetchone()[0]
            for _ in range(rng.randint(1, 3)):
                table = rng.choice(list(_CELLS))
                column = rng.choice(_CELLS[table])
                where = "id" if table == "tournaments" else "tournament"
                # A change that breaks a key the schema keeps unique is not made.
                with contextlib.suppress(sqlite3.IntegrityError):
                    conn.execute(
                        f"UPDATE {table} SET {column} = {rng.choice(_VALUES)} "
                        f"WHERE rowid IN (SELECT rowid FROM {table} WHERE {where} = ? "
                        "ORDER BY random() LIMIT 1)",
                        (key,),
                    )
        for step in _STEPS:
            words = ["tournament", step[0], name, *step[2:]]
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = main(words)
            assert code in (0, 1, 2), (words, code)
            assert "Traceback" not in err.getvalue() and "\x1b" not in err.getvalue()
