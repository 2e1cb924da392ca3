"""The `equation-duel` entry point: with no arguments straight to the full screen.

Opening the menu imports nothing but Textual and the app's screens; the command line's
parser (and the rules, pydantic and the records it brings) is loaded only for a
subcommand. `bench/launch.py` measures the difference.

Whatever happens to the terminal, the program ends without a traceback: Ctrl+C at any
moment (even while it is still importing) exits 130; an output that cannot show × ÷ −
gets ASCII symbols instead; a closed or full output ends the program quietly.

The program's own top-level packages are `app`, `rules`, `widgets` and `styles`. Other
distributions ship a top-level `rules` too (PyPI's `rules`, django-rules), so before
anything imports them `main` checks that `rules` and `widgets` are the ones beside this
`app`; where they are not, it refuses to start, naming the other distribution.
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
import gc  # noqa: E402
import importlib.util  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

from app.plain.no_screen import no_screen_reason  # noqa: E402
from app.process.streams import quiet_exit, safe_streams  # noqa: E402

#: The top-level packages that must be this program's own (`styles` holds no code).
OWN_PACKAGES = ("rules", "widgets")

#: Exit status when another distribution's package stands in for one of ours.
FOREIGN_PACKAGE = 3


def _owners(name: str) -> list[str]:
    """The installed distributions that ship a top-level `name`, other than this one."""
    from importlib.metadata import packages_distributions

    found = packages_distributions().get(name, [])
    return sorted({owner for owner in found if owner.lower() != "equation-duel"})


def foreign_package() -> str | None:
    """What is wrong when `rules` or `widgets` would be imported from files that are not
    this program's own (None when they are its own). Imports neither of them."""
    home = Path(__file__).resolve().parent.parent
    for name in OWN_PACKAGES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        own = home / name / "__init__.py"
        if origin is not None and Path(origin).resolve() == own:
            continue
        where = f"would be loaded from {Path(origin).parent}" if origin else "cannot be found"
        owners = _owners(name)
        by = f" (the distribution {', '.join(owners)})" if owners else ""
        return (
            f"equation-duel cannot start: its package `{name}` {where}{by}, not from its "
            f"own files in {home}. Another distribution put a top-level `{name}` into the "
            "same Python environment (PyPI's `rules`, django-rules, does). Install Equation "
            "Duel in an environment of its own: python3 -m venv .venv && .venv/bin/pip "
            "install . (or pipx install .)"
        )
    return None


#: The arguments that ask for the line mode's menu (`--plain` with no game).
LINE_MODE_FLAGS = ({"--plain"}, {"--plain", "--spoken"})


def line_mode_reason(args: list[str]) -> str | None:
    """Why the menu is to be the line mode's (a sentence; "" when `--plain` asked for it),
    or None for the full screen (or a subcommand)."""
    if set(args) in LINE_MODE_FLAGS and len(set(args)) == len(args):
        return ""
    if args:
        return None
    return no_screen_reason()


def _run(args: list[str]) -> int:
    why = line_mode_reason(args)
    if why is not None:
        from app.plain.menu import main as line_mode

        return line_mode(why or None, spoken="--spoken" in args)
    if not args:
        # Until the menu is drawn, no garbage collection: start-up makes some 45,000
        # objects that live as long as the app, and the passes over them took 8-11 ms
        # of the launch (app.tui.collector.watch turns it back on).
        gc.disable()
        from app.tui.app import EquationDuelApp, run_app

        try:
            return run_app(EquationDuelApp())
        except KeyboardInterrupt:
            return INTERRUPTED
    from app.cli.main import main as cli_main

    return cli_main(args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        args = sys.argv[1:] if argv is None else list(argv)
        if argv is None:
            safe_streams()
        problem = foreign_package()
        if problem is not None:
            print(problem, file=sys.stderr)
            return FOREIGN_PACKAGE
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
