"""`equation-duel puzzle`: one puzzle from the bank, as JSON or in words."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main
from rules.puzzles.bank import check, daily, pick
from rules.registry import GAME_IDS

KEYS = {"game", "options", "moves", "to_move", "solution", "difficulty", "id"}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["puzzle", *argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_has_the_issues_fields_and_is_the_seeded_pick(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    difficulty = "easy" if game_id == "conquest" else "medium"  # conquest: easy only
    data = run_json(capsys, game_id, "--seed", "4", "--difficulty", difficulty)
    assert set(data) == KEYS
    assert data == pick(game_id, 4, difficulty).to_json()
    assert data["game"] == game_id
    assert run_json(capsys, game_id, "--seed", "4", "--difficulty", difficulty) == data


def test_the_printed_puzzle_is_sound(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "template", "--seed", "1", "--difficulty", "hard")
    puzzle = pick("template", 1, "hard")
    assert data["id"] == puzzle.id and check(puzzle) == []


def test_words_give_the_position_and_the_task(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "fifty", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    puzzle = pick("fifty", 2, None)
    assert f"Player {puzzle.to_move} to move and win." in text
    assert "Target: exactly" in text and "Moves so far: Player " in text and ": Play " in text
    assert not any(move in text for move in puzzle.moves)  # no notation


def test_daily_by_date(capsys: pytest.CaptureFixture[str]) -> None:
    import datetime as dt

    data = run_json(capsys, "--daily", "--date", "2026-07-04")
    share = data.pop("share")
    assert data == daily(dt.date(2026, 7, 4)).to_json()
    assert share == f"Equation Duel 2026-07-04 · {data['game']} · not tried yet"
    other = run_json(capsys, "--daily", "--date", "2026-07-05")
    assert other["id"] != data["id"]
    today = run_json(capsys, "--daily")
    assert set(today) == {*KEYS, "share"}
    assert {k: v for k, v in today.items() if k != "share"} == daily(dt.date.today()).to_json()


def test_a_difficulty_the_game_has_not_says_so_and_offers_what_exists(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for difficulty in ("medium", "hard"):
        assert main(["puzzle", "conquest", "--difficulty", difficulty]) == 1
        err = capsys.readouterr().err
        assert "decided on the third number" in err and f"no {difficulty} ones; try easy" in err
    assert run_json(capsys, "conquest", "--difficulty", "easy")["difficulty"] == "easy"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--daily", "fifty"], "--daily takes no game"),
        (["--daily", "--date", "tomorrow"], "is not a date"),
        (["--daily", "--date", "2026-11-２6"], "'２' is not one of the digits 0–9"),
        (["--daily", "--date", "2026-02-30"], "'2026-02-30' is not a date like 2026-01-31"),
        (["fifty", "--date", "2026-01-01"], "--date goes with --daily"),
        ([], "name a game"),
    ],
)
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", *argv]) == 2
    assert message in capsys.readouterr().err


def test_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "any", "--seed", "9")
    assert data["game"] in GAME_IDS
    assert data == pick(None, 9, None).to_json()


def test_a_tampered_bank_is_said_and_an_empty_day_is_no_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.puzzles import bank as bank_module
    from rules.puzzles.bank import bank
    from rules.puzzles.bank_file import Bank

    fifty = tuple(p for p in bank() if p.game == "fifty")
    monkeypatch.setattr(bank_module, "loaded", lambda: Bank((), 3))
    assert main(["puzzle", "--daily", "--date", "2026-01-31"]) == 1
    err = capsys.readouterr().err
    assert "3 bad puzzle entries in the bank left out" in err
    assert "puzzle for 2026-01-31" in err
    assert main(["puzzle", "fifty"]) == 1
    assert "no puzzles for fifty" in capsys.readouterr().err
    monkeypatch.setattr(bank_module, "loaded", lambda: Bank(fifty, 1))
    assert main(["puzzle", "fifty", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "to move and win" in out and "1 bad puzzle entry" in err


def test_a_finished_position_is_never_offered_as_one_to_win() -> None:
    from dataclasses import replace

    from app.plain.puzzle_lines import puzzle_text
    from rules.puzzles.bank import bank

    puzzle = next(p for p in bank() if p.figures.plies == 1)
    over = replace(puzzle, moves=(*puzzle.moves, puzzle.solution[0]))
    lines = puzzle_text(over)
    assert "to move and win" not in lines[-1] and "nothing to solve" in lines[-1]
