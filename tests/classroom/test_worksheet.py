"""The worksheet round trip: the PDF is read back (pypdf) and holds each puzzle's
position, "to move and win", and every answer with its reason on the last page."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.classroom.worksheet.pdf import worksheet_pdf
from app.classroom.worksheet.sheet import SheetError, choose, sheet_puzzles
from app.cli.main import main


def _text(reader: PdfReader) -> list[str]:
    return [page.extract_text() for page in reader.pages]


def test_worksheet_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--game", "fifty", "--difficulty", "easy", "--count", "4",
                 "--seed", "7", "-o", str(out)]) == 0  # fmt: skip
    assert "4 puzzles written" in capsys.readouterr().out
    pages = _text(PdfReader(out))
    expected = sheet_puzzles(choose("fifty", "easy", 4, 7))
    boxes = "\n".join(pages[:-1])
    answers = pages[-1]
    assert "answers" in answers
    for item in expected:
        assert f"Puzzle {item.number}: Exactly Fifty (easy)" in boxes
        assert item.task in boxes and item.task.endswith("to move and win.")
        for line in item.position:
            assert line in boxes
        assert f"{item.number}. {item.answer}" in answers
        assert item.reason.split(" (")[0] in answers
    assert "×" in answers or "÷" in answers or "+" in answers
    # The same seed, the same sheet; the bank's limits said in words.
    assert sheet_puzzles(choose("fifty", "easy", 4, 7)) == expected
    with pytest.raises(SheetError, match="fewer than"):
        choose("fifty", "hard", 50, 1)


def test_without_a_unicode_font_the_sheet_falls_back_cleanly() -> None:
    items = sheet_puzzles(choose("conquest", "easy", 2, 3))
    data, embedded = worksheet_pdf(items, "Sheet", folders=[])
    assert not embedded
    text = "\n".join(_text(PdfReader(BytesIO(data))))
    assert "Player" in text and "to move and win" in text
    assert "−" not in text  # written as "-" in the PDF's own Helvetica
