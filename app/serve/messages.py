"""The browser's websocket messages, checked before they reach an app process.

textual.js sends JSON text frames: `["stdin", text]`, `["resize", {"width": w,
"height": h}]`, `["ping", text]`, `["blur"]` and `["focus"]`. Anything else (binary
frames, other JSON, sizes that are not small whole numbers, huge input) is malformed:
the session is closed with the reason logged, and the server goes on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

#: The largest terminal the browser may ask for, in cells.
MAX_COLUMNS = 1000
MAX_ROWS = 500
#: The most text one message may carry (a paste is a few hundred characters at most).
MAX_TEXT = 64 * 1024
MAX_PING = 64

Kind = Literal["stdin", "resize", "ping", "blur", "focus"]


class BadMessage(ValueError):
    """A message the server refuses; its text is the logged reason."""


@dataclass(frozen=True)
class Message:
    kind: Kind
    text: str = ""
    width: int = 0
    height: int = 0


def check_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size from the browser: whole numbers within bounds."""
    for name, value, limit in (("width", width, MAX_COLUMNS), ("height", height, MAX_ROWS)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadMessage(f"{name} is not a whole number")
        if not 1 <= value <= limit:
            raise BadMessage(f"{name} {value} is outside 1 to {limit}")
    assert isinstance(width, int) and isinstance(height, int)
    return width, height


def size_from_query(width: str | None, height: str | None) -> tuple[int, int]:
    """The size in the websocket address (`?width=80&height=24`); 80×24 when absent."""
    values: list[int] = []
    for name, text, default in (("width", width, 80), ("height", height, 24)):
        if text is None:
            values.append(default)
        elif text.isascii() and text.isdigit() and len(text) <= 4:
            values.append(int(text))
        else:
            raise BadMessage(f"{name} in the address is not a whole number")
    return check_size(values[0], values[1])


def parse_message(data: str) -> Message:
    """Check one text frame from the browser."""
    if len(data) > MAX_TEXT + 1024:
        raise BadMessage(f"message of {len(data)} characters is too long")
    try:
        envelope = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise BadMessage("message is not JSON") from error
    if not isinstance(envelope, list) or not envelope:
        raise BadMessage("message is not a non-empty JSON list")
    kind = envelope[0]
    body = envelope[1:]
    if kind in ("blur", "focus"):
        return Message(kind="blur" if kind == "blur" else "focus")
    if kind not in ("stdin", "resize", "ping"):
        raise BadMessage(f"unknown message type {str(kind)[:40]!r}")
    if len(body) != 1:
        raise BadMessage(f"{kind} message needs exactly one value")
    value = body[0]
    if kind == "resize":
        if not isinstance(value, dict):
            raise BadMessage("resize value is not an object")
        width, height = check_size(value.get("width"), value.get("height"))
        return Message(kind="resize", width=width, height=height)
    if not isinstance(value, str):
        raise BadMessage(f"{kind} value is not text")
    if kind == "ping":
        if len(value) > MAX_PING:
            raise BadMessage("ping value is too long")
        return Message(kind="ping", text=value)
    if len(value) > MAX_TEXT:
        raise BadMessage("stdin text is too long")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BadMessage("stdin text is not valid Unicode") from error
    return Message(kind="stdin", text=value)
