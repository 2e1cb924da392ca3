"""Match play and the clock for every game in plain mode, written once over the drivers.

`MatchRunner(driver, match).run()` plays a match (`rules.match`) line by line: best of N
rounds, the starter alternating, and a time limit per turn when the match has a clock.
The match itself is a `MatchSession`: the runner asks the players for moves, hands them
to the session with the time they took, and says what the session says happened. The
session holds the match and the seconds as it goes, so a caller that catches EndOfInput
still has the game so far (to save it).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from datetime import datetime
from typing import TYPE_CHECKING, Any

from app.match_session.events import Event, NotKept, Played, Refused, RoundOver
from app.match_session.keeping import Keeper
from app.match_session.session import MatchSession
from app.plain.commands import Commands
from app.plain.stops import TakenBack, TimeUp
from app.plain.words_in import rewrite
from rules.base import PlayerNo
from rules.match import MatchState, all_moves, match_outcome, round_starter, score_text
from rules.records import PlayerInfo
from rules.words.outcome import reason_text

if TYPE_CHECKING:
    from app.plain.base import Bot, PlainDriver

#: Called after every move with the position before it, the move and the position after.
OnMove = Callable[[Any, Any, Any], None]


def _still() -> float:
    return 0.0


class MatchRunner:
    """Plays a match with one game's plain driver."""

    def __init__(
        self,
        driver: PlainDriver,
        match: MatchState,
        bots: Mapping[PlayerNo, Bot] | None = None,
        seconds: Sequence[float] | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        on_move: OnMove | None = None,
        start: Any = None,
        keeper: Keeper | None = None,
        players: tuple[PlayerInfo, PlayerInfo] | None = None,
        started: datetime | None = None,
        record_id: str | None = None,
        save: Callable[[], str] | None = None,
        turn: Callable[[Any], Any] | None = None,
        refused: Mapping[str, str] | None = None,
    ) -> None:
        """`start`, `keeper`, `players`, `started`, `record_id`: the session's. `save`:
        what the `save` command does (it returns what to say). `turn`: a person's turn
        (by default the driver's prompts; online, a seat is played over the link).
        `refused`: commands not offered, and the sentence said instead."""
        if match.game_id != driver.game.id:
            raise ValueError(f"a {driver.game.id} driver cannot play a {match.game_id} match")
        self.driver = driver
        self.game = driver.game
        self.bots = dict(bots or {})
        count = len(all_moves(match))
        times = [0.0] * count if seconds is None else list(seconds)
        if len(times) != count:
            raise ValueError(f"{count} moves but {len(times)} times")
        # The runner measures each turn with `clock` itself (the session's clock, which
        # a screen ticks, stands still here).
        self.session: MatchSession[Any, Any, Any] = MatchSession(
            match,
            players,
            seconds=times,
            clock=_still,
            start=start,
            keeper=keeper,
            started=started,
            record_id=record_id,
            computers=frozenset(self.bots),
        )
        self.clock = clock
        driver.submit = self.offer  # (the driver's moves go to this session)
        self.on_move = on_move
        self.person_turn = turn or driver.human_turn
        #: When the turn going on started (the `clock` command reads it).
        self.turn_started = 0.0
        #: The move a person's turn handed to the session and what happened (`offer`).
        self._played: tuple[Any, tuple[Event, ...]] | None = None
        self.commands = Commands(
            self.session,
            driver.console,
            driver.names,
            lambda: self.clock() - self.turn_started,
            save,
            refused,
        )

    @property
    def match(self) -> MatchState:
        return self.session.match

    @property
    def seconds(self) -> list[float]:
        return self.session.seconds

    def run(self) -> MatchState:
        """Play until the match is won; return the match. EndOfInput propagates."""
        console = self.driver.console
        console.commands, console.rewrite = self.commands, self.rewrite
        try:
            return self._run()
        finally:
            console.commands = console.rewrite = None
            self.commands.close()  # (the hints' helper process, if one was started)

    def rewrite(self, text: str) -> str:
        """A move typed in words, as the prompt reads it (`app.plain.words_in`)."""
        return rewrite(self.game.id, text, self.session.state, self.driver.names)

    def _run(self) -> MatchState:
        self.introduce()
        self.driver.welcome(self.session.state)
        if self.session.result is not None:
            self.round_over()  # the moves given beforehand ended the match
        while self.session.result is None:
            self.turn()
        return self.match

    def introduce(self) -> None:
        """The match's settings and, for a match, the score and who starts this round."""
        match = self.match
        if match.best_of > 1:
            self.driver.say(
                f"Best of {match.best_of}: the first to win {match.rounds_to_win} rounds "
                "wins the match."
            )
        if match.turn_seconds is not None:
            self.driver.say(f"Each turn has a time limit of {match.turn_seconds} seconds.")
        if match.best_of > 1 and match_outcome(match) is None:
            if match.results:
                self.driver.say(score_text(match, self.driver.names))
            self.driver.say(
                f"Round {match.round_number}: {self.driver.name(round_starter(match))} starts."
            )

    def turn(self) -> None:
        """One turn: a move (or a time-out) of a person or the computer, played."""
        session = self.session
        state = session.state
        player = session.to_move
        bot = self.bots.get(player)
        limit = session.turn_seconds
        started = self.turn_started = self.clock()
        if bot is not None:
            self.driver.say(f"{self.driver.name(player)} is thinking.")
            move = bot(state)
            used = self.clock() - started
            self.driver.announce_computer(state, move)
            events = session.play(move, seconds=used)
            if isinstance(events[0], Refused):  # a bot's slip must not end the program
                self.driver.say(self.driver.names_in(events[0].reason))
                return
        else:
            if limit is not None:
                self.driver.say(f"{self.driver.name(player)} has {limit} seconds for this turn.")
            try:
                move, events = self.person_moves_in_time(state, started, limit)
            except TakenBack:  # the `undo` command: the turn begins again
                return
            except TimeUp as up:
                self.driver.say(
                    f"Time is up! {self.driver.name(player)} took {up.seconds:.1f} seconds; "
                    f"the limit is {limit} seconds."
                )
                self.tell(session.time_out(up.seconds))
                self.round_over()
                return
        self.tell(events)
        first = events[0]
        assert isinstance(first, Played)
        after = first.after
        self.driver.report(state, move, after)
        if self.on_move is not None:
            self.on_move(state, move, after)
        self.driver.stop_pending()
        if any(isinstance(event, RoundOver) for event in events):
            self.round_over()

    def person_moves_in_time(
        self, state: Any, started: float, limit: float | None
    ) -> tuple[Any, tuple[Event, ...]]:
        """`person_moves` with the turn's time limit on the console's reads."""
        console = self.driver.console
        console.turn_clock = None if limit is None else (self.clock, started, limit)
        try:
            return self.person_moves(state)
        finally:
            console.turn_clock = None

    def person_moves(self, state: Any) -> tuple[Any, tuple[Event, ...]]:
        """A person's move, played once in the session: the driver hands it over at its
        prompt (`PlainDriver.offer`, where a refusal is said and the prompt comes again)
        or returns it (handed over here the same way; refused, the turn is asked again)."""
        while True:
            self._take()
            move = self.person_turn(state)
            played = self._take()
            if played is None:
                if not self.driver.offer(move):  # (the refusal is said)
                    continue
                played = self._take()
            assert played is not None
            return played

    def _take(self) -> tuple[Any, tuple[Event, ...]] | None:
        played, self._played = self._played, None
        return played

    def offer(self, move: Any) -> str | None:
        """A person's move (the game's move, or notation) handed to the session: None
        when it was played, else the session's refusal in words, players named. TimeUp
        when the answer came too late: it is not played."""
        used = self.clock() - self.turn_started
        limit = self.session.turn_seconds
        if limit is not None and used > limit:
            raise TimeUp(used)
        events = self.session.play(move, seconds=used)
        first = events[0]
        if isinstance(first, Refused):
            return self.driver.names_in(first.reason)
        if isinstance(move, str) and isinstance(first, Played):
            move = self.game.parse_move(first.move)
        self._played = (move, events)
        return None

    @staticmethod
    def tell(events: Iterable[object]) -> None:
        """What the session could not keep, on standard error: the game goes on."""
        for event in events:
            if isinstance(event, NotKept):
                with suppress(OSError, ValueError):
                    print(f"equation-duel: {event.reason}", file=sys.stderr, flush=True)

    def round_over(self) -> None:
        """The round just finished: the game's closing lines, the score, the next round."""
        session = self.session
        match = session.match
        result = match.results[-1]
        if result.seconds_used is None:
            self.driver.final(result.outcome)
        outcome = session.result
        if match.best_of > 1:
            why = reason_text(result.outcome, self.driver.names)
            self.driver.say(f"{self.driver.name(result.winner)} wins round {result.number}: {why}.")
            self.driver.say(score_text(match, self.driver.names))
        if outcome is not None:
            self.driver.say(self.driver.result_line(outcome))
            return
        self.driver.say()
        self.driver.say(
            f"Round {match.round_number}: {self.driver.name(round_starter(match))} starts."
        )
        self.driver.start_round(session.next_round())
