"""A class tournament on the hub (docs/hub.md, "Tournaments"): `rules.tournament` pairs
the rounds and ranks the players; the hub plays the pairings as its own games and
enters each result when its game ends.

The teacher's console: `tournament new NAME GAME [options]` (`app.hub.tournament_new`),
`round` (start the next round), `absent NAME`, `standings`, `tournament` (the
pairings). `round` starts at once each pairing whose two students are in the lobby and
free; any other is offered to its students ("Round 2: you play Bo at fifty: type
accept"), and starts when both have accepted. A bye is said in words. An absent
student's pairing is handled as `tournament absent` does (a round robin postpones it, a
Swiss re-pairs the round before it starts, after that it is a forfeit); a postponed
pairing is offered again with the next round. A game that stops before its end leaves
its pairing to play (offered again); a game the hub stopped goes on when the hub starts
again, and its result is entered then.

Students: `accept` (a pairing offered), `standings` (and `follow`: each change, for a
projector view: `app.hub.protocol.StandingsNow`).
"""

from __future__ import annotations

from app.classroom.tournament.text import pairings_text, standings_text
from app.hub.store import key_of
from app.hub.tournament_new import read_new
from app.hub.tournament_play import PairingPlay
from rules.tournament.course import mark_absent
from rules.tournament.model import Tournament, TournamentError

NO_TOURNAMENT = "No tournament yet: type tournament new NAME GAME (help says more)."


class HubTournament(PairingPlay):
    """The tournament being played on the hub, with the teacher's commands (see the
    module's docstring)."""

    def _current(self) -> tuple[Tournament, int]:
        found = self.rows.current()
        if found is None:
            raise TournamentError(NO_TOURNAMENT)
        return found

    # The teacher's commands (each: the lines to say on the console)

    def command(self, word: str, rest: str) -> list[str]:
        """The console's `tournament [new ...]`, `round`, `absent NAME`, `standings`;
        a refusal in words."""
        try:
            if word == "tournament" and rest.split(" ")[0].lower() == "new":
                return self.new(rest[3:].strip())
            if word == "tournament" and rest:
                return ["Type tournament to see the pairings, or tournament new NAME GAME."]
            if word == "absent" and not rest:
                return ["Type absent and the student's name: absent Ada."]
            answer = {"round": self.round, "standings": self.standings, "tournament": self.show}
            return self.absent(rest) if word == "absent" else answer[word]()
        except TournamentError as error:
            text = str(error)
            return [text if text.endswith(".") else f"That cannot be done: {text}."]

    def new(self, text: str) -> list[str]:
        roster = [student.name for student in self.lobby.store.roster()]
        present = [student.name for student in self.lobby.online.values()]
        tournament = read_new(text, roster, present)
        if not self.rows.create(tournament):
            raise TournamentError(f"a tournament called {tournament.name} is on this hub already")
        self.accepted.clear()
        self._changed(tournament)  # (a projector shows the new tournament's table)
        return [*pairings_text(tournament).splitlines(), "Type round to start round 1."]

    def show(self) -> list[str]:
        tournament, _ = self._current()
        return pairings_text(tournament).splitlines()

    def standings(self) -> list[str]:
        tournament, _ = self._current()
        return standings_text(tournament).splitlines()

    def round(self) -> list[str]:
        """Start the next round: its pairings (and those postponed) started or offered."""
        tournament, started = self._current()
        left = [p for n, p in self._to_play(tournament, started) if n == started]
        if left:
            return [f"Round {started} is not over: {self._how(tournament, p)}." for p in left] + [
                "Type round again when its games have ended (absent NAME for a student away)."
            ]
        number = started + 1
        rnd = tournament.round(number)
        if rnd is None:
            return ["Every round is played: the tournament is over.", *self.standings()]
        self.rows.keep(tournament, number)
        self.accepted.clear()
        game = tournament.game_of(number)
        lines = [f"Round {number} of {tournament.rounds_planned} begins: {game}."]
        for at, pairing in self._to_play(tournament, number):
            lines.append(self._begin(tournament, at, pairing, number))
        if rnd.bye is not None:
            lines.append(f"{rnd.bye} has the bye in round {number}: {self._bye(tournament)}.")
            self._tell(rnd.bye, f"Round {number}: you have the bye ({self._bye(tournament)}).")
        return lines

    def absent(self, name: str) -> list[str]:
        """`name` is away for the round being played (the next one when it is over)."""
        tournament, started = self._current()
        player = next((p for p in tournament.players if key_of(p) == key_of(name)), None)
        if player is None:
            raise TournamentError(f"{name[:40]} is not in the tournament {tournament.name}")
        student = self.lobby.online.get(key_of(player))
        if student is not None and student.playing is not None:
            raise TournamentError(f"{player} is playing: they are not absent")
        waiting = any(p.has(player) for n, p in self._to_play(tournament, started) if n == started)
        number = started if waiting or tournament.round(started + 1) is None else started + 1
        changed = mark_absent(tournament, number, player, re_pair=number > started)
        self.rows.keep(changed, started)
        rule = (
            "their pairing is postponed, to be played later"
            if changed.format == "round-robin"
            else "their opponent wins by forfeit"
            if number == started
            else "the round is paired without them"
        )
        lines = [f"{player} is absent in round {number}: {rule}."]
        if number > started:
            lines += pairings_text(changed, number).splitlines()[2:]
        self._changed(changed)
        return lines
