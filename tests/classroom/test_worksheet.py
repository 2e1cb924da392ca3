"""The worksheet round trip (issue 35): the PDF is read back (pypdf; pdftotext too when
this machine has it) and holds each puzzle drawn (its chips, slots, facts, one line of
the game's rule, whose turn), the teacher's title and class, a key, and on the answers
page every winning move (the same choice once), with the reason."""

from __future__ import annotations

import re
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.classroom.worksheet.diagram import diagram
from app.classroom.worksheet.pdf import Sheet, worksheet_pdf
from app.classroom.worksheet.sheet import (
    SheetError,
    _counted,
    choose,
    sheet_puzzles,
    winning_choices,
)
from app.cli.main import main
from rules.choices import choice_key
from rules.puzzles.bank import puzzles_of
from rules.puzzles.judge import fits
from rules.puzzles.model import Difficulty, Puzzle


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _pages(path: Path) -> list[str]:
    return [_flat(page.extract_text()) for page in PdfReader(path).pages]


def test_worksheet_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--game", "fifty", "--difficulty", "medium", "--count", "4",
                 "--seed", "7", "--title", "Friday's puzzles", "--class", "5B",
                 "-o", str(out)]) == 0  # fmt: skip
    assert "4 puzzles written" in capsys.readouterr().out
    pages = _pages(out)
    expected = sheet_puzzles(choose("fifty", "medium", 4, 7))
    boxes, answers = " ".join(pages[:-1]), pages[-1]
    assert pages[0].startswith("Friday's puzzles Class: 5B Name:")
    assert "Key: 5 still free 5 taken an empty slot" in pages[0]
    assert answers.startswith("Friday's puzzles: answers Class: 5B") and "Name:" not in answers
    for item in expected:
        assert f"Puzzle {item.number}: Exactly Fifty (medium)" in boxes
        assert _flat(item.drawing.rule) in boxes
        assert (
            "ties go to Player" in item.drawing.rule and "(the second player)" in item.drawing.rule
        )
        for fact in item.drawing.facts:
            assert fact in boxes
        chips = " ".join(c.text for c in item.drawing.rows[0].cells)
        assert f"Numbers {chips}" in boxes  # every number drawn, taken ones struck
        assert item.task in boxes and item.task.endswith("to move and win.")
        assert f"{item.number}. Exactly Fifty (medium): {item.task}" in answers
        for move in item.answers:
            assert (
                move[1:] in answers
            )  # each winning choice, the first letter as the list writes it
        assert _flat(item.figures) in answers
    # The same seed, the same sheet; the bank's limits said in words.
    assert sheet_puzzles(choose("fifty", "medium", 4, 7)) == expected
    with pytest.raises(SheetError, match="fewer than"):
        choose("fifty", "hard", 50, 1)


def test_every_winning_move_is_listed_the_same_choice_once() -> None:
    # Fifty's 5 × 6 and 6 × 5 are one choice (RULINGS.md, "Puzzles").
    puzzle = next(p for p in puzzles_of("fifty", "easy") if len(p.solution) == 6)
    state = puzzle.state()
    keys = {choice_key("fifty", state, m) for m in puzzle.solution}
    listed = winning_choices(puzzle)
    assert len(listed) == len(keys) < len(puzzle.solution)
    assert {choice_key("fifty", state, m) for m in listed} == keys
    (item,) = sheet_puzzles([puzzle])
    assert len(item.answers) == len(keys) and item.figures.startswith(
        f"{len(keys)} winning choices"
    )
    # A collect pick wins with its declaration: the declaration is said.
    collect = next(p for p in puzzles_of("collect", "easy") if any(":" in m for m in p.solution))
    assert all("declare" in words for words in sheet_puzzles([collect])[0].answers)


def test_the_puzzles_follow_the_ruling_and_a_missing_difficulty_is_said() -> None:
    for game, difficulty in [("fifty", "medium"), ("countdown", "hard"), ("any", "medium")]:
        for puzzle in choose(game, difficulty, 12, 1):
            assert puzzle.difficulty == difficulty and fits(puzzle.figures, difficulty)
    # The ruling counts choices on both sides (a collect pick with or without its
    # declaration is one choice), and so does the bank now: every puzzle a sheet can hold
    # follows it, counted here over again from the sheet's own winning choices.
    for difficulty in ("medium", "hard"):
        for game in ("collect", "template", "fifty", "countdown"):
            for puzzle in puzzles_of(game, difficulty):
                if fits(puzzle.figures, difficulty):
                    assert follows_ruling(puzzle, difficulty), puzzle.id
    for item in sheet_puzzles(choose("collect", "medium", 8, 1)):
        winning, _, rest = item.figures.partition(" winning choice")
        legal = int(rest.split(" of ")[1].split(" ")[0])
        assert "takes" in rest or 6 * int(winning) <= legal, item.figures
    with pytest.raises(SheetError, match="easy puzzles only"):
        choose("conquest", "medium", 3, 1)
    with pytest.raises(SheetError, match="no game called"):
        choose("fifty,chess", "easy", 3, 1)
    mixed = choose("fifty,countdown", "easy", 5, 2)
    assert [p.game for p in mixed] == ["fifty", "countdown", "fifty", "countdown", "fifty"]
    assert {p.game for p in choose("any", "medium", 8, 3)} == {
        "collect", "template", "fifty", "countdown",
    }  # fmt: skip


def test_each_game_is_drawn_as_a_puzzle_book_draws_it() -> None:
    template = next(p for p in puzzles_of("template", "easy") if p.options.get("first") == 2)
    state = template.state()
    drawn = diagram("template", state)
    assert "ties go to Player 1 (the second player)" in drawn.rule
    digits, *players = drawn.rows
    assert sum(c.kind == "struck" for c in digits.cells) == 9 - len(state.pool)
    for row, slots in zip(players, state.slots, strict=True):
        boxes = [c.text for c in row.cells if c.kind == "slot"]
        assert boxes == ["" if d is None else str(d) for d in slots]
    countdown = puzzles_of("countdown", "easy")[0].state()
    drawn = diagram("countdown", countdown)
    assert drawn.facts == (f"Running total: {countdown.running_total}. Target: 30 or more.",)
    for row, left in zip(drawn.rows, countdown.available, strict=True):
        assert [c.text for c in row.cells if c.kind == "chip"] == [str(n) for n in left]
    fifty = next(p.state() for p in puzzles_of("fifty") if min(p.state().scores) < 0)
    assert "−" in diagram("fifty", fifty).facts[0]  # the game's minus sign, not '-'
    assert diagram("conquest", puzzles_of("conquest")[0].state()).rows[0].cells[-1].text == "?"


def test_a_mixed_sheet_has_the_games_in_its_key(tmp_path: Path) -> None:
    items = sheet_puzzles(choose("collect,conquest", "easy", 3, 4))
    data, _ = worksheet_pdf(items, Sheet("Mix"))
    out = tmp_path / "mix.pdf"
    out.write_bytes(data)
    first = _pages(out)[0]
    assert "Games on this sheet: Collect & Declare, Equation Conquest." in first
    if shutil.which("pdftotext") is None:
        return  # poppler-utils is not a dependency; pypdf read it above
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Player 1 holds" in text and "to move and win." in text and "Rule: " in text


def test_without_a_unicode_font_the_sheet_falls_back_cleanly() -> None:
    items = sheet_puzzles(choose("conquest", "easy", 2, 3))
    data, embedded = worksheet_pdf(items, "Sheet", folders=[])
    assert not embedded
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages)
    assert "Player" in text and "to move and win" in text
    assert "−" not in text  # written as "-" in the PDF's own Helvetica


def follows_ruling(puzzle: Puzzle, difficulty: Difficulty) -> bool:
    """Medium and hard need a win of two of the mover's moves, or at most one winning
    choice in six legal choices; hard, one winning choice and two moves."""
    if difficulty == "easy":
        return True
    winning, legal = _counted(puzzle)
    long_win = puzzle.figures.mover_moves >= 2
    if difficulty == "medium":
        return long_win or 6 * winning <= legal
    return long_win and winning == 1
