"""The transcript check reads every plain transcript of the test set: the consoles', the
command line's puzzles (through a console) and the online tests' plain programs."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest

from app.cli import puzzle as puzzle_cli
from tests.online import procs
from tests.plain.transcripts import _recording_programs, problems


def test_the_online_tests_programs_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[procs.Proc] = []
    _recording_programs(monkeypatch, started)
    program = procs.Proc(["play", "conquest", "--plain", "--moves", "2 3 5"], tmp_path)
    assert program.finish() == 0
    assert started == [program]
    assert "Player 1 wins: 2 + 3 = 5 formed." in program.output()
    assert not problems(program.output())


def test_the_command_lines_puzzles_write_through_a_console(
    monkeypatch: pytest.MonkeyPatch, linear_transcripts: list[str]
) -> None:
    out = StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    puzzle_cli._write(" ".join(["word"] * 40))
    assert [len(line) <= 100 for line in out.getvalue().splitlines()] == [True, True]
    assert linear_transcripts[-1] == out.getvalue().rstrip("\n")
