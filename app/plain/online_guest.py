"""The guest in plain mode: the host's game, shown in the same words as a local one.

The guest keeps a copy of the match and plays it with the one match loop
(`MatchRunner`) and the game's own driver, so it reads as a local game does. Its own
turns are the game's prompts; the move the prompt hands over goes to the host (`confirm`:
it is not tried here first), and is played here only when the host confirms it
(`moved`, with the seconds the host counted); the host's refusal is the answer, said at
the prompt, which asks again. The host's turns come from the connection. The runner's
clock is `answered`: it reads the seconds the host counted for each turn, so a time-out
here is the host's time-out. The link runs on the line mode's loop
(`app.plain.online_loop`), which runs whenever this side waits.

Takebacks (`app.plain.online_takebacks`): the guest's `undo` asks the host; the host's
ask is answered `yes` or `no`. The host's session takes the moves back and says so
(`taken-back`); the copy here follows (`app.online.takebacks.follow`) and the turn
starts again (`TakenBack`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.online.guest_link import Back, GuestLink, Heard, Lost
from app.online.protocol import (
    TAKEBACK_REFUSALS,
    Away,
    Bye,
    Move,
    Moved,
    Refusal,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    TakenBack,
)
from app.online.takebacks import (
    NONE_OF_YOURS,
    ONE_AT_A_TIME,
    answer_words,
    asked_words,
    follow,
    moves_back,
    not_answered_words,
    taken_words,
)
from app.online.texts import bye_words, their_words
from app.plain.base import PlainDriver
from app.plain.online_loop import LineLoop, LoopInput
from app.plain.online_takebacks import Answered, PlainAsks
from app.plain.stops import EndOfInput, TimeUp
from app.plain.stops import TakenBack as TurnTakenBack
from rules.base import Game, PlayerNo
from rules.player_text import MAX_LINE
from rules.words.common import name_players
from rules.words.moves import describe_move
from rules.words.voice import Voice

#: Hands a move to the match: None when played, else the refusal in words.
Submit = Callable[[Any], str | None]
#: Seconds after which the guest's move is said to be pending (a slow link).
PENDING_AFTER = 0.5

Answer = Moved | Refusal | TakebackAnswer


class Decided(Exception):
    """The host decided the turn while the guest was asking (its clock ran out)."""

    def __init__(self, moved: Moved) -> None:
        super().__init__("decided")
        self.moved = moved


class GuestPlayer(PlainAsks):
    """The guest's turns and the host's, as they come (see the module's docstring)."""

    def __init__(
        self,
        link: GuestLink,
        game: Game[Any, Any, Any],
        inner: PlainDriver,
        seat: PlayerNo,
        turn: int,
        takebacks: int = 0,
        loop: LineLoop | None = None,
    ) -> None:
        names = inner.names
        host_seat: PlayerNo = 1 if seat == 2 else 2
        super().__init__(inner.say, names[host_seat - 1], host_seat)
        self.link = link
        self.game = game
        self.inner = inner
        self.seat = seat
        self.names = names
        self.expected = turn
        self.takebacks = link.takebacks = takebacks
        link.have = turn
        link.hand_to(self.bring_in)
        self.loop = loop or LineLoop()
        self._answer = 0.0
        self.limit: int | None = None
        #: Who is away ("": both players are here).
        self.away = ""
        #: Commands typed while waiting, to answer at once (`_next`).
        self._typed_now: list[bytes] = []

    def say(self, text: str = "") -> None:
        self.inner.say(text)

    def answered(self) -> float:
        """The runner's clock: 0 as a turn starts, then the seconds the host counted."""
        answer, self._answer = self._answer, 0.0
        return answer

    def turn(self, state: Any) -> Any:
        """A person's turn in the match here: the guest's own, or the host's."""
        if self.game.to_move(state) == self.seat:
            return self.own_turn(state)
        return self.host_turn(state)

    def own_turn(self, state: Any) -> Any:
        """The guest's own turn: the game's prompts, whose move goes to the host
        (`confirm`)."""
        while True:
            try:
                return self.inner.human_turn(state)
            except Answered as answered:
                if self.answer(answered.allowed):  # the host's session decides now
                    return self.confirmed(self._decided())
            except Decided as decided:
                return self.confirmed(decided.moved)

    def hand_over(self, submit: Submit) -> Submit:
        """Where the prompt's moves go, given the match's `submit`: to the host first."""
        self.offer = submit
        return self.confirm

    def confirm(self, move: Any) -> str | None:
        """Send the guest's move to the host and wait for its answer: None when the host
        played it (it is played here too), else the host's refusal in words."""
        text = self.game.format_move(move)
        self.link.send(Move(number=self.expected, text=text, takebacks=self.takebacks))
        answer = self.settle(own=True)
        if isinstance(answer, Refusal):
            return name_players(their_words(answer.reason), self.names)
        self.confirmed(answer)
        return None

    def confirmed(self, moved: Moved) -> Any:
        """The host's `moved` for this turn, played in the copy here (TimeUp: the host
        counted the turn out of time)."""
        move = self.accept(moved)
        if move is None:
            raise TimeUp(self._answer)
        assert self.offer is not None
        refusal = self.offer(move)
        if refusal is not None:  # (the copy cannot follow the host)
            raise EndOfInput(f"the host's move does not fit this game's copy: {refusal}")
        if self.unsaid and self.theirs is not None and not self.behind(self.theirs.number):
            self.say_ask()
        return move

    def behind(self, number: int) -> bool:
        return self.expected < number

    def settle(self, own: bool = False) -> Moved | Refusal:
        """The host's answer for this turn (a takeback answer here is none)."""
        while True:
            answer = self.wait(self.expected, own)
            if answer is not None and not isinstance(answer, TakebackAnswer):
                return answer

    def host_turn(self, state: Any) -> Any:
        if self.away:
            self.say(f"Waiting for {self.away} to come back.")
        answer = self._decided()  # (a refusal of a move of ours is no answer here)
        if not answer.timed_out:
            move = self.read_move(answer.text)
            described = describe_move(self.game.id, state, move, Voice(self.names))
            self.say(f"{self.names[answer.player - 1]} (online): {described}.")
        return self.confirmed(answer)

    def accept(self, moved: Moved) -> Any:
        """The host's `moved` for this turn: the move to play (with its seconds)."""
        self.expected += 1
        self.link.have = self.expected
        self.link.pending = None
        self.lapse(self.expected)
        seconds = moved.seconds
        if moved.timed_out and self.limit is not None and seconds <= self.limit:
            seconds = self.limit + 1e-9  # (the host rounded the time it counted)
        self._answer = seconds
        if moved.timed_out:
            return None
        return self.read_move(moved.text)

    def read_move(self, text: str) -> Any:
        """The move in the host's `text` (EndOfInput, in words: the host sent something
        that is not a move of this game; nothing the host sends is trusted)."""
        try:
            return self.game.parse_move(text)
        except Exception:  # (a syntax error, a move the rules refuse, or worse)
            said = their_words(text, 40)
            raise EndOfInput(f"the host sent a move that cannot be read: {said}") from None

    # Takebacks

    def ask(self) -> None:
        """The guest's `undo`: ask the host, and wait for the answer."""
        count = moves_back(self.session, self.seat) if self.session is not None else 0
        if not count:
            self.say(NONE_OF_YOURS)
            return
        if self.theirs is not None:
            self.say(ONE_AT_A_TIME)
            return
        self.link.send(TakebackAsk(number=self.expected))
        self.say(asked_words(self.other, count))
        answer = self.wait(self.expected, asking=True, until=self.answer_deadline())
        if answer is None:  # no answer in time: the ask lapses, on both sides
            self.link.send(TakebackLapsed())
            self.say(not_answered_words(self.other))
            return
        if isinstance(answer, Moved):
            raise Decided(answer)
        if isinstance(answer, Refusal):
            self.say(name_players(their_words(answer.reason), self.names))
            return
        self.say(answer_words(self.other, answer.accept))
        if answer.accept:  # the host takes the moves back (TurnTakenBack), or has moved on
            raise Decided(self._decided())

    def _decided(self) -> Moved:
        answer = self.settle()
        if isinstance(answer, Refusal):
            return self._decided()
        return answer

    def answer(self, allowed: bool, message: TakebackAsk | None = None) -> bool:
        """Answer the host's ask; True when allowed (the host takes the moves back)."""
        ask = self.claim(message)
        if ask is None:
            return False
        self.link.send(TakebackAnswer(accept=allowed))
        self.say("You allowed the takeback." if allowed else "You declined the takeback.")
        return allowed

    def taken_back(self, taken: TakenBack) -> None:
        """The host took moves back: the copy follows, and the turn starts again."""
        count = self.expected - taken.number
        if self.session is None or not follow(self.session, taken.number):
            raise EndOfInput("the host's takeback does not fit this game's copy")
        self.expected = self.link.have = taken.number
        self.takebacks = self.link.takebacks = taken.takebacks
        self.link.pending = None
        if count > 0:
            said = taken_words(count)
            self.taken(said, self.seat)
            raise TurnTakenBack(said)

    # The connection

    def _next(self, timeout: float | None) -> Heard | None:
        """The host's next message (None: none within `timeout`). A command typed
        meanwhile is answered at once, never kept as the answer to a later question;
        other lines typed ahead wait for the next question (`typed_while_waiting`)."""
        until = None if timeout is None else time.monotonic() + timeout
        while True:
            typed, self._typed_now = self._typed_now, []
            for raw in typed:
                self.typed_while_waiting(raw, self.inner.console)
            left = None if until is None else max(until - time.monotonic(), 0.0)
            said = self.loop.run(self._message_or_line(left))
            if not isinstance(said, bytes):
                return said

    async def _message_or_line(self, timeout: float | None) -> Heard | bytes | None:
        """The host's next message; or b"" when a line was typed first (a command is
        kept in `_typed_now`, to answer; another line stays typed ahead)."""
        stdin: Any = self.inner.console.stdin
        if not isinstance(stdin, LoopInput) or stdin.at_end or stdin.holds_line:
            return await self.next_message(timeout)
        heard, typed = await stdin.line_or(self.next_message(timeout), MAX_LINE + 2)
        if typed is not None and self.answered_now(typed):
            self._typed_now.append(typed)
        elif typed:
            stdin.unread(typed)  # (typed ahead: for the next question)
        if heard.done() and not heard.cancelled():
            return heard.result()
        return b"" if typed is not None else None

    def wait(
        self, number: int, own: bool = False, asking: bool = False, until: float | None = None
    ) -> Answer | None:
        """The host's answer for turn `number`; what else comes is said meanwhile. For
        the guest's own move (`own`), a slow answer is said to be pending; `asking`:
        the answer to the guest's takeback ask (or a refusal of it) is one too. None
        when no answer came by `until` (`time.monotonic`)."""
        host = self.other
        pending = own
        while True:
            timeout = PENDING_AFTER if pending else None
            lapsing = False
            if until is not None:
                left = max(until - time.monotonic(), 0.0)
                if timeout is None or left <= timeout:
                    timeout, lapsing = left, True
            message = self._next(timeout)
            if message is None and lapsing:
                return None
            if message is None:
                self.say("Your move is sent: waiting for it to be confirmed.")
                pending = False
                continue
            if isinstance(message, Moved):
                if message.number == number:
                    return message
                continue  # a turn seen already (sent again after a rejoin)
            if isinstance(message, TakebackAnswer):
                if asking:
                    return message
            elif isinstance(message, Refusal):
                if message.number == number or (asking and message.code in TAKEBACK_REFUSALS):
                    return message
                self.say(name_players(their_words(message.reason), self.names))
            elif isinstance(message, TakenBack):
                self.taken_back(message)
            elif isinstance(message, TakebackAsk):
                if message is self.theirs and not own:
                    self.answer(self.answer_line(self.inner.console), message)
            elif isinstance(message, Lost):
                self.say(f"The connection to {host} dropped: joining again.")
            elif isinstance(message, Back):
                self.say(f"Joined {host}'s game again.")
            elif isinstance(message, Away):
                who = self.away = their_words(message.who or "", 40)
                self.say(f"{who} is away." if who else "Both players are here.")
            elif isinstance(message, Bye):
                raise EndOfInput(bye_words(host, message.reason))
