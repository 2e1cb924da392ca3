"""A numbered list to choose from, line by line (the line mode's menus)."""

from __future__ import annotations

from collections.abc import Sequence

from app.plain.base import Console


def choose(console: Console, title: str, items: Sequence[str]) -> int | None:
    """Ask for one of `items` by its number; its index (None: `quit` or `back`)."""
    console.say(f"{title}:")
    for number, item in enumerate(items, start=1):
        console.say(f"{number}. {item}")
    while True:
        answer = console.ask(f"Choose 1 to {len(items)}: ").strip().lower()
        if answer in ("quit", "q", "back", "exit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(items):
            return int(answer) - 1
        named = [i for i, item in enumerate(items) if answer and answer in item.lower()]
        if len(named) == 1:
            return named[0]
        console.say(f"Please type a number from 1 to {len(items)}, or back.")
