"""The classroom's subcommands, registered with `equation-duel` (app.cli) in one place:
`tournament` (app.tournament.cli), `report` (app.report.cli), `worksheet`
(app.worksheet.cli)."""

from __future__ import annotations

import argparse
from typing import Any

from app.report.cli import add_report_parser, run_report
from app.tournament.cli import add_tournament_parser, run_tournament
from app.worksheet.cli import add_worksheet_parser, run_worksheet


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
