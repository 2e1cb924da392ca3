"""Whether the full screen can be drawn here: where it cannot (`TERM=dumb`, or standard
input is not a terminal) the line mode starts instead, said in one sentence. Asked by
`equation-duel` alone (`app.launch`) and by the subcommands that draw one (`app.cli`)."""

from __future__ import annotations

import os
import sys


def no_screen_reason() -> str | None:
    """Why the full screen cannot be drawn here, as the sentence that says the line mode
    starts instead (`TERM=dumb`, or standard input is not a terminal); None when it can
    (`play GAME` asks too)."""
    if os.environ.get("TEXTUAL_DRIVER"):  # (the browser's page runs a driver of its own)
        return None
    if os.environ.get("TERM") == "dumb":
        return (
            "TERM is dumb, so Equation Duel starts in the line mode (the full screen needs more)."
        )
    try:
        terminal = sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        terminal = False
    if not terminal:
        return "Standard input is not a terminal, so Equation Duel starts in the line mode."
    return None


def line_mode_instead(plain: bool) -> bool:
    """Whether a subcommand plays line by line: with `--plain`, or where the full screen
    cannot be drawn (then said in one sentence on standard output)."""
    why = None if plain else no_screen_reason()
    if why is not None:
        print(why, flush=True)
    return plain or why is not None
