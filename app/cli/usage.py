"""A usage error on the command line: one line on stderr, exit status 2."""

from __future__ import annotations

import sys

from rules.names import strip_controls

USAGE_ERROR = 2


class FlagError(ValueError):
    """A one-line usage error (exit 2) that names the flag; `app.cli.main` says it."""


def fail(message: str, command: str = "", code: int = USAGE_ERROR) -> int:
    """Say `message` as `equation-duel [command]: error: …` on stderr; the exit `code`."""
    prog = f"equation-duel {command}".rstrip()
    print(f"{prog}: error: {strip_controls(message)}", file=sys.stderr)
    return code
