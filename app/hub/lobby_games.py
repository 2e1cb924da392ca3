"""A lobby game's start and end: its number taken from the records (or an unfinished
game's own), each player handed their seat over the lobby connection (`game-ready`), the
game judged to its end (`app.hub.games`), its result kept and said; the listeners told
of both moments. A game the hub stopped before its end goes on when both players are back.
"""

from __future__ import annotations

from app.hub.challenge import challenge_words
from app.hub.computer import level_of, player_of
from app.hub.games import HubGame
from app.hub.lobby_room import Room
from app.hub.store import StoreProblem
from app.hub.store_queue import asked, later
from app.hub.student import Student
from app.online.host_admission import capital
from rules.match import MatchState
from rules.records import GameRecord

#: An unfinished game going on: its number and its record.
Resumed = tuple[int, GameRecord] | None


class Referee:
    """Starts the lobby's games and records their end (see the module's docstring)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        #: The students whose game is starting (its number asked of the records).
        self.starting: set[str] = set()

    def play(
        self, first: Student, second: Student, match: MatchState, resumed: Resumed = None
    ) -> None:
        """Start a game (Challenger is Player 1), hand each player their seat, judge it,
        record its end; a failure is said in one line, never a traceback. From now the
        two are starting a game: the challenges to and from them lapse (one crossing
        theirs, a third's), and none reaches them until it starts."""
        players = {s.key for s in (first, second) if self.room.online.get(s.key) is s}
        for student in (first, second):
            self.room.lapse(student, "started a game", quiet=(first, second))
        self.starting |= players
        self.room.spawn(self._play(first, second, match, resumed, players))

    async def _play(
        self,
        first: Student,
        second: Student,
        match: MatchState,
        resumed: Resumed,
        players: set[str],
    ) -> None:
        try:
            await self._judged(first, second, match, resumed, players)
        except Exception as error:  # (said in one line: never a traceback on the console)
            self.room.notice(f"A game failed ({type(error).__name__}): it stopped.")
        finally:
            self.starting -= players

    def go_on(self, student: Student) -> None:
        """Start again the unfinished game of `student` whose other player is here."""
        room = self.room
        for number, (record, match) in list(room.unfinished.items()):
            players = [player_of(seat, room.online) for seat in record.players]
            if student not in players or None in players:
                continue
            first, second = players
            assert first is not None and second is not None
            if first.playing is None and second.playing is None:
                del room.unfinished[number]
                self.play(first, second, match, (number, record))

    def hand_over(self, student: Student, game: HubGame) -> None:
        """Tell `student` where to join `game`, if they play in it."""
        ready = game.ready(student.name)
        if ready is not None:
            student.playing = game
            self.room.spawn(student.send(ready))
            self.room.following.tell(student)

    async def _number(self, first: Student, second: Student, match: MatchState) -> int | None:
        """A new game's number from the records (None: they failed, said)."""
        store = self.room.store
        try:
            return await asked(store, store.new_game, match.game_id, (first.name, second.name))
        except StoreProblem as problem:
            self.room.notice(f"{capital(str(problem))}.")
            for student in (first, second):
                self.room.say(student, "The game could not start: the class's records failed.")
            return None

    async def _judged(
        self,
        first: Student,
        second: Student,
        match: MatchState,
        resumed: Resumed,
        players: set[str],
    ) -> None:
        room = self.room
        names = (first.name, second.name)
        if resumed is not None:
            number, record = resumed
        else:
            record = None
            new = await self._number(first, second, match)
            if new is None or room.stopping:  # (stopping: no one would join it)
                return
            number = new
        game = HubGame(number, match, names, room.store, record, level_of(second))
        game.start()
        room.games[number] = game
        for who, watcher in list(room.every.items()):
            game.watch(who, watcher)
        first.playing = second.playing = game
        self.starting -= players  # (playing now)
        first.last, second.last = (second.key, match), (first.key, match)
        starts = "starts" if record is None else f"goes on from move {len(record.moves) + 1}"
        room.notice(f"Game {number} {starts}: {names[0]} vs {names[1]}, {challenge_words(match)}.")
        for student in (first, second):
            self.hand_over(student, game)
        for listener in room.listeners:
            listener.started(game)
        try:
            result = await game.play()
        finally:
            del room.games[number]
            for student in (first, second):
                if student.playing is game:
                    student.playing = None
                    room.following.tell(student)
                    self.go_on(student)
        self._over(game, result, (first, second))

    def _over(self, game: HubGame, result: str, players: tuple[Student, Student]) -> None:
        """Keep and say the end of `game` ("" : it stopped first); the listeners told."""
        room, store = self.room, self.room.store
        if result:
            try:
                later(store, "The result could not be kept", store.game_over, game.number, result)
            except StoreProblem as problem:  # (a store not queued says it at once)
                room.notice(f"The result could not be kept: {problem}.")
            text = f"Game {game.number} is over: {result}"
        else:
            text = f"Game {game.number} stopped before its end."
        room.notice(text)
        game.said("The game is over." if result else "The game stopped before its end.")
        for student in players:
            room.say(student, text)
        for listener in room.listeners:
            listener.over(game, result)
