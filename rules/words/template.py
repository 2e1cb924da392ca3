"""The template game's moves in words: a digit from the pool into a slot of a template."""

from __future__ import annotations

from rules.template import GAME, TemplateMove, TemplateState, result
from rules.words.common import number_text, ordinal, owned
from rules.words.outcome import reason_text
from rules.words.voice import Voice


def describe(state: TemplateState, move: TemplateMove, voice: Voice) -> str:
    """`Put 2 in Bob's third slot` (`in your third slot` when it is the mover's own, `in
    the third slot of Computer (perfect)`)."""
    return f"Put {move.digit} in {voice.owned(move.player, ordinal(move.slot) + ' slot')}"


def short(state: TemplateState, move: TemplateMove, names: tuple[str, str]) -> str:
    """For the move list: `9 in Bob's first slot`, `9 in their first slot` (the mover's
    own; `names` may be the list's short marks; `9 in the first slot of Computer
    (perfect)`)."""
    slot = f"{ordinal(move.slot)} slot"
    if move.player == state.to_move:
        return f"{move.digit} in their {slot}"
    return f"{move.digit} in {owned(slot, names[move.player - 1])}"


def effect(state: TemplateState, move: TemplateMove, after: TemplateState, voice: Voice) -> str:
    """What the move does: a template it completes, and the result."""
    slots = after.template_slots(move.player)
    if any(d is None for d in slots):
        return ""
    value = result(after, move.player)
    shown = "divides by zero" if value is None else f"comes to {number_text(value)}"
    text = f"it completes {voice.owned(move.player, 'template')}, which {shown}"
    outcome = GAME.outcome(after)
    if outcome is not None:
        text += f", and {voice.does(outcome.winner, 'win')} ({reason_text(outcome, voice.names)})"
    return text
