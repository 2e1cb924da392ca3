"""What the lobby's parts share (`app.hub.lobby` is who comes and goes and what they
ask, `app.hub.lobby_challenges` the challenges, `app.hub.lobby_games` a game's start and
end): the students, the games in play, and the listeners, what the rest of the hub adds
to the lobby (the tournament, live rounds, homework), each told of the lobby's moments.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from app.hub.following import Following
from app.hub.games import HubGame, Watcher, unfinished
from app.hub.protocol import Said
from app.hub.store import HubStore
from app.hub.student import Student

Notice = Callable[[str], object]
Spawn = Callable[[Coroutine[Any, Any, None]], None]


class LobbyListener:
    """What another part of the hub adds to the lobby: each method is called at its
    moment (the defaults do nothing)."""

    #: The kinds of student message it answers (`heard`).
    kinds: tuple[type, ...] = ()

    def entered(self, student: Student) -> None:
        """`student` came into the lobby."""

    def started(self, game: HubGame) -> None:
        """`game` started (its players have been handed their seats)."""

    def over(self, game: HubGame, result: str) -> None:
        """`game` ended: its result in words ("" when it stopped before its end)."""

    def accept(self, student: Student) -> bool:
        """Answer an accept before the lobby does (True: answered)."""
        return False

    def busy(self, student: Student) -> str | None:
        """What keeps `student` from playing now ("answering live round 2"), or None."""
        return None

    def heard(self, student: Student, message: Any) -> None:
        """Answer `message`, one of `kinds`, from an admitted student."""


class Room:
    """The lobby's state (see the module's docstring)."""

    def __init__(self, store: HubStore, notice: Notice, spawn: Spawn) -> None:
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
        #: The hub is stopping: no game starts (one whose number was being taken is left).
        self.stopping = False
        #: Who watches every game (`watch *`): each new game is theirs too.
        self.every: dict[object, Watcher] = {}
        #: The students told who is here as it changes (`follow`: the full screen's lobby).
        self.following = Following(self.online, spawn)
        #: Told of the lobby's moments, in this order (the hub adds them).
        self.listeners: list[LobbyListener] = []

    def say(self, student: Student, text: str) -> None:
        self.spawn(student.send(Said(text=text)))

    def busy_with(self, student: Student) -> str | None:
        """What keeps `student` from playing now, as a listener says it, or None."""
        for listener in self.listeners:
            if (busy := listener.busy(student)) is not None:
                return busy
        return None

    def lapse(self, student: Student, why: str, quiet: tuple[Student, ...] = ()) -> None:
        """The challenges to and from `student` lapse (`why`: "left", "started a game"):
        the other side of each is told, unless `quiet` (the other player of that game)."""
        asked, student.challenge = student.challenge, None
        challenger = None if asked is None else self.online.get(asked[0])
        if challenger is not None and challenger is not student and challenger not in quiet:
            self.say(challenger, f"{student.name} {why}: your challenge lapsed.")
        for other in list(self.online.values()):
            if other is not student and other.challenge and other.challenge[0] == student.key:
                other.challenge = None
                if other not in quiet:
                    self.say(other, f"{student.name} {why}: their challenge lapsed.")

    def busy(self, *students: Student) -> str | None:
        """Why one of `students` cannot play now (in words), or None."""
        for student in students:
            if (doing := self.busy_with(student)) is not None:
                return f"{student.name} is {doing}: try again later."
        return None
