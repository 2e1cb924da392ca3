"""Match play and the clock for every game in plain mode, written once over the drivers.

`MatchRunner(driver, match).run()` plays a match (`rules.match`) line by line: best of
N rounds with the starting player alternating, and, when the match has a clock, a time
limit per turn. Plain mode cannot interrupt a player who is typing, so the time is
measured when the answer comes: an answer given too late is not played, and the player
loses the round. A single game without a clock prints exactly what `PlainDriver.run`
prints.

What the runner adds to the driver's own lines:

    Best of 3: the first to win 2 rounds wins the match.
    Each turn has a time limit of 30 seconds.
    Round 1: Ada starts.
    ... the game's welcome and turns; before each of a person's turns with a clock:
    Ada has 30 seconds for this turn.
    ... at the end of a round: the game's closing lines, then
    Ada wins round 1: 39 beats 36.
    Score: Ada 1, Bob 0.

    Round 2: Bob starts.
    ... the board again (the driver's `start_round`), and at the end the result line:
    Ada wins: 2 rounds to 0.

The runner keeps the match and the seconds each move took in `match` and `seconds` as it
goes, so a caller that catches EndOfInput still has the game so far (to save it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.plain.base import Bot, PlainDriver, name_players
from rules.base import IllegalMove, PlayerNo
from rules.match import (
    MatchState,
    advance,
    all_moves,
    current_state,
    match_outcome,
    round_starter,
    round_state,
    score_text,
    time_out,
)
from rules.words.outcome import reason_text

#: Called after every move and time-out with the match and the seconds of every move.
OnChange = Callable[[MatchState, tuple[float, ...]], None]


class MatchRunner:
    """Plays a match with one game's plain driver (see the module's docstring)."""

    def __init__(
        self,
        driver: PlainDriver,
        match: MatchState,
        bots: Mapping[PlayerNo, Bot] | None = None,
        seconds: Sequence[float] | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_change: OnChange | None = None,
    ) -> None:
        if match.game_id != driver.game.id:
            raise ValueError(f"a {driver.game.id} driver cannot play a {match.game_id} match")
        self.driver = driver
        self.game = driver.game
        self.match = match
        self.bots = dict(bots or {})
        count = len(all_moves(match))
        self.seconds: list[float] = [0.0] * count if seconds is None else list(seconds)
        if len(self.seconds) != count:
            raise ValueError(f"{count} moves but {len(self.seconds)} times")
        self.clock = clock
        self.on_change = on_change

    def say(self, text: str = "") -> None:
        self.driver.say(text)

    def name(self, player: PlayerNo) -> str:
        return self.driver.name(player)

    def names_in(self, text: str) -> str:
        return name_players(text, self.driver.names)

    def run(self) -> MatchState:
        """Play until the match is won; return the match. EndOfInput propagates."""
        state = current_state(self.match)
        self.introduce()
        self.driver.welcome(state)
        if self.match.results and match_outcome(self.match) is not None:
            self.round_over()  # the moves given beforehand ended the match
        while match_outcome(self.match) is None:
            state = self.turn(state)
        return self.match

    def introduce(self) -> None:
        """The match's settings and, for a match, the score and who starts this round."""
        match = self.match
        if match.best_of > 1:
            self.say(
                f"Best of {match.best_of}: the first to win {match.rounds_to_win} rounds "
                "wins the match."
            )
        if match.turn_seconds is not None:
            self.say(f"Each turn has a time limit of {match.turn_seconds} seconds.")
        if match.best_of > 1 and match_outcome(match) is None:
            if match.results:
                self.say(score_text(match, self.driver.names))
            self.say(f"Round {match.round_number}: {self.name(round_starter(match))} starts.")

    def turn(self, state: Any) -> Any:
        """One turn (a move, or a time-out); the position the next turn starts from."""
        player: PlayerNo = self.game.to_move(state)
        bot = self.bots.get(player)
        limit = self.match.turn_seconds
        started = self.clock()
        if bot is not None:
            move = bot(state)
            used = self.clock() - started
            self.driver.announce_computer(state, move)
        else:
            if limit is not None:
                self.say(f"{self.name(player)} has {limit} seconds for this turn.")
            move = self.driver.human_turn(state)
            used = self.clock() - started
            if limit is not None and used > limit:
                self.say(
                    f"Time is up! {self.name(player)} took {used:.1f} seconds; "
                    f"the limit is {limit} seconds."
                )
                self.match = time_out(self.match, player, used, current=state)
                self.changed()
                return self.round_over()
        rounds = len(self.match.results)
        try:
            match, after = advance(self.match, move, current=state)
        except IllegalMove as error:  # a driver or bot slip must not end the program
            self.say(self.names_in(str(error)))
            return state
        self.driver.report(state, move, after)
        self.match = match
        self.seconds.append(max(0.0, used))
        self.changed()
        self.driver.stop_pending()
        if len(match.results) > rounds:
            return self.round_over()
        return after

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.match, tuple(self.seconds))

    def round_over(self) -> Any:
        """The round just finished: the game's closing lines, the score, the next round."""
        match = self.match
        result = match.results[-1]
        if result.seconds_used is None:
            self.driver.final(result.outcome)
        outcome = match_outcome(match)
        if match.best_of > 1:
            why = reason_text(result.outcome, self.driver.names)
            self.say(f"{self.name(result.winner)} wins round {result.number}: {why}.")
            self.say(score_text(match, self.driver.names))
        if outcome is not None:
            self.say(self.driver.result_line(outcome))
            return round_state(match, result.number)
        self.say()
        self.say(f"Round {match.round_number}: {self.name(round_starter(match))} starts.")
        state = current_state(match)
        self.driver.start_round(state)
        return state


def run_match(
    driver: PlainDriver,
    match: MatchState,
    bots: Mapping[PlayerNo, Bot] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> MatchState:
    """Play `match` to its end with this driver (see MatchRunner); return the match."""
    return MatchRunner(driver, match, bots, clock=clock).run()
