"""The teacher's `live GAME DIFFICULTY SECONDS [COUNT] [--speed-bonus] [--names]`, read
into `LiveOptions` (the plain console's command; the full-screen console's form gives the
same options)."""

from __future__ import annotations

import shlex
from typing import get_args

from app.hub.live import MAX_ROUNDS, MAX_SECONDS, MIN_SECONDS, LiveOptions
from app.hub.protocol_class import LiveClosed
from rules.puzzles.judge import not_offered_reason
from rules.puzzles.model import Difficulty
from rules.registry import GAME_IDS

USAGE = (
    "Type live GAME DIFFICULTY SECONDS [COUNT] [--speed-bonus] [--names]: live template easy 30 5."
)


def read_live(text: str) -> LiveOptions | str:
    """The console's `live …` words as options, or why not (in words)."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        return f"That line cannot be read: {error}. {USAGE}"
    flags = {w for w in words if w.startswith("--")}
    plain = [w for w in words if not w.startswith("--")]
    unknown = flags - {"--speed-bonus", "--names"}
    if unknown:
        return f"{sorted(unknown)[0][:30]} is not an option of live. {USAGE}"
    if len(plain) not in (3, 4):
        return USAGE
    game, difficulty = plain[0].lower(), plain[1].lower()
    if game not in GAME_IDS:
        return f"{game[:30]} is not a game: the games are {', '.join(GAME_IDS)}."
    if difficulty not in get_args(Difficulty):
        return "The difficulty is easy, medium or hard."
    reason = not_offered_reason(game, difficulty)  # type: ignore[arg-type]
    if reason is not None:
        return reason
    try:
        seconds = int(plain[2])
        count = int(plain[3]) if len(plain) == 4 else 1
    except ValueError:
        return f"The seconds and the count are whole numbers. {USAGE}"
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        return f"A round lasts {MIN_SECONDS} to {MAX_SECONDS} seconds."
    if not 1 <= count <= MAX_ROUNDS:
        return f"A session has 1 to {MAX_ROUNDS} rounds."
    return LiveOptions(
        game,
        difficulty,  # type: ignore[arg-type]
        float(seconds),
        count,
        speed_bonus="--speed-bonus" in flags,
        names="--names" in flags,
    )


def closed_words(closed: Exception) -> str:
    """Why the hub closed the connection, said once (the client's own reason read "The hub
    closed the connection: the hub closed the connection"); a sentence of the hub's is
    said as it is (not "The hub closed the connection: The teacher removed you...")."""
    why = str(closed).rstrip(".")
    if not why or why.lower().startswith("the hub closed the connection"):
        return "The hub closed the connection."
    if why[0].isupper():  # (the hub's own sentence: "The teacher removed you from the class.")
        return f"{why}."
    return f"The hub closed the connection: {why}."


def unanswered(closed: LiveClosed) -> str:
    """What a student who had not answered hears as the round closes."""
    if closed.stopped:
        return f"The teacher stopped the live session: round {closed.round} closed unanswered."
    return "Time is up: you did not answer this round."
