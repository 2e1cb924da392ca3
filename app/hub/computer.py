"""A student plays the computer from the lobby (`computer GAME [options] --level L`): a
hub game whose one seat is the student's, online as in any hub game, and whose other
seat is the computer's, played on the hub.

The game is a `Relay` (the hub judges every move, the student joins it as a guest with
the seat's own code) whose link admits the student's seat only; when it is the
computer's turn, the computer's move is asked of a helper process (the search process
local games use, `app.process.search_process`, with `ask_bot`), awaited in a thread, so
a perfect computer thinking never holds the hub's loop: the rest of the class plays on.
The computer's move then reaches the session as a guest's would. Its seat is named by
its level (RULINGS.md: "Computer (perfect)"); the game is kept, watched and listed as any
hub game.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, cast

from aiohttp import web

from app.hub.store import key_of
from app.hub.student import Student
from app.match_session.keeping import Keeper
from app.online.host_guests import Presence
from app.online.protocol import Move
from app.online.relay import Relay
from app.process.helper_tasks import Bot, ask_bot
from app.process.search_process import SearchCancelled, SearchFailed, SearchProcess
from rules.base import Game, PlayerNo
from rules.match import MatchState
from rules.players import LEVELS, player_for
from rules.records import GameRecord, PlayerInfo, players_of
from rules.seat_names import computer_name

#: The seat the computer plays (the student, as a challenger, is Player 1).
COMPUTER_SEAT: PlayerNo = 2

#: Makes the computer of a game at a level (tests put a slow one in its place).
MakeBot = Callable[[str, Game[Any, Any, Any]], Bot[Any, Any]]
make_bot: MakeBot = player_for


def computer_name_of(names: tuple[str, str]) -> str:
    return names[COMPUTER_SEAT - 1]


def level_problem(level: str) -> str | None:
    """Why `level` is no computer's level, in words (None: it is one)."""
    if level in LEVELS:
        return None
    return f"there is no level {level[:20]!r}: the levels are {', '.join(LEVELS)}"


class ComputerPlayer(Student):
    """The computer's seat as the lobby sees a player: it has no connection, so nothing
    sent to it goes anywhere."""

    def __init__(self, level: str) -> None:
        super().__init__(computer_name(level), cast(web.WebSocketResponse, None))
        self.level = level
        self.admitted = True

    async def send(self, message: object) -> None:
        return None

    async def close(self, reason: str = "") -> None:
        return None


def computer_problem(student: Student, level: str) -> str | None:
    """Why `student` cannot play the computer at `level` now, in words (None: they can)."""
    if student.playing is not None:
        return "you are playing a game already"
    return level_problem(level)


def player_of(seat: PlayerInfo, online: dict[str, Student]) -> Student | None:
    """Who plays `seat` of a kept game: the computer at its level, or the student with
    its name who is in the lobby (None: not here)."""
    if seat.kind != "human":
        return ComputerPlayer(seat.kind)
    return online.get(key_of(seat.name))


def level_of(player: Student) -> str | None:
    """The computer's level when `player` is the computer's seat (None: a student)."""
    return player.level if isinstance(player, ComputerPlayer) else None


class ComputerRelay(Relay):
    """A relay whose second seat the computer plays (see the module's docstring)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        match: MatchState,
        names: tuple[str, str],
        say: Callable[[str], None],
        level: str,
        keeper: Keeper | None = None,
        resumed: GameRecord | None = None,
    ) -> None:
        self._say_on = say
        super().__init__(game, match, names, self._said, keeper=keeper, resumed=resumed)
        link = self.link  # (the computer's seat takes no guest: its code opens nothing)
        link.seats = [seat for seat in link.seats if seat.number != COMPUTER_SEAT]
        link.presence = Presence(link.seats, link.wall)
        # (the record says which seat the computer played, and at what level: a hub
        # restarted knows the game goes on with the computer, and no statistic counts it
        # as a person's)
        self.session.players = players_of(names, ("human", cast(Any, level)))
        self.bot = make_bot(level, game)
        self.search = SearchProcess()
        self._thinking: asyncio.Task[None] | None = None

    def _said(self, text: str) -> None:
        # (the relay names a guest's move "(online)": the computer's is played here)
        name = computer_name_of(self.names)
        self._say_on(text.replace(f"{name} (online): ", f"{name}: ", 1))

    def _begin(self) -> None:
        super()._begin()
        self._think()

    def _show(self, events: tuple[Any, ...]) -> None:
        super()._show(events)
        self._think()

    def _think(self) -> None:
        """Ask for the computer's move when it is its turn (once)."""
        if self.over or self._done.is_set() or not self.playing:
            return
        if self.session.to_move != COMPUTER_SEAT or self._thinking is not None:
            return
        self._thinking = asyncio.ensure_future(self._move(self.turns.turn, self.session.state))

    async def _move(self, turn: int, state: Any) -> None:
        try:
            move, self.bot = await asyncio.to_thread(self.search.run, ask_bot, self.bot, state)
        except (SearchCancelled, SearchFailed) as error:
            if not self._done.is_set():
                self.say(f"The computer could not move ({type(error).__name__}).")
                self.stop("the computer could not move")
            return
        finally:
            self._thinking = None
        if not self._done.is_set() and self.turns.turn == turn:
            self._moved(COMPUTER_SEAT, Move(number=turn, text=self.game.format_move(move)))

    def stop(self, why: str = "stopped here") -> None:
        super().stop(why)
        self.search.cancel()

    async def play(self) -> str:
        try:
            return await super().play()
        finally:
            self.search.close()
            if self._thinking is not None:
                self._thinking.cancel()
                with contextlib.suppress(BaseException):
                    await self._thinking
