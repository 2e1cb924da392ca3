"""The roster CSV, the database option, and a challenge's options as typed (a parser:
nothing typed crashes the hub or prints on it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.hub.challenge import ChallengeProblem, challenge_words, read_challenge
from app.hub.protocol import Admitted
from app.hub.roster import RosterProblem, read_roster
from app.hub.store import StoreProblem, open_store
from tests.hub.support import Client, running_hub


def test_a_roster_csv_names_the_students_each_once(tmp_path: Path) -> None:
    roster = tmp_path / "class.csv"
    roster.write_text("number,name\n1,Ada\n2, bo \n3,ADA\n4,\n", encoding="utf-8")
    assert read_roster(roster) == ["Ada", "bo"]
    roster.write_text("Cy\nDee\n", encoding="utf-8")
    assert read_roster(roster) == ["Cy", "Dee"]
    roster.write_text("name\n" + "x" * 40 + "\n", encoding="utf-8")
    with pytest.raises(RosterProblem, match="row 1 of"):
        read_roster(roster)
    with pytest.raises(RosterProblem, match="cannot read"):
        read_roster(tmp_path / "missing.csv")


async def test_a_roster_name_is_admitted_at_once(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in read_roster(_roster(tmp_path)):
            hub.store.admit(name)
        cy = await Client.knock(hub, "cy")
        admitted = await cy.next()
        assert isinstance(admitted, Admitted) and admitted.name == "Cy" and admitted.token
        await cy.close()


def _roster(tmp_path: Path) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text("name\nCy\n", encoding="utf-8")
    return path


def test_the_database_is_an_sqlite_file_or_a_postgresql_url(tmp_path: Path) -> None:
    with pytest.raises(StoreProblem, match="an SQLite file or a postgresql:// URL, not 'ftp:"):
        open_store("ftp://teacher@school/class")
    with pytest.raises(StoreProblem, match=": a folder, not a database"):
        open_store(str(tmp_path))
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(StoreProblem, match=": a pipe, not a database"):
        open_store(str(tmp_path / "pipe"))  # (never waits on it)
    (tmp_path / "junk").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreProblem, match="cannot open the database"):
        open_store(str(tmp_path / "junk"))
    store = open_store(str(tmp_path / "class.sqlite3"))
    assert store.class_code() == store.class_code()
    store.close()


def test_a_challenge_reads_the_flags_of_play() -> None:
    match = read_challenge("fifty", ["--pool", "1-12", "--best-of", "3"])
    assert match.best_of == 3 and challenge_words(match) == "fifty, best of 3"
    for game, flags in (("chess", []), ("fifty", ["--help"]), ("fifty", ["--template", "x"])):
        with pytest.raises(ChallengeProblem):
            read_challenge(game, flags)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=6))
def test_no_typed_options_crash_the_hub(flags: list[str]) -> None:
    try:
        read_challenge("fifty", flags)
    except ChallengeProblem as problem:
        assert str(problem)
