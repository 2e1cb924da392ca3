"""Who a sentence speaks to: `you` (a hint to the player to move) or the players' names
(an analysis line, the command line)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.base import PlayerNo
from rules.words.common import DEFAULT_NAMES, Names, owned


@dataclass(frozen=True)
class Voice:
    """The players' names, and the player addressed as "you" (None: nobody)."""

    names: Names = DEFAULT_NAMES
    you: PlayerNo | None = None

    def subject(self, player: PlayerNo) -> str:
        """`you` or `Ada`."""
        return "you" if player == self.you else self.names[player - 1]

    def owned(self, player: PlayerNo, thing: str) -> str:
        """`your template`, `Ada's template`, `the template of Computer (perfect)`."""
        return f"your {thing}" if player == self.you else owned(thing, self.names[player - 1])

    def does(self, player: PlayerNo, verb: str) -> str:
        """`you win` or `Ada wins` (`verb` in its plain form: win, lose, reach)."""
        if player == self.you:
            return f"you {verb}"
        ending = "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
        return f"{self.names[player - 1]} {verb}{ending}"
