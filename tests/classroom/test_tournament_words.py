"""What the command line says of a tournament (issue 35): standings while a pairing is
postponed, the JSON's words for a pairing still to play, a round past the last; and rows
changed by hand so that they name someone not on the roster (issue 36, item 6): refused
in words by `show`, `absent` and the full screen, never a KeyError."""

from __future__ import annotations

import json
import sqlite3

import pytest
from textual.widgets import Static

from app.cli.main import main
from app.store.stats import stats_path
from app.tui.app import EquationDuelApp
from app.tui.tournament_rounds import TournamentRoundsScreen
from tests.app.tui_support import SIZE, text_of


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


def _round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _run(
        capsys, "tournament", "new", "T", "--players", "Ann,Bo,Cy,Di", "--game", "fifty"
    )
    assert code == 0


def test_standings_say_what_is_postponed_and_the_json_says_to_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _round_robin(capsys)
    code, out, _ = _run(capsys, "tournament", "pairings", "T", "--round", "1", "--json")
    assert [p["status"] for p in json.loads(out)[0]["pairs"]] == ["to play", "to play"]
    for number in (1, 2, 3):
        code, out, _ = _run(capsys, "tournament", "pairings", "T", "--round", str(number), "--json")
        first, second = json.loads(out)[0]["pairs"]
        _run(capsys, "tournament", "result", "T", "--round", str(number),
             "--pair", f"{first['p1']}-{first['p2']}", "--winner", first["p1"])  # fmt: skip
        if number == 3:
            code, out, _ = _run(capsys, "tournament", "absent", "T", "--round", "3",
                                "--player", second["p1"])  # fmt: skip
            assert code == 0 and "postponed" in out
        else:
            _run(capsys, "tournament", "result", "T", "--round", str(number),
                 "--pair", f"{second['p1']}-{second['p2']}", "--winner", second["p2"])  # fmt: skip
    code, out, _ = _run(capsys, "tournament", "show", "T")
    assert code == 0
    assert "standings after 2 of 3 rounds (1 postponed pairing still to play)" in out
    assert "FIDE" in out and "C.07" in out and "then Koya" in out
    code, out, _ = _run(capsys, "tournament", "pairings", "T", "--round", "3", "--json")
    assert [p["status"] for p in json.loads(out)[0]["pairs"]] == ["played", "postponed"]
    code, _, err = _run(capsys, "tournament", "result", "T", "--round", "9",
                        "--pair", "Ann-Bo", "--winner", "Ann")  # fmt: skip
    assert code == 2 and "there is no round 9: the tournament has 3 rounds" in err


#: Each kind of row a hand can change to a name not on the roster.
TAMPERED = {
    "a pairing": "UPDATE tournament_pairings SET p2 = 'Zed' WHERE round = 1 AND board = 1",
    "a bye": "UPDATE tournament_rounds SET bye = 'Zed' WHERE number = 1",
    "the absent": """UPDATE tournament_rounds SET absent = '["Zed"]' WHERE number = 1""",
    "the roster": "UPDATE tournament_players SET name = 'Zed' WHERE seat = 1",
}


@pytest.mark.parametrize("row", list(TAMPERED))
async def test_a_name_not_on_the_roster_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], row: str
) -> None:
    code, _, _ = _run(capsys, "tournament", "new", "T", "--players", "Ann,Bo,Cy,Di,Ed",
                      "--game", "fifty", "--format", "swiss", "--rounds", "2")  # fmt: skip
    assert code == 0
    with sqlite3.connect(stats_path()) as conn:
        conn.execute(TAMPERED[row])
    said = "unreadable (changed by hand)"
    for words in (("show", "T"), ("show", "T", "--json"), ("pairings", "T"),
                  ("absent", "T", "--round", "1", "--player", "Bo")):  # fmt: skip
        code, out, err = _run(capsys, "tournament", *words)
        assert code == 1 and said in err and "not on the roster" in err, (words, err)
        assert "Traceback" not in err and out == ""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TournamentRoundsScreen("T"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentRoundsScreen)
        assert said in text_of(screen.query_one("#rounds-message", Static))
        await pilot.press("right", "down", "1", "a", "e", "enter")
        assert app.screen is screen
