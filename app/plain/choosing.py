"""Questions line by line: a numbered list to choose from, and yes or no."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Lines(Protocol):
    """Where questions are asked and answered (the line mode's `Console`)."""

    def say(self, text: str = "") -> None: ...

    def ask(self, prompt: str) -> str: ...


def choose(console: Lines, title: str, items: Sequence[str]) -> int | None:
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


def yes_no(console: Lines, prompt: str) -> bool:
    """Ask `prompt` until the answer is yes or no (`y`, `n`)."""
    while True:
        answer = console.ask(prompt).strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        console.say("Please answer yes or no.")
