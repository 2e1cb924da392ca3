"""The teacher's console, below both of its front ends (the line console,
`app.plain.hub_console`, and the full screen, `app.tui.hub_console`): the hub with what
it says to the teacher, the opening lines, the teacher's commands in words, who is here
and which games are played, and the QR code of the students' command. Textual-free.

Nothing here polls: the hub calls `notice` when something happens (a knock, a join, a
game starting or ending, refused connections), and the front end reads the state again.
"""

from __future__ import annotations

import datetime as dt
import io
import ssl
from collections.abc import Callable
from typing import Protocol

import segno

from app.hub.games import Watcher
from app.hub.homework import assign_off_loop
from app.hub.homework_teacher import TEACHER_HELP, teacher_homework
from app.hub.hub import Hub
from app.hub.live_words import read_live
from app.hub.lobby import EVERY_GAME
from app.hub.store import HubStore, StoreProblem, key_of
from app.online.relay import shown_host
from app.online.texts import ENCRYPTED, UNENCRYPTED, reach_words

HELP = (
    "The teacher's commands:",
    "  admit NAME   let NAME in (from the waiting room now, or at their first join)",
    "  remove NAME  take NAME off the roster and close their connection",
    "  who          who is here, and what they play",
    "  games        the games in progress and those played",
    "  watch ID     see game ID's moves as they are played (watch * for every game)",
    "  pause        no new game starts (games in progress go on)",
    "  resume       challenges are open again",
    "  live GAME DIFFICULTY SECONDS [COUNT] [--speed-bonus] [--names]",
    "               live rounds: every student in the lobby gets the same puzzle",
    "  live stop    end the live session now (what was played is kept)",
    "  tournament new NAME GAME [--format swiss] [--present] [options]",
    "               a tournament of the class; tournament: its pairings",
    "  round        start the tournament's next round",
    "  absent NAME  NAME is away this round",
    "  standings    the tournament's standings",
    *TEACHER_HELP,
    "  quit         stop the hub (ctrl+c or the end of input too)",
)
#: The tournament's words (`app.hub.tournament.HubTournament.command`).
TOURNAMENT_WORDS = ("tournament", "round", "absent", "standings")
QR_WORDS = (
    "The QR code of the students' command (a phone's camera reads it; --no-qr leaves it out):"
)
STOPPED = "The teacher stopped the hub."


class Tabs(Protocol):
    """What starts and stops with the hub besides (`--web`'s browser tabs,
    `app.serve.hub_tabs`): `start` says where, in lines (OSError: it cannot)."""

    async def start(self, code: str, hub_host: str, hub_port: int) -> list[str]: ...

    async def stop(self) -> None: ...


class HubConsole:
    """The hub and what its console says (see the module's docstring). `said` hears each
    of the hub's notices."""

    def __init__(
        self,
        store: HubStore,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        said: Callable[[str], object] = lambda _text: None,
        tabs: Tabs | None = None,
    ) -> None:
        self.tabs = tabs
        self.said = said
        #: The last count of refused connections, in words ("" before any).
        self.refused = ""
        self.hub = Hub(store, bind=bind, port=port, tls=tls, notice=self._notice)

    async def open_tabs(self) -> list[str]:
        """Once the hub listens: `--web`'s browser tabs, and the lines that say where to
        open them (or why they cannot be served: the hub goes on without them)."""
        if self.tabs is None:
            return []
        try:
            return await self.tabs.start(self.hub.code, self.hub.bind, self.hub.port)
        except OSError as error:
            self.tabs = None
            return [f"Browser tabs cannot be served: {error.strerror or error}."]

    async def stop(self, reason: str) -> None:
        """Stop the browser tabs (their apps end) and the hub."""
        if self.tabs is not None:
            await self.tabs.stop()
        await self.hub.stop(reason)

    def _notice(self, text: str) -> None:
        if text.startswith("Refused "):
            self.refused = text
        self.said(text)

    def join_command(self) -> str:
        """The students' command (the hub listening: its port is known)."""
        flag = "" if self.hub.tls is None else " --tls-ca HUB-CERTIFICATE.pem"
        place = f"{self.hub.code}@{shown_host(self.hub.bind)}:{self.hub.port}"
        return f"equation-duel class join {place} --name NAME{flag}"

    def opening(self, roster: int = 0) -> list[str]:
        """What the console says first: the class code, the students' command, who can
        reach the hub and whether the link is encrypted."""
        lines = [
            f"Class code: {self.hub.code}",
            f"Students join with: {self.join_command()}",
            reach_words(self.hub.bind),
            UNENCRYPTED if self.hub.tls is None else ENCRYPTED,
        ]
        if roster:
            lines.append(f"Admitted from the roster: {roster} (others wait for you to admit them).")
        return lines

    def qr(self, border: int = 4) -> list[str]:
        """The QR code of the students' command, drawn in half blocks."""
        return qr_lines(self.join_command(), border)

    async def answered(self, line: str, watcher: Watcher) -> list[str] | None:
        """The answer to the teacher's command `line` (`answer`), `assign` too: its
        solver's search runs off the hub's loop."""
        word, _, rest = line.strip().partition(" ")
        if word.lower() != "assign":
            return answer(self.hub, line, watcher)
        try:
            projectors = frozenset(s.name.casefold() for s in self.hub.live.projectors.values())
            before = {row.name for row in self.hub.store.assignments()}
            said = await assign_off_loop(self.hub.store, rest.strip(), dt.date.today(), projectors)
            self._homework_news(before)
            return said
        except StoreProblem as problem:
            return [f"That failed: {problem}."]

    def _homework_news(self, before: set[str]) -> None:
        """Those in the lobby (not in a game) given an assignment not in `before` hear
        their open homework now, as at a join (they heard of it only at their next join)."""
        store, lobby = self.hub.store, self.hub.lobby
        for row in store.assignments():
            if row.name not in before:
                given = {kept.student.casefold() for kept in store.homework_puzzles(row.name)}
                for student in list(lobby.online.values()):
                    if student.playing is None and student.name.casefold() in given:
                        lobby.homework.entered(student)

    # What the full screen shows

    def waiting(self) -> list[str]:
        """The names in the waiting room, in order."""
        return [student.name for _, student in sorted(self.hub.lobby.waiting.items())]

    def online(self) -> list[tuple[str, str]]:
        """Each student on the roster: their name, and what they do in words (those in
        the lobby first)."""
        lobby = self.hub.lobby
        here = [
            (student.name, lobby.doing(student).partition(": ")[2])
            for _, student in sorted(lobby.online.items())
        ]
        try:
            roster = self.hub.store.roster()
        except StoreProblem:
            roster = []  # (the records cannot be read now: those here still show)
        away = [
            (student.name, "not here")
            for student in roster
            if key_of(student.name) not in lobby.online
        ]
        return here + away

    def follow(self, changed: Callable[[], object]) -> None:
        """`changed` is called at each line of every game (a move played, a round's or a
        game's end)."""
        self.hub.lobby.watch(EVERY_GAME, object(), lambda _number, _text: changed())

    def games(self) -> list[tuple[int, str]]:
        """The games in progress: their number, and in words who plays what, and whose
        turn it is (the session's own)."""
        rows = []
        for number, game in sorted(self.hub.lobby.games.items()):
            words = game.words()
            if game.relay.playing and not game.relay.over:
                words += f": {game.names[game.relay.session.to_move - 1]} to play"
            rows.append((number, words))
        return rows


def answer(hub: Hub, line: str, watcher: Watcher) -> list[str] | None:
    """The answer to the teacher's command `line`, in words (None: `quit`);
    `watcher` gets the lines of a game the teacher watches."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if word == "quit":
        return None
    try:
        return _answer(hub, word, rest, watcher)
    except StoreProblem as problem:
        return [f"That failed: {problem}."]


def _answer(hub: Hub, word: str, rest: str, watcher: Watcher) -> list[str]:
    if word == "":
        return []
    if word in ("admit", "remove") and not rest:
        return [f"Type {word} and the student's name: {word} Ada."]
    if word == "watch" and not rest:
        return ["Type watch and the game's number (games lists them): watch 1."]
    if word == "admit":
        return [hub.admit(rest)]
    if word == "remove":
        return [hub.remove(rest)]
    if word == "who":
        return hub.lobby.who()
    if word == "games":
        return hub.lobby.game_lines()
    if word == "watch":
        return [hub.lobby.watch(rest, "teacher", watcher)]
    if word in ("pause", "resume"):
        return [hub.pause(word == "pause")]
    if word == "help":
        return list(HELP)
    if word == "live" and rest.lower() == "stop":
        return [hub.live.stop()]
    if word == "live":
        options = read_live(rest)
        return [options] if isinstance(options, str) else [hub.live.start(options)]
    if word in TOURNAMENT_WORDS:
        return hub.tournament.command(word, rest)
    if (homework := teacher_homework(hub.store, word, rest)) is not None:
        return homework
    return ["That is not a command here: type help for the teacher's commands."]


def qr_lines(text: str, border: int = 4) -> list[str]:
    """The QR code of `text` as segno draws it for a terminal: two rows of modules a
    line in half blocks, the LIGHT modules drawn (a terminal's text is light on dark),
    with a quiet zone of `border` modules."""
    out = io.StringIO()
    segno.make(text).terminal(out, border=border, compact=True)
    return out.getvalue().splitlines()
