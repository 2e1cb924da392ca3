"""End to end: the installed `equation-duel` in a real pseudo-terminal.

pexpect runs the program in a pty (100×30, TERM=xterm-256color); what it writes is fed to
a pyte screen, and the test reads the game off that emulated screen as a player would see
it. Every wait is bounded and waits for text on the screen, never for a fixed time; the
child is killed if it has not exited by the end.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.plain.transcripts import problems

try:
    import pexpect
    import pyte
except ImportError as missing:  # a broken test environment is a failure, never a skip
    raise ImportError(
        f"the terminal tests need pexpect and pyte ({missing}); "
        "install the test tools: pip install -e '.[test]'"
    ) from missing

#: The checkout these tests belong to: the program must run its code, not another copy's.
CHECKOUT = Path(__file__).resolve().parents[2]

COLUMNS, LINES = 100, 30
#: Generous: a loaded two-core machine can take several seconds to start Python + Textual.
WAIT = 30.0
CTRL_Q = "\x11"


def installed_program() -> str:
    """The `equation-duel` script installed beside this Python (the test run's venv).

    Never one found elsewhere on PATH: that may be another version. The script is run
    with this checkout first on PYTHONPATH (`program_env`), so it runs this checkout's
    code even when the venv was installed from another copy.
    """
    beside = Path(sys.executable).parent / "equation-duel"
    if not beside.exists():
        pytest.fail(
            f"equation-duel is not installed beside {sys.executable}: "
            "install the checkout first (pip install -e '.[test]')"
        )
    return str(beside)


def program_env() -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(LINES))
    env.pop("NO_COLOR", None)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(CHECKOUT), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    return env


def test_the_program_runs_this_checkout() -> None:
    """The script the other tests drive imports `app` from this checkout."""
    found = subprocess.run(
        [sys.executable, "-c", "import app, sys; sys.stdout.write(app.__file__)"],
        env=program_env(),
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(found).resolve().is_relative_to(CHECKOUT)


class Terminal:
    """A program in a pty, its output drawn on a pyte screen."""

    def __init__(self, *args: str) -> None:
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(
            installed_program(),
            list(args),
            dimensions=(LINES, COLUMNS),
            env=program_env(),
            timeout=WAIT,
        )
        self.eof = False

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def pump(self, seconds: float) -> None:
        """Feed the screen whatever the program writes within `seconds` (less if it ends)."""
        end = time.monotonic() + seconds
        while not self.eof:
            left = end - time.monotonic()
            if left <= 0:
                return
            try:
                data = self.child.read_nonblocking(65536, timeout=min(left, 0.05))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                self.eof = True
                return
            self.raw += data
            self.stream.feed(data)

    def wait_for(self, *texts: str, timeout: float = WAIT) -> str:
        """The screen once every one of `texts` is on it; fails (with the screen) if not."""
        end = time.monotonic() + timeout
        while True:
            screen = self.text
            if all(text in screen for text in texts):
                return screen
            left = end - time.monotonic()
            if left <= 0 or self.eof:
                break
            self.pump(min(left, 0.1))
        pytest.fail(f"{texts} not on the screen after {timeout:.0f} s:\n{self.text}")

    def press(self, keys: str) -> None:
        self.child.send(keys)

    def wait_exit(self, timeout: float = WAIT) -> int | None:
        """The exit status once the program ends by itself; None if it had to be killed."""
        end = time.monotonic() + timeout
        while not self.eof and time.monotonic() < end:
            self.pump(min(end - time.monotonic(), 0.2))
        deadline = time.monotonic() + 5
        while self.child.isalive() and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.child.isalive():
            self.close()
            return None
        self.child.close()
        status: int | None = self.child.exitstatus
        return status

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close(force=True)


@pytest.fixture
def terminal() -> Iterator[list[Terminal]]:
    """Terminals made in a test; each is killed at the end if still running."""
    made: list[Terminal] = []
    yield made
    for term in made:
        term.close()


def test_conquest_from_the_menu_by_keystrokes(terminal: list[Terminal]) -> None:
    term = Terminal()
    terminal.append(term)
    # The menu, drawn to its last card and the footer.
    term.wait_for("E Q U A T I O N   D U E L", "Equation Conquest", "Countdown Duel", "Quit")
    term.press("4")  # Equation Conquest
    term.wait_for("New game · Equation Conquest", "Start (Enter)")
    term.press("\r")  # start with the defaults
    term.wait_for("Equation Duel · Equation Conquest", "Sequence", "to move")
    term.press("2")
    term.wait_for("1. Player 1 adds 2")
    term.press("3")
    term.wait_for("2. Player 2 adds 3")
    term.press("5")
    screen = term.wait_for("Game over", "Player 1 wins!", "2 + 3 = 5")
    assert "Player 2 wins" not in screen
    # Leave: the dialog's Menu, then the menu's Quit.
    term.press("m")
    term.wait_for("Five two-player arithmetic duels")
    term.press("q")
    assert term.wait_exit() == 0
    assert b"\x1b[?1049l" in term.raw  # the alternate screen was left: the terminal is back


def test_conquest_plain_in_a_terminal(terminal: list[Terminal]) -> None:
    term = Terminal("play", "conquest", "--plain")
    terminal.append(term)
    term.wait_for("Player 1's turn.", "Enter a number (1-9):")
    term.press("2\r")
    term.wait_for("Sequence: [2]", "Player 2's turn.")
    term.press("3\r")
    term.wait_for("Sequence: [2, 3]")
    term.press("5\r")
    screen = term.wait_for("Player 1 wins: 2 + 3 = 5 formed.")
    assert "Equation formed: 2 + 3 = 5" in screen
    # At a terminal the analysis is offered, as the line mode's menu offers it.
    term.wait_for("Read the analysis of this game? (yes/no):")
    term.press("yes\r")
    screen = term.wait_for("Analysing the game.", "Move 3, Player 1: Add 5 to the sequence;")
    assert "At the start: Player 1 wins" in screen
    assert term.wait_exit() == 0
    written = term.raw.decode().replace("\r\n", "\n")  # (the terminal's line ends)
    assert not problems(written)  # linear text, as every plain transcript (tests/plain)


def test_quit_key_ends_the_app_at_once(terminal: list[Terminal]) -> None:
    """ctrl+q with no game in progress quits without asking."""
    term = Terminal()
    terminal.append(term)
    term.wait_for("Equation Conquest", "Quit")
    term.press(CTRL_Q)
    assert term.wait_exit() == 0


def test_the_line_mode_s_clock_ends_a_turn_on_time(terminal: list[Terminal]) -> None:
    """RULINGS: a player whose time runs out loses the round at that moment: the line mode
    says so while the late player has typed nothing (it used to wait for a line)."""
    term = Terminal("play", "countdown", "--plain", "--turn-seconds", "5")
    terminal.append(term)
    term.wait_for("Player 1 has 5 seconds for this turn.", "enter your number and operation")
    # Nothing is typed: the turn ends when its 5 seconds are up (wait_for gives up at 30).
    screen = term.wait_for("Time is up! Player 1 took 5.0 seconds", "Player 2 wins")
    assert "Player 1's time ran out." in screen
    term.wait_for("Read the analysis of this game? (yes/no):")
    term.press("no\r")
    assert term.wait_exit() == 0
