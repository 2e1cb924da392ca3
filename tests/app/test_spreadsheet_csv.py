"""The one CSV writer of the reports (the homework's, the class report's, a tournament's
standings): read back with csv, no text cell can be read as a formula by a spreadsheet,
and numbers, negative ones too, are written as they are."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from app.store.exports import spreadsheet_csv

FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n")


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_formulas_are_quoted_and_numbers_are_not() -> None:
    rows = [['=HYPERLINK("http://x")', "-1.5", -2, "+1", "@SUM(A1)", "Ada", 3.5, "a\rb"]]
    header, row = _read(spreadsheet_csv(["a", "b", "c", "d", "e", "f", "g", "h"], rows))
    assert header == ["a", "b", "c", "d", "e", "f", "g", "h"]
    assert row[:4] == ['\'=HYPERLINK("http://x")', "-1.5", "-2", "'+1"]
    assert row[4:] == ["'@SUM(A1)", "Ada", "3.5", "a\nb"]  # (a lone \r ended the row)


@given(st.lists(st.text(max_size=12), min_size=1, max_size=5))
def test_no_text_cell_reads_as_a_formula(cells: list[str]) -> None:
    (_, row) = _read(spreadsheet_csv(["x"] * len(cells), [cells]))
    for typed, read in zip(cells, row, strict=True):
        typed = typed.replace("\r\n", "\n").replace("\r", "\n")  # (a lone \r broke the row)
        assert read in (typed, f"'{typed}")
        number = read.startswith("-") and read[1:].replace(".", "", 1).isdigit()
        assert not read.startswith(FORMULA) or number, read
