"""The teacher's report: games, accuracy on games whose analysis is known, mistakes in
words, puzzles, and where the data lives."""

from __future__ import annotations

import csv
from pathlib import Path
from types import SimpleNamespace

import pytest

from app.classroom.report.accuracy import judge_record
from app.cli.main import main
from app.store.data_folder import data_dir
from app.store.ratings import record_game, record_puzzle
from app.store.ratings_db import open_ratings
from app.store.storage import save_game
from rules.records import GameRecord, MoveEntry, PlayerInfo, RecordResult


def _fifty(moves: list[str], winner: int, names: tuple[str, str] = ("Ann", "Bo")) -> GameRecord:
    return GameRecord(
        game="fifty",
        players=(PlayerInfo(name=names[0]), PlayerInfo(name=names[1])),
        moves=tuple(MoveEntry(move=m) for m in moves),
        result=RecordResult(winner=winner, reason="over"),  # type: ignore[arg-type]
    )


# Ann: 6 × 7 = 42 (the solver: a win in 3, kept); Bo: 9 − 5 = 4 (lost anyway: among
# the moves that hold out longest); Ann: 8 + 2 = 10, 52, over 50, though 8 × 1 or 4 × 2
# made exactly 50. Ann: 1 of 2 moves kept the best value; Bo: 1 of 1.
KNOWN = ["6*7", "9-5", "8+2"]


def test_accuracy_of_a_game_whose_analysis_is_known() -> None:
    judged = judge_record(_fifty(KNOWN, 2))
    assert (judged["Ann"].moves, judged["Ann"].accurate) == (2, 1)
    assert (judged["Bo"].moves, judged["Bo"].accurate) == (1, 1)
    assert dict(judged["Ann"].mistakes) == {("fifty", "missed-win"): 1}
    computer = _fifty(KNOWN, 2).model_copy(
        update={"players": (PlayerInfo(name="Ann"), PlayerInfo(name="Computer", kind="perfect"))}
    )
    assert set(judge_record(computer)) == {"Ann"}  # the computer's moves are not judged


def test_report_command_line_and_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _fifty(KNOWN, 2)
    record_game(record)
    save_game(record)
    record_game(_fifty(["6*7", "8*1"], 1))  # counted, not saved: no moves to judge
    conn = open_ratings()
    try:
        for difficulty, solved, daily in [
            ("easy", True, "2026-01-05"), ("easy", False, None), ("hard", True, None),
        ]:  # fmt: skip
            puzzle = SimpleNamespace(id=f"p-{difficulty}", game="fifty", difficulty=difficulty)
            record_puzzle(conn, "Ann", puzzle, solved, rated=True, daily=daily)
    finally:
        conn.close()
    out_file = tmp_path / "report.csv"
    assert main(["report", "--player", "ann", "--csv", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert str(data_dir() / "stats.sqlite3") in out and "stays on this machine" in out
    assert "games: fifty 2 played, 1 won, 1 lost" in out
    assert "accuracy: 50% of 2 moves kept the best value" in out
    assert "fifty: went over 50 with a move that could have been exact (once)" in out
    # What to practise next, with the position of the mistake from her own game: after
    # 6 × 7 = 42 and 9 − 5 = 4, Ann (42) to move with 1, 2, 3, 4, 8 left: 8 × 1 makes 50.
    practise = next(line for line in out.splitlines() if "practise next" in line)
    assert practise.startswith(
        "  practise next: fifty: went over 50 with a move that could have been exact (once). "
        "Try this position from one of their games of Exactly Fifty: Numbers left: 1, 2, 3, 4, 8."
    )
    assert (
        "Player 1 has 42 points. Player 2 has 4 points. Ann (Player 1) to move; best: " in practise
    )
    assert practise.rsplit("best: ", 1)[1] in ("Play 8 × 1 = 8.", "Play 4 × 2 = 8.")
    assert out.count("Teacher's report") == 1
    assert "puzzles solved: easy 1 of 2, medium 0 of 0, hard 1 of 1" in out
    assert "daily puzzles: 1 done, 1 solved" in out
    assert "puzzle rating:" in out
    assert "\nBo\n" not in out
    with out_file.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["name"] for r in rows] == ["Ann"]
    assert rows[0]["fifty_played"] == "2" and rows[0]["accuracy_percent"] == "50"
    assert main(["report", "--since", "2999-01-01"]) == 0
    assert "No players yet" in capsys.readouterr().out
    assert main(["report", "--since", "yesterday"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_accuracy_reads_the_finished_games_kept_each_game_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from app.store.finished_games import finished_dir, keep_finished

    saved = _fifty(KNOWN, 2)  # Ann 1 of 2 moves kept the best value
    save_game(saved)
    keep_finished(saved)  # the same game, kept as finished too: judged once
    exact = _fifty(["6*7", "9-5", "8*1"], 1)  # Ann: 6 × 7, then 8 × 1 = 50: 2 of 2
    keep_finished(exact)  # only in finished/
    keep_finished(_fifty(["6*7"], 1).model_copy(update={"result": None}))  # unfinished: not kept
    assert len(list(finished_dir().glob("*.json"))) == 2
    assert main(["report", "--player", "Ann"]) == 0
    out = capsys.readouterr().out
    assert str(finished_dir()) in out and "(2 finished games)" in out
    # 3 of Ann's 4 moves (not 4 of 6, as reading the saved game twice would give).
    assert "accuracy: 75% of 4 moves kept the best value" in out
    assert "fifty: went over 50 with a move that could have been exact (once)" in out


def test_one_move_is_said_in_the_singular() -> None:
    from app.classroom.report.accuracy import Judged
    from app.classroom.report.gather import PlayerReport
    from app.classroom.report.text import player_lines

    lines = player_lines(PlayerReport("Ann", judged=Judged(moves=1, accurate=1, games=1)))
    assert "  accuracy: 100% of 1 move kept the best value the solver gives" in lines
    assert not any("practise next" in line for line in lines)  # no mistake judged
