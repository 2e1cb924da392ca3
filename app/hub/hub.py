"""The hub's server: one aiohttp websocket server on the program's loop (a `HostServer`,
as the host's), with the class's waiting room and lobby (`app.hub.lobby`).

A connection is admitted in steps: no browser `Origin` (as the host), at most
`MAX_KNOCKING` waiting to say anything (a new one closes the oldest), a `knock` within
`HELLO_SECONDS` of this protocol's version with the class code (constant time, the
wrong-code budget of `app.online.codes.WrongCodes`). The lobby is at `/class/CODE/play`
and a game at `/class/CODE/game/N` (the code in the path: a proxy routes by it; a wrong
one there is a wrong code), and, for machines of protocol version 3, at `/play` and
`/game/N`. Then the name: a name with a token
on the roster needs that token (a stolen name is refused); a roster name without one is
admitted and given its token; any other name waits in the waiting room until the
teacher admits it (`admit NAME`). A message that cannot be read, is too large or one
too many closes that connection only; the teacher's terminal hears a count of refused
connections at most, never their bytes.
"""

from __future__ import annotations

import contextlib
import ssl

from aiohttp import WSMsgType, web

from app.hub.codes import new_token, token_hash
from app.hub.live_rounds import LiveRounds
from app.hub.lobby import PAUSED, Lobby
from app.hub.lobby_room import Notice
from app.hub.protocol import (
    MAX_STUDENT_BYTES,
    OLDEST_VERSION,
    VERSION,
    Admitted,
    Knock,
    Said,
    Waiting,
    read_from_student,
)
from app.hub.store import HubStore, StoreProblem, key_of
from app.hub.store_queue import QueuedStore, asked
from app.hub.student import Student
from app.hub.tournament import HubTournament
from app.online.codes import RateCap, WrongCodes, same_code
from app.online.host_admission import (
    HELLO_SECONDS,
    Knocking,
    capital,
    crowded_out,
    each_message,
    refuse,
    turned_away,
)
from app.online.host_link import HEARTBEAT, IDLE_SECONDS
from app.online.host_server import HostServer
from app.online.protocol import BadMessage, Why
from rules.names import NameProblem, clean_name

#: Connections that have not knocked yet, at most (a new one closes the oldest): a whole
#: class may knock at once.
MAX_KNOCKING = 256
#: Students waiting for the teacher at most.
MAX_WAITING = 64
#: Seconds a connection that has not asked yet is kept however many come after it (up
#: to `app.online.host_strangers.MAX_YOUNG`): a student connecting among a flood of
#: connections made at the same moment still gets in (tests/hub/test_hostile_soak.py).
UNASKED_GRACE = 1.0


class Hub(HostServer):
    """The class's server (see the module's docstring); `lobby` holds who is here and the
    games."""

    def __init__(
        self,
        store: HubStore,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        notice: Notice | None = None,
    ) -> None:
        self.code = store.class_code()
        self.notice: Notice = notice or (lambda _text: None)
        #: The records, every statement off the loop, in order (`app.hub.store_queue`).
        self.store = QueuedStore(store, lambda text: self.notice(text))
        self.wrong_codes = WrongCodes()
        self._knocking = Knocking(MAX_KNOCKING)
        self.lobby = Lobby(self.store, self.notice, self._spawn)
        #: Live rounds (issue 39): `live.start(options)`.
        self.live = LiveRounds(self.lobby, self.store, self.notice, self._spawn)
        self.tournament = HubTournament(self.lobby, self.store)
        #: (in this order: a student coming in hears of their pairing, then their homework)
        self.lobby.listeners += [self.live, self.tournament, self.lobby.homework]
        super().__init__(bind, port, tls)
        self.strangers.whose = "a student of this class"
        self.unasked.grace = UNASKED_GRACE

    async def _goodbye(self, reason: str) -> None:
        for student in list(self.lobby.online.values()):
            await student.send(Said(text=reason))

    async def _close_guests(self) -> None:
        for student in [*self.lobby.online.values(), *self.lobby.waiting.values()]:
            await student.close()

    def _routes(self, app: web.Application) -> None:
        super()._routes(app)
        app.router.add_get("/game/{number:[0-9]{1,9}}", self._game)
        app.router.add_get("/class/{code:[^/]{1,32}}/play", self._handle)
        app.router.add_get("/class/{code:[^/]{1,32}}/game/{number:[0-9]{1,9}}", self._game)

    def _wrong_path(self, request: web.Request) -> bool:
        """Whether the request's path carries a class code that is not this class's (a
        wrong code: it spends the wrong-code budget)."""
        code = request.match_info.get("code")
        if code is None or same_code(code, self.code):
            return False
        self.wrong_codes.wrong()
        return True

    async def _game(self, request: web.Request) -> web.StreamResponse:
        """A player joining a game: its link (attached to this port) admits them, with
        its seats' codes and its own wrong-code budget."""
        self.unasked.asked(request.protocol)
        game = self.lobby.games.get(int(request.match_info["number"]))
        if game is None or game.relay.link.stopped or self._wrong_path(request):
            self.strangers.refused()
            return web.Response(status=404, text="No such game is being played.")
        return await game.relay.link.handle(request)

    async def stop(self, reason: str = "") -> None:
        """Stop every game (kept), say goodbye and stop listening."""
        self.lobby.stopping = True
        self.live.stop(now=True)
        for game in list(self.lobby.games.values()):
            game.stop()
        await super().stop(reason)
        await self.store.drain()

    # The teacher's commands

    def admit(self, name: str) -> str:
        """Let `name` in: from the waiting room now, else at their first join."""
        student = self.lobby.waiting.get(key_of(name))
        if student is not None:
            token = new_token()
            self.store.give_token(student.name, token_hash(token))
            self._enter(student, token)
            return f"{student.name} is admitted."
        try:
            name = clean_name(name)
        except NameProblem as error:
            return f"That name cannot be admitted: {error}."
        if self.store.admit(name):
            return f"{name} is on the roster: their first join lets them in."
        return f"{name} is on the roster already."

    def remove(self, name: str) -> str:
        """Take `name` off the roster (their token no longer lets them in) and close
        their connection."""
        student = self.store.student(name)
        shown = name if student is None else student.name
        known = self.store.remove(name)
        gone = self.lobby.drop(key_of(name), "The teacher removed you from the class.")
        if known or gone:
            return f"{shown} is removed from the class."
        return f"{name} is not on the roster."

    def pause(self, paused: bool) -> str:
        """Pause the class (no new game starts; games in progress go on), or resume it;
        every student in the lobby is told."""
        if self.lobby.paused == paused:
            return "The class is paused already." if paused else "The class is not paused."
        self.lobby.paused = paused
        words = PAUSED if paused else "The teacher resumed the class: challenges are open."
        for student in list(self.lobby.online.values()):
            self.lobby.say(student, words)
        if paused:
            return "The class is paused: games in progress go on; type resume to open it."
        return "The class is resumed: students may challenge each other again."

    # The connection

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self.unasked.asked(request.protocol)
        turned = turned_away(request)
        if turned is not None:
            self.strangers.refused()
            return turned
        ws = web.WebSocketResponse(max_msg_size=MAX_STUDENT_BYTES, heartbeat=HEARTBEAT)
        oldest = self._knocking.enter(ws)
        if oldest is not None:
            self._spawn(crowded_out(oldest, "did not knock"))
        try:
            await ws.prepare(request)
            knock = await self._knock(ws, request.match_info.get("code"))
        finally:
            self._knocking.leave(ws)
        try:
            student = None if knock is None else await self._admission(ws, knock)
        except StoreProblem as problem:
            self.notice(f"{capital(str(problem))}.")
            await refuse(ws, "The class's records cannot be read now: try again soon.", Why.WAIT)
            student = None
        if student is None:
            self.strangers.refused()
            await ws.close()
            return ws
        try:
            await self._read(ws, student)
        finally:
            self.lobby.left(student)
            with contextlib.suppress(Exception):
                await ws.close()
        return ws

    async def _knock(self, ws: web.WebSocketResponse, in_path: str | None) -> Knock | None:
        """The first message: a knock with the class code, the same as the one `in_path`
        (the request's, when it has one) (None: refused, in words)."""
        try:
            first = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await refuse(ws, "No knock came in time.")
            return None
        if first.type != WSMsgType.TEXT:
            return None
        try:
            knock = read_from_student(first.data)
        except BadMessage as error:
            await refuse(ws, capital(str(error)) + ".")
            return None
        if not isinstance(knock, Knock):
            await refuse(ws, "The first message must be a knock.")
            return None
        if not OLDEST_VERSION <= knock.version <= VERSION:
            words = (
                f"This hub speaks version {VERSION} of the class protocol: update Equation Duel."
            )
            await refuse(ws, words, Why.OTHER_VERSION)
            return None
        codes = [knock.code] if in_path is None else [knock.code, in_path]
        if not all(same_code(code, self.code) for code in codes):
            wait = self.wrong_codes.wrong()
            if wait > 0:
                await refuse(ws, f"Too many wrong codes: wait {int(wait) + 1} seconds.", Why.WAIT)
            else:
                await refuse(ws, "That is not this class's code.", Why.WRONG_CODE)
            return None
        return knock

    async def _admission(self, ws: web.WebSocketResponse, knock: Knock) -> Student | None:
        """The student in the lobby, or in the waiting room; None: refused (in words)."""
        try:
            name = clean_name(knock.name)
        except NameProblem as error:
            await refuse(ws, capital(str(error)) + ".", Why.NAME)
            return None
        known = await asked(self.store, self.store.student, name)
        if known is not None and known.token_hash is not None:
            if await asked(self.store, self.store.token_fits, name, knock.token):
                return self._enter(Student(known.name, ws), "")
            await refuse(
                ws,
                f"{known.name} is taken in this class: join with your own name.",
                Why.NAME_TAKEN,
            )
            return None
        if known is not None:  # (on the roster: admitted ahead)
            token = new_token()
            await asked(self.store, self.store.give_token, known.name, token_hash(token))
            return self._enter(Student(known.name, ws), token)
        if len(self.lobby.waiting) >= MAX_WAITING:
            await refuse(ws, "The waiting room is full: try again in a minute.", Why.WAIT)
            return None
        student = Student(name, ws)
        self.lobby.wait(student)
        await student.send(Waiting())
        self.notice(f"{name} knocks: type admit {name} to let them in.")
        return student

    def _enter(self, student: Student, token: str) -> Student:
        """`student` is admitted (with a new `token` to keep, or "")."""
        self._spawn(student.send(Admitted(name=student.name, token=token)))
        self.lobby.enter(student)  # (what it says comes after the admission)
        return student

    async def _read(self, ws: web.WebSocketResponse, student: Student) -> None:
        async for read in each_message(ws, read_from_student, IDLE_SECONDS, RateCap()):
            if not self.lobby.heard(student, read):
                return
