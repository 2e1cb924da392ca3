"""The worksheet as a PDF (fpdf2: small, pure Python, Unicode through an embedded TrueType
font). Puzzles in boxes, three to an A4 page, each with its position in the game's own
symbols, "Player N to move and win" and lines to write on; the answers, each with a
short reason, on the last page(s).

The font: DejaVu Sans, when this machine has it (it is embedded, so the PDF shows the
same everywhere); otherwise the PDF's own Helvetica, whose Latin-1 holds × and ÷ but
not −, written then as a plain "-" (`FALLBACK`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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


def find_font(folders: Sequence[Path] = FONT_FOLDERS) -> tuple[Path, Path] | None:
    """(regular, bold) DejaVu Sans files, or None when this machine has none."""
    for folder in folders:
        regular, bold = (folder / name for name in FONT_FILES)
        if regular.is_file() and bold.is_file():
            return regular, bold
    return None


def _latin(text: str) -> str:
    """Text the PDF's own fonts can write (Latin-1): − becomes -, → becomes ->."""
    text = text.replace("−", "-").replace("→", "->").replace("…", "...")
    return text.encode("latin-1", "replace").decode("latin-1")


def worksheet_pdf(
    puzzles: Sequence[SheetPuzzle],
    heading: str,
    folders: Sequence[Path] = FONT_FOLDERS,
) -> tuple[bytes, bool]:
    """The PDF's bytes, and whether a Unicode font was embedded."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=False)
    pdf.set_title(heading)
    pdf.set_creator("Equation Duel")
    font = find_font(folders)
    if font is not None:
        pdf.add_font("DejaVu", "", str(font[0]))
        pdf.add_font("DejaVu", "B", str(font[1]))
        family = "DejaVu"

        def say(text: str) -> str:
            return text
    else:
        family = FALLBACK
        say = _latin
    width = pdf.w - pdf.l_margin - pdf.r_margin

    def header(title: str) -> None:
        pdf.add_page()
        pdf.set_font(family, "B", 15)
        pdf.cell(width, 9, say(title), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, "", 10)
        pdf.cell(width, 7, say("Name: ______________________   Date: ____________"),
                 new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        pdf.ln(2)

    box_height = (pdf.h - 40 - pdf.b_margin) / BOXES_PER_PAGE - 4
    for index, item in enumerate(puzzles):
        if index % BOXES_PER_PAGE == 0:
            header(heading)
        top = pdf.get_y()
        pdf.rect(pdf.l_margin, top, width, box_height)
        pdf.set_xy(pdf.l_margin + 3, top + 2)
        pdf.set_font(family, "B", 12)
        pdf.cell(width - 6, 7, say(f"Puzzle {item.number}: {item.title} ({item.difficulty})"),
                 new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        pdf.set_x(pdf.l_margin + 3)
        pdf.cell(width - 6, 7, say(item.task), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, "", 11)
        for line in item.position:
            pdf.set_x(pdf.l_margin + 6)
            pdf.multi_cell(width - 12, 6, say(line), new_x="LMARGIN", new_y="NEXT")
        pdf.set_x(pdf.l_margin + 3)
        pdf.set_font(family, "", 10)
        pdf.cell(width - 6, 8, say("Your move, and why it wins:"), new_x="LMARGIN", new_y="NEXT")
        y = pdf.get_y() + 6
        while y < top + box_height - 3:
            pdf.line(pdf.l_margin + 6, y, pdf.l_margin + width - 6, y)
            y += 8
        pdf.set_y(top + box_height + 4)

    header(f"{heading}: answers")
    for item in puzzles:
        if pdf.get_y() > pdf.h - pdf.b_margin - 20:
            header(f"{heading}: answers")
        pdf.set_font(family, "B", 11)
        pdf.multi_cell(width, 6, say(f"{item.number}. {item.answer}"),
                       new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        pdf.set_font(family, "", 10)
        pdf.set_x(pdf.l_margin + 5)
        pdf.multi_cell(width - 5, 5, say(item.reason), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    return bytes(pdf.output()), font is not None
