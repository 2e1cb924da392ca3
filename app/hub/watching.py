"""What a watcher of every game knows of each (`watch *`: the projector view of `class
watch --all`, and the games list of the teacher's full-screen console), from the lines
the hub sends: each game's heading first ("Ada vs Bo, fifty"), then its lines in words
as they are said, and its end. Textual-free: both front ends read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The last lines kept of each game.
LAST_LINES = 8
_ENDS = ("The game is over.", "The game stopped before its end.")


@dataclass
class WatchedGame:
    """One game as its watchers see it."""

    number: int
    players: tuple[str, str] = ("", "")
    game: str = ""
    lines: list[str] = field(default_factory=list)
    #: Whose turn it is ("" before the first line, or at the end).
    turn: str = ""
    #: How it ended, in words ("" while it goes on).
    result: str = ""

    @property
    def over(self) -> bool:
        return bool(self.result)

    def heading(self) -> str:
        if not self.game:
            return f"Game {self.number}"
        return f"Game {self.number}: {self.players[0]} vs {self.players[1]}, {self.game}"

    def state(self) -> str:
        """The result, or whose turn it is, in words."""
        if self.result:
            return self.result
        return f"{self.turn} to play" if self.turn else "waiting for the players"


class WatchedGames:
    """The games watched, by number, as their lines come (`heard`)."""

    def __init__(self) -> None:
        self.games: dict[int, WatchedGame] = {}

    def heard(self, number: int, text: str) -> WatchedGame:
        """Take in a line of game `number`; the game it changed."""
        game = self.games.get(number)
        if game is None:  # (the first line: its heading)
            game = self.games[number] = WatchedGame(number)
            players, _, game.game = text.rpartition(", ")
            first, _, second = players.partition(" vs ")
            game.players = (first, second)
            game.turn = first  # (Player 1, the challenger, moves first)
            return game
        if not text or game.over:
            return game
        if text in _ENDS:
            game.result = game.lines.pop() if game.lines else text  # (its result's line)
            game.turn = ""
            return game
        game.lines = [*game.lines[-LAST_LINES + 1 :], text]
        first, second = game.players
        for mover, other in ((first, second), (second, first)):
            if mover and text.startswith(f"{mover} (online): "):
                game.turn = other
        if text.startswith("Round ") and text.endswith(" starts."):
            game.turn = text.rpartition(": ")[2].removesuffix(" starts.")
        return game

    def forget(self, number: int) -> None:
        self.games.pop(number, None)
