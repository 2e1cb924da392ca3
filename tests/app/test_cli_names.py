"""`--p1-name` and `--p2-name` (issue 10, items 3 and 10): cleaned by the one name
cleaner; an empty or too long name is one line on standard error, exit 2."""

from __future__ import annotations

import io
import sys

import pytest

from app.cli.main import main


@pytest.mark.parametrize(
    ("flag", "value", "problem"),
    [
        ("--p1-name", "", "--p1-name: a name needs at least one printable character"),
        ("--p2-name", "a" * 65, "--p2-name: a name is at most 32 characters (this one has 65)"),
        ("--p1-name", "\x1b[2J", "--p1-name: a name needs at least one printable character"),
        # bytes that are not UTF-8 (argv keeps them as surrogates): refused, never dropped
        (
            "--p1-name",
            "Ann\udcff",
            "--p1-name: a name must be valid text (it has bytes that are not UTF-8)",
        ),
        (
            "--p2-name",
            " player 1",
            "--p2-name: both players are called 'player 1': two players may not share a name",
        ),
    ],
)
def test_bad_names_are_one_line(
    flag: str, value: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "conquest", "--plain", flag, value]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"equation-duel: error: {problem}\n"
    assert "Traceback" not in captured.err


def test_escape_codes_in_names_never_reach_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    name = "\x1b]0;owned\x07[/]Ann\x1b[2J"
    assert main(["play", "conquest", "--plain", "--p1-name", name, "--moves", "1 2"]) == 0
    out = capsys.readouterr().out
    assert "[/]Ann's turn" in out and "\x1b" not in out and "\x07" not in out
