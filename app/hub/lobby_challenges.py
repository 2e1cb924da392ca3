"""The lobby's challenges: a student challenges a classmate (`challenge`, `rematch`),
who accepts or declines; an accepted challenge, or a game against the computer
(`computer`), starts at once (`app.hub.lobby_games`). A student in a game, or kept from
playing by a listener (a live round to answer), can neither challenge nor be challenged.
"""

from __future__ import annotations

from app.hub.challenge import ChallengeProblem, challenge_words, read_challenge
from app.hub.computer import ComputerPlayer, computer_problem
from app.hub.lobby_games import Referee
from app.hub.lobby_room import Room
from app.hub.protocol import Challenge, Challenged
from app.hub.store import key_of
from app.hub.student import Student
from rules.match import MatchState


class Challenges:
    """What a student asks of a classmate, or of the computer (see the module's
    docstring)."""

    def __init__(self, room: Room, referee: Referee) -> None:
        self.room = room
        self.referee = referee

    def challenge(self, student: Student, message: Challenge) -> None:
        target = self._free(student, message.name)
        if target is None:
            return
        try:
            match = read_challenge(message.game, message.flags)
        except ChallengeProblem as problem:
            self.room.say(student, f"That challenge cannot be played: {problem}.")
            return
        self._ask(student, target, match, "challenges you to")

    def rematch(self, student: Student) -> None:
        if student.last is None:
            self.room.say(student, "You have played no game here yet: challenge someone first.")
            return
        key, match = student.last
        if key.startswith("computer ("):  # (the computer again, at its level)
            self.computer(student, match, [], key.removeprefix("computer (")[:-1])
            return
        target = self._free(student, key)
        if target is not None:
            self._ask(student, target, match, "asks you for a rematch of")

    def _free(self, student: Student, name: str) -> Student | None:
        """The student called `name`, if both are free to play (else said why)."""
        say = self.room.say
        target = self.room.online.get(key_of(name.strip()))
        if target is None:
            say(student, f"Nobody called {name[:40]} is in the lobby.")
        elif not self.room.following.listed(target):
            say(student, f"{target.name} is the class's projector: it plays no games.")
        elif target is student:
            say(student, "You cannot challenge yourself.")
        elif student.playing is not None or student.key in self.referee.starting:
            say(student, "You are playing a game already.")
        elif target.playing is not None or target.key in self.referee.starting:
            say(student, f"{target.name} is playing: challenge them when it ends.")
        elif (busy := self.room.busy(student, target)) is not None:
            say(student, busy)
        else:
            return target
        return None

    def _ask(self, student: Student, target: Student, match: MatchState, asks: str) -> None:
        target.challenge = (student.key, match)
        words = challenge_words(match)
        if target in self.room.following.followers:
            text = f"{student.name} {asks} {words}."
            self.room.spawn(target.send(Challenged(name=student.name, text=text)))
        else:
            self.room.say(target, f"{student.name} {asks} {words}: type accept or decline.")
        self.room.say(student, f"Challenge sent to {target.name}: waiting for their answer.")

    def accept(self, student: Student) -> None:
        room = self.room
        if any(listener.accept(student) for listener in room.listeners):
            return
        asked, student.challenge = student.challenge, None
        if asked is None:
            room.say(student, "Nobody has challenged you.")
            return
        challenger = room.online.get(asked[0])
        if challenger is None or challenger.playing is not None or student.playing is not None:
            room.say(student, "That challenge lapsed: its player left or is playing.")
            return
        if (busy := room.busy(student, challenger)) is not None:
            room.say(student, busy)
            return
        self.referee.play(challenger, student, asked[1])

    def decline(self, student: Student) -> None:
        asked, student.challenge = student.challenge, None
        if asked is None:
            self.room.say(student, "Nobody has challenged you.")
            return
        challenger = self.room.online.get(asked[0])
        if challenger is not None:
            self.room.say(challenger, f"{student.name} declined your challenge.")
        self.room.say(student, "You declined the challenge.")

    def computer(
        self, student: Student, game: str | MatchState, flags: list[str], level: str
    ) -> None:
        """`student` plays the computer at `level` (`game`: as typed, or a rematch's)."""
        problem = computer_problem(student, level)
        if problem is None and (doing := self.room.busy_with(student)) is not None:
            problem = f"you are {doing}"
        try:
            match = read_challenge(game, flags) if isinstance(game, str) else game
        except ChallengeProblem as error:
            problem = problem or str(error)
        if problem is not None:
            self.room.say(student, f"That game cannot be played: {problem}.")
            return
        self.referee.play(student, ComputerPlayer(level), match)
