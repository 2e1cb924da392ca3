"""A game on the hub: a `Relay` (app.online.relay) with both seats online, the hub only
judging, as a tournament's pairing is judged: the session plays each move once and a
refusal goes back to the seat that sent it. The players join the relay's link as guests
(each seat with its own code, handed over the lobby connection) through the hub's own
port, at the game's path (`/game/N`: the link is attached to the hub, it opens no port);
watchers get the game's lines in words as they are said and, if they asked, its match as
it stands after each (`watch_board`: the spectator's board), and nothing else: a watcher
has no way to send a move.

A game the hub stopped before its end (its record kept after every move) goes on from
its record when the hub starts again and both its players are back (`unfinished`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from app.hub.computer import ComputerRelay
from app.hub.protocol import GameReady
from app.hub.store import HubStore, StoreProblem
from app.hub.store_queue import later
from app.online.relay import Relay
from app.store.kept_games import Kept
from rules.match import MatchState
from rules.record_check import match_of
from rules.records import GameRecord
from rules.registry import get_game
from rules.words.outcome import result_sentence

#: Seconds both players have to join a game once it is ready.
JOIN_SECONDS = 120.0
#: The lines kept for a watcher who comes late.
KEPT_LINES = 400

Watcher = Callable[[int, str], object]
#: Told game N's match as it stands (the spectator's board).
BoardWatcher = Callable[[int, MatchState], object]


class HubKeeper:
    """Keeps a hub game in the class's database after every move, and at its end (not
    in the hub machine's own kept games, statistics or ratings: the teacher's menu never
    offers a class's game)."""

    def __init__(self, store: HubStore, number: int) -> None:
        self.store = store
        self.number = number

    def count(self, record: GameRecord) -> None:
        failed = f"Game {self.number}'s move {len(record.moves)} could not be kept"
        later(self.store, failed, self.store.keep_record, self.number, record.model_dump_json())

    def keep(self, record: GameRecord) -> Kept:
        try:
            self.count(record)
        except StoreProblem as problem:
            return Kept(None, f"The game could not be kept: {problem}.")
        return Kept(None)

    def clear(self, record: GameRecord) -> None:
        return None


class HubGame:
    """One game on the hub (see the module's docstring)."""

    def __init__(
        self,
        number: int,
        match: MatchState,
        names: tuple[str, str],
        store: HubStore,
        resumed: GameRecord | None = None,
        level: str | None = None,
    ) -> None:
        """`resumed`: the record of the unfinished game `match` goes on from; `level`:
        the computer's, when it plays the second seat (`app.hub.computer`)."""
        self.number = number
        self.names = names
        self.game_id = match.game_id
        self.lines: list[str] = []
        self.watchers: dict[object, Watcher] = {}
        self.boards: dict[object, BoardWatcher] = {}
        #: The match the board watchers were told last.
        self._shown: MatchState | None = None
        game = get_game(match.game_id)
        keeper = HubKeeper(store, number)
        if level is None:
            self.relay = Relay(game, match, names, self.said, keeper=keeper, resumed=resumed)
        else:
            self.relay = ComputerRelay(game, match, names, self.said, level, keeper, resumed)

    def said(self, text: str) -> None:
        if not text:
            return
        self.lines = [*self.lines[-KEPT_LINES + 1 :], text]
        for watcher in list(self.watchers.values()):
            watcher(self.number, text)
        match = self.relay.session.match
        if match != self._shown:  # (a move, a round's end: the board changed)
            self._shown = match
            for board in list(self.boards.values()):
                board(self.number, match)

    def watch_board(self, who: object, board: BoardWatcher) -> None:
        """`board` gets the match as it stands, then after each change."""
        self.boards[who] = board
        board(self.number, self.relay.session.match)

    def watch(self, who: object, watcher: Watcher) -> None:
        """`watcher` gets the game's heading ("Ada vs Bo, fifty"), the lines so far, then
        each as it is said."""
        self.watchers[who] = watcher
        watcher(self.number, f"{self.names[0]} vs {self.names[1]}, {self.game_id}")
        for line in self.lines:
            watcher(self.number, line)

    def start(self) -> None:
        """Open the game on the hub's own port (its path: `app.hub.protocol.game_path`)."""
        self.relay.link.attach()

    def ready(self, name: str) -> GameReady | None:
        """Where the player called `name` joins this game (None: not a player of it)."""
        for seat in self.relay.link.seats:
            if seat.name == name and not self.relay.over:
                return GameReady(game=self.number, code=seat.code)
        return None

    async def play(self) -> str:
        """Judge the game to its end; its result in words ("" when it stopped first)."""
        loop = asyncio.get_running_loop()
        late = loop.call_later(JOIN_SECONDS, self._not_joined)
        try:
            stopped = await self.relay.play()
        finally:
            late.cancel()
        result = self.relay.session.result
        if stopped or result is None:
            self.said(f"Game {self.number} stopped ({stopped or 'stopped'}).")
            return ""
        return result_sentence(result, self.names)

    def _not_joined(self) -> None:
        if not self.relay.playing:
            self.relay.stop("a player did not join in time")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.relay.stop("the hub stopped")

    def words(self) -> str:
        """ "Game 3: Ada vs Bo, fifty" (and whether it waits for its players)."""
        waiting = "" if self.relay.playing else " (waiting for the players to join)"
        return f"Game {self.number}: {self.names[0]} vs {self.names[1]}, {self.game_id}{waiting}"

    def unwatch(self, who: object) -> None:
        self.watchers.pop(who, None)
        self.boards.pop(who, None)


def unfinished(store: HubStore) -> dict[int, tuple[GameRecord, MatchState]]:
    """The games that stopped before their end with a move or more kept (a record that
    cannot be read is left out): they go on when both players are back."""
    found: dict[int, tuple[GameRecord, MatchState]] = {}
    for row in store.games():
        if row.result:
            continue
        try:
            record = GameRecord.model_validate_json(store.record(row.id))
            match = match_of(record)
        except ValueError:
            continue  # (no move kept, or a damaged record: nothing to go on from)
        if record.result is None and record.names == row.names:
            found[row.id] = (record, match)
    return found
