"""`equation-duel puzzle`: one puzzle from the bank, as JSON or in words."""

from __future__ import annotations

import json

import pytest

from app.cli import main
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
    data = run_json(capsys, game_id, "--seed", "4", "--difficulty", "medium")
    assert set(data) == KEYS
    assert data == pick(game_id, 4, "medium").to_json()
    assert data["game"] == game_id
    assert run_json(capsys, game_id, "--seed", "4", "--difficulty", "medium") == data


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
    assert data == daily(dt.date(2026, 7, 4)).to_json()
    other = run_json(capsys, "--daily", "--date", "2026-07-05")
    assert other["id"] != data["id"]
    today = run_json(capsys, "--daily")
    assert today == daily(dt.date.today()).to_json()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--daily", "fifty"], "--daily takes no game"),
        (["--daily", "--date", "tomorrow"], "is not a date"),
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
