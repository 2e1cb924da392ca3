"""What a student's machine and the hub say to each other: small, versioned pydantic
messages, each one JSON object with a `kind` (as `app.online.protocol`).

    student -> hub: knock, who, challenge, rematch, accept, decline, watch, unwatch, bye,
                    follow, computer; live-answer, live-project, standings, homework,
                    homework-answer (`app.hub.protocol_class`)
    hub -> student: admitted, waiting, refusal, said, game-ready, watched,
                    watched-board, here, challenged; live-round, live-count, live-verdict,
                    live-closed, live-summary, standings-now, homework-set, homework-verdict,
                    live-refusal, homework-refusal, homework-list

A game itself is played over the online game protocol (`app.online`): `game-ready` hands
each player the port and the seat's own code of the game's link, and the student's
machine joins it as any guest joins a host. A watcher only ever gets `watched` lines
and, if it asked, `watched-board` (the match it watches, read-only): nothing a spectator
can send names a move.

Limits: a student's message is at most `MAX_STUDENT_BYTES`; every text field has a
length limit; a message that cannot be read closes that connection, never the hub.
"""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import quote

from pydantic import Field, TypeAdapter

from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkAsk,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
    LiveAnswer,
    LiveClosed,
    LiveCount,
    LiveProject,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
    Standings,
    StandingsNow,
)
from app.online.protocol import MAX_NAME_SENT, MAX_REASON, Message, read_with
from app.online.protocol import Bye as Bye  # (one base, encoding, refusal and bye for both)
from app.online.protocol import Refusal as Refusal
from app.online.protocol import encode as encode
from rules.match import MatchState

#: 3: the full screen's lobby (follow, here, challenged), the computer, tournaments and live
#: rounds (issue 39), whose messages a student's machine of version 2 cannot read.
#: 4: the class code in the request's path (`lobby_path`, `game_path`: a proxy routes by
#: it), a watched game's board (`watch` with `board`, `watched-board`), live and homework
#: refusals with their code and the homework listed as data (issue 39). A machine of
#: version 3 cannot read those, so it is told to update; the old paths (`/play`,
#: `/game/N`) stay so that it hears why.
VERSION = 4
OLDEST_VERSION = 4
MAX_STUDENT_BYTES = 2 * 1024
MAX_HUB_BYTES = 16 * 1024
#: A challenge's game options, as typed (`--pool 1-9`): at most this many words.
MAX_FLAGS = 16


class Knock(Message):
    """The student's first message: the class code, the name and its token ("" the first
    time)."""

    kind: Literal["knock"] = "knock"
    version: int
    code: str = Field(max_length=32)
    name: str = Field(max_length=MAX_NAME_SENT)
    token: str = Field(default="", max_length=128)


class Who(Message):
    kind: Literal["who"] = "who"


class Challenge(Message):
    """Challenge `name` to `game` with its options as typed (`--pool 1-9`)."""

    kind: Literal["challenge"] = "challenge"
    name: str = Field(max_length=MAX_NAME_SENT)
    game: str = Field(max_length=32)
    flags: list[Annotated[str, Field(max_length=100)]] = Field(default=[], max_length=MAX_FLAGS)


class Rematch(Message):
    """Challenge the last opponent again, to the same game."""

    kind: Literal["rematch"] = "rematch"


class Accept(Message):
    kind: Literal["accept"] = "accept"


class Decline(Message):
    kind: Literal["decline"] = "decline"


class Watch(Message):
    """Watch the game of a student (`NAME`) or a game by its number; `board`: its match
    too, as it stands after each change (`watched-board`: the spectator's board; not
    for every game, `*`)."""

    kind: Literal["watch"] = "watch"
    target: str = Field(max_length=MAX_NAME_SENT)
    board: bool = False


class Unwatch(Message):
    """Stop watching: no more lines nor boards of the games watched (version 4)."""

    kind: Literal["unwatch"] = "unwatch"


class Admitted(Message):
    """The student is in the lobby as `name`; `token`: a new token to keep ("" when the
    one sent was good)."""

    kind: Literal["admitted"] = "admitted"
    name: str = Field(max_length=MAX_NAME_SENT)
    token: str = Field(default="", max_length=128)


class Waiting(Message):
    """In the waiting room: the teacher has been asked to admit the student."""

    kind: Literal["waiting"] = "waiting"


class Said(Message):
    """Words from the hub for the student (the lobby's news, an answer)."""

    kind: Literal["said"] = "said"
    text: str = Field(max_length=4000)


class GameReady(Message):
    """Game `game` is ready: join it through the hub's own address and port, at the
    game's path (`/class/CODE/game/N`: `game_path`), with `code`."""

    kind: Literal["game-ready"] = "game-ready"
    game: int = Field(ge=1, le=10**9 - 1)
    code: str = Field(max_length=64)


def lobby_path(class_code: str) -> str:
    """The lobby's path on the hub's port, with the class code in it (a proxy in front
    of several hubs routes by it; version 3's machines join at `/play`)."""
    return f"/class/{quote(class_code.lower(), safe='')}/play"


def game_path(number: int, class_code: str = "") -> str:
    """The path of game `number` on the hub's port (`/class/CODE/game/N`; without a
    class code, version 3's `/game/N`)."""
    if not class_code:
        return f"/game/{number}"
    return f"/class/{quote(class_code.lower(), safe='')}/game/{number}"


class Watched(Message):
    """A line of game `game`, as it is played (to its watchers)."""

    kind: Literal["watched"] = "watched"
    game: int = Field(ge=1)
    text: str = Field(max_length=MAX_REASON)


class WatchedBoard(Message):
    """Game `game`'s match as it stands (to a watcher who asked for its board): the
    watcher replays its moves through the rules to draw the position."""

    kind: Literal["watched-board"] = "watched-board"
    game: int = Field(ge=1)
    match: MatchState


class PlayComputer(Message):
    """Play the computer at `level` (easy, medium, perfect) in `game` with its options as
    typed (`--pool 1-9`)."""

    kind: Literal["computer"] = "computer"
    game: str = Field(max_length=32)
    flags: list[Annotated[str, Field(max_length=100)]] = Field(default=[], max_length=MAX_FLAGS)
    level: str = Field(default="medium", max_length=20)


class Follow(Message):
    """Keep me told who is here and who challenges me, as data (the full screen's lobby):
    `here` for every student now and at each change, `challenged` for a challenge."""

    kind: Literal["follow"] = "follow"


class Here(Message):
    """Student `name` is in the lobby (`gone`: has left), playing game `game` (0: none) of
    `game_id` against `against`."""

    kind: Literal["here"] = "here"
    name: str = Field(max_length=MAX_NAME_SENT)
    gone: bool = False
    game: int = Field(default=0, ge=0, le=10**9 - 1)
    game_id: str = Field(default="", max_length=32)
    against: str = Field(default="", max_length=MAX_NAME_SENT)


class Challenged(Message):
    """`name` challenges the student (to a follower, instead of `said`): `text` says it."""

    kind: Literal["challenged"] = "challenged"
    name: str = Field(max_length=MAX_NAME_SENT)
    text: str = Field(max_length=MAX_REASON)


FromStudent = Annotated[
    Knock
    | Who
    | Challenge
    | Rematch
    | Accept
    | Decline
    | Watch
    | Bye
    | LiveAnswer
    | LiveProject
    | Standings
    | HomeworkAsk
    | HomeworkAnswer
    | PlayComputer
    | Follow
    | Unwatch,
    Field(discriminator="kind"),
]
FromHub = Annotated[
    Admitted
    | Waiting
    | Refusal
    | Said
    | GameReady
    | Watched
    | WatchedBoard
    | LiveRound
    | LiveCount
    | LiveVerdict
    | LiveClosed
    | LiveSummary
    | StandingsNow
    | HomeworkSet
    | HomeworkVerdict
    | Here
    | Challenged
    | LiveRefusal
    | HomeworkRefusal
    | HomeworkList,
    Field(discriminator="kind"),
]
_STUDENT: TypeAdapter[FromStudent] = TypeAdapter(FromStudent)
_HUB: TypeAdapter[FromHub] = TypeAdapter(FromHub)


def read_from_student(raw: str | bytes) -> FromStudent:
    message: FromStudent = read_with(_STUDENT, raw, MAX_STUDENT_BYTES)
    return message


def read_from_hub(raw: str | bytes) -> FromHub:
    message: FromHub = read_with(_HUB, raw, MAX_HUB_BYTES)
    return message
