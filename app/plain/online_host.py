"""The host in plain mode: the one match loop over the host's session, one seat online.

`HostReferee` is what the host adds to a local plain game: the guest's moves come from
the connection and go to the match session once (a refusal goes back to the guest), and
every turn played goes out (`changed`, the runner's `on_change`). The host's `undo` asks
the guest; allowed, the session takes the moves back and `TakenBack` restarts the turn.
"""

from __future__ import annotations

import time
from typing import Any, NoReturn

from app.online.guest_link import Heard
from app.online.host_link import REJOIN_SECONDS
from app.online.host_turns import HostTurns
from app.online.protocol import (
    Away,
    Bye,
    Message,
    Move,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    Why,
)
from app.online.takebacks import (
    LAPSED,
    NONE_OF_YOURS,
    ONE_AT_A_TIME,
    answer_words,
    asked_words,
    moves_back,
    not_answered_words,
    take_back_for,
    taken_words,
)
from app.online.texts import their_words
from app.plain.online_loop import LineLoop
from app.plain.online_takebacks import Answered, PlainAsks
from app.plain.stops import EndOfInput, TakenBack
from rules.base import PlayerNo, other
from rules.match import MatchState
from rules.words.moves import describe_move
from rules.words.voice import Voice


class HostReferee(PlainAsks):
    """The host's side of an online game in plain mode."""

    def __init__(
        self, turns: HostTurns, say: Any, console: Any = None, loop: LineLoop | None = None
    ) -> None:
        super().__init__(say, "Guest", turns.guest_seat)
        self.turns = turns
        self.link = turns.link
        self.game = turns.game
        self.say = say
        self.console = console
        self.loop = loop or LineLoop()
        #: The turn of the host's own ask waiting for the guest's answer.
        self.mine: int | None = None
        self.link.hand_to(lambda _seat, message: self.bring_in(message))

    @property
    def names(self) -> tuple[str, str]:
        return self.turns.names

    @property
    def guest_seat(self) -> PlayerNo:
        return self.turns.guest_seat

    @property
    def guest(self) -> str:
        return self.names[self.guest_seat - 1]

    def changed(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        self.turns.changed(match, seconds)
        self.lapse(self.turns.turn)

    # Takebacks

    def busy(self) -> bool:
        return self.mine is not None

    def refuse_second(self) -> None:
        self.link.refuse(ONE_AT_A_TIME, Why.ONE_AT_A_TIME)

    def host_turn(self, inner: Any) -> Any:
        """The host's own turn (the game's prompts), where an ask may be answered."""

        def turn(state: Any) -> Any:
            while True:
                try:
                    return inner(state)
                except Answered as answered:
                    self.answer(answered.allowed)

        return turn

    def answer(self, allowed: bool, message: Message | None = None) -> None:
        """Answer the guest's ask; allowed, take the moves back (TakenBack)."""
        ask = self.claim(message)
        if ask is None:
            return
        if ask.number != self.turns.turn:
            self.say(LAPSED)
            return
        self.link.send(TakebackAnswer(accept=allowed))
        if not allowed:
            self.say("You declined the takeback: the moves stand.")
            return
        self._take_back(self.guest_seat)

    def _take_back(self, seat: PlayerNo) -> NoReturn:
        said = taken_words(take_back_for(self.session, seat))
        self.taken(said, other(self.guest_seat))
        raise TakenBack(said)

    def ask(self) -> None:
        """The host's `undo`: ask the guest, and wait for the answer."""
        host_seat = other(self.guest_seat)
        count = moves_back(self.session, host_seat) if self.session is not None else 0
        if not count:
            self.say(NONE_OF_YOURS)
            return
        if self.theirs is not None:
            self.say(ONE_AT_A_TIME)
            return
        self.mine = self.turns.turn
        self.link.send(TakebackAsk(number=self.turns.turn))
        self.say(asked_words(self.guest, count))
        try:
            allowed = self._answer_of_guest(self.answer_deadline())
        finally:
            self.mine = None
        if allowed is None:  # no answer in time: the ask lapses, on both sides
            self.link.send(TakebackLapsed())
            self.say(not_answered_words(self.guest))
            return
        self.say(answer_words(self.guest, allowed))
        if allowed:
            self._take_back(host_seat)

    def _answer_of_guest(self, until: float) -> bool | None:
        """The guest's answer to the host's ask; None when none came by `until`."""
        while (message := self._next(until)) is not None:
            if isinstance(message, TakebackAnswer):
                return message.accept
        return None

    # The guest's turn

    def _next(self, until: float | None = None) -> Message | None:
        """The guest's next message (EndOfInput: the guest left or stayed away); None
        when none came by `until`."""
        return self.loop.run(self._message(until))

    async def _message(self, until: float | None) -> Message | None:
        while True:
            wait = None if until is None else max(until - time.monotonic(), 0.0)
            if self.link.away:  # (a guest away too long ends the game: kept)
                left = max(REJOIN_SECONDS - self.link.away_for(), 0.0) + 0.01
                wait = left if wait is None else min(wait, left)
            message: Heard | None = await self.next_message(wait)
            if message is None or isinstance(message, Away):
                if self.link.away and self.link.away_for() > REJOIN_SECONDS:
                    away = self.link.presence.longest_away()
                    raise EndOfInput(f"{(away and away.guest) or self.guest} did not come back")
                if message is None and until is not None and time.monotonic() >= until:
                    return None
                continue
            if isinstance(message, Bye):
                raise EndOfInput(f"{self.guest} left")
            if isinstance(message, Message):
                return message

    def guest_turn(self, state: Any) -> Any:
        """Wait for the guest's move for this turn and hand it to the match once; its
        refusal goes back to the guest."""
        if self.link.is_away(self.turns.to_move):
            self.say(f"Waiting for {self.guest} to come back.")
        while True:
            message = self._next()
            if isinstance(message, TakebackAsk):
                if message is self.theirs:
                    self.answer(self.answer_line(self.console), message)
                continue
            if not isinstance(message, Move) or message.number != self.turns.turn:
                continue
            assert self.offer is not None
            refusal = self.offer(message.text)
            if refusal is not None:
                reason = their_words(refusal)
                self.link.refuse(reason, Why.RULES, message.number, self.turns.to_move)
                continue
            session = self.session
            move = self.game.parse_move(session.moves[-1][1])
            described = describe_move(self.game.id, session.history[-1], move, Voice(self.names))
            self.say(f"{self.guest} (online): {described}.")
            return move
