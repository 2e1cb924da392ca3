"""Joining a friend's game in the full screen: Menu → o → j, the code, then the game.

`JoinScreen` joins on Textual's own loop and opens the game's board on a copy of the
host's match, with a `GuestReferee` (a move goes to the host and is played when
confirmed) and a `GuestSeat` that brings the host's answers in as messages. The host
counts the time: the copy's clock stands still. A takeback is asked of the host; the
host's session takes the moves back and says so (`taken-back`), and the copy follows.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from app.match_session.events import Refused
from app.match_session.setup import GameSetup, Seat
from app.online.codes import AddressProblem, parse_address
from app.online.guest_link import Back, GuestLink, JoinRefused, Lost
from app.online.protocol import (
    Away,
    Bye,
    Move,
    Moved,
    Refusal,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    TakenBack,
    Welcome,
)
from app.online.takebacks import answer_words, follow, moves_back, taken_words
from app.online.texts import NAME_LIMIT, bye_words, their_words
from app.tui.boards import board_screen
from app.tui.online_referee import GuestReferee
from app.tui.online_takeback import TakebackSeat
from app.tui.styles import ONLINE_STYLES
from rules.base import PlayerNo
from rules.match import MatchState
from rules.names import tidy_name
from rules.records import players_of, record_from_match
from rules.words.common import name_players
from widgets.keys_footer import KeysFooter


@dataclass
class Joined(Message):
    link: GuestLink
    welcome: Welcome | None
    why: str = ""


class JoinScreen(Screen[None]):
    """Type or paste the code the host gave (see the module's docstring)."""

    CSS_PATH = ONLINE_STYLES
    AUTO_FOCUS = "#join-address"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="online-box"):
            yield Static("Join a friend's game", id="online-title")
            yield Static("The code and place your friend's screen shows (CODE@HOST:PORT):")
            yield Input(placeholder="abc-def-ghj-kmn-pqr@127.0.0.1:40213", id="join-address")
            yield Static("Your name:")
            yield Input(value="Guest", id="join-name", max_length=NAME_LIMIT)
            yield Static("", id="online-waiting", markup=False)
        yield KeysFooter()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        text = self.query_one("#join-address", Input).value
        name = tidy_name(self.query_one("#join-name", Input).value, "Guest", NAME_LIMIT)
        try:
            address = parse_address(text)
        except AddressProblem as error:
            self._say(f"{error}.")
            return
        self._say("Joining…")
        self._join(GuestLink(address, name))

    def _say(self, text: str) -> None:
        self.query_one("#online-waiting", Static).update(text[:1].upper() + text[1:])

    @work(exclusive=True, group="online-join")
    async def _join(self, link: GuestLink) -> None:
        try:
            self.post_message(Joined(link, await link.join()))
        except JoinRefused as error:
            self.post_message(Joined(link, None, str(error)))

    async def on_joined(self, message: Joined) -> None:
        if message.welcome is None:
            self._say(f"Cannot join: {message.why}")
            return
        try:
            screen, seat = guest_board(message.link, message.welcome)
        except ValueError as error:
            await message.link.close("The game could not be read.")
            self._say(f"The host's game cannot be read: {their_words(str(error), 200)}")
            return
        self.app.switch_screen(screen)
        self.app.call_after_refresh(screen.mount, seat)


def guest_board(link: GuestLink, welcome: Welcome) -> tuple[Any, GuestSeat]:
    """The game's board on a copy of the host's match, and the seat that feeds it."""
    match = MatchState.model_validate(welcome.match)  # (ValidationError is a ValueError)
    names = (
        tidy_name(their_words(welcome.names[0]), "Player 1", NAME_LIMIT),
        tidy_name(their_words(welcome.names[1]), "Player 2", NAME_LIMIT),
    )
    setup = GameSetup.make(
        match.game_id,
        match.options,
        (Seat(names[0]), Seat(names[1])),
        match.best_of,
        match.turn_seconds,
    )
    record_id = "".join(ch for ch in welcome.record_id if ch.isalnum())[:32] or "online"
    now = datetime.now(UTC).replace(microsecond=0)
    record = record_from_match(match, players_of(names), welcome.seconds, now, None, record_id)
    seat = GuestSeat(link, welcome.seat, names[2 - welcome.seat], welcome.turn, welcome.hints)
    seat.takebacks = link.takebacks = welcome.takebacks
    screen = board_screen(match.game_id)(setup, None, record, referee=seat.referee)
    screen.session.clock = lambda: 0.0  # the host counts the time
    return screen, seat


@dataclass
class HostSaid(Message):
    said: Any


class GuestSeat(TakebackSeat):
    """The host's answers, brought in as messages (see the module's docstring)."""

    def __init__(
        self, link: GuestLink, seat: Any, host: str, turn: int, hints: bool = False
    ) -> None:
        super().__init__()
        self.link = link
        self.host = host
        self.seat: PlayerNo = seat
        self.expected = turn
        link.have = turn
        self.referee = GuestReferee(seat, host, self.send, hints)
        self.referee.ask = self.ask_takeback
        #: Takebacks made so far (each move says it was made after them).
        self.takebacks = 0
        #: The other's answer to this side's ask, said again with what it took back.
        self._answer_said = ""
        #: Every turn played in the copy here, as it is (tests wait on it).
        self.played: asyncio.Queue[int] = asyncio.Queue()
        #: The host's relay judging this game, when this side hosts it (`host`: a hub
        #: of two, `app.tui.online_hosting`); None: another machine's.
        self.judging: asyncio.Task[str] | None = None

    @property
    def own_seat(self) -> PlayerNo:
        return self.seat

    @property
    def turn(self) -> int:
        return self.expected

    @property
    def other(self) -> str:
        return self.host

    def send(self, text: str) -> None:
        self.link.send(Move(number=self.expected, text=text, takebacks=self.takebacks))

    def on_mount(self) -> None:
        self.link.hand_to(lambda said: self.post_message(HostSaid(said)))

    def on_host_said(self, message: HostSaid) -> None:
        said, screen = message.said, self.game_screen
        if isinstance(said, Moved) and said.number == self.expected:
            self.played.put_nowait(said.number)
            self.expected += 1
            self.link.have, self.link.pending = self.expected, None
            self.referee.pending = False
            self.asks.lapse(self.expected)
            if said.timed_out:
                screen.show_events(screen.session.time_out(said.seconds))
            else:  # (played in the copy as the host counted it)
                events = screen.session.play(said.text, seconds=said.seconds)
                if isinstance(events[0], Refused):
                    self.notify("The host's move does not fit this copy.", severity="error")
                    return
                screen.show_events(events)
            if screen.session.result is not None:
                self.mark_in_statistics(screen.session.record_id, 1 if self.seat == 2 else 2)
        elif isinstance(said, Refusal):
            if said.number == self.expected:
                self.referee.pending = False
                self.link.pending = None
            elif said.number is None:
                self.asks.mine = None  # (an ask refused: one at a time, or lapsed)
            screen.refuse(name_players(their_words(said.reason), screen.setup.names))
        elif isinstance(said, TakebackAsk | TakebackAnswer | TakenBack):
            self.takeback_said(said)
        elif isinstance(said, TakebackLapsed):
            self.their_ask_lapsed(late=True)
        elif isinstance(said, Lost):
            self.notify(f"The connection to {self.host} dropped: joining again.", markup=False)
        elif isinstance(said, Back):
            self.notify(f"Joined {self.host}'s game again.", markup=False)
        elif isinstance(said, Away) and said.who:
            self.notify(f"{their_words(said.who, 40)} is away.", markup=False)
        elif isinstance(said, Bye):
            why = their_words(said.reason)
            if self.game_screen.session.result is None:  # (after the end, nobody "left")
                why = self.referee.stopped = bye_words(self.host, why)
                self.game_screen.say(why, "error")  # (no move is taken any more)
            self.notify(why, markup=False, timeout=10)

    def takeback_said(self, said: TakebackAsk | TakebackAnswer | TakenBack) -> None:
        screen = self.game_screen
        if isinstance(said, TakebackAnswer):
            if self.asks.mine is not None:
                self.asks.mine = None
                self._answer_said = answer_words(self.host, said.accept)
                screen.say(self._answer_said)
        elif isinstance(said, TakebackAsk):
            count = moves_back(screen.session, 1 if self.seat == 2 else 2)
            if self.asks.theirs is not None or said.number != self.expected:
                return  # (one at a time; or a move was played since: it lapsed)
            if not count:  # (nothing of the host's to take back in this copy)
                self.link.send(TakebackAnswer(accept=False))
                return
            self.asks.theirs, self.asks.answered = said.number, False
            self.ask_to_allow(count, self._answer)
        else:
            self.taken_back(said)

    def _answer(self, allowed: bool | None) -> None:
        if not self.asks.answering(self.expected):
            return  # (a move was played meanwhile: the host passes over the ask)
        self.link.send(TakebackAnswer(accept=bool(allowed)))
        self.game_screen.say(
            "You allowed the takeback." if allowed else "You declined the takeback."
        )

    def taken_back(self, taken: TakenBack) -> None:
        """The host took moves back: the copy follows."""
        screen = self.game_screen
        count = self.expected - taken.number
        if not follow(screen.session, taken.number):
            self.notify("The host's takeback does not fit this copy.", severity="error")
            return
        self.expected, self.takebacks = taken.number, taken.takebacks
        self.link.takebacks = taken.takebacks
        self.link.have, self.link.pending = taken.number, None
        self.referee.pending = False
        self.asks.lapse(self.expected)
        screen.new_position()
        if count > 0:  # (after the answer that allowed it, if this side asked)
            screen.say(f"{self._answer_said} {taken_words(count)}".strip())
        self._answer_said = ""

    async def on_unmount(self) -> None:
        await self.link.close("The guest left: the game is kept.")
        if self.judging is not None:  # (the relay stops as this player left: kept)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.judging, 10)
