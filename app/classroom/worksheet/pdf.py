"""The worksheet as a PDF (fpdf2): puzzles in boxes, three to an A4 page, drawn as
`diagram` says, a key on the first page and every winning move on the last page(s).

The font is DejaVu Sans when this machine has it (embedded); otherwise Helvetica,
whose Latin-1 has × and ÷ but not −, written then as "-" (`FALLBACK`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.classroom.worksheet.diagram import LEGEND, Row
from app.classroom.worksheet.sheet import SheetPuzzle

#: Where a Unicode TrueType font is looked for (the first found is used).
FONT_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FALLBACK = "Helvetica"

BOXES_PER_PAGE = 3
#: A chip's diameter and the step from one to the next; a slot's side (millimetres).
CHIP, STEP, SLOT = 6.4, 7.6, 8.0
LABEL = 30.0
GREY = (110, 110, 110)
#: The foot of a page (mm) the teacher's results and table never reach.
FOOT = 12.0


def find_font(folders: Sequence[Path] = FONT_FOLDERS) -> tuple[Path, Path] | None:
    """(regular, bold) DejaVu Sans files, or None when this machine has none."""
    for folder in folders:
        regular, bold = (folder / name for name in FONT_FILES)
        if regular.is_file() and bold.is_file():
            return regular, bold
    return None


def new_document(title: str, folders: Sequence[Path]) -> tuple[Any, str, Callable[[str], str]]:
    """An A4 PDF titled `title` with its font: (the FPDF, the font's family, what makes a
    text writable in it: itself with DejaVu Sans, `_latin` with the fallback)."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_title(title)
    pdf.set_creator("Equation Duel")
    font = find_font(folders)
    if font is None:
        return pdf, FALLBACK, _latin
    pdf.add_font("DejaVu", "", str(font[0]))
    pdf.add_font("DejaVu", "B", str(font[1]))
    return pdf, "DejaVu", str


def _latin(text: str) -> str:
    """Text the PDF's own fonts can write (Latin-1): − becomes -, → becomes ->."""
    text = text.replace("−", "-").replace("→", "->").replace("…", "...").replace("–", "-")
    return text.encode("latin-1", "replace").decode("latin-1")


@dataclass(frozen=True)
class Sheet:
    """What the teacher names: the title, the class (may be empty)."""

    title: str
    class_name: str = ""


class _Pages:
    """The document being drawn, with its font."""

    def __init__(self, pdf: Any, family: str, say: Callable[[str], str]) -> None:
        self.pdf, self.family, self.say = pdf, family, say
        self.width = pdf.w - pdf.l_margin - pdf.r_margin

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def line_of(self, text: str, size: float, height: float, bold: bool = False) -> None:
        self.font(size, bold)
        self.pdf.multi_cell(self.width, height, self.say(text), new_x="LMARGIN", new_y="NEXT")

    def header(self, sheet: Sheet, title: str, pupil: bool = True) -> None:
        """A page's title, the class, and (on the pupils' pages) their name and the date."""
        pdf = self.pdf
        pdf.add_page()
        self.line_of(title, 15, 8, bold=True)
        who = f"Class: {sheet.class_name}     " if sheet.class_name else ""
        if pupil:
            who += "Name: ______________________     Date: ____________"
        if who:
            self.line_of(who.strip(), 10, 7)
        pdf.ln(1)

    def table(self, rows: Sequence[Sequence[str]]) -> None:
        """`rows` as a table, the first its heading (a long one goes on to the next page,
        its heading again); the first column is text, the others figures."""
        pdf = self.pdf
        self.font(9)
        pdf.set_auto_page_break(auto=True, margin=FOOT)
        first = 0.2 * self.width
        rest = (self.width - first) / max(1, len(rows[0]) - 1)
        aligns = ("LEFT", *["CENTER"] * (len(rows[0]) - 1))
        with pdf.table(
            col_widths=(first, *[rest] * (len(rows[0]) - 1)), text_align=aligns
        ) as drawn:
            for row in rows:
                cells = drawn.row()
                for cell in row:
                    cells.cell(self.say(cell))
        pdf.set_auto_page_break(auto=False)
        pdf.ln(2)

    def row(self, row: Row, x: float, y: float) -> None:
        """A row of cells at (x, y): its label, then chips, slots and symbols."""
        pdf = self.pdf
        self.font(9)
        pdf.set_xy(x, y)
        pdf.cell(LABEL, SLOT, self.say(row.label))
        at = x + LABEL
        for cell in row.cells:
            text = self.say(cell.text)
            if cell.kind in ("chip", "struck"):
                pdf.set_draw_color(*(GREY if cell.kind == "struck" else (0, 0, 0)))
                pdf.set_text_color(*(GREY if cell.kind == "struck" else (0, 0, 0)))
                top = y + (SLOT - CHIP) / 2
                pdf.ellipse(at, top, CHIP, CHIP)
                self.font(9 if len(text) < 2 else 7.5, bold=cell.kind == "chip")
                pdf.set_xy(at, top)
                pdf.cell(CHIP, CHIP, text, align="C")
                if cell.kind == "struck":
                    pdf.set_draw_color(0, 0, 0)
                    pdf.line(at - 0.5, top + CHIP + 0.5, at + CHIP + 0.5, top - 0.5)
                pdf.set_text_color(0, 0, 0)
                pdf.set_draw_color(0, 0, 0)
                at += STEP
            elif cell.kind == "slot":
                pdf.rect(at, y, SLOT, SLOT)
                self.font(12, bold=True)
                pdf.set_xy(at, y)
                pdf.cell(SLOT, SLOT, text, align="C")
                at += SLOT + 1.5
            else:
                size = 13 if cell.kind == "symbol" else 9
                self.font(size)
                wide = pdf.get_string_width(text) + 2
                pdf.set_xy(at, y)
                pdf.cell(wide, SLOT, text, align="C")
                at += wide + (0 if cell.kind == "symbol" else 2)

    def box(self, item: SheetPuzzle, height: float, results: Sequence[str] = ()) -> None:
        """The puzzle drawn in a box of `height`; under it the pupil's answer lines, or on
        a teacher's report the class's `results` (the box grows to hold them)."""
        pdf = self.pdf
        x, top = pdf.l_margin, pdf.get_y()
        pdf.set_xy(x + 3, top + 2)
        self.font(12, bold=True)
        heading = f"Puzzle {item.number}: {item.title} ({item.difficulty})"
        pdf.cell(self.width - 6, 6, self.say(heading), new_x="LMARGIN", new_y="NEXT")
        pdf.set_x(x + 3)
        self.font(8.5)
        pdf.multi_cell(
            self.width - 6, 4, self.say(item.drawing.rule), new_x="LMARGIN", new_y="NEXT"
        )
        y = pdf.get_y() + 1.5
        for row in item.drawing.rows:
            self.row(row, x + 4, y)
            y += SLOT + 2
        pdf.set_xy(x + 4, y)
        self.font(10)
        for fact in item.drawing.facts:
            pdf.set_x(x + 4)
            pdf.cell(self.width - 8, 5, self.say(fact), new_x="LMARGIN", new_y="NEXT")
        pdf.set_x(x + 4)
        self.font(11, bold=True)
        pdf.cell(self.width - 8, 7, self.say(item.task), new_x="LMARGIN", new_y="NEXT")
        if results:
            for said in results:
                pdf.set_x(x + 4)
                self.font(9.5)
                pdf.multi_cell(self.width - 8, 4.6, self.say(said), new_x="LMARGIN", new_y="NEXT")
            height = max(height, pdf.get_y() + 2 - top)
            pdf.rect(x, top, self.width, height)
            pdf.set_y(top + height + 3)
            return
        pdf.set_x(x + 4)
        self.font(9)
        pdf.cell(self.width - 8, 5, self.say("Your move, and why it wins:"))
        line = pdf.get_y() + 11
        while line < top + height - 2:
            pdf.line(x + 4, line, x + self.width - 4, line)
            line += 8
        pdf.rect(x, top, self.width, height)
        pdf.set_y(top + height + 3)

    def answers(self, item: SheetPuzzle) -> None:
        heading = f"{item.number}. {item.title} ({item.difficulty}): {item.task}"
        self.line_of(heading, 10.5, 5.5, bold=True)
        self.pdf.set_x(self.pdf.l_margin + 5)
        self.font(10)
        rest = [a[:1].lower() + a[1:] for a in item.answers[1:]]
        said = "Wins: " + "; or ".join([*item.answers[:1], *rest]) + "."
        self.pdf.multi_cell(self.width - 5, 5, self.say(said), new_x="LMARGIN", new_y="NEXT")
        self.pdf.set_x(self.pdf.l_margin + 5)
        self.font(9)
        why = f"({item.figures}) Why: {item.reason}"
        self.pdf.multi_cell(self.width - 5, 4.5, self.say(why), new_x="LMARGIN", new_y="NEXT")
        self.pdf.ln(1.5)


def worksheet_pdf(
    puzzles: Sequence[SheetPuzzle],
    sheet: Sheet | str,
    folders: Sequence[Path] = FONT_FOLDERS,
    summary: Sequence[str] = (),
    results: Sequence[Sequence[str]] = (),
    table: Sequence[Sequence[str]] = (),
) -> tuple[bytes, bool]:
    """The PDF's bytes, and whether a Unicode font was embedded. `summary`: lines on
    pages of their own before the puzzles; `results`: each puzzle's lines in its box
    instead of the pupil's name and answer lines; `table`: rows after the summary, the
    first its heading (all three: a homework's report, which has its winning moves in
    `results` and no answer pages)."""
    sheet = Sheet(sheet) if isinstance(sheet, str) else sheet
    pdf, family, say = new_document(sheet.title, folders)
    pdf.set_auto_page_break(auto=False)
    pages = _Pages(pdf, family, say)
    for number, line in enumerate(summary):
        if number == 0 or pdf.get_y() > pdf.h - pdf.b_margin - 12:
            pages.header(sheet, sheet.title, pupil=False)
        pages.line_of(line, 10, 5)
    if table:
        pages.table(table)
    games = list(dict.fromkeys(item.title for item in puzzles))
    for index, item in enumerate(puzzles):
        said = results[index] if results else ()
        if said:  # (a box as tall as what it holds: as many as the page has room for)
            with pdf.offset_rendering() as trial:
                _Pages(trial, family, say).box(item, 0, said)
                bottom = trial.get_y()
            new_page = index == 0 or bottom > pdf.h - FOOT
        else:
            new_page = index % BOXES_PER_PAGE == 0
        if new_page:
            pages.header(sheet, sheet.title, pupil=not results)
            if index == 0:
                pages.row(LEGEND, pdf.l_margin, pdf.get_y())
                pdf.set_y(pdf.get_y() + SLOT + 1)
                if len(games) > 1:
                    pages.line_of("Games on this sheet: " + ", ".join(games) + ".", 9, 5)
                pdf.ln(1)
            height = (pdf.h - pdf.b_margin - pdf.get_y()) / BOXES_PER_PAGE - 3
        pages.box(item, 0 if said else height, said)
    if results:
        return bytes(pdf.output()), family != FALLBACK
    pages.header(sheet, f"{sheet.title}: answers", pupil=False)
    for item in puzzles:
        if pdf.get_y() > pdf.h - pdf.b_margin - 28:
            pages.header(sheet, f"{sheet.title}: answers", pupil=False)
        pages.answers(item)
    return bytes(pdf.output()), family != FALLBACK
