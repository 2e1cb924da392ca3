"""The one game protocol every game follows: an options model, a frozen state model, a
move model and the same verbs. `play` returns a new state, so undo is the history of states.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, TypeAlias, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from rules.catalog import GAME_INFO

PlayerNo = Literal[1, 2]


class IllegalMove(ValueError):
    """A move the rules refuse. The message is what the player should read."""


class MoveSyntaxError(IllegalMove):
    """Text that is not a move of this game at all (the notation could not be read)."""


class Frozen(BaseModel):
    """Base for every rules model: immutable, no unknown fields, strict round trips."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class GameOptions(Frozen):
    """Options every game shares. Each game's options model extends this."""

    first: PlayerNo = Field(default=1, description="The player who moves first.")


class Ending(StrEnum):
    """How a game (or a match) ended. The facts each needs are in `Outcome`'s fields."""

    #: collect: a declaration balanced (`equation`).
    BALANCED = "balanced"
    #: collect, after sudden death: the higher sum (`values`: winner's sum, loser's sum).
    HIGHER_SUM = "higher sum"
    #: collect, after sudden death: equal sums, the largest number (`values`: sum, number).
    LARGEST_NUMBER = "largest number"
    #: fifty: `player` reached exactly the target (`values`: target).
    EXACTLY = "exactly"
    #: fifty: `player` went over the target (`values`: score, target).
    OVER = "over"
    #: fifty: the numbers ran out (`values`: best, target, worst).
    CLOSEST = "closest"
    #: fifty: the numbers ran out with equal scores (`values`: score).
    EQUAL_SCORES = "equal scores"
    #: conquest: the last three numbers formed `equation` (declared or not).
    FORMED = "formed"
    DECLARED = "declared"
    #: countdown: the running total reached the target (`values`: total).
    TARGET = "target"
    #: countdown: no valid move is left; `player` made the last valid move (None: nobody).
    STALEMATE = "stalemate"
    #: template: the higher result (`values`: higher, lower).
    HIGHER_RESULT = "higher result"
    #: template: equal results (`values`: result).
    EQUAL_RESULTS = "equal results"
    #: template: `player`'s result divides by zero (None: both do).
    DIVIDES_BY_ZERO = "divides by zero"
    #: any game with a clock: `player` ran out of time.
    TIME_OUT = "time out"
    #: a match: the score in rounds (`values`: won, lost).
    ROUNDS = "rounds"


#: A number an outcome quotes: a whole number, or a template's exact result.
Number = int | Fraction


class Outcome(Frozen):
    """How a finished game ended: the winner, how (`ending`) and the facts it needs
    (rendered in words by `rules.words.outcome`)."""

    winner: PlayerNo
    ending: Ending
    #: The player the ending is about (who reached, went over, ran out of time, …).
    player: PlayerNo | None = None
    #: The numbers it quotes, in the order `Ending` documents.
    values: tuple[Number, ...] = ()
    #: The equation (ASCII notation) it quotes.
    equation: str | None = None


def other(player: PlayerNo) -> PlayerNo:
    """The opponent of `player`."""
    return 2 if player == 1 else 1


class GameState(Frozen):
    """What every game's state holds. Each game's state model extends this."""

    #: The player whose turn it is.
    to_move: PlayerNo = 1
    #: What the last move did that the move itself does not show, or None.
    note: str | None = None


OptionsT = TypeVar("OptionsT", bound=GameOptions)
StateT = TypeVar("StateT", bound=GameState)
MoveT = TypeVar("MoveT", bound=Frozen)


class Game(ABC, Generic[OptionsT, StateT, MoveT]):
    """The verbs every game offers (DESIGN.md, "The game protocol").

    `class FiftyGame(Game[FiftyOptions, FiftyState, FiftyMove], game_id="fifty")` takes
    its id, title and pitch from `GAME_INFO` and `Options`, `State`, `Move` from its bases.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    pitch: ClassVar[str]
    Options: type[OptionsT]
    State: type[StateT]
    Move: type[MoveT]

    def __init_subclass__(cls, game_id: str | None = None, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if game_id is None:
            return
        info = GAME_INFO[game_id]
        cls.id, cls.title, cls.pitch = info.id, info.title, info.pitch
        own_bases = cls.__dict__.get("__orig_bases__", ())
        declared = [base for base in own_bases if get_origin(base) is Game]
        if len(declared) != 1:
            raise TypeError(f"{cls.__name__} must be declared over Game[Options, State, Move]")
        cls.Options, cls.State, cls.Move = get_args(declared[0])

    @abstractmethod
    def new(self, options: OptionsT | None = None) -> StateT:
        """The starting position."""

    @abstractmethod
    def legal_moves(self, state: StateT) -> list[MoveT]:
        """Every move the player to move may make (empty once the game is over); free text
        (a declaration) is listed as the moves that matter: each pick, with and without a
        declaration that balances."""

    @abstractmethod
    def play(self, state: StateT, move: MoveT) -> StateT:
        """The state after `move`; raises `IllegalMove` with a player-facing reason."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """The winner and why, or None while the game goes on."""

    def to_move(self, state: StateT) -> PlayerNo:
        """The player whose turn it is."""
        return state.to_move

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move in the game's notation; raises `MoveSyntaxError`."""

    @abstractmethod
    def format_move(self, move: MoveT) -> str:
        """The move in the game's notation; `parse_move(format_move(m)) == m`."""

    def is_over(self, state: StateT) -> bool:
        return self.outcome(state) is not None

    def options_from(self, data: dict[str, Any] | None = None) -> OptionsT:
        """Options from plain data (defaults for whatever is missing)."""
        return self.Options.model_validate(data or {})

    def play_text(self, state: StateT, text: str) -> StateT:
        """Parse and play one move in notation."""
        return self.play(state, self.parse_move(text))

    def replay(self, options: OptionsT | None, moves: Iterable[str]) -> StateT:
        """The state reached by playing `moves` (notation) from the start."""
        return self.history(options, moves)[-1]

    def history(self, options: OptionsT | None, moves: Iterable[str]) -> list[StateT]:
        """Every state from the start through each move (for undo and replay); an
        `IllegalMove` names the move that could not be played."""
        states = [self.new(options)]
        for number, text in enumerate(moves, start=1):
            if self.is_over(states[-1]):
                raise IllegalMove(f"move {number} ({text!r}): the game is already over")
            try:
                states.append(self.play_text(states[-1], text))
            except IllegalMove as error:
                raise type(error)(f"move {number} ({text!r}): {error}") from error
        return states


#: A game chosen at run time (by id); code that reads one game's own fields narrows with
#: `isinstance` on that game's models.
SomeGame: TypeAlias = Game[GameOptions, GameState, Frozen]
