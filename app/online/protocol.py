"""What the host and the guest say to each other: small, versioned pydantic messages.

The host's match session is the referee; the guest only asks. Every message is one JSON
object with a `kind`, read into one of the models below by `read_from_guest` (on the
host) or `read_from_host` (on the guest). Anything else raises `BadMessage`, whose text
says why in words; the side that reads it closes that connection, and only that one.

    guest -> host: hello, move, takeback-ask, takeback-answer, takeback-lapsed, bye
    host -> guest: welcome, moved, refusal, away, takeback-ask, takeback-answer,
                   takeback-lapsed, taken-back, bye

A takeback: either player asks (`takeback-ask`), the other answers; only the host's
session takes moves back, and then says so (`taken-back`, with the number of the next
turn). An ask not answered in time lapses: the asker says so (`takeback-lapsed`). Moves carry how many takebacks their sender had seen, so a move meant for a
position taken back is never played.

A refusal carries its reason in words for the player and a `code` (`Why`) for the
program: a side decides what to do by the code, never by searching the words.

Limits: a guest's message is at most `MAX_GUEST_BYTES` (4 KiB); the host's at most
`MAX_HOST_BYTES` (the welcome carries the match so far, whose moves are bounded by the
rules). Every text field has a length limit; a name is cleaned again where it is shown.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.validation import first_problem

#: The protocol's version: a hello with another one is refused in words (version 4: a
#: refusal carries its `code`).
VERSION = 4
MAX_GUEST_BYTES = 4 * 1024
MAX_HOST_BYTES = 64 * 1024
#: The longest move in notation a guest may send (a collect declaration is the longest).
MAX_MOVE = 200
#: The longest name a guest may send (cleaned and cut further where shown).
MAX_NAME_SENT = 64
MAX_REASON = 600
#: The largest move number (a turn of the match) either side accepts.
MAX_NUMBER = 100_000


class Why(StrEnum):
    """Why a message was refused, for the program (the words are for the player)."""

    #: The rules refused the move (the words are the rules' sentence).
    RULES = "rules"
    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    PLAYED_ALREADY = "played-already"
    OTHER_NUMBER = "other-number"
    #: A takeback ask while another waits; an ask that lapsed; none offered in this game.
    ONE_AT_A_TIME = "one-at-a-time"
    LAPSED = "lapsed"
    NO_TAKEBACKS = "no-takebacks"
    #: Joining: the code is not this game's; too many wrong codes (wait); the game is
    #: not open (over, or the rejoin came too late); the seat has its guest already.
    WRONG_CODE = "wrong-code"
    WAIT = "wait"
    NOT_OPEN = "not-open"
    SEAT_TAKEN = "seat-taken"
    OTHER_VERSION = "other-version"
    #: The guest's name is the host's (ignoring case): join with another. The hub's
    #: knock: a name that cannot be one; a name on the roster whose token this is not.
    SAME_NAME = "same-name"
    NAME = "name"
    NAME_TAKEN = "name-taken"
    #: The connection closes: no hello in time, a message that cannot be read, too many
    #: messages, a long silence.
    CLOSING = "closing"
    #: (A refusal that names no code: an older host's.)
    REFUSED = "refused"


#: The refusals of a takeback ask (the others refuse a move, or the connection).
TAKEBACK_REFUSALS = frozenset({Why.ONE_AT_A_TIME, Why.LAPSED, Why.NO_TAKEBACKS})


class BadMessage(ValueError):
    """A message that cannot be read: its text says why, in words."""


class OtherVersion(BadMessage):
    """A hello with another protocol version."""


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Hello(Message):
    """The guest's first message: its protocol version, the join code, its name."""

    kind: Literal["hello"] = "hello"
    version: int
    code: str = Field(max_length=64)
    name: str = Field(max_length=MAX_NAME_SENT)
    #: How many turns the guest has seen (a rejoin: the host sends those after them).
    have: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: How many takebacks the guest has seen (a rejoin: one it missed is sent first).
    takebacks: int = Field(default=0, ge=0, le=MAX_NUMBER)


class Move(Message):
    """A move in notation for turn `number` (a retried move carries the same number),
    made after `takebacks` takebacks."""

    kind: Literal["move"] = "move"
    number: int = Field(ge=0, le=MAX_NUMBER)
    text: str = Field(max_length=MAX_MOVE)
    takebacks: int = Field(default=0, ge=0, le=MAX_NUMBER)


class TakebackAsk(Message):
    """Asks the other player to allow taking back the asker's last move (and the reply
    after it, if any); `number`: the turns played when asked (a move played since makes
    the ask lapse)."""

    kind: Literal["takeback-ask"] = "takeback-ask"
    number: int = Field(ge=0, le=MAX_NUMBER)


class TakebackAnswer(Message):
    kind: Literal["takeback-answer"] = "takeback-answer"
    accept: bool


class TakebackLapsed(Message):
    """The sender's takeback ask was not answered in time: it lapsed (a late answer is
    passed over)."""

    kind: Literal["takeback-lapsed"] = "takeback-lapsed"


class TakenBack(Message):
    """The host's session took moves back: turn `number` is the next to play, and this
    was takeback number `takebacks` of the game."""

    kind: Literal["taken-back"] = "taken-back"
    number: int = Field(ge=0, le=MAX_NUMBER)
    takebacks: int = Field(ge=0, le=MAX_NUMBER)


class Bye(Message):
    """The sender leaves (the game is kept on both sides); `reason` in words."""

    kind: Literal["bye"] = "bye"
    reason: str = Field(default="", max_length=MAX_REASON)


class Welcome(Message):
    """The host's answer to a good hello: the game as it stands, and who sits where.

    `match` is the match so far (`rules.match.MatchState`, as JSON), `seconds` the time of
    every move played, `turn` the number of the next turn."""

    kind: Literal["welcome"] = "welcome"
    version: int
    seat: Literal[1, 2]
    names: tuple[str, str]
    match: dict[str, Any]
    seconds: list[float] = Field(max_length=MAX_NUMBER)
    turn: int = Field(ge=0, le=MAX_NUMBER)
    record_id: str = Field(max_length=64)
    hints: bool = False
    takebacks: int = Field(default=0, ge=0, le=MAX_NUMBER)


class Moved(Message):
    """Turn `number` was played: `player` played `text` in `seconds`; or, when
    `timed_out`, ran out of time (no move is played, the round ends)."""

    kind: Literal["moved"] = "moved"
    number: int = Field(ge=0, le=MAX_NUMBER)
    player: Literal[1, 2]
    text: str = Field(max_length=MAX_MOVE)
    seconds: float = Field(ge=0)
    timed_out: bool = False


class Refusal(Message):
    """The guest's message was not taken: `reason` in words, `code` for the program
    (`number`: the move's)."""

    kind: Literal["refusal"] = "refusal"
    reason: str = Field(max_length=MAX_REASON)
    number: int | None = None
    code: Why = Field(default=Why.REFUSED, strict=False)


class Away(Message):
    """Who is away (None: both players are here); the clock waits meanwhile."""

    kind: Literal["away"] = "away"
    who: str | None = Field(default=None, max_length=MAX_NAME_SENT)


FromGuest = Annotated[
    Hello | Move | TakebackAsk | TakebackAnswer | TakebackLapsed | Bye,
    Field(discriminator="kind"),
]
FromHost = Annotated[
    Welcome
    | Moved
    | Refusal
    | Away
    | TakebackAsk
    | TakebackAnswer
    | TakebackLapsed
    | TakenBack
    | Bye,
    Field(discriminator="kind"),
]
_GUEST: TypeAdapter[FromGuest] = TypeAdapter(FromGuest)
_HOST: TypeAdapter[FromHost] = TypeAdapter(FromHost)


def encode(message: Message) -> str:
    return message.model_dump_json()


def version_refusal(reason: str) -> str:
    """The refusal of a hello of another version, in the one shape every version reads
    (a kind and a reason: an older guest knows no `code`)."""
    return json.dumps({"kind": "refusal", "reason": reason[:MAX_REASON]})


def _object(raw: str | bytes, limit: int) -> dict[str, Any]:
    if len(raw) > limit:
        raise BadMessage(f"a message is at most {limit // 1024} KiB; that one was larger")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("that message is not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    return data


def read_with(adapter: TypeAdapter[Any], raw: str | bytes, limit: int | None = None) -> Any:
    """`raw` read by `adapter` (a protocol's messages), or BadMessage in words; a message
    over `limit` bytes is refused unread."""
    if limit is not None and len(raw) > limit:
        raise BadMessage(f"a message is at most {limit // 1024} KiB; that one was larger")
    try:
        return adapter.validate_json(raw)
    except ValidationError as error:
        field, why = first_problem(error)
        where = f" ({field[:40]})" if field else ""
        raise BadMessage(f"that message cannot be read{where}: {why[:200]}") from None
    except RecursionError:
        raise BadMessage("that message cannot be read") from None


def read_from_guest(raw: str | bytes) -> FromGuest:
    """A guest's message, or BadMessage (OtherVersion for a hello of another version)."""
    data = _object(raw, MAX_GUEST_BYTES)
    if data.get("kind") == "hello" and data.get("version") != VERSION:
        version = data.get("version")
        theirs = version if isinstance(version, int) and not isinstance(version, bool) else "?"
        raise OtherVersion(
            f"this host speaks version {VERSION} of the online protocol and you speak "
            f"version {theirs}: both players need the same Equation Duel"
        )
    message: FromGuest = read_with(_GUEST, raw)
    return message


def read_from_host(raw: str | bytes) -> FromHost:
    """A host's message, or BadMessage."""
    _object(raw, MAX_HOST_BYTES)
    message: FromHost = read_with(_HOST, raw)
    return message
