"""`equation-duel class homework` (a student's homework, offline too) and `equation-duel
class report` (the teacher's report of an assignment; docs/hub.md "Homework").

    equation-duel class homework CODE@ADDR:PORT --name NAME --assignment A [--tls-ca FILE] [--plain]
    equation-duel class report --assignment A [--database FILE|URL] [--csv FILE] [--pdf FILE]

The report reads the class's records directly: the teacher's credential is the hub's
database (the teacher's own machine's file, or the school's PostgreSQL role), so it
never goes over the class's network and no student can ask for it.
"""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.online import joining
from app.cli.usage import fail
from app.store.atomic_files import file_argument


def add_homework_parsers(actions: argparse._SubParsersAction[Any]) -> None:
    words = "do your homework (fetched when the hub can be reached, done offline too)"
    parser = actions.add_parser("homework", help=words, description=words.capitalize() + ".")
    parser.add_argument("address", metavar="CODE@ADDR:PORT")
    parser.add_argument("--name", required=True, help="your name in the class")
    parser.add_argument("--assignment", required=True, metavar="A", help="the assignment's name")
    parser.add_argument("--plain", action="store_true", help="line by line")
    parser.add_argument("--tls-ca", metavar="FILE", help="the hub encrypts: trust this (PEM)")
    words = "the teacher's report of an assignment, from the class's records"
    report = actions.add_parser("report", help=words, description=words.capitalize() + ".")
    report.add_argument("--assignment", required=True, metavar="A", help="the assignment's name")
    report.add_argument(
        "--database",
        metavar="FILE|URL",
        help="the hub's records (default: hub.sqlite3 in the data folder), or postgresql://…",
    )
    report.add_argument("--csv", type=file_argument, metavar="FILE", help="also write a CSV")
    report.add_argument("--pdf", type=file_argument, metavar="FILE", help="also draw a PDF")


def cmd_homework(args: argparse.Namespace) -> int:
    from app.hub.codes import CLASS_CODE_LENGTH

    address, name, tls = joining(args, CLASS_CODE_LENGTH)
    from app.hub.homework_kept import MAX_NAME
    from app.plain.no_screen import line_mode_instead

    if not line_mode_instead(args.plain):  # (else the line mode starts, said in one sentence)
        from app.tui.hub_homework_offline import run_homework

        return run_homework(address, name, args.assignment[:MAX_NAME], tls)
    from app.plain.hub_homework import class_homework_plain

    return class_homework_plain(address, name, args.assignment[:MAX_NAME], tls=tls)


def cmd_report(args: argparse.Namespace) -> int:
    from app.hub.homework_report import report_lines, write_csv, write_pdf
    from app.hub.store import StoreProblem, open_store

    try:
        store = open_store(args.database)
    except StoreProblem as error:
        return fail(str(error))
    try:
        lines = report_lines(store, args.assignment)
        if lines[0].startswith("No report: "):
            return fail(lines[0].removeprefix("No report: ").rstrip("."))
        if args.csv is not None:
            lines.append(write_csv(store, args.assignment, args.csv))
        if args.pdf is not None:
            lines.append(write_pdf(store, args.assignment, args.pdf))
    except StoreProblem as error:
        return fail(str(error))
    finally:
        store.close()
    import sys

    from app.plain.base import Console

    console = Console(sys.stdin, sys.stdout)  # (broken into lines as the line mode's)
    console.say_all(lines)
    return 1 if any(line.startswith(("The CSV was not", "The PDF ")) for line in lines) else 0
