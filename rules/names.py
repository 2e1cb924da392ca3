"""Player names and other outside text made safe to show (RULINGS.md, "Text a player types").

Escape sequences (CSI, OSC, C1, two-character `ESC x`) and every other control or invisible
formatting character are removed; any whitespace becomes one space; the rest is trimmed.
"""

from __future__ import annotations

import re

#: The longest name a player can give (characters, after cleaning).
MAX_NAME = 32

# ESC or the 8-bit CSI/OSC/DCS introducers, with what follows them.
_ESCAPES = re.compile(
    r"""
    (?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?   # CSI … final byte
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])              # OSC, DCS, SOS, PM, APC …
      [^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?                # … up to BEL or ST
    | \x1b[\x20-\x2f]*[\x30-\x7e]?                         # ESC x (and a lone ESC)
    """,
    re.VERBOSE,
)
_SPACES = re.compile(r" {2,}")


class NameProblem(ValueError):
    """A name that cannot be used; the message says why in a player's words."""


def strip_controls(text: str) -> str:
    """`text` without escape sequences or control and formatting characters, whitespace
    made spaces (no trimming)."""
    if text.isprintable():  # (the usual case: every escape and control is unprintable)
        return text
    kept = (char for char in _ESCAPES.sub("", text) if char.isspace() or char.isprintable())
    return "".join(" " if char.isspace() else char for char in kept)


def _cleaned(text: str) -> str:
    return _SPACES.sub(" ", strip_controls(text)).strip()


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """The name a player gave, cleaned; NameProblem when it is empty or too long, or
    holds bytes that are not UTF-8 (never silently dropped)."""
    if any("\ud800" <= char <= "\udfff" for char in text):
        raise NameProblem("a name must be valid text (it has bytes that are not UTF-8)")
    name = _cleaned(text)
    if not name:
        raise NameProblem("a name needs at least one printable character")
    if len(name) > limit:
        raise NameProblem(f"a name is at most {limit} characters (this one has {len(name)})")
    return name


def same_name(first: str, second: str) -> bool:
    """Whether two names are the same once cleaned, ignoring case (`Ann` and ` ann`)."""
    return _cleaned(first).casefold() == _cleaned(second).casefold()


def distinct_names(names: tuple[str, str]) -> None:
    """NameProblem when the two players of one game would share a name."""
    if same_name(names[0], names[1]):
        raise NameProblem(
            f"both players are called {_cleaned(names[1])!r}: two players may not share a name"
        )


def tidy_name(text: str, default: str, limit: int = MAX_NAME) -> str:
    """A name read from a file or the database: cleaned, cut to `limit` characters;
    `default` when nothing printable is left."""
    name = _cleaned(text)[:limit].strip()
    return name or default
