"""A usage error on the command line: one line on stderr, exit status 2."""

from __future__ import annotations

import sys

USAGE_ERROR = 2


def fail(message: str) -> int:
    print(f"equation-duel: error: {message}", file=sys.stderr)
    return USAGE_ERROR
