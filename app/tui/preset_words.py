"""A game's preset variants in words for the setup screen: "Player 2 starts",
"Numbers 1–15, double digits, + − only" (the options that differ from the defaults)."""

from __future__ import annotations

from typing import Any

from rules.base import GameOptions
from rules.operators import shown


def option_words(name: str, value: Any) -> str:
    """One option in words (e.g. `pool` (1, 15): "numbers 1–15")."""
    if name == "first":
        return f"Player {value} starts"
    if name in ("pool", "digits") and isinstance(value, tuple):
        noun = "numbers" if name == "pool" else "digits"
        return f"{noun} {value[0]}–{value[1]}"
    if name == "ops" and isinstance(value, tuple):
        return f"{' '.join(shown(op) for op in value)} only"
    if name == "double_digits":
        return "double digits" if value else "single digits only"
    if name == "declare":
        return "declare the equation to win" if value else "no declaring"
    if name == "copies":
        return "each digit twice" if value == 2 else f"each digit {value} times"
    if name == "template":
        return f"template {value}"
    if name == "target":
        return f"target {value}"
    if name == "rounds_to_win":
        return f"first to {value} round wins"
    if name == "turn_seconds":
        return f"{value} s per turn" if value else "no clock"
    return f"{name.replace('_', ' ')} {value}"


def preset_words(options: GameOptions) -> str:
    """What a preset changes from the game's standard rules, in words."""
    defaults = type(options)()
    parts = [
        option_words(name, getattr(options, name))
        for name in type(options).model_fields
        if getattr(options, name) != getattr(defaults, name)
    ]
    if not parts:
        return "Standard rules"
    # "Player 2 starts" reads best last: "Numbers 1–5, Player 2 starts".
    parts.sort(key=lambda part: part.startswith("Player"))
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]
