"""Standard streams that never end the program with a traceback: an ASCII output writes
x / - for × ÷ − (and ? for the rest), a missing stream is nothing, and a closed pipe or
a full device ends the program quietly.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from typing import TextIO

ERRORS = "equation-duel-ascii"
#: The ASCII stand-in for each symbol the games print.
ASCII_SYMBOLS: dict[str, str] = {
    "×": "x",
    "÷": "/",
    "−": "-",
    "–": "-",
    "—": "-",
    "≠": "!=",
    "·": "*",
    "…": "...",
    "↓": "v",
    "→": "->",
    "’": "'",
    "“": '"',
    "”": '"',
    "\u00a0": " ",
}


def _ascii_symbols(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(ASCII_SYMBOLS.get(char, "?") for char in text), error.end


codecs.register_error(ERRORS, _ascii_symbols)


def _devnull() -> TextIO:
    return open(os.devnull, "w", encoding="utf-8")


def safe_streams() -> None:
    """Give the program outputs that always accept what it prints."""
    if sys.stdin is None:  # started with standard input closed: input ends at once
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = _devnull()
    if sys.stderr is None:
        sys.stderr = _devnull()
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "×÷−≠".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors=ERRORS)


def quiet_exit(error: OSError) -> int:
    """After the output failed: point the standard streams' files at /dev/null (so the
    interpreter's last flush cannot fail again) and return the exit code."""
    null = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(null, stream.fileno())
        except (OSError, ValueError, AttributeError):
            continue
    os.close(null)
    return 0 if error.errno == errno.EPIPE else 1
