"""Live rounds on the hub (`app.hub.live` is the model): the teacher starts a session
(`live GAME DIFFICULTY SECONDS [COUNT]`, `start`), and each round every student in the
lobby who is not in a game gets the same puzzle at the same moment (`live-round`),
answers once (`live-answer`: `live-verdict`, or `live-refusal` with its code), and the
round closes when everyone asked has answered or the time is up (`live-closed`: the
spread, every winning move, the class against the computer's par). The solver's work
(a round's tables, each answer's judgement, the spread, the summary) runs on the judges'
thread (`app.hub.live_judge`): the loop serves the class meanwhile. Projectors (`live-project`) get every round, a count of the answers as
they come (`live-count`) and the session's summary (`live-summary`), which the teacher's
console says too. A student asked a round is busy until they answer (no challenge).
Every round and answer is kept in the hub's records (`app.hub.live_store`).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from app.hub.live import (
    Answer,
    LiveOptions,
    LiveSession,
    NotTaken,
    Round,
    answer_text,
)
from app.hub.live_judge import judging
from app.hub.live_store import keep_answer, keep_projector, keep_round, new_session
from app.hub.lobby import Lobby
from app.hub.lobby_room import LobbyListener, Notice, Spawn
from app.hub.protocol import MAX_HUB_BYTES, encode
from app.hub.protocol_class import (
    LiveAnswer,
    LiveBar,
    LiveClosed,
    LiveCount,
    LiveProject,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
    Refused,
)
from app.hub.store import HubStore, StoreProblem
from app.hub.store_queue import later
from app.hub.student import Student
from app.online.protocol import Message
from rules.puzzles.bank import NoPuzzle, puzzles_of
from rules.puzzles.model import Puzzle

#: Seconds between two rounds of a session (the spread and the winning moves are read).
GAP = 8.0
#: A closing round waits for the answers still being judged at most this many times 20 ms.
JUDGED_WAITS = 1500


def closed_message(
    live: Round, names: bool, session: LiveSession | None = None, stopped: bool = False
) -> LiveClosed:
    """The closed round for the projector and the students (names only if shown), cut to
    what one message may hold; the class against the par in the session's rounds so far
    (without a session: in this round)."""
    bars = [
        LiveBar(
            words=w[:200], count=c, judgement=j, names=[n[:60] for n in who[:40]] if names else []
        )
        for w, c, j, who in live.spread()[:16]
    ]
    closed = LiveClosed(
        round=live.number,
        asked=len(live.asked),
        answered=len(live.answers),
        right=live.right(),
        bars=bars,
        winning=[line[:600] for line in live.winning()[:8]],
        team=live.right() if session is None else session.team,
        par=round(live.par if session is None else session.par, 2),
        stopped=stopped,
    )
    if len(encode(closed)) > MAX_HUB_BYTES - 256:
        unnamed = [bar.model_copy(update={"names": []}) for bar in bars]
        closed = closed.model_copy(update={"bars": unnamed, "winning": closed.winning[:3]})
    return closed


class LiveRounds(LobbyListener):
    """The hub's live rounds (see the module's docstring): a lobby listener, for the
    students' answers and their being busy."""

    kinds = (LiveAnswer, LiveProject)

    def __init__(
        self, lobby: Lobby, store: HubStore, notice: Notice, spawn: Spawn, gap: float = GAP
    ) -> None:
        self.lobby = lobby
        self.store = store
        self.notice = notice
        self.spawn = spawn
        self.gap = gap
        self.session: LiveSession | None = None
        #: The session's id in the records (None: it could not be kept).
        self.session_id: int | None = None
        self.current: Round | None = None
        self.projectors: dict[str, Student] = {}
        self._round_id: int | None = None
        self._answered = asyncio.Event()
        self._rng = random.Random()
        self._task: asyncio.Task[Any] | None = None
        #: The teacher said `live stop`: the open round closes, then the summary.
        self._stopping = False

    @property
    def on(self) -> bool:
        return self.session is not None

    def start(self, options: LiveOptions) -> str:
        """Start a session of rounds; what the teacher reads."""
        if self.session is not None:
            return "A live session is on already: wait for its summary."
        if not puzzles_of(options.game, options.difficulty):
            return f"The puzzle bank has no {options.difficulty} {options.game} puzzles."
        if not self._asked():
            return "Nobody in the lobby can be asked (everyone is in a game, or nobody is here)."
        self.session = LiveSession(options)
        self.spawn(self._run(self.session))
        rounds = "1 round" if options.count == 1 else f"{options.count} rounds"
        scoring = (
            "Right answers score, and the faster the more (speed bonus on)"
            if options.speed_bonus
            else "Right answers score; time does not"
        )
        return (
            f"Live session: {rounds} of {options.difficulty} {options.game} puzzles, "
            f"{options.seconds:g} seconds each. {scoring}."
        )

    def busy(self, student: Student) -> str | None:
        """What keeps `student` from playing now ("answering live round 2", "the class's
        projector"), or None."""
        if self.projectors.get(student.key) is student:
            return "the class's projector"
        live = self.current
        if live is None or live.closed:
            return None
        if student.key in live.asked and student.key not in live.answers:
            return f"answering live round {live.number}"
        return None

    # What a student sends

    def heard(self, student: Student, message: LiveAnswer | LiveProject) -> None:
        if isinstance(message, LiveProject):
            self.projectors[student.key] = student
            failed = "The projector's name could not be kept"
            try:
                later(self.store, failed, keep_projector, self.store, student.name)
            except StoreProblem as problem:
                self.notice(f"{failed}: {problem}.")
            self.lobby.say(student, "This screen shows the class's live rounds as they come.")
            if self.current is not None and not self.current.closed:
                self._send(student, self._round_message(self.current))
        else:
            self.spawn(self._answer(student, message))

    async def _answer(self, student: Student, message: LiveAnswer) -> None:
        """`message` judged on the judges' thread (the loop serves the class meanwhile),
        then scored, kept and said; or refused in words with its code."""
        live, session = self.current, self.session

        def refuse(code: Refused, text: str) -> None:
            self._send(student, LiveRefusal(round=message.round, code=code, text=text[:600]))

        if live is None or session is None or message.round > live.number:
            refuse(Refused.NO_ROUND, f"There is no live round {message.round} to answer now.")
            return
        if message.round < live.number:
            refuse(Refused.ROUND_OVER, f"Live round {message.round} is over: the time was up.")
            return
        refused = live.refusal(student.key)
        if refused is not None:
            refuse(refused.code, refused.text)
            return
        taken = live.clock() - live.opened
        live.judged_now.add(student.key)
        try:
            judged = await judging(live.judge, message.move)
        finally:
            live.judged_now.discard(student.key)
        if isinstance(judged, NotTaken):
            refuse(judged.code, judged.text)
            return
        said = live.take(student.key, judged, taken)
        score = session.counted(student.key, said)
        self._keep(said)
        verdict = LiveVerdict(
            round=live.number,
            judgement=said.judgement,
            text=answer_text(said, score.streak, score.points)[:600],
            points=said.points,
            streak=score.streak,
            total=score.points,
        )
        self._send(student, verdict)
        count = LiveCount(round=live.number, answered=len(live.answers), asked=len(live.asked))
        for projector in list(self.projectors.values()):
            self._send(projector, count)
        if live.all_answered:
            self._answered.set()

    def _keep(self, answer: Answer) -> None:
        if self._round_id is None:
            return
        try:  # (queued behind the records' other writes: not awaited)
            later(
                self.store,
                "An answer could not be kept",
                keep_answer,
                self.store,
                self._round_id,
                answer,
            )
        except StoreProblem as problem:
            self.notice(f"An answer could not be kept: {problem}.")

    # The session

    def _send(self, student: Student, message: Message) -> None:
        if self.lobby.online.get(student.key) is student:
            self.spawn(student.send(message))

    def _round_message(self, live: Round) -> LiveRound:
        return LiveRound(
            round=live.number,
            of=live.options.count,
            puzzle=json.dumps(live.puzzle.to_bank()),
            seconds=max(0.1, live.left),
            asked=len(live.asked),
        )

    def _draw(self, options: LiveOptions, seen: set[str]) -> Puzzle:
        found = puzzles_of(options.game, options.difficulty)
        fresh = [p for p in found if p.id not in seen] or found
        if not fresh:
            raise NoPuzzle(f"the puzzle bank has no {options.difficulty} {options.game} puzzles")
        puzzle = self._rng.choice(fresh)
        seen.add(puzzle.id)
        return puzzle

    def _asked(self) -> dict[str, str]:
        """Everyone in the lobby who is not in a game (nor a projector)."""
        return {
            key: s.name
            for key, s in sorted(self.lobby.online.items())
            if s.admitted and s.playing is None and key not in self.projectors
        }

    def stop(self, now: bool = False) -> str:
        """End the session (`live stop`): the round that is open closes at once, as if
        its time were up, and the summary follows; `now` (the hub stopping): at once,
        nothing more is sent. What was played is kept."""
        if self._task is None or self.session is None:
            return "No live session is on."
        if now:
            self._task.cancel()
        else:
            self._stopping = True
            self._answered.set()
        rounds = self.session.rounds_played()
        return f"The live session is stopped after {rounds}: what was played is kept."

    async def _run(self, session: LiveSession) -> None:
        self._task = asyncio.current_task()
        try:
            await self._rounds(session)
        except Exception as error:  # (said in one line: never a traceback on the console)
            self.notice(f"The live session failed ({type(error).__name__}): it stopped.")
        finally:
            self.current = None
            self.session = None
            self._task = None
            self._stopping = False

    async def _rounds(self, session: LiveSession) -> None:
        options = session.options
        try:
            self.session_id = new_session(self.store, options)
        except StoreProblem as problem:
            self.session_id = None
            self.notice(f"The live session is not kept: {problem}.")
        seen: set[str] = set()
        told: dict[str, Student] = {}
        for number in range(1, options.count + 1):
            if self._stopping:
                break
            live = await judging(Round, number, self._draw(options, seen), options, self._asked())
            live.opened = live.clock()
            session.rounds.append(live)
            self.current = live
            self._round_id = self._kept_round(live)
            self._answered.clear()
            opened = self._round_message(live)
            students = [self.lobby.online[key] for key in live.asked]
            told.update((s.key, s) for s in students)
            for student in [*students, *self.projectors.values()]:
                self._send(student, opened)
            self.notice(
                f"Live round {number} of {options.count}: {live.puzzle.game} "
                f"{live.puzzle.difficulty} puzzle {live.puzzle.id}, {len(live.asked)} "
                f"{'student' if len(live.asked) == 1 else 'students'} asked, "
                f"{options.seconds:g} seconds."
            )
            while not live.all_answered and live.left > 0 and not self._stopping:
                try:
                    await asyncio.wait_for(self._answered.wait(), timeout=live.left)
                except TimeoutError:
                    break
            live.closed = True
            await self._close(session, live, students)
            if number < options.count and not self._stopping:
                await asyncio.sleep(self.gap)
        lines = await judging(session.summary)
        for line in lines:
            self.notice(line)
        shown = await judging(session.summary, options.names)
        if self._stopping:  # (the students and projectors are told why it ended early)
            stopped = f"The teacher stopped the live session after {session.rounds_played()}."
            shown = [stopped, *shown]
        summary = LiveSummary(lines=[line[:600] for line in shown[:16]])
        for student in [*told.values(), *self.projectors.values()]:
            self._send(student, summary)

    def _kept_round(self, live: Round) -> int | None:
        if self.session_id is None:
            return None
        try:
            return keep_round(self.store, self.session_id, live)
        except StoreProblem as problem:
            self.notice(f"Live round {live.number} is not kept: {problem}.")
            return None

    async def _close(self, session: LiveSession, live: Round, students: list[Student]) -> None:
        for _ in range(JUDGED_WAITS):  # (the answers that came in time, still being judged)
            if not live.judged_now:
                break
            await asyncio.sleep(0.02)
        for key, name in live.asked.items():
            if key not in live.answers:
                session.missed(key, name)
        names = session.options.names
        closed = await judging(closed_message, live, names, session, self._stopping)
        for student in [*students, *self.projectors.values()]:
            self._send(student, closed)
        self.notice(
            f"Round {live.number} closed: {len(live.answers)} of {len(live.asked)} answered, "
            f"{live.right()} right."
        )
