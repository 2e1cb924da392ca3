"""The classroom's subcommands, registered with `equation-duel` (app.cli.main) in one place:
`tournament` (app.cli.tournament), `report` (app.cli.report), `worksheet`
(app.classroom.worksheet.cli)."""

from __future__ import annotations

import argparse
from typing import Any

from app.classroom.worksheet.cli import add_worksheet_parser, run_worksheet
from app.cli.report import add_report_parser, run_report
from app.cli.tournament import add_tournament_parser, run_tournament


def add_classroom_parsers(sub: Any) -> None:
    add_tournament_parser(sub)
    add_report_parser(sub)
    add_worksheet_parser(sub)


def run_classroom(args: argparse.Namespace) -> int:
    if args.command == "tournament":
        return run_tournament(args)
    if args.command == "report":
        return run_report(args)
    if args.command == "worksheet":
        return run_worksheet(args)
    raise ValueError(f"not a classroom command: {args.command}")
