"""The lobby: who is here, challenges, games and their watchers (`app.hub.hub` admits the
students and reads their messages; this holds what happens after).

Every game is a `HubGame` (a relay: the hub only judges). Challenger is Player 1. The
players get the game's number and their seat's own code over the lobby connection
(`game-ready`) and join it as guests through the hub's port; watchers get its lines in
words. A game the hub stopped before its end goes on when both players are back.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from app.hub.challenge import ChallengeProblem, challenge_words, read_challenge
from app.hub.computer import ComputerPlayer, computer_problem, level_of, player_of
from app.hub.following import Following
from app.hub.games import HubGame, Watcher, unfinished
from app.hub.homework_desk import HomeworkDesk
from app.hub.protocol import (
    Accept,
    Bye,
    Challenge,
    Challenged,
    Decline,
    Follow,
    FromStudent,
    Knock,
    PlayComputer,
    Rematch,
    Said,
    Watch,
    Watched,
    Who,
)
from app.hub.protocol_class import HomeworkAnswer, HomeworkAsk
from app.hub.store import HubStore, StoreProblem, key_of
from app.hub.store_queue import asked, later
from app.hub.student import Student
from rules.match import MatchState
from rules.records import GameRecord

Notice = Callable[[str], object]
#: An unfinished game going on: its number and its record.
Resumed = tuple[int, GameRecord] | None
Spawn = Callable[[Coroutine[Any, Any, None]], None]
WAITING_ROOM = "You are in the waiting room: the teacher has not admitted you yet."
#: `watch *`: every game, now and as each starts (the projector view, `class watch --all`).
EVERY_GAME = "*"
PAUSED = (
    "The teacher paused the class: games in progress go on; no new game starts until "
    "the teacher resumes the class."
)


class Lobby:
    """Who is here and what they play (see the module's docstring)."""

    def __init__(
        self,
        store: HubStore,
        notice: Notice,
        spawn: Spawn,
    ) -> None:
        self.store = store
        self.notice = notice
        self.spawn = spawn
        self.waiting: dict[str, Student] = {}
        self.online: dict[str, Student] = {}
        self.games: dict[int, HubGame] = {}
        #: The games the hub stopped before their end: each goes on when both its
        #: players are back in the lobby.
        self.unfinished = unfinished(store)
        #: The teacher paused the class: no new game starts (`pause`, `resume`).
        self.paused = False
        #: What keeps a student from playing now ("answering live round 2": `app.hub.
        #: live_rounds`), or None.
        self.busy: Callable[[Student], str | None] = lambda _student: None
        #: What others add (the tournament, `app.hub.tournament`): called when a student
        #: enters, when a game starts and when it ends (with its result in words, "" when
        #: it stopped first); `on_accept` answers an accept first (True: answered);
        #: `asked` answers the messages of the kinds it names.
        self.on_enter: list[Callable[[Student], object]] = []
        self.on_start: list[Callable[[HubGame], object]] = []
        self.on_over: list[Callable[[HubGame, str], object]] = []
        self.on_accept: list[Callable[[Student], bool]] = []
        self.asked: dict[type, Callable[[Student, Any], object]] = {}
        #: Who watches every game (`EVERY_GAME`): each new game is theirs too.
        self.every: dict[object, Watcher] = {}
        #: The students told who is here as it changes (`follow`: the full screen's lobby).
        self.following = Following(self.online, spawn)
        #: Homework: assignments, answers judged (`app.hub.homework`).
        self.homework = HomeworkDesk(store, spawn)

    def say(self, student: Student, text: str) -> None:
        self.spawn(student.send(Said(text=text)))

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
            self._hand_over(student, game)
        for hook in self.on_enter:
            hook(student)
        self._go_on(student)
        self.homework.entered(student)

    def _go_on(self, student: Student) -> None:
        """Start again the unfinished game of `student` whose other player is here."""
        for number, (record, match) in list(self.unfinished.items()):
            players = [player_of(seat, self.online) for seat in record.players]
            if student not in players or None in players:
                continue
            first, second = players
            assert first is not None and second is not None
            if first.playing is None and second.playing is None:
                del self.unfinished[number]
                self.spawn(self._play(first, second, match, (number, record)))

    def _hand_over(self, student: Student, game: HubGame) -> None:
        """Tell `student` where to join `game`, if they play in it."""
        ready = game.ready(student.name)
        if ready is not None:
            student.playing = game
            self.spawn(student.send(ready))
            self.following.tell(student)

    def left(self, student: Student) -> None:
        if self.waiting.get(student.key) is student:
            del self.waiting[student.key]
        if self.online.get(student.key) is student:
            del self.online[student.key]
            self.notice(f"{student.name} left the lobby.")
            self.following.tell(student, gone=True)
        self.following.discard(student)
        for game in self.games.values():
            game.unwatch(student.key)
        self.every.pop(student.key, None)

    def drop(self, key: str, reason: str) -> bool:
        """Close the connection of `key` (waiting or in the lobby); whether there was one."""
        student = self.online.get(key) or self.waiting.get(key)
        if student is not None:
            self.spawn(student.close(reason))
        return student is not None

    async def goodbye(self, reason: str) -> None:
        for student in list(self.online.values()):
            await student.send(Said(text=reason))

    async def close_all(self) -> None:
        for student in [*self.online.values(), *self.waiting.values()]:
            await student.close()

    async def stop_games(self) -> None:
        for game in list(self.games.values()):
            game.stop()

    # What the teacher reads

    def who(self) -> list[str]:
        lines = [self._doing(student) for _, student in sorted(self.online.items())]
        lines += [f"{s.name}: waiting to be admitted" for _, s in sorted(self.waiting.items())]
        return lines or ["Nobody is here yet."]

    def _doing(self, student: Student) -> str:
        game = student.playing
        if game is None and (busy := self.busy(student)) is not None:
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

    def watch(self, target: str, who: object, watcher: Watcher) -> str:
        """`watcher` gets the lines of the game `target` names (a number or a player)."""
        if target.strip() == EVERY_GAME:
            self.every[who] = watcher
            for each in self.games.values():
                self._watch_every(each, who, watcher)
            return "Watching every game: each new game comes as it starts."
        game = self._game_of(target)
        if game is None:
            return f"No game of {target[:40]} is being played."
        game.watch(who, watcher)
        return f"Watching {game.words()}: its moves come as they are played."

    def _watch_every(self, game: HubGame, who: object, watcher: Watcher) -> None:
        """`watcher` gets the game's heading first ("Ada vs Bo, fifty"), then its lines."""
        watcher(game.number, f"{game.names[0]} vs {game.names[1]}, {game.game_id}")
        game.watch(who, watcher)

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
        if not student.admitted:
            self.say(student, WAITING_ROOM)
        elif isinstance(message, Who):
            for line in self.who():
                self.say(student, line)
        elif isinstance(message, Challenge | Rematch | Accept | PlayComputer) and self.paused:
            self.say(student, PAUSED)  # (a challenge made before waits for its answer)
        elif isinstance(message, Challenge):
            self._challenge(student, message)
        elif isinstance(message, Rematch):
            self._rematch(student)
        elif isinstance(message, Accept):
            self._accept(student)
        elif isinstance(message, Decline):
            self._decline(student)
        elif isinstance(message, Follow):
            self.following.follow(student)
        elif isinstance(message, Watch):

            def watched(number: int, text: str) -> None:
                self.spawn(student.send(Watched(game=number, text=text[:600])))

            self.say(student, self.watch(message.target, student.key, watched))
        elif isinstance(message, PlayComputer):
            self._computer(student, message.game, message.flags, message.level)
        elif type(message) in self.asked:
            self.asked[type(message)](student, message)
        elif isinstance(message, HomeworkAsk | HomeworkAnswer):
            self.homework.heard(student, message)
        return True

    def _challenge(self, student: Student, message: Challenge) -> None:
        target = self._free(student, message.name)
        if target is None:
            return
        try:
            match = read_challenge(message.game, message.flags)
        except ChallengeProblem as problem:
            self.say(student, f"That challenge cannot be played: {problem}.")
            return
        self._ask(student, target, match, "challenges you to")

    def _rematch(self, student: Student) -> None:
        if student.last is None:
            self.say(student, "You have played no game here yet: challenge someone first.")
            return
        key, match = student.last
        if key.startswith("computer ("):  # (the computer again, at its level)
            self._computer(student, match, [], key.removeprefix("computer (")[:-1])
            return
        target = self._free(student, key)
        if target is not None:
            self._ask(student, target, match, "asks you for a rematch of")

    def _free(self, student: Student, name: str) -> Student | None:
        """The student called `name`, if both are free to play (else said why)."""
        target = self.online.get(key_of(name.strip()))
        if target is None:
            self.say(student, f"Nobody called {name[:40]} is in the lobby.")
        elif target is student:
            self.say(student, "You cannot challenge yourself.")
        elif student.playing is not None:
            self.say(student, "You are playing a game already.")
        elif target.playing is not None:
            self.say(student, f"{target.name} is playing: challenge them when it ends.")
        elif (busy := self._busy(student, target)) is not None:
            self.say(student, busy)
        else:
            return target
        return None

    def _busy(self, *students: Student) -> str | None:
        """Why one of `students` cannot play now (in words), or None."""
        for student in students:
            if (doing := self.busy(student)) is not None:
                return f"{student.name} is {doing}: try again later."
        return None

    def _ask(self, student: Student, target: Student, match: MatchState, asks: str) -> None:
        target.challenge = (student.key, match)
        words = challenge_words(match)
        if target in self.following:
            text = f"{student.name} {asks} {words}."
            self.spawn(target.send(Challenged(name=student.name, text=text)))
        else:
            self.say(target, f"{student.name} {asks} {words}: type accept or decline.")
        self.say(student, f"Challenge sent to {target.name}: waiting for their answer.")

    def _accept(self, student: Student) -> None:
        if any(hook(student) for hook in self.on_accept):
            return
        asked, student.challenge = student.challenge, None
        if asked is None:
            self.say(student, "Nobody has challenged you.")
            return
        challenger = self.online.get(asked[0])
        if challenger is None or challenger.playing is not None or student.playing is not None:
            self.say(student, "That challenge lapsed: its player left or is playing.")
            return
        if (busy := self._busy(student, challenger)) is not None:
            self.say(student, busy)
            return
        self.spawn(self._play(challenger, student, asked[1]))

    def _decline(self, student: Student) -> None:
        asked, student.challenge = student.challenge, None
        if asked is None:
            self.say(student, "Nobody has challenged you.")
            return
        challenger = self.online.get(asked[0])
        if challenger is not None:
            self.say(challenger, f"{student.name} declined your challenge.")
        self.say(student, "You declined the challenge.")

    async def _play(
        self, first: Student, second: Student, match: MatchState, resumed: Resumed = None
    ) -> None:
        """Game: start it, hand each player their seat, judge it, record its end."""
        try:
            await self._judged(first, second, match, resumed)
        except Exception as error:  # (said in one line: never a traceback on the console)
            self.notice(f"A game failed ({type(error).__name__}): it stopped.")

    async def _judged(
        self, first: Student, second: Student, match: MatchState, resumed: Resumed
    ) -> None:
        names = (first.name, second.name)
        if resumed is not None:
            number, record = resumed
        else:
            record = None
            try:
                number = await asked(self.store, self.store.new_game, match.game_id, names)
            except StoreProblem as problem:
                self.notice(f"{str(problem)[:1].upper()}{str(problem)[1:]}.")
                for student in (first, second):
                    self.say(student, "The game could not start: the class's records failed.")
                return
        game = HubGame(number, match, names, self.store, record, level_of(second))
        game.start()
        self.games[number] = game
        for who, watcher in list(self.every.items()):
            self._watch_every(game, who, watcher)
        first.playing = second.playing = game
        first.last, second.last = (second.key, match), (first.key, match)
        starts = "starts" if record is None else f"goes on from move {len(record.moves) + 1}"
        self.notice(f"Game {number} {starts}: {names[0]} vs {names[1]}, {challenge_words(match)}.")
        for student in (first, second):
            self._hand_over(student, game)
        for hook in self.on_start:
            hook(game)
        try:
            result = await game.play()
        finally:
            del self.games[number]
            for student in (first, second):
                if student.playing is game:
                    student.playing = None
                    self.following.tell(student)
                    self._go_on(student)
        if result:
            try:
                later(
                    self.store, "The result could not be kept", self.store.game_over, number, result
                )
            except StoreProblem as problem:  # (a store not queued says it at once)
                self.notice(f"The result could not be kept: {problem}.")
            text = f"Game {number} is over: {result}"
        else:
            text = f"Game {number} stopped before its end."
        self.notice(text)
        game.said("The game is over." if result else "The game stopped before its end.")
        for student in (first, second):
            self.say(student, text)
        for over in self.on_over:
            over(game, result)

    def _computer(
        self, student: Student, game: str | MatchState, flags: list[str], level: str
    ) -> None:
        """`student` plays the computer at `level` (`game`: as typed, or a rematch's)."""
        problem = computer_problem(student, level)
        if problem is None and (doing := self.busy(student)) is not None:
            problem = f"you are {doing}"
        try:
            match = read_challenge(game, flags) if isinstance(game, str) else game
        except ChallengeProblem as error:
            problem = problem or str(error)
        if problem is not None:
            self.say(student, f"That game cannot be played: {problem}.")
            return
        self.spawn(self._play(student, ComputerPlayer(level), match))
