"""A game with both seats online: the one who hosts plays no seat, it only judges (the
class's hub: every hub game is a `Relay`, `app.hub.games`).

The link has a guest in each seat (`HostLink(seats=...)`, each seat its own code, so
neither student can take or move for the other's seat). Each guest's move, as it comes,
goes to the match session (`MatchSession.play`, once): a refusal goes back to that guest
in words, a move played goes to both, and what happens is said in words (`say`). The
guests are ordinary guests (the lobby hands each their seat's code): nothing tells them
the host plays no seat.

On the hub takebacks are not offered (the link refuses an ask in words): a tournament's
result is the game as it was played. Where the link offers them (`host`, a hub of two:
`app.online.hosting`), an ask goes to the other seat's player, whose answer decides, and
only this session takes the moves back (`taken-back` to both). The game is kept after
every move (its `keeper`) and counted once.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Any

from app.match_session import MatchOver, MatchSession, NotKept, Played, Refused, RoundOver, TurnLost
from app.match_session.keeping import Keeper, SavedGames
from app.online.codes import new_code
from app.online.host_link import REJOIN_SECONDS, HostLink
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
from app.online.takebacks import LAPSED, ONE_AT_A_TIME, moves_back, take_back_for
from app.online.texts import their_words
from rules.base import Game, PlayerNo
from rules.match import MatchState, round_starter, score_text
from rules.record_check import seconds_of
from rules.records import GameRecord, players_of
from rules.words.common import name_players
from rules.words.moves import describe_move
from rules.words.outcome import reason_text, result_sentence
from rules.words.voice import Voice

#: Said to the guests when the game is stopped here.
STOPPED_HERE = "The hub stopped the game: it is kept there."


def relay_link(names: tuple[str, str], notice: Any = None) -> HostLink:
    """A link with a guest in each seat, named `names`, each seat with a new code (it
    opens no port: the hub attaches it to its own)."""
    seats: dict[PlayerNo, tuple[str, str]] = {1: (new_code(), names[0]), 2: (new_code(), names[1])}
    return HostLink(seats[1][0], "the host", notice=notice, seats=seats)


def shown_host(bind: str) -> str:
    """The address a guest types for a host listening on `bind`."""
    if bind in ("0.0.0.0", "::", ""):
        import socket

        return socket.gethostname()
    return f"[{bind}]" if ":" in bind else bind


class Relay:
    """A match with both seats online, judged here: `play` waits for both and judges the
    match to its end; `stop` ends it (kept)."""

    #: Said to the guests after "NAME left: " when one of them leaves.
    KEPT = "the game is kept on the hub."
    #: Said to the guests when the game is stopped here.
    STOPPED = STOPPED_HERE

    def __init__(
        self,
        game: Game[Any, Any, Any],
        match: MatchState,
        names: tuple[str, str],
        say: Callable[[str], None],
        keeper: Keeper | None = None,
        resumed: GameRecord | None = None,
    ) -> None:
        """`say`: what happens, in words; `resumed`: the record of the unfinished game
        `match` goes on from (its clock, its id)."""
        self.game = game
        self.names = names
        self.say = say
        self.link = self._new_link(names, say)
        self.link.hand_to(self.heard)
        self.link.on_joined = self._begin
        record_id = uuid.uuid4().hex if resumed is None else resumed.id
        seconds = () if resumed is None else tuple(seconds_of(resumed))
        self.session: MatchSession[Any, Any, Any] = MatchSession(
            match,
            players_of(names),
            seconds=seconds,
            started=None if resumed is None else resumed.started,
            clock=self.link.presence.clock,  # (it stands still while a student is away)
            keeper=keeper or SavedGames(),  # kept after every turn, counted once
            record_id=record_id,
        )
        self.turns = HostTurns(self.link, game, names, record_id)
        self.turns.publish(match, seconds)
        #: Why the relay stopped before the end ("" while it goes on, or at the end).
        self.stopped = ""
        self._done = asyncio.Event()
        self._started_playing = False
        #: Moves that came before both players were here (played when they are).
        self._early: list[tuple[PlayerNo, Move]] = []
        #: A takeback ask waiting for the other player's answer: the asker's seat and
        #: the turn it was made at.
        self._ask: tuple[PlayerNo, int] | None = None

    def _new_link(self, names: tuple[str, str], say: Callable[[str], None]) -> HostLink:
        return relay_link(names, say)

    @property
    def over(self) -> bool:
        return self.session.result is not None

    @property
    def playing(self) -> bool:
        """Both players joined and the match began."""
        return self._started_playing

    async def play(self) -> str:
        """Wait for both players, then judge the match to its end; "" when it ended, else
        why it stopped (the game is kept)."""
        await self._done.wait()
        if self.over:
            await self.link.stop("The game is over.")
            return ""
        if self.stopped.endswith(" left"):  # (a guest left: the other's screen names them)
            await self.link.stop(self.KEPT)
        else:
            await self.link.stop(self.STOPPED)
        return self.stopped or "stopped"

    def _begin(self) -> None:
        """Both players are here (the link's `on_joined`, before it reads a move): the
        match begins."""
        if self._done.is_set() or self._started_playing:
            return
        self._started_playing = True
        self.session.start_turn()
        self._say_round()
        early, self._early = self._early, []
        for seat, move in early:
            self._moved(seat, move)

    def stop(self, why: str = "stopped here") -> None:
        """Stop waiting or judging: the game is kept."""
        if not self._done.is_set():
            self.stopped = why
            self._done.set()

    # The guests' messages, as they come

    def heard(self, seat: PlayerNo | None, message: Message) -> None:
        if self._done.is_set():
            return
        name = self.names[(seat or 1) - 1]
        if isinstance(message, Bye):
            self.stop(f"{name} left")
        elif isinstance(message, Away):
            asyncio.get_running_loop().call_later(REJOIN_SECONDS + 1, self._still_away)
        elif isinstance(message, Move) and seat is not None:
            if self._started_playing:
                self._moved(seat, message)
            else:  # (the first player moves before the second has joined)
                self._early.append((seat, message))
        elif seat is not None and self.link.takebacks_offered:
            self._takeback(seat, message)

    # Takebacks (where the link offers them): asked by one seat, answered by the other

    def _takeback(self, seat: PlayerNo, message: Message) -> None:
        other: PlayerNo = 2 if seat == 1 else 1
        ask, turn = self._ask, self.turns.turn
        if isinstance(message, TakebackAsk):
            if ask is not None:
                self.link.refuse(ONE_AT_A_TIME, Why.ONE_AT_A_TIME, seat=seat)
            elif message.number != turn or self.over or not self._started_playing:
                self.link.refuse(LAPSED, Why.LAPSED, seat=seat)
            elif not moves_back(self.session, seat):
                self.link.send(TakebackAnswer(accept=False), seat)
            else:
                self._ask = (seat, turn)
                self.link.send(TakebackAsk(number=turn), other)
        elif isinstance(message, TakebackLapsed):
            if ask is not None and ask[0] == seat:
                self._ask = None
                self.link.send(message, other)
        elif isinstance(message, TakebackAnswer) and ask is not None and ask[0] == other:
            self._ask = None
            if ask[1] != turn:  # (a move was played meanwhile: the ask lapsed)
                return
            self.link.send(message, other)
            if message.accept and take_back_for(self.session, other):
                self.turns.changed(self.session.match, tuple(self.session.seconds))

    def _still_away(self) -> None:
        away = self.link.presence.longest_away()
        if away is not None and self.link.presence.away_for() > REJOIN_SECONDS:
            self.stop(f"{away.guest} did not come back")

    def _moved(self, seat: PlayerNo, message: Move) -> None:
        session = self.session
        if message.number != self.turns.turn or seat != session.to_move or self.over:
            return  # (the link refused it already, or it is a retry)
        session.tick(running=True)
        limit = session.turn_seconds
        if limit is not None and session.turn_used > limit:
            used = session.turn_used
            self.say(
                f"Time is up! {self.names[seat - 1]} took {used:.1f} seconds; "
                f"the limit is {limit} seconds."
            )
            self._show(session.time_out(used))
            return
        before = session.state
        events = session.play(message.text)
        first = events[0]
        if isinstance(first, Refused):
            reason = name_players(their_words(first.reason), self.names)
            self.link.refuse(reason, Why.RULES, message.number, seat)
            return
        assert isinstance(first, Played)
        described = describe_move(self.game.id, before, first.move, Voice(self.names))
        self.say(f"{self.names[seat - 1]} (online): {described}.")
        self._show(events)

    def _show(self, events: tuple[Any, ...]) -> None:
        """What the session said happened, in words; the turn to both guests."""
        session = self.session
        ended = False
        for event in events:
            if isinstance(event, TurnLost):
                self.say(name_players(event.note, self.names))
            elif isinstance(event, RoundOver):
                ended = True
                if session.best_of > 1:
                    number = event.result.number
                    why = reason_text(event.outcome, self.names)
                    self.say(f"{self.names[event.result.winner - 1]} wins round {number}: {why}.")
                    self.say(score_text(session.match, self.names))
            elif isinstance(event, MatchOver):
                self.say(result_sentence(event.outcome, self.names))
            elif isinstance(event, NotKept):
                self.say(event.reason)
        self.turns.changed(session.match, tuple(session.seconds))
        self._ask = None  # (a move played: an ask made before it lapses)
        if self.over:
            self.stop("")
        elif ended:
            session.next_round()
            self.say("")
            self._say_round()

    def _say_round(self) -> None:
        match = self.session.match
        if match.best_of > 1:
            starter = self.names[round_starter(match) - 1]
            self.say(f"Round {match.round_number}: {starter} starts.")
