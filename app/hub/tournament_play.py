"""The pairings of the hub's tournament played in the lobby (`app.hub.tournament` has
the teacher's commands): each started at once when its two students are in the lobby
and free, else offered to them until both accept; the hub's games noted against their
pairings, and each result entered when its game ends; the standings sent to whoever
asks (`standings`), and to a projector view at each change (`follow`).
"""

from __future__ import annotations

from app.classroom.tournament.text import standings_text
from app.hub.games import HubGame
from app.hub.lobby import Lobby
from app.hub.lobby_room import LobbyListener
from app.hub.protocol_class import StandingRow, Standings, StandingsNow
from app.hub.store import HubStore, StoreProblem, key_of
from app.hub.student import Student
from app.hub.tournament_store import TournamentStore
from rules.match import new_match
from rules.registry import get_game
from rules.tournament.course import enter_result
from rules.tournament.model import Pairing, Tournament, TournamentError
from rules.tournament.standings import standings

#: The most standings rows a `standings-now` message carries.
MAX_ROWS = 40
#: A pairing to play: its round's number and the pairing.
ToPlay = tuple[int, Pairing]


class PairingPlay(LobbyListener):
    """The tournament's pairings played in the lobby (see the module's docstring): a
    lobby listener."""

    kinds = (Standings,)

    def __init__(self, lobby: Lobby, store: HubStore) -> None:
        self.lobby = lobby
        self.rows = TournamentStore(store)
        #: The students who accepted their pairing (by key), until it starts.
        self.accepted: set[str] = set()
        #: The pairings started, by their players' keys, until their game has a number.
        self.launching: dict[tuple[str, str], int] = {}
        #: Who follows the standings (a projector view), by key.
        self.followers: dict[str, Student] = {}

    # The pairings to play

    def _to_play(self, tournament: Tournament, started: int) -> list[ToPlay]:
        """The pairings still to play once round `started` began: its own, and those
        postponed before (their players not away now)."""
        rnd = tournament.round(started)
        away = () if rnd is None else rnd.absent
        return [
            (r.number, p)
            for r in tournament.rounds
            for p in r.pairings
            if (r.number == started and p.status == "pending")
            or (
                r.number < started
                and p.status == "postponed"
                and not any(p.has(name) for name in away)
            )
        ]

    def _busy(self, pairing: Pairing) -> str:
        """How the game of `pairing` stands, if it has one in play ("" when none)."""
        wanted = {key_of(pairing.p1), key_of(pairing.p2)}
        if any(set(keys) == wanted for keys in self.launching):
            return "starts now"
        for game in self.lobby.games.values():
            if {key_of(name) for name in game.names} == wanted:
                return f"plays (game {game.number})"
        for number, (record, _) in self.lobby.unfinished.items():
            if {key_of(name) for name in record.names} == wanted:
                return f"goes on when both are back (game {number})"
        return ""

    def _how(self, tournament: Tournament, pairing: Pairing) -> str:
        busy = self._busy(pairing)
        if busy:
            return f"{pairing.p1} - {pairing.p2} {busy}"
        return f"{pairing.p1} - {pairing.p2} is still to play"

    def _begin(self, tournament: Tournament, number: int, pairing: Pairing, current: int) -> str:
        """Start `pairing` (of round `number`) at once when both its students are in the
        lobby and free, else offer it; what was done, and why, in words."""
        p1, p2 = pairing.names
        head = f"{p1} - {p2}" + ("" if number == current else f" (from round {number})")
        busy = self._busy(pairing)
        if busy:
            return f"{head} {busy}."
        first, second = self._student(p1), self._student(p2)
        if first is not None and second is not None and self._free(first) and self._free(second):
            self._launch(tournament, number, first, second)
            return f"{head}: both are in the lobby, so the game starts now."
        for name, other in ((p1, p2), (p2, p1)):
            self._tell(name, self._offer(tournament, number, other))
        away = [n for n, s in ((p1, first), (p2, second)) if s is None]
        why = f"{' and '.join(away)} not in the lobby" if away else "a player is in another game"
        return f"{head}: offered ({why}); it starts when both have typed accept."

    def _offer(self, tournament: Tournament, number: int, other: str) -> str:
        game = tournament.game_of(number)
        return f"Round {number}: you play {other} at {game}: type accept."

    def _free(self, student: Student) -> bool:
        """Neither playing nor about to (a game started a moment ago)."""
        return student.playing is None and not any(student.key in k for k in self.launching)

    def _student(self, name: str) -> Student | None:
        return self.lobby.online.get(key_of(name))

    def _tell(self, name: str, text: str) -> None:
        student = self._student(name)
        if student is not None:
            self.lobby.say(student, text)

    @staticmethod
    def _bye(tournament: Tournament) -> str:
        return "a point" if tournament.format == "swiss" else "no game this round"

    def _launch(self, tournament: Tournament, number: int, first: Student, second: Student) -> None:
        game = get_game(tournament.game_of(number))
        options = game.Options.model_validate(tournament.options)
        best_of = tournament.best_of if tournament.best_of > 1 else None
        match = new_match(game.id, options, best_of, None)
        self.accepted -= {first.key, second.key}
        self.launching[(first.key, second.key)] = number
        self.lobby.referee.play(first, second, match)

    def _mine(self, student: Student) -> tuple[Tournament, int, Pairing] | None:
        """The pairing offered to `student`: to play, no game of it in play."""
        found = self.rows.current()
        if found is None:
            return None
        tournament, started = found
        for number, pairing in self._to_play(tournament, started):
            if student.name in pairing.names and not self._busy(pairing):
                return tournament, number, pairing
        return None

    # What the lobby tells its listeners

    def entered(self, student: Student) -> None:
        mine = self._mine(student)
        if mine is not None:
            tournament, number, pairing = mine
            other = pairing.p2 if pairing.p1 == student.name else pairing.p1
            self.lobby.say(student, self._offer(tournament, number, other))

    def accept(self, student: Student) -> bool:
        """A student's accept, when a pairing is offered to them (True: answered)."""
        mine = self._mine(student)
        if mine is None:
            return False
        tournament, number, pairing = mine
        other_name = pairing.p2 if pairing.p1 == student.name else pairing.p1
        self.accepted.add(student.key)
        other = self._student(other_name)
        if other is None:
            self.lobby.say(
                student, f"Accepted: the game starts when {other_name} is here and accepts."
            )
        elif other.key not in self.accepted or not (self._free(other) and self._free(student)):
            self.lobby.say(student, f"Accepted: the game starts when {other_name} accepts.")
            self.lobby.say(
                other, f"{student.name} is ready for your round {number} game: type accept."
            )
        else:
            first, second = (student, other) if pairing.p1 == student.name else (other, student)
            self._launch(tournament, number, first, second)
        return True

    def started(self, game: HubGame) -> None:
        number = self.launching.pop((key_of(game.names[0]), key_of(game.names[1])), None)
        found = self.rows.current()
        if number is not None and found is not None:
            try:
                self.rows.pairing_game(game.number, found[0].name, number)
            except StoreProblem as problem:
                self.lobby.notice(f"The tournament could not note game {game.number}: {problem}.")

    def over(self, game: HubGame, result: str) -> None:
        """Enter the result of a tournament game that ended (offered again when it stopped
        first)."""
        try:
            self._enter(game, result)
            for name in game.names:  # (free again: a pairing waiting for them is said)
                student = self._student(name)
                if result and student is not None and student.playing is None:
                    self.entered(student)
        except (StoreProblem, TournamentError) as problem:
            self.lobby.notice(
                f"The tournament's result of game {game.number} is not in: {problem}."
            )

    def _enter(self, game: HubGame, result: str) -> None:
        where = self.rows.game_round(game.number)
        found = None if where is None else self.rows.read(where[0])
        if where is None or found is None:
            return
        tournament, started = found
        number = where[1]
        rnd = tournament.round(number)
        outcome = game.relay.session.result
        pairings = () if rnd is None else rnd.pairings
        pairing = next((p for p in pairings if set(p.names) == set(game.names)), None)
        if pairing is None or pairing.status not in ("pending", "postponed"):
            return  # (a result is in already: the teacher's or a game played again)
        if not result or outcome is None:
            for name in game.names:
                self._tell(
                    name,
                    f"Your round {number} game stopped before its end: type accept to play it again.",
                )
            return
        winner = game.names[outcome.winner - 1]
        changed = enter_result(tournament, number, *game.names, winner, f"hub game {game.number}")
        self.rows.keep(changed, started)
        self.lobby.notice(f"Round {number}: {pairing.p1} - {pairing.p2}, {winner} won.")
        left = [p for n, p in self._to_play(changed, started) if n == started]
        if not left and number == started:
            more = changed.round(started + 1) is not None
            self.lobby.notice(
                f"Round {started} is over: type round for round {started + 1}."
                if more
                else "The tournament is over: type standings for the final standings."
            )
        self._changed(changed)

    def _changed(self, tournament: Tournament) -> None:
        """The standings to each follower still in the lobby."""
        now = standings_now(tournament)
        for key, student in list(self.followers.items()):
            if self.lobby.online.get(key) is student:
                self.lobby.spawn(student.send(now))
            else:
                del self.followers[key]

    def heard(self, student: Student, message: Standings) -> None:
        if message.follow:  # (a projector: told from the first standings on, quietly)
            self.followers[student.key] = student
        found = self.rows.current()
        if found is None:
            if not message.follow:
                self.lobby.say(student, "No tournament is being played in this class.")
            return
        self.lobby.spawn(student.send(standings_now(found[0])))


def standings_now(tournament: Tournament) -> StandingsNow:
    """The standings as the lobby sends them: in words, and row by row for a view."""
    lines = standings_text(tournament).splitlines()
    rows = [
        StandingRow.model_validate(row, from_attributes=True)  # (the fields it names)
        for row in standings(tournament)[:MAX_ROWS]
    ]
    return StandingsNow(tournament=tournament.name, lines=lines[: MAX_ROWS + 3], rows=rows)
