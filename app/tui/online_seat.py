"""The guest's seat on the host's game screen: its moves come from the connection.

Each message of the guest is posted to this widget as it comes (`GuestSaid`); the guest's
move goes to the match session once, as a key's does: its refusal goes back to the guest
in words and with its code. Whenever the screen shows a new position, the turn played
goes to the guest (`HostTurns.changed`). Leaving the screen stops the link (the game is
kept on both sides).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from app.match_session.events import Refused
from app.online.host_link import HostLink
from app.online.host_turns import HostTurns, turns_of
from app.online.protocol import (
    Away,
    Bye,
    Move,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    Why,
)
from app.online.protocol import Message as Said
from app.online.takebacks import (
    LAPSED,
    ONE_AT_A_TIME,
    answer_words,
    moves_back,
    take_back_for,
    taken_words,
)
from app.online.texts import their_words
from app.tui.online_referee import OnlineReferee
from app.tui.online_takeback import TakebackSeat
from rules.base import PlayerNo
from rules.words.common import name_players


@dataclass
class GuestSaid(Message):
    said: Said


@dataclass
class GuestNotice(Message):
    text: str


class OnlineSeat(TakebackSeat):
    """The guest's seat (see the module's docstring)."""

    def __init__(self, link: HostLink, turns: HostTurns, referee: OnlineReferee) -> None:
        super().__init__()
        self.link = link
        self.turns = turns
        self.referee = referee
        #: Every turn number sent to the guest, as it is sent (tests wait on it).
        self.sent: asyncio.Queue[int] = asyncio.Queue()
        referee.ask = self.ask_takeback

    @property
    def own_seat(self) -> PlayerNo:
        return 1 if self.referee.guest_seat == 2 else 2

    @property
    def turn(self) -> int:
        return self.turns.turn

    @property
    def other(self) -> str:
        return self.referee.guest

    def on_mount(self) -> None:
        self.link.notice = lambda text: self.post_message(GuestNotice(text))
        self.link.hand_to(lambda _seat, said: self.post_message(GuestSaid(said)))
        self.watch(self.screen, "state", self._position_shown, init=False)

    def on_guest_notice(self, message: GuestNotice) -> None:
        self.notify(message.text, markup=False)

    def on_guest_said(self, message: GuestSaid) -> None:
        said = message.said
        screen = self.game_screen
        if isinstance(said, Bye):
            self.notify(f"{self.referee.guest} left: the game is kept.", markup=False)
            return
        if isinstance(said, TakebackAsk):
            self.guest_asks(said)
            return
        if isinstance(said, TakebackAnswer):
            self.guest_answers(said)
            return
        if isinstance(said, TakebackLapsed):
            self.their_ask_lapsed()
            return
        if isinstance(said, Away) or not isinstance(said, Move):
            return
        if said.number != self.turns.turn or screen.state is None or screen.is_over:
            return
        if screen.to_move != self.referee.guest_seat:
            self.link.refuse("It is not your turn.", Why.NOT_YOUR_TURN, said.number)
            return
        screen.tick_clock()
        events = screen.session.play(said.text)  # (the one check: the session's)
        if isinstance(events[0], Refused):
            reason = name_players(their_words(events[0].reason), screen.setup.names)
            self.link.refuse(reason, Why.RULES, said.number)
            return
        screen.show_events(events)

    def _position_shown(self, _state: Any) -> None:
        session = self.game_screen.session
        before = self.turns.turn
        if turns_of(session.match) == before:
            return
        self.turns.changed(session.match, tuple(session.seconds))
        self.asks.lapse(self.turns.turn)
        if session.result is not None:
            self.mark_in_statistics(session.record_id, self.referee.guest_seat)
        if self.turns.turn > before:
            self.sent.put_nowait(self.turns.turn - 1)

    def guest_answers(self, said: TakebackAnswer) -> None:
        if self.asks.mine is None:
            return
        stands, self.asks.mine = self.asks.mine == self.turns.turn, None
        words = answer_words(self.referee.guest, said.accept)
        if not stands:
            self.game_screen.say(LAPSED)
        elif said.accept:
            self._take_back(self.own_seat, words)
        else:
            self.game_screen.say(words)

    def guest_asks(self, said: TakebackAsk) -> None:
        screen = self.game_screen
        if self.asks.mine is not None or self.asks.theirs is not None:
            self.link.refuse(ONE_AT_A_TIME, Why.ONE_AT_A_TIME)
            return
        if said.number != self.turns.turn or screen.is_over:
            self.link.refuse(LAPSED, Why.LAPSED)
            return
        count = moves_back(screen.session, self.referee.guest_seat)
        if not count:
            self.link.send(TakebackAnswer(accept=False))
            return
        self.asks.theirs = said.number
        self.ask_to_allow(count, self._answer)

    def _answer(self, allowed: bool | None) -> None:
        if not self.asks.answering(self.turns.turn):
            self.game_screen.say(LAPSED)
            return
        self.link.send(TakebackAnswer(accept=bool(allowed)))
        if allowed:
            self._take_back(self.referee.guest_seat, "You allowed the takeback.")
        else:
            self.game_screen.say("You declined the takeback: the moves stand.")

    def _take_back(self, seat: PlayerNo, words: str) -> None:
        screen = self.game_screen
        count = take_back_for(screen.session, seat)
        screen.new_position()
        screen.say(f"{words} {taken_words(count)}")

    async def on_unmount(self) -> None:
        session = self.game_screen.session
        over = session.result is not None
        await self.link.stop("The game is over." if over else "The host left: the game is kept.")
