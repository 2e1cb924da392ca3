"""The guest in plain mode: the host's game, shown in the same words as a local one.

The guest keeps a copy of the match and plays it with the one match loop
(`MatchRunner`) and the game's own driver, so it reads as a local game does. Its own
turns are the game's prompts; the move goes to the host, and is played here only when
the host confirms it (`moved`, with the seconds the host counted). The host's turns
come from the connection. The runner's clock is `answered`: it reads the seconds the
host counted for each turn, so a time-out here is the host's time-out.
"""

from __future__ import annotations

from typing import Any

from app.online.guest_link import Back, GuestLink, Lost
from app.online.protocol import Away, Bye, Move, Moved, Refusal, TakebackAsk
from app.online.texts import their_words
from app.plain.base import EndOfInput, PlainDriver
from rules.base import Game, PlayerNo
from rules.words.common import name_players
from rules.words.moves import describe_move
from rules.words.voice import Voice

#: Seconds after which the guest's move is said to be pending (a slow link).
PENDING_AFTER = 0.5


class GuestPlayer:
    """The guest's turns and the host's, as they come (see the module's docstring)."""

    def __init__(
        self,
        link: GuestLink,
        game: Game[Any, Any, Any],
        inner: PlainDriver,
        seat: PlayerNo,
        turn: int,
    ) -> None:
        self.link = link
        self.game = game
        self.inner = inner
        self.seat = seat
        self.names = inner.names
        self.expected = turn
        link.have = turn
        self._answer = 0.0
        self.limit: int | None = None

    def say(self, text: str = "") -> None:
        self.inner.say(text)

    def answered(self) -> float:
        """The runner's clock: 0 as a turn starts, then the seconds the host counted."""
        answer, self._answer = self._answer, 0.0
        return answer

    def own_turn(self, state: Any) -> Any:
        while True:
            move = self.inner.human_turn(state)
            text = self.game.format_move(move)
            self.link.send(Move(number=self.expected, text=text))
            answer = self.wait(self.expected, own=True)
            if isinstance(answer, Refusal):
                self.say(name_players(their_words(answer.reason), self.names))
                continue
            return self.accept(answer)

    def host_turn(self, state: Any) -> Any:
        answer = self.wait(self.expected)
        if isinstance(answer, Refusal):  # (a refusal of a move of ours is no answer here)
            return self.host_turn(state)
        if not answer.timed_out:
            move = self.game.parse_move(answer.text)
            described = describe_move(self.game.id, state, move, Voice(self.names))
            self.say(f"{self.names[answer.player - 1]} (online): {described}.")
        return self.accept(answer)

    def accept(self, moved: Moved) -> Any:
        """The host's `moved` for this turn: the move to play (with its seconds)."""
        self.expected += 1
        self.link.have = self.expected
        self.link.pending = None
        seconds = moved.seconds
        if moved.timed_out and self.limit is not None and seconds <= self.limit:
            seconds = self.limit + 1e-9  # (the host rounded the time it counted)
        self._answer = seconds
        if moved.timed_out:
            return None
        return self.game.parse_move(moved.text)

    def wait(self, number: int, own: bool = False) -> Moved | Refusal:
        """The host's answer for turn `number`; what else comes is said meanwhile. For
        the guest's own move (`own`), a slow answer is said to be pending."""
        host = self.names[2 - self.seat]
        pending = own
        while True:
            message = self.link.next_message(PENDING_AFTER if pending else None)
            if message is None:
                self.say(f"Your move is sent: waiting for {host} to confirm it.")
                pending = False
                continue
            if isinstance(message, Moved):
                if message.number == number:
                    return message
                continue  # a turn seen already (sent again after a rejoin)
            if isinstance(message, Refusal):
                if message.number == number:
                    return message
                self.say(name_players(their_words(message.reason), self.names))
            elif isinstance(message, Lost):
                self.say(f"The connection to {host} dropped: joining again.")
            elif isinstance(message, Back):
                self.say(f"Joined {host}'s game again.")
            elif isinstance(message, Away):
                who = their_words(message.who or "", 40)
                self.say(f"{who} is away." if who else "Both players are here.")
            elif isinstance(message, Bye):
                why = their_words(message.reason)
                raise EndOfInput(f"{host} left: {why}" if why else f"{host} left")
            elif isinstance(message, TakebackAsk):
                continue
