"""Who decides what a move on the game screen leads to, beside the rules: a referee.

`Referee` is the rules alone: every move goes to the match session, the game is counted
and kept, its end shows dialogs. A puzzle's (`app.match_session.puzzle.PuzzleReferee`)
judges the solver's moves first, keeps nothing and ends without dialogs. The screen
asks; the referee answers with data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from rules.base import Outcome, PlayerNo

if TYPE_CHECKING:
    from app.match_session.puzzle import PuzzleReferee

#: The keys only a puzzle offers (try again, the solution, the next puzzle).
PUZZLE_ACTIONS = frozenset({"retry", "solution", "next_puzzle"})

#: `offers`' answer when the referee leaves a key to the game screen's own rule.
USUAL: Literal["usual"] = "usual"

Offer = bool | None | Literal["usual"]


class Referee:
    """The rules alone."""

    #: The game is counted in the statistics and kept for later while unfinished.
    keeps = True
    #: The round's and the game's end show the round-over and game-over dialogs.
    dialogs = True
    #: Why the last try could not be counted (a puzzle's rating), or None.
    not_counted: str | None = None

    def offers(self, action: str) -> Offer:
        """Whether the key of `action` is offered now (True, False, None: dimmed), or
        USUAL: as the game screen decides."""
        return False if action in PUZZLE_ACTIONS else USUAL

    def variant_words(self, variant: str) -> str:
        return variant

    def task(self, state: Any, board_hint: str) -> str:
        return board_hint

    @property
    def ticking(self) -> str | None:
        """The part of the task's words that changes with time (a storm's clock), or None."""
        return None

    @property
    def ended_meanwhile(self) -> str | None:
        """What the status line says when `ticking` changes after the board's end."""
        return None

    @property
    def holds_computer(self) -> bool:
        """The computer does not move now (a failed puzzle)."""
        return False

    @property
    def keeps_task_in_view(self) -> bool:
        return False

    def plays(self, player: PlayerNo) -> bool:
        """Whether this keyboard plays `player`'s turns (an online game: only its own seat)."""
        return True

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        """What becomes of a move: "play" it, have it "judge"d first, None (wait: one
        is being judged), or a sentence saying why not."""
        return "play"

    def asks_takeback(self, session: Any) -> str | None:
        """The takeback key: None takes back at once; a sentence says what was done
        instead (an online game asks the other player first)."""
        return None

    def round_over(self, outcome: Outcome, named_reason: str) -> tuple[str, str] | None:
        """When there are no dialogs: what the status line says at the end, and how
        ("error" or "success"; None: nothing more)."""
        return None

    # A puzzle's own keys (None: not a puzzle)

    def retry(self) -> PuzzleReferee | None:
        return None

    def following(self) -> PuzzleReferee | None:
        return None

    def solution(self) -> tuple[str, str | None] | None:
        return None
