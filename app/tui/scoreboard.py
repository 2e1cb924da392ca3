"""What the game screen shows around the board, in words, from its match session: the
panels' match score and clock, the turn banner, the move list and the status line (a
refusal only while the position it was about is on screen).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from app.match_session.session import MatchSession
from app.match_session.setup import GameSetup
from rules.base import GameState, PlayerNo
from rules.words.common import listed_names, name_players
from rules.words.moves import describe_move, listed_moves
from rules.words.outcome import result_sentence
from rules.words.voice import Voice
from widgets.status_line import Level

Session = MatchSession[Any, Any, Any]


def score_text(session: Session, player: PlayerNo) -> str:
    if session.best_of <= 1:
        return ""
    return f"{session.wins[player - 1]} of {session.match.rounds_to_win} round wins"


def match_text(session: Session) -> str:
    if session.best_of <= 1:
        return ""
    one, two = session.wins
    return f"round {session.round_number} of {session.best_of} · {one}–{two}"


def clock_text(session: Session, setup: GameSetup, player: PlayerNo) -> tuple[str, bool]:
    """The seconds left of the mover (and whether they run low); a turn's for the other."""
    seconds, left = session.turn_seconds, session.seconds_left()
    if left is None or seconds is None or setup.seats[player - 1].kind != "human":
        return "", False
    if session.is_over or player != session.to_move:
        return f"{seconds} s a turn", False
    return f"{left} s left", left <= min(10, seconds // 3)


def banner(session: Session, setup: GameSetup) -> tuple[Text, str]:
    outcome = session.outcome
    if outcome is None:
        to_move = session.to_move
        return Text.assemble((setup.name(to_move), "bold"), "\nto move"), f"-p{to_move}"
    won = "wins!" if session.best_of <= 1 else "wins\nthe round"
    if session.best_of > 1 and session.result is not None:
        won = "wins\nthe match!"
    text = Text(f"{setup.name(outcome.winner)} {won}", style="bold")
    return text, f"-over -p{outcome.winner}"


def move_list(session: Session, setup: GameSetup) -> tuple[tuple[PlayerNo, str], ...]:
    """Each move as the move list says it: `Ann picks 5`, `Player 2: 6 × 7 = 42`."""
    return listed_moves(setup.game_id, session.history, session.moves, listed_names(setup.names))


def status(
    session: Session, setup: GameSetup, refusal: str | None, turn_hint: str
) -> tuple[str, Level]:
    """The result, a refusal, or the last move (or the rules' note on it) and the task."""
    outcome, state = session.outcome, session.state
    if outcome is not None:
        return result_sentence(outcome, setup.names), "success"
    if refusal is not None:
        return name_players(refusal, setup.names), "error"
    note = state.note or last_move_words(session, setup)
    said = " ".join(part for part in (note, turn_hint) if part)
    return name_players(said, setup.names), "note" if state.note else "info"


def last_move_words(session: Session, setup: GameSetup) -> str:
    if not session.moves:
        return ""
    player, text = session.moves[-1]
    return move_words(setup, session.history[-1], player, text)


def move_words(setup: GameSetup, before: GameState, player: PlayerNo, text: str) -> str:
    """`Ann: Put 9 in Bob's third slot.`"""
    described = describe_move(setup.game_id, before, text, Voice(setup.names))
    return f"{setup.name(player)}: {described}."
