"""`equation-duel worksheet --game GAME|GAME,GAME|any --difficulty D --count N [--seed S]
[--title TEXT] [--class NAME] -o sheet.pdf`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.usage import fail
from rules.puzzles.model import DIFFICULTIES
from rules.registry import GAME_IDS


def add_worksheet_parser(sub: Any) -> None:
    sheet = sub.add_parser(
        "worksheet",
        help="a printable PDF of puzzles, with the answers on the last page",
        description="A printable PDF of puzzles with their answers (docs/classroom.md).",
    )
    sheet.add_argument(
        "--game",
        default="any",
        metavar="GAME[,GAME…]|any",
        help=f"one game, several mixed (fifty,countdown), or any: {', '.join(GAME_IDS)}",
    )
    sheet.add_argument("--difficulty", choices=DIFFICULTIES, default="easy")
    sheet.add_argument("--count", type=int, default=6)
    sheet.add_argument("--seed", type=int, default=None)
    sheet.add_argument("--title", default=None, help="the sheet's title (default: the games)")
    sheet.add_argument("--class", dest="class_name", default="", help="the class's name")
    sheet.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")


def run_worksheet(args: argparse.Namespace) -> int:
    from app.classroom.worksheet.sheet import SheetError, choose, sheet_puzzles

    try:
        import fpdf  # noqa: F401
    except ImportError:
        return fail(
            "printing sheets needs fpdf2: pip install 'equation-duel[classroom]'", "worksheet"
        )
    from app.classroom.worksheet.pdf import Sheet, worksheet_pdf
    from app.store.atomic_files import write_file, write_problem
    from rules.names import NameProblem, clean_name

    problem = write_problem(args.output)
    if problem is not None:
        return fail(f"-o: {problem}", "worksheet")
    game = "every game" if args.game == "any" else args.game.replace(",", ", ")
    try:
        puzzles = choose(args.game, args.difficulty, args.count, args.seed)
        title = f"Equation Duel puzzles: {game}, {args.difficulty}"
        if args.title is not None:
            title = clean_name(args.title, limit=80)
        class_name = clean_name(args.class_name, limit=40) if args.class_name.strip() else ""
    except SheetError as error:
        return fail(str(error), "worksheet")
    except NameProblem as problem:
        return fail(f"--title or --class: {problem}", "worksheet")
    data, unicode_font = worksheet_pdf(sheet_puzzles(puzzles), Sheet(title, class_name))
    try:
        write_file(args.output, data)  # the one writer (app.store.atomic_files)
    except OSError as error:
        return fail(f"cannot write {args.output}: {error.strerror or error}", "worksheet")
    print(f"{len(puzzles)} puzzles written to {args.output} ({len(data) // 1024} KB).")
    if not unicode_font:
        print("No Unicode font was found here: the sheet uses Helvetica, with − as -.")
    return 0
