"""What a class does together, in the hub's protocol (`app.hub.protocol` holds the lobby's
messages and reads them all): live rounds (issue 39, `app.hub.live_rounds`), the class
tournament's standings (`app.hub.tournament_play`) and homework (`app.hub.homework_desk`).

An answer or a request the hub does not take is refused with its reason in words for the
student and a `code` (`Refused`) for the program (`live-refusal`, `homework-refusal`): a
front end decides what to do by the code, never by searching the words.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field

from app.online.protocol import MAX_NAME_SENT, MAX_REASON, Message


class Refused(StrEnum):
    """Why a live answer or a homework request was not taken (the words say it too)."""

    #: The text is no legal move in the position: answer again.
    NOT_A_MOVE = "not-a-move"
    #: One answer a round, two tries a puzzle: this one is answered already.
    ANSWERED = "answered"
    #: Live: the student was not asked this round; the round's time was up; no such round
    #: is open (yet: answer again when it comes).
    NOT_ASKED = "not-asked"
    ROUND_OVER = "round-over"
    NO_ROUND = "no-round"
    #: Homework: not set for this student; past its due day; no such puzzle in it; the
    #: class's records failed (try again soon).
    NOT_SET = "not-set"
    LATE = "late"
    NO_PUZZLE = "no-puzzle"
    FAILED = "failed"


#: The refusals after which the same puzzle is answered again (the others end its answer).
ANSWER_AGAIN = frozenset({Refused.NOT_A_MOVE, Refused.NO_ROUND})


class LiveAnswer(Message):
    """A student's answer to live round `round` (issue 39): a move, in notation."""

    kind: Literal["live-answer"] = "live-answer"
    round: int = Field(ge=1, le=10**6)
    move: str = Field(max_length=100)


class LiveProject(Message):
    """This connection is a projector: it gets every live round's puzzle, count and
    spread (`class project`), and is never asked a puzzle itself."""

    kind: Literal["live-project"] = "live-project"


class LiveRound(Message):
    """Live round `round` of `of`: `puzzle` (the bank's row, JSON) to answer within
    `seconds` (`asked`: how many students were asked)."""

    kind: Literal["live-round"] = "live-round"
    round: int = Field(ge=1)
    of: int = Field(ge=1)
    puzzle: str = Field(max_length=8000)
    seconds: float = Field(gt=0, le=3600)
    asked: int = Field(ge=0)


class LiveCount(Message):
    """How many of those asked have answered round `round` so far (the projector's)."""

    kind: Literal["live-count"] = "live-count"
    round: int = Field(ge=1)
    answered: int = Field(ge=0)
    asked: int = Field(ge=0)


class LiveVerdict(Message):
    """The student's own answer judged: `judgement` (win, draw, lose), the words (the
    refutation for a move that does not win), the points and the streak after it."""

    kind: Literal["live-verdict"] = "live-verdict"
    round: int = Field(ge=1)
    judgement: Literal["win", "draw", "lose"]
    text: str = Field(max_length=MAX_REASON)
    points: int = Field(ge=0)
    streak: int = Field(ge=0)
    total: int = Field(ge=0)


class LiveRefusal(Message):
    """The answer to live round `round` was not taken: `text` in words, `code` why."""

    kind: Literal["live-refusal"] = "live-refusal"
    round: int = Field(ge=0)
    code: Refused = Field(strict=False)
    text: str = Field(max_length=MAX_REASON)


class LiveBar(Message):
    """One move of a closed round's spread: its words, how many played it, whether it
    wins, and who played it (empty unless the teacher shows names)."""

    words: str = Field(max_length=200)
    count: int = Field(ge=0)
    judgement: Literal["win", "draw", "lose"]
    names: list[Annotated[str, Field(max_length=MAX_NAME_SENT)]] = Field(default=[], max_length=40)


class LiveClosed(Message):
    """Round `round` closed: the spread of answers, every winning move with the solver's
    sentence, how many were asked, answered and right."""

    kind: Literal["live-closed"] = "live-closed"
    round: int = Field(ge=1)
    asked: int = Field(ge=0)
    answered: int = Field(ge=0)
    right: int = Field(ge=0)
    bars: list[LiveBar] = Field(default=[], max_length=16)
    winning: list[Annotated[str, Field(max_length=MAX_REASON)]] = Field(default=[], max_length=8)
    #: Team mode (`app.hub.live_par`): the right answers of the session so far, and the
    #: computer's par for them (what it would find in each asked student's place).
    team: int = Field(default=0, ge=0)
    par: float = Field(default=0.0, ge=0)
    #: Closed early: the teacher stopped the session (not the time running out).
    stopped: bool = False


class LiveSummary(Message):
    """The session of live rounds is over: its summary in lines."""

    kind: Literal["live-summary"] = "live-summary"
    lines: list[Annotated[str, Field(max_length=MAX_REASON)]] = Field(default=[], max_length=16)


class Standings(Message):
    """The class tournament's standings, please (`follow`: and again each time they
    change, for a projector view)."""

    kind: Literal["standings"] = "standings"
    follow: bool = False


class StandingRow(Message):
    place: int = Field(ge=1)
    name: str = Field(max_length=MAX_NAME_SENT)
    points: float
    won: int = Field(ge=0)
    lost: int = Field(ge=0)
    byes: int = Field(ge=0)


class StandingsNow(Message):
    """The class tournament's standings: in words (`lines`, as the console shows them)
    and row by row, best first (`rows`, for a view that draws its own table)."""

    kind: Literal["standings-now"] = "standings-now"
    tournament: str = Field(max_length=64)
    lines: list[Annotated[str, Field(max_length=400)]] = Field(default=[], max_length=64)
    rows: list[StandingRow] = Field(default=[], max_length=60)


class HomeworkAsk(Message):
    """The student's homework: listed in words ("" `name`), or assignment `name`'s
    puzzles (`homework-set`)."""

    kind: Literal["homework"] = "homework"
    name: str = Field(default="", max_length=MAX_NAME_SENT)


class HomeworkAnswer(Message):
    """A try at puzzle `puzzle` (from 1) of `assignment`: its first move, in notation,
    and the seconds the student took (the hub judges it: `homework-verdict`)."""

    kind: Literal["homework-answer"] = "homework-answer"
    assignment: str = Field(max_length=MAX_NAME_SENT)
    puzzle: int = Field(ge=1, le=1000)
    move: str = Field(max_length=100)
    seconds: float = Field(default=0.0, ge=0, le=10**7)


class HomeworkSet(Message):
    """Assignment `assignment`'s puzzles for this student (the bank's rows) and each
    one's tries left (`app.hub.homework`)."""

    kind: Literal["homework-set"] = "homework-set"
    assignment: str = Field(max_length=MAX_NAME_SENT)
    due: str = Field(max_length=10)
    what: str = Field(max_length=200)
    puzzles: list[dict[str, Any]] = Field(max_length=20)
    left: list[int] = Field(max_length=20)


class HomeworkVerdict(Message):
    """The hub's verdict on a try (`text`: in words, the winning moves once it is over)."""

    kind: Literal["homework-verdict"] = "homework-verdict"
    assignment: str = Field(max_length=MAX_NAME_SENT)
    puzzle: int = Field(ge=1)
    right: bool
    text: str = Field(max_length=4000)
    retry: bool


class HomeworkRefusal(Message):
    """A homework request or answer (of `assignment`, puzzle `puzzle`: 0 for none) was not
    taken: `text` in words, `code` why."""

    kind: Literal["homework-refusal"] = "homework-refusal"
    assignment: str = Field(max_length=MAX_NAME_SENT)
    puzzle: int = Field(default=0, ge=0)
    code: Refused = Field(strict=False)
    text: str = Field(max_length=MAX_REASON)


class Assignment(Message):
    """One assignment open to the student: its puzzles' `game` ("any": several games)
    and `difficulty` ("": several), how many puzzles, how many from the student's own
    games' mistakes (`own`), the due day (YYYY-MM-DD) and how many are `done` (right, or
    both tries used)."""

    name: str = Field(max_length=MAX_NAME_SENT)
    game: str = Field(max_length=32)
    difficulty: str = Field(max_length=16)
    count: int = Field(ge=0, le=1000)
    own: int = Field(default=0, ge=0, le=1000)
    due: str = Field(max_length=10)
    done: int = Field(default=0, ge=0, le=1000)


class HomeworkList(Message):
    """The student's open homework (at the join when there is some, and on `homework`):
    each front end says it in its own words (`app.hub.homework_words`)."""

    kind: Literal["homework-list"] = "homework-list"
    assignments: list[Assignment] = Field(default=[], max_length=40)
