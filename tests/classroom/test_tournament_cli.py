"""`equation-duel tournament`: a class of 8 played through from the command line, over
two runs of the program (the results are kept in the statistics database)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main

ROSTER = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


def _pairings(capsys: pytest.CaptureFixture[str], name: str, number: int) -> list[dict]:
    code, out, _ = _run(capsys, "tournament", "pairings", name, "--round", str(number), "--json")
    assert code == 0
    rounds = json.loads(out)
    assert [r["round"] for r in rounds] == [number]
    return rounds[0]["pairs"]


def test_round_robin_of_eight_over_two_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "class.csv"
    roster.write_text("name,group\n" + "".join(f"{n},5B\n" for n in ROSTER), encoding="utf-8")
    code, out, _ = _run(
        capsys, "tournament", "new", "Spring", "--players", str(roster), "--game", "fifty"
    )
    assert code == 0 and "Round 1 of 7" in out

    # The higher on the roster always wins, except that Hal beats Ann.
    def winner(pair: dict) -> str:
        names = {pair["p1"], pair["p2"]}
        if names == {"Ann", "Hal"}:
            return "Hal"
        return min(names, key=ROSTER.index)

    for number in range(1, 5):  # the first day: rounds 1-4
        for pair in _pairings(capsys, "Spring", number):
            label = f"{pair['p1']}-{pair['p2']}"
            code, out, _ = _run(
                capsys, "tournament", "result", "Spring", "--round", str(number),
                "--pair", label, "--winner", winner(pair),
            )  # fmt: skip
            assert code == 0, out

    # The second day, in a new run of the program: rounds 5-7, one result corrected.
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    script = (
        "import json, sys\n"
        "from app.cli.main import main\n"
        "ROSTER = json.loads(sys.argv[1])\n"
        "for number in (5, 6, 7):\n"
        "    import io, contextlib\n"
        "    out = io.StringIO()\n"
        "    with contextlib.redirect_stdout(out):\n"
        "        main(['tournament', 'pairings', 'Spring', '--round', str(number), '--json'])\n"
        "    for pair in json.loads(out.getvalue())[0]['pairs']:\n"
        "        names = {pair['p1'], pair['p2']}\n"
        "        win = 'Hal' if names == {'Ann', 'Hal'} else min(names, key=ROSTER.index)\n"
        "        assert main(['tournament', 'result', 'Spring', '--round', str(number),\n"
        "                     '--pair', pair['p1'] + '-' + pair['p2'], '--winner', win]) == 0\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(ROSTER)],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr

    table = tmp_path / "standings.csv"
    code, out, _ = _run(capsys, "tournament", "show", "Spring", "--json", "--csv", str(table))
    assert code == 0
    rows = json.loads(out)
    # Ann 6 (lost to Hal), Bo 6 (lost to Ann): level on points; the direct encounter
    # (FIDE C.07, round robin: it comes first) puts Ann first. Hal 1 (beat Ann) and Gus 1
    # (beat Hal): Gus beat Hal, so Gus is above, though Hal's Sonneborn-Berger is higher
    # (Ann's 6 against Hal's 1). Sonneborn-Berger: Ann beat everyone but Hal: Bo 6 + Cy 5 +
    # Di 4 + Ed 3 + Flo 2 + Gus 1 = 21; Bo beat Cy..Hal: 5 + 4 + 3 + 2 + 1 + Hal's 1 = 16.
    assert [(r["name"], r["points"]) for r in rows] == [
        ("Ann", 6.0), ("Bo", 6.0), ("Cy", 5.0), ("Di", 4.0),
        ("Ed", 3.0), ("Flo", 2.0), ("Gus", 1.0), ("Hal", 1.0),
    ]  # fmt: skip
    assert rows[0]["tiebreaks"]["direct encounter"] == 1.0
    assert rows[0]["tiebreaks"]["Sonneborn-Berger"] == 21.0
    assert rows[1]["tiebreaks"]["Sonneborn-Berger"] == 16.0
    assert (rows[6]["tiebreaks"]["Sonneborn-Berger"], rows[7]["tiebreaks"]["Sonneborn-Berger"]) == (
        1.0,
        6.0,
    )
    with table.open(encoding="utf-8") as handle:
        exported = list(csv.DictReader(handle))
    assert [r["name"] for r in exported] == [r["name"] for r in rows]
    assert exported[0]["points"] == "6" and exported[0]["sonneborn_berger"] == "21"

    code, _, err = _run(
        capsys, "tournament", "result", "Spring", "--round", "1", "--pair", "Ann-Zed",
        "--winner", "Ann",
    )  # fmt: skip
    assert code == 2 and "not paired in round 1" in err


def test_swiss_absent_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _run(
        capsys, "tournament", "new", "Sw", "--players", ",".join(ROSTER[:7]),
        "--game", "collect", "--format", "swiss", "--rounds", "3",
    )  # fmt: skip
    assert code == 0
    code, out, _ = _run(capsys, "tournament", "absent", "Sw", "--round", "1", "--player", "ann")
    assert code == 0 and "Ann is absent in round 1: they are not paired" in out
    pairs = _pairings(capsys, "Sw", 1)
    assert len(pairs) == 3 and all("Ann" not in (p["p1"], p["p2"]) for p in pairs)
    code, _, err = _run(capsys, "tournament", "show", "Nobody")
    assert code == 2 and "no tournament called 'Nobody'" in err
    code, _, err = _run(
        capsys, "tournament", "new", "X", "--players", "A,\x1b[31mB,a", "--game", "fifty"
    )
    assert code == 2 and "twice" in err and "\x1b" not in err


def test_play_a_pairing_hot_seat_enters_its_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from app.store import stats

    assert main(["tournament", "new", "T", "--players", "Ann,Bo", "--game", "fifty"]) == 0
    # Ann: 6 × 7 = 42; Bo: 9 − 5 = 4; Ann: 8 + 2 = 10, over 50: Bo wins.
    monkeypatch.setattr("sys.stdin", io.StringIO("6\n7\n*\n9\n5\n-\n8\n2\n+\n"))
    code, out, _ = _run(capsys, "tournament", "play", "T", "--round", "1", "--pair", "Ann-Bo",
                        "--plain")  # fmt: skip
    assert code == 0
    assert "Round 1: Ann - Bo, Bo won." in out
    # The match counts in the statistics as any game between named players.
    assert {(p.name, p.won) for p in stats.summary().players} == {("Ann", 0), ("Bo", 1)}
    code, _, err = _run(capsys, "tournament", "play", "T", "--round", "1", "--pair", "Bo-Ann")
    assert code == 2 and "has a result already" in err


def test_a_rotation_of_games_one_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "tournament", "new", "Rot", "--players", "Ann,Bo,Cy", "--game", "fifty, collect"
    )
    assert code == 0 and "fifty, collect in turn" in out and "Round 1 of 3: fifty" in out
    code, out, _ = _run(capsys, "tournament", "pairings", "Rot")
    assert "Round 2 of 3: collect" in out and "Round 3 of 3: fifty" in out
    code, _, err = _run(
        capsys, "tournament", "new", "X", "--players", "A,B", "--game", "fifty,collect",
        "--target", "40",
    )  # fmt: skip
    assert code == 2 and "not a rotation" in err
    code, _, err = _run(capsys, "tournament", "new", "X", "--players", "A,B", "--game", "chess")
    assert code == 2 and "no game called 'chess'" in err


LONG = "Maximiliana Konstantinopoulou Ab"  # 32 characters, the longest a name may be


def test_names_of_32_characters_are_kept_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    from app.classroom.tournament.playing import collect_results
    from app.store import stats
    from app.store.ratings import record_game
    from rules.records import GameRecord, PlayerInfo, RecordResult

    assert len(LONG) == 32
    code, _, err = _run(capsys, "tournament", "new", "X", "--players", f"{LONG}b,Bo",
                        "--game", "fifty")  # fmt: skip
    assert code == 2 and "at most 32 characters (this one has 33)" in err
    code, _, _ = _run(capsys, "tournament", "new", "T", "--players", f"{LONG},Bo,Cy,Di",
                      "--game", "fifty")  # fmt: skip
    assert code == 0
    # Played line by line: the match, the statistics and the tournament keep the whole name.
    # LONG: 6 × 7 = 42; Di: 9 − 5 = 4; LONG: 8 + 2 = 10, over 50: Di wins.
    monkeypatch.setattr("sys.stdin", io.StringIO("6\n7\n*\n9\n5\n-\n8\n2\n+\n"))
    code, out, _ = _run(capsys, "tournament", "play", "T", "--round", "1", "--pair",
                        f"{LONG}-Di", "--plain")  # fmt: skip
    assert code == 0 and f"Round 1: {LONG} - Di, Di won." in out
    assert {p.name for p in stats.summary().players} == {LONG, "Di"}
    # A full-screen game keeps a name of 32 characters whole: the result is found under it.
    code, out, _ = _run(capsys, "tournament", "pairings", "T", "--round", "3", "--json")
    third = json.loads(out)[0]["pairs"]
    pair = next(p for p in third if LONG in (p["p1"], p["p2"]))
    seats = (pair["p1"], pair["p2"])
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    # (Nothing typed: the match is left unfinished, then counted as the screen counts it.)
    _run(capsys, "tournament", "play", "T", "--round", "3", "--pair", "-".join(seats), "--plain")
    record_game(
        GameRecord(
            game="fifty",
            players=(PlayerInfo(name=seats[0]), PlayerInfo(name=seats[1])),
            result=RecordResult(winner=seats.index(LONG) + 1, reason="exact"),
        )
    )
    assert collect_results("T") == [f"Round 3: {seats[0]} - {seats[1]}, {LONG} won."]
    code, out, _ = _run(capsys, "tournament", "show", "T", "--json", "--csv",
                        str(tmp_path / "s.csv"))  # fmt: skip
    assert {r["name"]: r["won"] for r in json.loads(out)}[LONG] == 1
    assert f",{LONG},1," in (tmp_path / "s.csv").read_text(encoding="utf-8")


def test_a_result_entered_by_hand_counts_in_the_tournament_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from app.store import stats
    from app.store.ratings_view import ratings_summary

    assert main(["tournament", "new", "H", "--players", "Ann,Bo,Cy,Di", "--game", "fifty"]) == 0
    # Board 2 of round 1 entered by hand; board 1 played here (Ann: 6 × 7, Di: 9 − 5,
    # Ann: 8 + 2, over 50: Di wins).
    assert main(["tournament", "result", "H", "--round", "1", "--pair", "Bo-Cy",
                 "--winner", "Cy"]) == 0  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO("6\n7\n*\n9\n5\n-\n8\n2\n+\n"))
    assert main(["tournament", "play", "H", "--round", "1", "--pair", "Ann-Di", "--plain"]) == 0
    capsys.readouterr()
    pairs = _pairings(capsys, "H", 1)
    assert [(p["p1"], p["winner"], p["record"] is None) for p in pairs] == [
        ("Ann", "Di", False), ("Bo", "Cy", True),
    ]  # fmt: skip
    code, out, _ = _run(capsys, "tournament", "pairings", "H", "--round", "1")
    assert code == 0 and "Di won\n" in out + "\n" and "Cy won (entered by hand)" in out
    # The statistics and the ratings know only the game played here.
    assert {p.name for p in stats.summary().players} == {"Ann", "Di"}
    assert {line.player for line in ratings_summary().ratings} == {"Ann", "Di"}
    code, out, _ = _run(capsys, "tournament", "show", "H", "--json")
    assert code == 0
    assert {r["name"]: r["points"] for r in json.loads(out)} == {
        "Cy": 1.0, "Di": 1.0, "Ann": 0.0, "Bo": 0.0,
    }  # fmt: skip
