"""A usage error on the command line: one line on stderr, exit status 2."""

from __future__ import annotations

import sys
import textwrap

from rules.names import strip_controls

USAGE_ERROR = 2


class FlagError(ValueError):
    """A one-line usage error (exit 2) that names the flag; `app.cli.main` says it."""


def fail(message: str, command: str = "", code: int = USAGE_ERROR, *, wrap: bool = False) -> int:
    """Say `message` as `equation-duel [command]: error: …` on stderr; the exit `code`.
    `wrap`: in lines of the line mode's width (a message carrying a system's or a
    server's words, as a refused join), not the one line of a usage error."""
    prog = f"equation-duel {command}".rstrip()
    said = f"{prog}: error: {strip_controls(message)}"
    print(textwrap.fill(said, 80, break_long_words=False) if wrap else said, file=sys.stderr)
    return code
