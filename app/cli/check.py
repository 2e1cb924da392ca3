"""`equation-duel rules GAME` (the rules as we play them) and `equation-duel check
EQUATION --owned 2,3,5` (an equation against a player's numbers). Both stay light:
sympy is loaded only when an equation is checked."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from app.cli.usage import fail
from rules.player_text import PlayerTextError, compact, normalize, read_whole
from rules.registry import GAME_IDS


def add_rules_parser(sub: Any) -> None:
    rules = sub.add_parser("rules", help="show a game's rules", description="Show a game's rules.")
    rules.add_argument("game", choices=GAME_IDS)


def add_check_parser(sub: Any) -> None:
    check = sub.add_parser(
        "check",
        help="check an equation",
        description="Check an equation against a player's numbers. Exit 0 valid, 1 invalid.",
    )
    check.add_argument("equation")
    check.add_argument("--owned", required=True, help="the player's numbers, e.g. 2,3,5")
    check.add_argument("--ops", default="+-*/", help="the operators allowed (default +-*/)")
    check.add_argument("--double-digits", action="store_true", help="digits may be joined")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")


#: `check`'s options that take a value, and those that do not.
_CHECK_VALUED = ("--owned", "--ops")
_CHECK_SWITCHES = ("--double-digits", "--json", "-h", "--help")


def check_arguments(args: Sequence[str]) -> list[str]:
    """`check`'s arguments with the equation after `--`, so an equation or an option value
    starting with `-` (`-2+5=3`, `--ops -+`) is not read as an option."""
    options: list[str] = []
    positional: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            positional.extend(rest)
            break
        if arg in _CHECK_VALUED and rest:
            options.append(f"{arg}={rest.pop(0)}")
        elif arg in _CHECK_SWITCHES or arg.startswith(tuple(f"{o}=" for o in _CHECK_VALUED)):
            options.append(arg)
        else:
            positional.append(arg)
    return [*options, "--", *positional] if positional else options


def cmd_check(args: argparse.Namespace) -> int:
    from rules.equation.check import check_equation, pretty_equation
    from rules.operators import format_fraction, ops_from_text

    try:
        parts = normalize(args.owned).split(",")  # (`0 2` stays two numbers, never 02)
        owned = [read_whole(part, what="a number") for part in parts if part.strip()]
    except PlayerTextError as error:
        return fail(f"--owned: {error}")
    try:
        ops = ops_from_text(compact(args.ops))
    except ValueError as error:  # (PlayerTextError is one)
        return fail(f"--ops: {error}")
    verdict = check_equation(args.equation, owned, ops, args.double_digits)
    if args.json:
        print(json.dumps(verdict.as_json()))
    elif verdict.valid:
        assert verdict.left is not None
        value = format_fraction(verdict.left)
        print(f"valid: {pretty_equation(args.equation)} (both sides are {value})")
    else:
        print(f"invalid: {verdict.reason}")
    return 0 if verdict.valid else 1


def cmd_rules(args: argparse.Namespace) -> int:
    from rules.rulebook import rules_markdown

    text = rules_markdown(args.game)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        print(text)
    return 0
