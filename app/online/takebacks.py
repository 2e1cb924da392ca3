"""Takebacks in an online game: asked by one player, allowed by the other, done by the host.

Either player asks to take back their own last move (and the other's reply after it, if
there is one); the other player allows or declines. Only the host's session takes the
moves back, with its own takeback (`MatchSession.take_back`), and then tells the guest
the number of the next turn (`TakenBack`); the guest's copy follows with `follow`.

One ask at a time: the host refuses a second while one waits for its answer. An ask
lapses when a move is played (or the round ends) before it is answered, and when no
answer comes within `ASK_SECONDS`: the asker then says so to the other side
(`TakebackLapsed`), both sides say it in words, and the game goes on.

These are the rules and the words every front end shares (the plain mode's
`app.plain.online_takebacks`, the full screen's `app.tui.online_guest`); the relay
(`app.online.relay`) passes an ask to the other player and takes the moves back.
"""

from __future__ import annotations

from typing import Any

from app.online.host_turns import turns_of
from rules.base import PlayerNo

ONE_AT_A_TIME = "A takeback is being asked already: wait for its answer."
NONE_OF_YOURS = "There is no move of yours to take back in this round."
LAPSED = "The takeback ask lapsed: a move was played before the answer came."
TOO_LATE = "That takeback ask lapsed already: the moves stand."

#: How long a takeback ask waits for the other player's answer before it lapses (a test
#: may make it shorter).
ASK_SECONDS = 60.0


def moves_back(session: Any, seat: PlayerNo) -> int:
    """How many moves a takeback for `seat` takes back: the seat's last move of the round
    going on and the replies after it (0: none of its moves can be taken back)."""
    if not session.can_undo():
        return 0
    for count, (player, _move) in enumerate(reversed(session.moves), start=1):
        if player == seat:
            return count
    return 0


def take_back_for(session: Any, seat: PlayerNo) -> int:
    """The host: take back `seat`'s last move and the replies after it with the session's
    own takeback; how many moves were taken back."""
    count = moves_back(session, seat)
    for _ in range(count):
        session.take_back()
    return count


def follow(session: Any, number: int) -> bool:
    """The guest: take its copy back to the host's turn `number` (False: it cannot, as
    that is not a takeback of the round going on)."""
    while turns_of(session.match) > number:
        if not session.undo():
            return False
    session.keep()
    return turns_of(session.match) == number


def what_goes(count: int, own: bool, other: str = "") -> str:
    """The moves a takeback takes back, in words (`own`: said to the asker, whose
    `other` replied)."""
    if own:
        return "your last move" + (f" and {other}'s reply" if count > 1 else "")
    return "their last move" + (" and your reply" if count > 1 else "")


def ask_words(asker: str, count: int) -> str:
    """What the other player is asked."""
    return f"{asker} asks to take back {what_goes(count, own=False)}"


def asked_words(other: str, count: int) -> str:
    """What the asker is told while waiting."""
    goes = what_goes(count, own=True, other=other)
    return f"Asked {other} to allow taking back {goes}: waiting for their answer."


def answer_words(other: str, allowed: bool) -> str:
    """The asker's news of the answer."""
    if allowed:
        return f"{other} allowed the takeback."
    return f"{other} declined the takeback: the moves stand."


def not_answered_words(other: str) -> str:
    """The asker's news that `other` let the ask lapse."""
    return f"{other} did not answer: the takeback lapsed."


def lapsed_words(asker: str) -> str:
    """The other side's news that `asker`'s ask lapsed unanswered."""
    return f"{asker}'s takeback ask lapsed: it was not answered in time."


def taken_words(count: int) -> str:
    return "Took back the last move." if count == 1 else f"Took back the last {count} moves."


class Asks:
    """One side's asks waiting for an answer: its own (`mine`) and the other player's
    (`theirs`), each as the number of the turn it was made at (the full screen's)."""

    def __init__(self) -> None:
        self.mine: int | None = None
        self.theirs: int | None = None
        #: How many asks this side made (a lapse timer lapses only its own ask).
        self.made = 0
        #: The other's last ask was answered here (a lapse that crossed the answer is
        #: said too, on the guest's side: the host passes over a late answer).
        self.answered = False

    def refusal(self, session: Any, seat: PlayerNo) -> str | None:
        """Why `seat` cannot ask now (None: it can)."""
        if self.mine is not None or self.theirs is not None:
            return ONE_AT_A_TIME
        if not moves_back(session, seat):
            return NONE_OF_YOURS
        return None

    def lapse(self, turn: int) -> None:
        """The turn is now `turn`: an ask made at another lapses."""
        if self.mine != turn:
            self.mine = None
        if self.theirs != turn:
            self.theirs = None

    def answering(self, turn: int) -> bool:
        """The other's ask is answered now: whether it still stands at `turn`."""
        stands = self.theirs == turn
        self.theirs = None
        self.answered = stands
        return stands
