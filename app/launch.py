"""The `equation-duel` entry point: with no arguments straight to the full screen.

Opening the menu imports nothing but Textual and the app's screens; the command line's
parser (and the rules, pydantic and the records it brings) is loaded only for a
subcommand. `bench/tui.py launch` measures the difference.

Whatever happens to the terminal, the program ends without a traceback: Ctrl+C at any
moment (even while it is still importing) exits 130; an output that cannot show × ÷ −
gets ASCII symbols instead; a closed or full output ends the program quietly.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

INTERRUPTED = 130


def _interrupted_while_loading(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(INTERRUPTED)  # no traceback: Python prints nothing for SystemExit


def _started_as_the_program() -> bool:
    """Run as `equation-duel` or `python -m app` (not imported by tests or tools)."""
    started = sys.argv[0].replace("\\", "/") if sys.argv else ""
    return started.endswith(("/equation-duel", "app/__main__.py")) or started == "equation-duel"


# First of all, before anything heavy is imported: Ctrl+C while the program is still
# loading ends it quietly with 130. main() gives Ctrl+C back to Python once it runs.
if _started_as_the_program():
    signal.signal(signal.SIGINT, _interrupted_while_loading)

import errno  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from app.streams import quiet_exit, safe_streams  # noqa: E402


def _run(args: list[str]) -> int:
    if not args:
        from app.tui.app import EquationDuelApp, run_app

        try:
            return run_app(EquationDuelApp())
        except KeyboardInterrupt:
            return INTERRUPTED
    from app.cli import main as cli_main

    return cli_main(args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        args = sys.argv[1:] if argv is None else list(argv)
        if argv is None:
            safe_streams()
        code = _run(args)
        if argv is None:
            sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        return INTERRUPTED
    except OSError as error:
        if error.errno not in (errno.EPIPE, errno.ENOSPC, errno.EBADF):
            raise
        return quiet_exit(error)
