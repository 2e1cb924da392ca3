"""`equation-duel report [--player NAME] [--since YYYY-MM-DD] [--csv FILE] [--pdf FILE]`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.usage import fail
from app.store.stats import StatsError
from rules.player_text import PlayerTextError, read_date


def add_report_parser(sub: Any) -> None:
    report = sub.add_parser(
        "report",
        help="a teacher's report: each player's games, accuracy, mistakes, puzzles",
        description="Each player's games, accuracy, mistakes and puzzles (docs/classroom.md).",
    )
    report.add_argument("--player", default=None, metavar="NAME")
    report.add_argument("--since", default=None, metavar="YYYY-MM-DD")
    report.add_argument("--csv", type=Path, default=None, metavar="FILE")
    report.add_argument(
        "--pdf", type=Path, default=None, metavar="FILE",
        help="the report with its plots as a PDF (the classroom extra)",
    )  # fmt: skip


def run_report(args: argparse.Namespace) -> int:
    from app.classroom.report.gather import gather
    from app.classroom.report.text import report_csv, report_text

    try:
        since = None if args.since is None else read_date(args.since)
    except PlayerTextError:
        return fail(
            f"--since: write a date as YYYY-MM-DD, not {args.since.strip()[:40]!r}", "report"
        )
    from app.store.atomic_files import write_problem

    for refused, path in (("cannot write {path}", args.csv), ("--pdf", args.pdf)):
        problem = None if path is None else write_problem(path)
        if problem is not None:  # (said before the report, not after it)
            return fail(f"{refused.format(path=path)}: {problem}", "report")
    try:
        report = gather(args.player, since)
    except StatsError as error:
        return fail(str(error), "report", code=1)
    print(report_text(report))
    if args.csv is not None:
        from app.store.atomic_files import write_file

        try:
            write_file(args.csv, report_csv(report))
        except OSError as error:
            return fail(f"cannot write {args.csv}: {error.strerror or error}", "report", code=1)
        print(f"\nThe report is written to {args.csv}.")
    if args.pdf is not None:
        return _write_pdf(report, args.pdf)
    return 0


def _write_pdf(report: Any, path: Path) -> int:
    """The report with its plots as a PDF at `path` (a path that cannot be written was
    refused in words before, as `worksheet -o` refuses one)."""
    try:
        import fpdf  # noqa: F401
    except ImportError:
        return fail("a PDF needs fpdf2: pip install 'equation-duel[classroom]'", "report")
    from app.classroom.report.pdf import report_pdf
    from app.store.atomic_files import write_file

    try:
        write_file(path, report_pdf(report))
    except OSError as error:
        return fail(f"cannot write {path}: {error.strerror or error}", "report", code=1)
    print(f"The report with its plots is written to {path}.")
    return 0
