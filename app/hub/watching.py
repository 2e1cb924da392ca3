"""What a watcher of every game knows of each (`watch *`: the projector view of `class
watch --all`, and the games list of the teacher's full-screen console), from the lines
the hub sends: each game's heading first ("Ada vs Bo, fifty"), then its lines in words
as they are said, and its end; and the position of a game watched with its board
(`position_of`: the match the hub sends, replayed). Textual-free: both front ends read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import Frozen, GameOptions, GameState, PlayerNo
from rules.match import MatchState, match_outcome, round_options, score_text
from rules.registry import get_game
from rules.words.moves import describe_move
from rules.words.outcome import result_sentence
from rules.words.voice import Voice

#: The moves that led to a position: (mover, move), in order (as the boards mark them).
Played = list[tuple[PlayerNo, Frozen]]

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


#: The moves of a round shown at most (a watcher's match is a hub's message: bounded).
MAX_SHOWN_MOVES = 400


@dataclass(frozen=True)
class WatchedPosition:
    """A watched match as its board shows it: the round's options, the position, the
    moves that led to it (as the boards mark them), those moves in words, and whose turn
    it is or how it ended, in words."""

    game_id: str
    options: GameOptions
    state: GameState
    played: Played
    moves: list[str]
    turn: str


def position_of(match: MatchState, names: tuple[str, str]) -> WatchedPosition:
    """The position of the match a watcher was sent (the deciding round's once it is
    over), its moves replayed through the rules: ValueError when they cannot be (a
    hub's message is checked as a file is)."""
    try:
        game = get_game(match.game_id)
        outcome = match_outcome(match)
        number = match.results[-1].number if outcome is not None else match.round_number
        moves = match.results[-1].moves if outcome is not None else match.moves
        options = round_options(match, number)
        state = game.new(options)
        played: Played = []
        words: list[str] = []
        voice = Voice(names)
        for text in moves[:MAX_SHOWN_MOVES]:
            move = game.parse_move(text)
            mover = game.to_move(state)
            said = describe_move(game.id, state, move, voice)
            state = game.play(state, move)
            played.append((mover, move))
            words.append(f"{len(words) + 1}. {names[mover - 1]}: {said}")
    except Exception as error:  # (a damaged message must never crash a watcher)
        raise ValueError(f"the hub's board cannot be read ({type(error).__name__})") from None
    if outcome is not None:
        turn = result_sentence(outcome, names)
    else:
        turn = f"{names[game.to_move(state) - 1]} to play"
        turn = f"Round {number}: {turn}." if match.best_of > 1 else turn
    if match.best_of > 1:
        turn = f"{turn} {score_text(match, names)}"
    return WatchedPosition(match.game_id, options, state, played, words, turn)
