"""Takebacks in a plain-mode online game: `undo` asks, `allow` or `decline` answers.

The other player's ask can come while this player is at a prompt (said at once) or while
this side waits for the other's move (the waiting loop asks "Allow the takeback?").
`OnlineCommands`, put before the prompt's own commands, turns the answer into `Answered`,
which the side's turn catches. The rules and words are `app.online.takebacks`'.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from app.online import takebacks
from app.online.guest_link import Heard
from app.online.protocol import Message, TakebackAsk, TakebackLapsed
from app.online.takebacks import TOO_LATE, ask_words, lapsed_words, moves_back
from app.plain.commands import Commands, command_of
from rules.base import PlayerNo

#: The commands an online game does not offer, and what is said instead: no hints
#: online; a takeback needs the other player's consent, which `OnlineCommands` asks for
#: before this refusal is read.
ONLINE_REFUSED = {
    "undo": "Takebacks are not offered in an online game.",
    "hint": "Hints are not offered in this online game.",
}
#: The answers at any prompt: words no game's prompt asks for (collect's declaration
#: prompt asks yes or no, so those words answer the takeback only where it is asked).
AT_ANY_PROMPT = {"allow": True, "decline": False}
#: The answers where the takeback itself is asked ("Allow the takeback? (yes/no)").
ANSWERS = {**AT_ANY_PROMPT, "yes": True, "y": True, "no": False, "n": False}


class Answered(Exception):
    """The player answered the other's takeback ask (at a prompt)."""

    def __init__(self, allowed: bool) -> None:
        super().__init__("allowed" if allowed else "declined")
        self.allowed = allowed


class PlainAsks:
    """The other player's ask waiting for this player's answer (each plain player's).
    An answer that crosses the ask's lapse is passed over by the relay, so the lapse is
    said after it too."""

    def __init__(self, say: Callable[[str], None], other: str, other_seat: PlayerNo) -> None:
        self.say_now = say
        self.other = other
        self.other_seat = other_seat
        #: The runner's session, `board` command and `offer` (set by `OnlineCommands.install`).
        self.session: Any = None
        self.board: Callable[[], None] | None = None
        self.offer: Callable[[Any], str | None] | None = None
        #: The other's ask waiting for an answer.
        self.theirs: TakebackAsk | None = None
        #: The other's last ask was heard and its lapse not yet said.
        self.heard_ask = False
        #: The other's ask waits to be said (this side's copy is behind it).
        self.unsaid = False
        #: The other side's messages, as the link brought them in (`bring_in`).
        self.inbox: asyncio.Queue[Heard] = asyncio.Queue()

    def bring_in(self, message: Heard) -> None:
        """(The link's `deliver`.) Said at once if it is an ask or its lapse; then kept."""
        if isinstance(message, TakebackAsk | TakebackLapsed):
            self.heard(message)
        self.inbox.put_nowait(message)

    async def next_message(self, timeout: float | None = None) -> Heard | None:
        try:
            return await asyncio.wait_for(self.inbox.get(), timeout)
        except TimeoutError:
            return None

    def heard(self, message: Message) -> None:
        """The other's ask, or its lapse, said at once."""
        if isinstance(message, TakebackLapsed):
            said, self.heard_ask, self.theirs = self.heard_ask, False, None
            if said:
                self.say_now(lapsed_words(self.other))
            return
        if not isinstance(message, TakebackAsk):
            return
        if self.theirs is not None:  # (the relay refuses a second ask)
            return
        self.theirs = message
        self.heard_ask = True
        self.unsaid = self.behind(message.number)
        if not self.unsaid:
            self.say_ask()

    def behind(self, number: int) -> bool:
        """This side's copy has yet to play turns before turn `number` (they came)."""
        return False

    def say_ask(self) -> None:
        """Say the other's ask waiting, with what it takes back (once this side's copy
        has played every turn before it)."""
        self.unsaid = False
        count = moves_back(self.session, self.other_seat) if self.session is not None else 1
        self.say_now(f"{ask_words(self.other, max(count, 1))}: type allow or decline.")

    def claim(self, message: Message | None = None) -> TakebackAsk | None:
        """The ask to answer now (`message`: only if it is the one waiting), taken; None
        (said in words) when it lapsed meanwhile."""
        ask = self.theirs
        if ask is None or (message is not None and message is not ask):
            ask = None
        else:
            self.theirs = None  # (its lapse, if it crossed this answer, is said: heard_ask)
        if ask is None:
            self.say_now(TOO_LATE)
        return ask

    def lapse(self, turn: int) -> None:
        """A move was played: an ask made before it lapses."""
        if self.theirs is not None and self.theirs.number != turn:
            self.theirs, self.heard_ask = None, False

    def answer_deadline(self) -> float:
        """When this side's own ask, made now, lapses unanswered."""
        return time.monotonic() + takebacks.ASK_SECONDS

    def ask(self) -> None:
        """The `undo` command: ask the other player (each side's own)."""
        raise NotImplementedError

    def answer(self, allowed: bool, message: TakebackAsk | None = None) -> Any:
        """Answer the other's ask waiting (each side's own)."""
        raise NotImplementedError

    def answered_now(self, raw: bytes) -> bool:
        """Whether a line typed while waiting is answered now: a command, or an answer to
        the other's takeback ask waiting."""
        word = " ".join(raw.decode("utf-8", "replace").lower().split())
        return (self.theirs is not None and word in ANSWERS) or command_of(word) is not None

    def typed_while_waiting(self, raw: bytes, console: Any) -> None:
        """A command typed while the other's move is awaited, answered at once (`undo`
        waits for this player's own prompt); an answer to the other's takeback ask."""
        text = raw.decode("utf-8", "replace").strip()
        if not text:
            return
        if console.echo:
            console.say(text)
        word = " ".join(text.lower().split())
        if self.theirs is not None and word in ANSWERS:
            self.answer(ANSWERS[word], self.theirs)
        elif command_of(text) == "undo":
            self.say_now(
                f"It is {self.other}'s turn: type undo at your own prompt to ask for a takeback."
            )
        elif console.commands is not None:
            console.commands(text)

    def taken(self, said: str, local: PlayerNo) -> None:
        """Moves were taken back: say so, and the position when the other is to move."""
        self.say_now(said)
        if self.session is not None and self.session.to_move != local and self.board:
            self.board()

    def answer_line(self, console: Any) -> bool:
        """Ask this player to allow the takeback (while waiting for the other's move)."""
        while True:
            try:
                line = console.ask("Allow the takeback? (yes/no): ")
            except Answered as answered:
                return answered.allowed
            allowed = ANSWERS.get(line.strip().lower())
            if allowed is not None:
                return allowed
            console.say("Please answer yes or no.")


class OnlineCommands:
    """The prompt's commands in an online game: allow/decline answer an ask, undo asks;
    the rest are the line mode's own (`app.plain.commands`)."""

    def __init__(self, inner: Commands, side: PlainAsks) -> None:
        self.inner = inner
        self.side = side

    @classmethod
    def install(cls, runner: Any, side: PlainAsks) -> None:
        side.session = runner.session
        side.board = runner.commands.do_board
        side.offer = runner.offer
        runner.commands = cls(runner.commands, side)

    def __call__(self, line: str) -> bool:
        word = " ".join(line.strip().lower().split())
        if self.side.theirs is not None and word in AT_ANY_PROMPT:
            raise Answered(AT_ANY_PROMPT[word])
        if command_of(line) == "undo":
            self.side.ask()
            return True
        return self.inner(line)

    def close(self) -> None:
        self.inner.close()
