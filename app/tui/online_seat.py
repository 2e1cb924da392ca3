"""The guest's seat on the host's game screen: its moves come from the connection.

`OnlineSeat` is an invisible widget mounted on the host's game screen. A thread worker
reads the guest's messages (`HostLink.next_message`) and posts them to it as
`GuestSaid`, as the computer's worker posts `ComputerMoved` (`app.tui.thinking`); the
handler checks the move against the rules (a refusal goes back in words) and hands it
to the screen's `play`, through the screen's `OnlineReferee`. Whenever the screen shows
a new position, the turn played goes to the guest (`HostTurns.changed`). Leaving the
screen stops the link (the game is kept on both sides).
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual import work
from textual.message import Message
from textual.widget import Widget

from app.online.host_link import HostLink
from app.online.host_turns import HostTurns, turns_of
from app.online.protocol import Away, Bye, Move, TakebackAsk
from app.online.protocol import Message as Said
from app.online.screen_referee import OnlineReferee
from app.online.texts import their_words
from rules.base import IllegalMove
from rules.words.common import name_players

NO_TAKEBACKS = "Takebacks are not offered in an online game yet."


class GuestSaid(Message):
    def __init__(self, said: Said) -> None:
        super().__init__()
        self.said = said


class GuestNotice(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class OnlineSeat(Widget):
    """The guest's seat (see the module's docstring)."""

    DEFAULT_CSS = "OnlineSeat { display: none; }"

    def __init__(self, link: HostLink, turns: HostTurns, referee: OnlineReferee) -> None:
        super().__init__()
        self.link = link
        self.turns = turns
        self.referee = referee
        #: Every turn number sent to the guest, as it is sent (tests wait on it).
        self.sent: asyncio.Queue[int] = asyncio.Queue()

    @property
    def game_screen(self) -> Any:
        return self.screen

    def on_mount(self) -> None:
        self.link.notice = self._notice
        self.watch(self.screen, "state", self._position_shown, init=False)
        self._listen()

    def _notice(self, text: str) -> None:  # (the link's thread)
        self.post_message(GuestNotice(text))

    @work(thread=True, exclusive=True, group="online-seat")
    def _listen(self) -> None:
        while self.is_attached:
            said = self.link.next_message(0.25)
            if said is not None:
                self.post_message(GuestSaid(said))

    def on_guest_notice(self, message: GuestNotice) -> None:
        self.notify(message.text, markup=False)

    def on_guest_said(self, message: GuestSaid) -> None:
        said = message.said
        screen = self.game_screen
        if isinstance(said, Bye):
            self.notify(f"{self.referee.guest} left: the game is kept.", markup=False)
            return
        if isinstance(said, TakebackAsk):
            self.link.refuse(NO_TAKEBACKS)
            return
        if isinstance(said, Away) or not isinstance(said, Move):
            return
        if said.number != self.turns.turn or screen.state is None or screen.is_over:
            return
        if screen.to_move != self.referee.guest_seat:
            self.link.refuse("It is not your turn.", said.number)
            return
        try:
            move = screen.game.parse_move(said.text)
            screen.game.play(screen.position, move)
        except (IllegalMove, ValueError) as error:
            reason = name_players(their_words(str(error)), screen.setup.names)
            self.link.refuse(reason, said.number)
            return
        self.referee.incoming = move
        screen.play(move)

    def _position_shown(self, _state: Any) -> None:
        session = self.game_screen.session
        if turns_of(session.match) == self.turns.turn:
            return
        self.turns.changed(session.match, tuple(session.seconds))
        self.sent.put_nowait(self.turns.turn - 1)

    def on_unmount(self) -> None:
        session = self.game_screen.session
        over = session.result is not None
        self.link.stop("The game is over." if over else "The host left: the game is kept.")
