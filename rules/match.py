"""Match play for any game: best of N rounds, and an optional clock per turn.

A match holds the current round's moves in notation, so the round's state is a replay.
The starter alternates by round; running out of time loses the round. The template's
`rounds_to_win` and `turn_seconds` options are this feature: `new_match` keeps them in
step with the match settings and refuses settings that disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field, ValidationError

from rules.base import Ending, Frozen, Game, GameOptions, IllegalMove, Outcome, PlayerNo, other
from rules.registry import get_game
from rules.validation import first_problem
from rules.words.outcome import record_reason

#: The match lengths offered everywhere (the screen and `--best-of`).
BEST_OF_CHOICES: tuple[int, ...] = (1, 3, 5, 7)
#: The longest match a record may hold: the template's "first to 9 round wins".
MAX_BEST_OF = 17
#: The clock per turn, in seconds (the template seed's variant).
TURN_SECONDS_RANGE: tuple[int, int] = (5, 3600)


class MatchError(ValueError):
    """Match settings that cannot be played (the message names the setting)."""


def check_best_of(value: int) -> int:
    if value < 1 or value > MAX_BEST_OF or value % 2 == 0:
        raise MatchError(
            f"a match is best of an odd number of rounds from 1 to {MAX_BEST_OF} "
            f"(usually 1, 3, 5 or 7), not {value}"
        )
    return value


def check_turn_seconds(value: int | None) -> int | None:
    low, high = TURN_SECONDS_RANGE
    if value is not None and not low <= value <= high:
        raise MatchError(f"the time per turn must be between {low} and {high} seconds, not {value}")
    return value


#: The match settings, checked wherever they are read (a match, a record).
BestOf = Annotated[int, Field(ge=1, le=MAX_BEST_OF), AfterValidator(check_best_of)]
TurnSeconds = Annotated[int | None, AfterValidator(check_turn_seconds)]


class RoundResult(Frozen):
    """How one finished round went."""

    number: int = Field(ge=1)
    first: PlayerNo = Field(description="The player who started the round.")
    moves: tuple[str, ...]
    outcome: Outcome
    #: How long the player who ran out of time took, when the round ended that way.
    seconds_used: float | None = None

    @property
    def winner(self) -> PlayerNo:
        return self.outcome.winner

    @property
    def reason(self) -> str:
        """Why the round ended, as records store it."""
        return record_reason(self.outcome)

    @property
    def timed_out(self) -> bool:
        return self.seconds_used is not None


class MatchState(Frozen):
    """A match: the game, its options, the settings, the round wins and the current round."""

    game_id: str
    options: dict[str, Any] = Field(description="The game's options as JSON data.")
    best_of: BestOf = 1
    turn_seconds: TurnSeconds = Field(default=None, description="The clock per turn, or None.")
    wins: tuple[int, int] = (0, 0)
    round_number: int = Field(default=1, ge=1)
    moves: tuple[str, ...] = Field(default=(), description="The current round's moves.")
    results: tuple[RoundResult, ...] = ()

    @property
    def rounds_to_win(self) -> int:
        """Round wins that take the match: (best_of + 1) / 2."""
        return (self.best_of + 1) // 2


def new_match(
    game_id: str,
    options: GameOptions | Mapping[str, Any] | None = None,
    best_of: int | None = None,
    turn_seconds: int | None = None,
) -> MatchState:
    """A match of `game_id`; the settings default to the options' own (`rounds_to_win`
    N is best of 2N - 1). Raises MatchError, ValidationError or UnknownGame."""
    game = get_game(game_id)
    checked: GameOptions = (
        options if isinstance(options, GameOptions) else game.options_from(dict(options or {}))
    )
    fields = type(checked).model_fields
    own_rounds: int | None = getattr(checked, "rounds_to_win", None)
    own_seconds: int | None = getattr(checked, "turn_seconds", None)
    if best_of is None:
        best_of = 2 * own_rounds - 1 if own_rounds else 1
    elif own_rounds not in (None, 1) and 2 * own_rounds - 1 != best_of:
        raise MatchError(
            f"best of {best_of} disagrees with the game's first to {own_rounds} round wins "
            f"(best of {2 * own_rounds - 1})"
        )
    if turn_seconds is None:
        turn_seconds = own_seconds
    elif own_seconds is not None and own_seconds != turn_seconds:
        raise MatchError(
            f"a clock of {turn_seconds} seconds disagrees with the game's own {own_seconds}"
        )
    check_best_of(best_of)
    check_turn_seconds(turn_seconds)
    update: dict[str, Any] = {}
    if "rounds_to_win" in fields:
        update["rounds_to_win"] = (best_of + 1) // 2
    if "turn_seconds" in fields:
        update["turn_seconds"] = turn_seconds
    data = checked.model_dump(mode="json")
    if update:
        try:
            data = game.options_from({**data, **update}).model_dump(mode="json")
        except ValidationError as error:
            raise MatchError(first_problem(error)[1]) from None
    return MatchState(game_id=game_id, options=data, best_of=best_of, turn_seconds=turn_seconds)


def match_game(match: MatchState) -> Game[Any, Any, Any]:
    return get_game(match.game_id)


def round_starter(match: MatchState, number: int | None = None) -> PlayerNo:
    """Who starts round `number` (default: the current one): the options' first player in
    odd rounds."""
    number = match.round_number if number is None else number
    first: PlayerNo = match_game(match).options_from(match.options).first
    return first if number % 2 == 1 else other(first)


def round_options(match: MatchState, number: int | None = None) -> GameOptions:
    """The game's options for round `number`: the match's options with its starter."""
    data = {**match.options, "first": round_starter(match, number)}
    options: GameOptions = match_game(match).options_from(data)
    return options


def current_state(match: MatchState) -> Any:
    """The current round's state (after the match is won: the deciding round's)."""
    return match_game(match).replay(round_options(match), match.moves)


def match_outcome(match: MatchState) -> Outcome | None:
    """The match winner once a player has won `rounds_to_win` rounds, else None (a
    single game ends with the game's own reason, a match with the score)."""
    for player in (1, 2):
        if match.wins[player - 1] >= match.rounds_to_win:
            winner: PlayerNo = 1 if player == 1 else 2
            if match.rounds_to_win == 1 and match.results:
                return match.results[-1].outcome
            won, lost = match.wins[player - 1], match.wins[2 - player]
            return Outcome(winner=winner, ending=Ending.ROUNDS, values=(won, lost))
    return None


def all_moves(match: MatchState) -> tuple[str, ...]:
    """Every move of the match so far, round after round, in notation."""
    finished = tuple(text for result in match.results for text in result.moves)
    if match_outcome(match) is not None:
        return finished  # the deciding round's moves are its result's
    return finished + match.moves


def score_text(match: MatchState, names: tuple[str, str] = ("Player 1", "Player 2")) -> str:
    """The match score in words: `Score: Ada 1, Bob 0.`"""
    return f"Score: {names[0]} {match.wins[0]}, {names[1]} {match.wins[1]}."


def _refuse_if_over(match: MatchState) -> None:
    outcome = match_outcome(match)
    if outcome is not None:
        what = "match" if match.best_of > 1 else "game"
        raise IllegalMove(
            f"The {what} is over: Player {outcome.winner} won, {record_reason(outcome)}"
        )


def play_in_match(match: MatchState, move_text: str, current: Any = None) -> MatchState:
    """The match after one move (notation) of the current round (see `advance`)."""
    return advance(match, move_text, current)[0]


def advance(match: MatchState, move: Any, current: Any = None) -> tuple[MatchState, Any]:
    """The match after one move (notation or model), and the position right after it;
    a move that ends a round records it and starts the next. Raises IllegalMove.
    `current` is the current round's state when the caller has it (saves a replay)."""
    _refuse_if_over(match)
    game = match_game(match)
    if isinstance(move, str):
        move = game.parse_move(move)
    before = current_state(match) if current is None else current
    after = game.play(before, move)
    moves = (*match.moves, game.format_move(move))
    outcome = game.outcome(after)
    if outcome is None:
        return match.model_copy(update={"moves": moves}), after
    return _end_round(match, moves, outcome), after


def time_out(
    match: MatchState, player: PlayerNo, seconds_used: float, current: Any = None
) -> MatchState:
    """The player to move ran out of time: they lose the round."""
    _refuse_if_over(match)
    state = current_state(match) if current is None else current
    mover = match_game(match).to_move(state)
    if mover != player:
        raise IllegalMove(f"It is Player {mover}'s turn, not Player {player}'s.")
    outcome = Outcome(winner=other(player), ending=Ending.TIME_OUT, player=player)
    return _end_round(match, match.moves, outcome, seconds_used)


def _end_round(
    match: MatchState,
    moves: tuple[str, ...],
    outcome: Outcome,
    seconds_used: float | None = None,
) -> MatchState:
    winner = outcome.winner
    result = RoundResult(
        number=match.round_number,
        first=round_starter(match),
        moves=moves,
        outcome=outcome,
        seconds_used=seconds_used,
    )
    wins = (match.wins[0] + (winner == 1), match.wins[1] + (winner == 2))
    ended = match.model_copy(
        update={"wins": wins, "moves": moves, "results": (*match.results, result)}
    )
    if match_outcome(ended) is not None:
        return ended  # the deciding round stays on the board
    return ended.model_copy(update={"round_number": match.round_number + 1, "moves": ()})
