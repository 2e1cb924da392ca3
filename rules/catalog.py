"""The five games by id, with what the menu shows of each: no game is loaded here."""

from __future__ import annotations

from dataclasses import dataclass

#: The game ids, in menu order.
GAME_IDS: tuple[str, ...] = ("collect", "template", "fifty", "conquest", "countdown")


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows of a game, without loading it."""

    id: str
    title: str
    pitch: str

    @property
    def name(self) -> str:
        """The title without the app's own name, as players call the game (Templates)."""
        return self.title.removeprefix("Equation Duel: ")


#: Each game's title and one-line pitch (each game class reads its own from here).
GAME_INFO: dict[str, GameInfo] = {
    "collect": GameInfo(
        "collect",
        "Equation Duel: Collect & Declare",
        "Pick numbers from a shared pool; first to declare a balancing equation wins.",
    ),
    "template": GameInfo(
        "template",
        "Equation Duel: Templates",
        "Place shared digits in either equation template — build your result high, your opponent's low.",
    ),
    "fifty": GameInfo(
        "fifty",
        "Equation Duel: Exactly Fifty",
        "Spend two shared numbers a turn on an equation and hit exactly 50 — one point over loses.",
    ),
    "conquest": GameInfo(
        "conquest",
        "Equation Conquest",
        "Append numbers 1–9; win when the last three form an equation.",
    ),
    "countdown": GameInfo(
        "countdown",
        "Countdown Duel",
        "Push a shared running total to 30 with your own numbers 1–9, each used once.",
    ),
}


class UnknownGame(KeyError):
    """A game id that is not one of the five."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (choose from {', '.join(GAME_IDS)})"
