"""A match of rounds for any game: the first player to win N rounds wins the match.

The template game's "first to N round wins" (RULINGS.md, "template") and best-of-N match
play for every game. A match is a frozen model holding the current round's moves in the
game's notation, so the round's state is always a replay (`current_state`). The starting
player alternates: round 1 starts with the options' `first`, round 2 with the other
player, and so on. A round ends when the game has an outcome, or when the player to move
runs out of time (`time_out`): that player loses the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from rules.base import Frozen, Game, GameOptions, IllegalMove, Outcome, PlayerNo, other
from rules.registry import get_game


class RoundResult(Frozen):
    """How one finished round went."""

    number: int
    first: PlayerNo = Field(description="The player who started the round.")
    moves: tuple[str, ...]
    winner: PlayerNo
    reason: str
    #: How long the player who ran out of time took, when the round ended that way.
    seconds_used: float | None = None


class MatchState(Frozen):
    """A match: the game, its options, the round wins so far and the current round."""

    game_id: str
    options: dict[str, Any] = Field(description="The game's options as JSON data.")
    rounds_to_win: int = Field(default=1, ge=1)
    wins: tuple[int, int] = (0, 0)
    round_number: int = Field(default=1, ge=1)
    moves: tuple[str, ...] = Field(default=(), description="The current round's moves.")
    results: tuple[RoundResult, ...] = ()


def new_match(
    game_id: str,
    options: GameOptions | Mapping[str, Any] | None = None,
    rounds_to_win: int | None = None,
) -> MatchState:
    """A match of `game_id` (rounds_to_win defaults to the options' own, else 1)."""
    game = get_game(game_id)
    checked: GameOptions = (
        options if isinstance(options, GameOptions) else game.options_from(dict(options or {}))
    )
    if rounds_to_win is None:
        rounds_to_win = int(getattr(checked, "rounds_to_win", 1))
    return MatchState(
        game_id=game_id,
        options=checked.model_dump(mode="json"),
        rounds_to_win=rounds_to_win,
    )


def match_game(match: MatchState) -> Game[Any, Any, Any]:
    return get_game(match.game_id)


def round_starter(match: MatchState, number: int | None = None) -> PlayerNo:
    """Who starts round `number` (default: the current round): odd rounds the options'
    first player, even rounds the other one."""
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


def round_state(match: MatchState, number: int) -> Any:
    """The last state of round `number` (a finished round, or the current one)."""
    if number == match.round_number:
        return current_state(match)
    if not 1 <= number <= len(match.results):
        raise ValueError(f"there is no round {number} yet")
    moves = match.results[number - 1].moves
    return match_game(match).replay(round_options(match, number), moves)


def match_outcome(match: MatchState) -> Outcome | None:
    """The match winner once a player has won `rounds_to_win` rounds, else None."""
    for player in (1, 2):
        if match.wins[player - 1] >= match.rounds_to_win:
            winner: PlayerNo = 1 if player == 1 else 2
            if match.rounds_to_win == 1 and match.results:
                return Outcome(winner=winner, reason=match.results[-1].reason)
            won, lost = match.wins[player - 1], match.wins[2 - player]
            rounds = "round" if won == 1 else "rounds"
            return Outcome(winner=winner, reason=f"{won} {rounds} to {lost}")
    return None


def _refuse_if_over(match: MatchState) -> None:
    outcome = match_outcome(match)
    if outcome is not None:
        raise IllegalMove(f"The match is over: Player {outcome.winner} won, {outcome.reason}.")


def play_in_match(match: MatchState, move_text: str) -> MatchState:
    """The match after one move (notation) of the current round.

    When the move ends the round, its result is recorded and, unless the match is won,
    the next round begins (with the other player starting). Raises IllegalMove.
    """
    _refuse_if_over(match)
    game = match_game(match)
    move = game.parse_move(move_text)
    after = game.play(current_state(match), move)
    moves = (*match.moves, game.format_move(move))
    outcome = game.outcome(after)
    if outcome is None:
        return match.model_copy(update={"moves": moves})
    return _end_round(match, moves, outcome.winner, outcome.reason)


def time_out(match: MatchState, player: PlayerNo, seconds_used: float) -> MatchState:
    """The player to move ran out of time: they lose the round."""
    _refuse_if_over(match)
    mover = match_game(match).to_move(current_state(match))
    if mover != player:
        raise IllegalMove(f"It is Player {mover}'s turn, not Player {player}'s.")
    reason = f"Player {player}'s time ran out"
    return _end_round(match, match.moves, other(player), reason, seconds_used)


def _end_round(
    match: MatchState,
    moves: tuple[str, ...],
    winner: PlayerNo,
    reason: str,
    seconds_used: float | None = None,
) -> MatchState:
    result = RoundResult(
        number=match.round_number,
        first=round_starter(match),
        moves=moves,
        winner=winner,
        reason=reason,
        seconds_used=seconds_used,
    )
    wins = (match.wins[0] + (winner == 1), match.wins[1] + (winner == 2))
    ended = match.model_copy(
        update={"wins": wins, "moves": moves, "results": (*match.results, result)}
    )
    if match_outcome(ended) is not None:
        return ended  # the deciding round stays on the board
    return ended.model_copy(update={"round_number": match.round_number + 1, "moves": ()})
