"""`equation-duel solve`, `arena`, and computer players in `play --plain`."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("game", "winner"), [("collect", 1), ("template", 1), ("fifty", 1), ("conquest", 1)]
)
def test_solve_json_from_the_start(
    capsys: pytest.CaptureFixture[str], game: str, winner: int
) -> None:
    code, out, _ = run(capsys, "solve", game, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "to_move", "winner", "best_moves", "described", "seconds"}
    assert len(data["described"]) == len(data["best_moves"])
    assert (data["game"], data["to_move"], data["winner"]) == (game, 1, winner)
    assert data["best_moves"] == sorted(data["best_moves"]) and data["best_moves"]
    assert isinstance(data["seconds"], float)


def test_solve_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "template", "--moves", "9@1.1", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["to_move"], data["winner"], data["best_moves"]) == (2, 2, ["1@1.2", "1@1.3"])


def test_solve_with_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "conquest", "--first", "2", "--json")
    assert code == 0
    assert json.loads(out)["to_move"] == 2


def test_solve_finished_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "conquest", "--moves", "1 2 3", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["winner"], data["best_moves"]) == (1, [])
    code, out, _ = run(capsys, "solve", "conquest", "--moves", "1 2 3")
    assert out.startswith("The game is over: Player 1 wins")


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "conquest", "--moves", "5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Player 2, to move, loses against best play: Player 1 wins in 1 move."
    assert lines[1] == "Every move loses against best play, all alike:"
    assert lines[2:5] == [
        "  Add 1 to the sequence.",
        "  Add 2 to the sequence.",
        "  Add 3 to the sequence.",
    ]


def test_solve_text_describes_the_winning_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "collect", "--moves", "1 2 3 4 5 6")
    assert code == 0
    assert out.splitlines()[:3] == [
        "Player 1, to move, wins with best play in 1 move.",
        "Moves that keep the win:",
        "  Pick 7, then declare 1 + 7 = 3 + 5: Player 1 wins at once.",
    ]
    assert "@" not in out and ":7" not in out and "ply" not in out


def test_solve_json_describes_the_best_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "template", "--moves", "9@1.1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["described"] == [
        "Put 1 in Player 1's second slot.",
        "Put 1 in Player 1's third slot.",
    ]


def test_solve_illegal_move_is_one_line_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "collect", "--moves", "3 3")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "move 2 ('3')" in err and "3 has been taken" in err


def test_solve_bad_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "conquest", "--target", "5")
    assert code == 2
    assert err.strip() == "equation-duel: error: --target does not apply to conquest"


@pytest.mark.parametrize("pool", ["3-6", "2-9", "2-5", "3-9", "1-1", "1-10"])
def test_conquest_pools_not_from_1_to_n_are_refused(
    capsys: pytest.CaptureFixture[str], pool: str
) -> None:
    for command in ("solve", "arena"):
        code, out, err = run(capsys, command, "conquest", "--pool", pool)
        assert code == 2 and out == ""
        assert err.count("\n") == 1
        assert "--pool: the numbers always start at 1" in err and "for ever" in err


@pytest.mark.parametrize("pool", ["1-2", "1-5", "1-9"])
def test_conquest_pools_from_1_are_solved(capsys: pytest.CaptureFixture[str], pool: str) -> None:
    code, out, _ = run(capsys, "solve", "conquest", "--pool", pool, "--json")
    assert code == 0 and json.loads(out)["winner"] == 1


def test_a_solver_refusal_is_a_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import rules.solver.core

    def refuse(game_id: str, state: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(rules.solver.core, "solve", refuse)
    code, out, err = run(capsys, "solve", "fifty")
    assert code == 1 and out == ""
    assert err == "equation-duel: error: the solver cannot answer this position " + (
        "(it is too deep to search)\n"
    )


def test_arena_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "fifty", "--p1", "medium", "--p2", "easy", "--games", "6", "--seed", "4"]
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6 and set(data["wins"]) == {"1", "2"}
    assert data["wins"]["1"] + data["wins"]["2"] == 6
    assert json.loads(run(capsys, *args, "--json")[1]) == data


@pytest.mark.parametrize("game", ["collect", "template", "fifty", "conquest"])
def test_arena_perfect_beats_easy_from_the_winning_seat(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    code, out, _ = run(
        capsys, "arena", game, "--p1", "perfect", "--p2", "easy", "--games", "4", "--json"
    )
    assert code == 0
    assert json.loads(out) == {"games": 4, "wins": {"1": 4, "2": 0}}


def test_arena_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "conquest", "--games", "3", "--p2", "medium")
    assert code == 0
    assert out.splitlines() == [
        "3 games of conquest:",
        "  Player 1 (perfect) won 3",
        "  Player 2 (medium) won 0",
    ]


def test_play_plain_with_two_computer_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(
        capsys, "play", "conquest", "--plain", "--p1", "perfect", "--p2", "perfect", "--seed", "1"
    )
    assert code == 0
    # Two computers of one level are numbered, so the last line says which one won.
    assert "Computer 1 (perfect): " in out and "Computer 2 (perfect): " in out
    assert out.strip().splitlines()[-1].startswith("Computer 1 (perfect) wins:")


def test_play_plain_human_against_the_computer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("5\n"))
    code, out, _ = run(capsys, "play", "conquest", "--plain", "--p2", "perfect", "--seed", "1")
    assert code == 0
    assert "Computer (perfect): " in out  # named by its level, never "Player 2"
    assert "Input ended" in out


def test_play_screen_with_computer_players_seats_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --plain, `--p1 easy` opens the full screen with the computer in seat 1."""
    from app.tui.app import EquationDuelApp

    opened: list[EquationDuelApp] = []
    monkeypatch.setattr(EquationDuelApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr("app.plain.no_screen.no_screen_reason", lambda: None)  # (as in a terminal)
    code, _, _ = run(capsys, "play", "conquest", "--p1", "easy", "--best-of", "3")
    assert code == 0
    (app,) = opened
    assert app.start_game_id == "conquest"
    assert app.start_levels == ("easy", None)
    assert app.start_best_of == 3


def test_solve_in_a_fresh_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "solve", "collect", "--moves", "1 2", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["to_move"] == 1


def test_solve_text_lists_the_longest_defences_when_they_differ(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "solve", "fifty", "--moves", "6*7")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Every move loses; these hold out longest:"
    assert not any("9 × 8" in line for line in lines)  # going over at once is no defence


def test_a_statement_before_three_numbers_is_refused_by_solve_and_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "solve", "conquest", "--declare", "--moves", "2:2=2")
    assert code == 2 and "needs three numbers in the sequence" in err
    code, _, err = run(
        capsys, "play", "conquest", "--plain", "--declare", "--moves", "2:2=2 3:1+2=3"
    )
    assert code == 2 and "move 1 ('2:2=2')" in err and "needs three numbers" in err
