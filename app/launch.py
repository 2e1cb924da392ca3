"""The `equation-duel` entry point: with no arguments straight to the full screen.

Opening the menu imports nothing but Textual and the app's screens; the command line's
parser (and the rules, pydantic and the records it brings) is loaded only for a
subcommand. `bench/tui.py launch` measures the difference.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args:
        from app.tui.app import EquationDuelApp, run_app

        try:
            return run_app(EquationDuelApp())
        except KeyboardInterrupt:
            return 130
    from app.cli import main as cli_main

    return cli_main(args)
