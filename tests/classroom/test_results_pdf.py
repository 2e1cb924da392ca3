"""The teacher's results PDF (the homework report's, `worksheet_pdf` with `results` and a
`table`): a long class's table goes on to the next page with its heading again; each
puzzle's box holds its drawing and its results and is as tall as they need, so nothing
is drawn past a page's foot, for every game; no name or answer lines. Read back with
pypdf (the text and where it is drawn)."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader

from app.classroom.worksheet import pdf
from app.classroom.worksheet.pdf import Sheet, worksheet_pdf
from app.classroom.worksheet.sheet import sheet_puzzles
from rules.puzzles.bank import puzzles_of
from rules.registry import GAME_IDS

#: The page's foot in points: no text is drawn below it.
FOOT = pdf.FOOT / 25.4 * 72


def _read(data: bytes) -> tuple[list[str], list[float]]:
    """Each page's text on one line, and the height of every piece of text drawn."""
    heights: list[float] = []
    pages = []
    for page in PdfReader(BytesIO(data)).pages:

        def seen(text: str, _cm: object, tm: list[float], *_: object) -> None:
            if text.strip():
                heights.append(tm[5])

        pages.append(" ".join(page.extract_text(visitor_text=seen).split()))
    return pages, heights


def test_a_long_class_and_every_games_results_fit_their_pages() -> None:
    puzzles = [puzzles_of(game, "easy")[-1] for game in GAME_IDS] * 2
    items = sheet_puzzles(puzzles)
    why = "Putting 9 in Player 1's first slot loses. Player 2 answers: Put 7 in Player 2's "
    results = [
        [
            f"The class: 80 students were given it, 70 answered it: box {n}.",
            f"The most common wrong move (12 students): {why * 3}",
            f"Wins: {'; or '.join(item.answers)}. Why: {item.reason}",
        ]
        for n, item in enumerate(items, 1)
    ]
    table = [["Student", "Puzzles", "Done"]] + [[f"Pupil{n:02}", "10", "yes"] for n in range(80)]
    data, _ = worksheet_pdf(
        items, Sheet("Homework h: the results"), summary=["h: …"], results=results, table=table
    )
    pages, heights = _read(data)
    assert min(heights) >= FOOT, min(heights)
    text = " ".join(pages)
    assert all(f"Pupil{n:02} 10 yes" in text for n in range(80))
    tabled = [page for page in pages if "Pupil" in page]
    assert len(tabled) == 2 and all("Student Puzzles Done" in page for page in tabled)
    for n in range(1, len(items) + 1):  # (each box whole on one page)
        assert sum(f"box {n}." in page and f"Puzzle {n}: " in page for page in pages) == 1
    assert "Name: ___" not in text and "Your move, and why it wins" not in text
    assert "the results: answers" not in text
