"""The lobby: who is here, who comes and goes, what they ask and who watches what
(`app.hub.hub` admits the students and reads their messages; this holds what happens
after). Its parts: `app.hub.lobby_room` (what they share, and the listeners: the
tournament, live rounds and homework), `app.hub.lobby_challenges` (challenges and the
computer), `app.hub.lobby_games` (a game's start and end).

Every game is a `HubGame` (a relay: the hub only judges). The players get the game's
number and their seat's own code over the lobby connection (`game-ready`) and join it as
guests through the hub's port; watchers get its lines in words.
"""

from __future__ import annotations

from collections.abc import Callable

from app.hub.games import BoardWatcher, HubGame, Watcher
from app.hub.homework_desk import HomeworkDesk
from app.hub.lobby_challenges import Challenges
from app.hub.lobby_games import Referee
from app.hub.lobby_room import Notice, Room, Spawn
from app.hub.protocol import (
    MAX_HUB_BYTES,
    Accept,
    Bye,
    Challenge,
    Decline,
    Follow,
    FromStudent,
    Knock,
    PlayComputer,
    Rematch,
    Unwatch,
    Watch,
    Watched,
    WatchedBoard,
    Who,
    encode,
)
from app.hub.protocol_class import LiveProject
from app.hub.store import HubStore, key_of
from app.hub.student import Student
from rules.match import MatchState

WAITING_ROOM = "You are in the waiting room: the teacher has not admitted you yet."
#: `watch *`: every game, now and as each starts (the projector view, `class watch --all`).
EVERY_GAME = "*"
PAUSED = (
    "The teacher paused the class: games in progress go on; no new game starts until "
    "the teacher resumes the class."
)


class Lobby(Room):
    """Who is here and what they play (see the module's docstring)."""

    def __init__(self, store: HubStore, notice: Notice, spawn: Spawn) -> None:
        super().__init__(store, notice, spawn)
        self.referee = Referee(self)
        self.challenges = Challenges(self, self.referee)
        #: Homework: assignments, answers judged (`app.hub.homework`).
        self.homework = HomeworkDesk(store, spawn)

    # Who comes and goes

    def wait(self, student: Student) -> None:
        older = self.waiting.get(student.key)
        if older is not None:
            self.spawn(older.close("You knocked again from another place."))
        self.waiting[student.key] = student

    def enter(self, student: Student) -> None:
        if self.waiting.get(student.key) is student:
            del self.waiting[student.key]
        older = self.online.get(student.key)
        if older is not None and older is not student:
            older.playing = None  # (the game goes on: its link is its own)
            self.spawn(older.close("You joined the class from another place."))
        student.admitted = True
        self.online[student.key] = student
        self.notice(f"{student.name} joined the lobby.")
        self.following.tell(student)
        for game in self.games.values():  # (back from a drop: their game is offered again)
            self.referee.hand_over(student, game)
        for listener in self.listeners:
            listener.entered(student)
        self.referee.go_on(student)

    def left(self, student: Student) -> None:
        if self.waiting.get(student.key) is student:
            del self.waiting[student.key]
        if self.online.get(student.key) is student:
            del self.online[student.key]
            self.lapse(student, "left")
            self.notice(f"{student.name} left the lobby.")
            self.following.tell(student, gone=True)
        self.following.discard(student)
        self.unwatch(student.key)

    def unwatch(self, who: object) -> None:
        """`who` watches no game any more (nor every game)."""
        for game in self.games.values():
            game.unwatch(who)
        self.every.pop(who, None)

    def drop(self, key: str, reason: str) -> bool:
        """Close the connection of `key` (waiting or in the lobby); whether there was one."""
        student = self.online.get(key) or self.waiting.get(key)
        if student is not None:
            self.spawn(student.close(reason))
        return student is not None

    # What the teacher reads

    def who(self, listed: Callable[[Student], bool] = lambda _: True) -> list[str]:
        """Who is here and what they do (a student is told only of those `listed`: not
        the class's projector)."""
        online = [student for _, student in sorted(self.online.items()) if listed(student)]
        lines = [self.doing(student) for student in online]
        lines += [f"{s.name}: waiting to be admitted" for _, s in sorted(self.waiting.items())]
        return lines or ["Nobody is here yet."]

    def doing(self, student: Student) -> str:
        """ "Ada: in the lobby", or what Ada plays, or what keeps her busy."""
        game = student.playing
        if game is None and (busy := self.busy_with(student)) is not None:
            return f"{student.name}: {busy}"
        if game is None:
            return f"{student.name}: in the lobby"
        other = game.names[1] if game.names[0] == student.name else game.names[0]
        return f"{student.name}: playing {game.game_id} against {other} (game {game.number})"

    def game_lines(self) -> list[str]:
        lines = [game.words() for game in self.games.values()]
        lines += [
            f"Game {row.id}: {row.names[0]} vs {row.names[1]}, {row.game_id}: {row.result}"
            for row in self.store.games()
            if row.result
        ]
        lines += [
            f"Game {number}: {record.names[0]} vs {record.names[1]}, {record.game}: stopped "
            f"after {len(record.moves)} moves; it goes on when both players are back"
            for number, (record, _) in self.unfinished.items()
        ]
        return lines or ["No game has been played yet."]

    # Watching

    def watch(
        self, target: str, who: object, watcher: Watcher, board: BoardWatcher | None = None
    ) -> str:
        """`watcher` gets the lines of the game `target` names (a number or a player);
        `board`, its match after each change (not for every game)."""
        if target.strip() == EVERY_GAME:
            self.every[who] = watcher
            for each in self.games.values():
                each.watch(who, watcher)
            return "Watching every game: each new game comes as it starts."
        game = self._game_of(target)
        if game is None:
            named = target.strip()[:40]
            if named.isascii() and named.isdigit():
                return f"No game {named} is being played."
            return f"{named} is playing no game now."
        game.watch(who, watcher)
        if board is not None:
            game.watch_board(who, board)
        return f"Watching {game.words()}: its moves come as they are played."

    def _game_of(self, target: str) -> HubGame | None:
        target = target.strip()
        if target.isascii() and target.isdigit():
            return self.games.get(int(target))
        student = self.online.get(key_of(target))
        return None if student is None else student.playing

    # What a student asks

    def heard(self, student: Student, message: FromStudent) -> bool:
        """Answer `message`; False when the connection closes."""
        if isinstance(message, Bye | Knock):
            return False
        asks = self.challenges
        if not student.admitted:
            self.say(student, WAITING_ROOM)
        elif isinstance(message, Who):
            for line in self.who(self.following.listed):
                self.say(student, line)
        elif isinstance(message, Challenge | Rematch | Accept | PlayComputer) and self.paused:
            self.say(student, PAUSED)  # (a challenge made before waits for its answer)
        elif isinstance(message, Challenge):
            asks.challenge(student, message)
        elif isinstance(message, Rematch):
            asks.rematch(student)
        elif isinstance(message, Accept):
            asks.accept(student)
        elif isinstance(message, Decline):
            asks.decline(student)
        elif isinstance(message, Follow):
            self.following.follow(student)
        elif isinstance(message, Watch):

            def watched(number: int, text: str) -> None:
                self.spawn(student.send(Watched(game=number, text=text[:600])))

            def board(number: int, match: MatchState) -> None:
                shown = WatchedBoard(game=number, match=match)
                if len(encode(shown)) <= MAX_HUB_BYTES:  # (else its lines alone)
                    self.spawn(student.send(shown))

            boards = board if message.board else None
            self.say(student, self.watch(message.target, student.key, watched, boards))
        elif isinstance(message, Unwatch):
            self.unwatch(student.key)
        elif isinstance(message, PlayComputer):
            asks.computer(student, message.game, message.flags, message.level)
        else:
            if isinstance(message, LiveProject):  # (a projector is no classmate)
                self.following.unlist(student)
            for listener in self.listeners:
                if isinstance(message, listener.kinds):
                    listener.heard(student, message)
                    break
        return True
