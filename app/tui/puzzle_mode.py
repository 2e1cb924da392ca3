"""A puzzle on the game's own board: the board's screen, judged by a puzzle's referee.

`puzzle_screen(referee)` is the game's board (`app.tui.boards`) opened at the puzzle's
position with a `PuzzleReferee` (`app.match_session.puzzle`): composition, the same
board class as a game's. The referee judges each of the solver's moves before it is
played (a worker asks the solver and posts the verdict: `app.tui.thinking`), has the
computer give its best reply, offers the puzzle's keys (r: try again, s: the solution,
n: the next puzzle) and keeps nothing; the first try of a named player is rated. The
daily puzzle's line to share is copied to the clipboard and shown (`share`).
"""

from __future__ import annotations

from app.match_session.puzzle import COMPUTER, CONQUEST_NOTE, PuzzleReferee, puzzle_setup
from app.tui.boards import board_screen
from app.tui.game_screen import SomeGameScreen
from rules.puzzles.model import Puzzle

__all__ = ["COMPUTER", "CONQUEST_NOTE", "PuzzleReferee", "open_puzzle", "puzzle_screen"]


def puzzle_screen(referee: PuzzleReferee) -> SomeGameScreen:
    """The board of `referee`'s puzzle, at the puzzle's position, judged by `referee`."""
    puzzle = referee.puzzle
    board = board_screen(puzzle.game)
    screen = board(puzzle_setup(puzzle, referee.player), list(puzzle.moves), referee=referee)
    referee.on_share = lambda line: share(screen, line)
    return screen


def share(screen: SomeGameScreen, line: str) -> None:
    """The daily puzzle's line to share: to the clipboard where the terminal allows
    (Textual's `copy_to_clipboard`), and shown."""
    screen.app.copy_to_clipboard(line)
    screen.notify(line, title="Copied to share", markup=False, timeout=10)


def open_puzzle(
    puzzle: Puzzle, player: str, *, rated: bool = True, daily: str | None = None
) -> SomeGameScreen:
    """The board of `puzzle` for `player` (rated unless told; `daily`: the day's)."""
    return puzzle_screen(PuzzleReferee(puzzle, player, rated=rated, daily=daily))
