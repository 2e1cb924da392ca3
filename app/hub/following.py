"""Who is here, as data, for the students who asked (`follow`: the full screen's lobby
draws its list from it): every student in the lobby at once, then each change (came,
left, started or ended a game). The class's projector (`live-project`) is no classmate:
it is not listed (the teacher's `who` says it; a student could not challenge it)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from app.hub.protocol import Here
from app.hub.student import Student

Spawn = Callable[[Coroutine[Any, Any, None]], None]


class Following:
    """The followers of a lobby whose students in it are `online`."""

    def __init__(self, online: Mapping[str, Student], spawn: Spawn) -> None:
        self.online = online
        self.spawn = spawn
        self.followers: set[Student] = set()
        #: Who is in the lobby but not listed to the students (the projectors).
        self.unlisted: set[Student] = set()

    def follow(self, student: Student) -> None:
        """Tell `student` who is here now, and from now on each change."""
        self.followers.add(student)
        for other in list(self.online.values()):
            if other not in self.unlisted:
                self.spawn(student.send(here(other)))

    def unlist(self, student: Student) -> None:
        """`student` is the class's projector: the followers see it go, and no more of it."""
        if student not in self.unlisted:
            self.tell(student, gone=True)
            self.unlisted.add(student)

    def listed(self, student: Student) -> bool:
        return student not in self.unlisted

    def tell(self, student: Student, gone: bool = False) -> None:
        """Tell the followers what `student` does now (or that they left)."""
        if student in self.unlisted:
            return
        said = here(student, gone)
        for follower in list(self.followers):
            self.spawn(follower.send(said))

    def discard(self, student: Student) -> None:
        self.followers.discard(student)
        self.unlisted.discard(student)


def here(student: Student, gone: bool = False) -> Here:
    game = student.playing
    if gone or game is None:
        return Here(name=student.name, gone=gone)
    other = game.names[1] if game.names[0] == student.name else game.names[0]
    return Here(name=student.name, game=game.number, game_id=game.game_id, against=other)
