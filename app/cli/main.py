"""`equation-duel`: the menu with no arguments; subcommands give the engine without a screen.

Every subcommand is one row of `COMMANDS`. Its module is imported only when it runs, so
`equation-duel rules fifty` loads neither the solver nor the network.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn

from app.cli.usage import USAGE_ERROR, FlagError, fail
from app.process.streams import quiet_exit


class Command(NamedTuple):
    """A subcommand, as `module:function` names: the function that adds its parser to the
    subparsers (one may add a few subcommands) and the one that runs it (exit status)."""

    add_parser: str
    run: str


COMMANDS: dict[str, Command] = {
    "play": Command("app.cli.play:add_play_parser", "app.cli.play:cmd_play"),
    "rules": Command("app.cli.check:add_rules_parser", "app.cli.check:cmd_rules"),
    "check": Command("app.cli.check:add_check_parser", "app.cli.check:cmd_check"),
    "solve": Command("app.cli.solve:add_solve_parsers", "app.cli.solve:cmd_solve"),
    "arena": Command("app.cli.solve:add_solve_parsers", "app.cli.solve:cmd_arena"),
    "tournament": Command(
        "app.cli.tournament:add_tournament_parser", "app.cli.tournament:run_tournament"
    ),
    "report": Command("app.cli.report:add_report_parser", "app.cli.report:run_report"),
    "worksheet": Command(
        "app.classroom.worksheet.cli:add_worksheet_parser",
        "app.classroom.worksheet.cli:run_worksheet",
    ),
    "stats": Command("app.cli.records:add_stats_parser", "app.cli.puzzle:run_stats_with_ratings"),
    "puzzle": Command("app.cli.puzzle:add_puzzle_parser", "app.cli.puzzle:run_puzzle"),
    "serve": Command("app.serve:add_serve_parser", "app.serve:cmd_serve"),
    "host": Command("app.cli.online:add_online_parsers", "app.cli.online:cmd_host"),
    "join": Command("app.cli.online:add_online_parsers", "app.cli.online:cmd_join"),
    "hub": Command("app.cli.hub:add_hub_parsers", "app.cli.hub:cmd_hub"),
    "class": Command("app.cli.hub:add_hub_parsers", "app.cli.hub:cmd_class"),
}


def load(name: str) -> Callable[..., Any]:
    """The function a `module:function` name names (its module imported now)."""
    module, _, function = name.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), function)
    return found


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with `command`'s subparser only, or with every subcommand's."""
    parser = _Parser(prog="equation-duel", description="Five arithmetic duels for two players.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    chosen = [COMMANDS[command]] if command in COMMANDS else COMMANDS.values()
    for add_parser in dict.fromkeys(c.add_parser for c in chosen):  # (in order, once each)
        load(add_parser)(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["check"]:
        from app.cli.check import check_arguments

        words = ["check", *check_arguments(words[1:])]
    args = build_parser(words[0] if words else None).parse_args(words)
    try:
        if args.command is None:
            from app.tui.app import EquationDuelApp, run_app

            return run_app(EquationDuelApp())
        code: int = load(COMMANDS[args.command].run)(args)
        return code
    except FlagError as error:  # (a usage error found after parsing: one line, exit 2)
        return fail(str(error))
    except KeyboardInterrupt:
        print()
        return 130
    except OSError as error:
        if error.errno not in (errno.EPIPE, errno.ENOSPC, errno.EBADF):
            raise
        return quiet_exit(error)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
