"""Computer players on the game screen: who plays by computer, and their turns.

`ComputerTurns` is a part the game screen owns (`screen.computer`). When the position
changes and the computer is to move, the screen calls `schedule()`: it waits a moment
(so the move can be seen coming), then asks the screen's helper process for the move
(`Searches`), so the screen stays responsive and quitting never waits for it, and plays
the move it found unless the position changed meanwhile (an undo, a rematch, leaving:
the screen then drops the question, which ends the search).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol

from textual.timer import Timer

from app.tui.players import make_bot
from app.tui.searches import Searches
from app.tui.session import GameSetup, Seat
from rules.base import Game, MoveT, OptionsT, PlayerNo, StateT
from widgets.status_line import Level

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6

#: A computer player of a game: the move it makes in a position (its turn).
Bot = Callable[[StateT], MoveT]


def bots_for(
    setup: GameSetup, game: Game[OptionsT, StateT, MoveT]
) -> dict[PlayerNo, Bot[StateT, MoveT]]:
    """The computer players of `setup`'s seats, by seat (players of `game`, the screen's)."""
    bots: dict[PlayerNo, Bot[StateT, MoveT]] = {}
    seats: tuple[tuple[PlayerNo, Seat], ...] = ((1, setup.seats[0]), (2, setup.seats[1]))
    for player, seat in seats:
        if seat.kind == "computer":
            bot = make_bot(game, seat.level)
            if bot is not None:
                bots[player] = bot
    return bots


class ComputerSeats(Protocol[StateT, MoveT]):
    """What `ComputerTurns` needs of the screen (its positions and moves are its game's)."""

    bots: dict[PlayerNo, Bot[StateT, MoveT]]

    @property
    def state(self) -> StateT | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> PlayerNo: ...

    def say(self, message: str, level: Level = "info") -> None: ...

    def play(self, move: MoveT) -> bool: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Timer: ...


def ask_bot(bot: Bot[StateT, MoveT], state: StateT) -> tuple[MoveT, Bot[StateT, MoveT]]:
    """The bot's move in `state`, and the bot as it is after choosing it (in the helper
    process: a module-level function). The bot travels to the helper as a copy, so its
    random source moves on there; handing the copy back keeps the next move's choice
    random, as in a player that never left the app."""
    return bot(state), bot


class ComputerTurns(Generic[StateT, MoveT]):
    """Plays the computer's turns on `screen`, thinking through `searches`."""

    def __init__(self, screen: ComputerSeats[StateT, MoveT], searches: Searches) -> None:
        self._screen = screen
        self._searches = searches
        self._timer: Timer | None = None

    @property
    def waiting(self) -> bool:
        """Whether the computer's turn is still to start (its short delay)."""
        return self._timer is not None

    def stop(self) -> None:
        """Call off a turn that has not started yet."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def schedule(self) -> None:
        """Start the computer's turn if it is to move (call after every position change)."""
        self.stop()
        screen = self._screen
        if not screen.is_over and screen.to_move in screen.bots:
            self._timer = screen.set_timer(BOT_DELAY, self._think)

    def _think(self) -> None:
        self._timer = None
        screen = self._screen
        if screen.is_over or screen.to_move not in screen.bots:
            return
        player = screen.to_move
        state, bot = screen.state, screen.bots[player]
        screen.say(f"Player {player} (computer) is thinking…")

        def played(answer: tuple[MoveT, Bot[StateT, MoveT]]) -> None:
            move, moved_on = answer
            if screen.bots.get(player) is bot:
                screen.bots[player] = moved_on  # its random source, as the helper left it
            if screen.state is state and not screen.is_over:  # not undone or left meanwhile
                screen.play(move)

        def failed(why: str) -> None:
            if screen.state is state:
                screen.say(f"The computer could not find a move: {why}", "error")

        self._searches.ask("bot", ask_bot, (bot, state), played, failed)
