"""The one reader of text a player types (moves, equations, prompts, option values), so the
same text means the same thing everywhere (RULINGS.md, "Text a player types"): ASCII
digits only, whitespace ignored, no leading zeros, `X · – :` are not operators, lines and
numbers have a length limit. Operators are `rules.operators.ALIASES` and nothing else.
"""

from __future__ import annotations

import datetime
import re
import unicodedata

from rules.operators import ALIASES

#: A line of input longer than this is refused without being read further.
MAX_LINE = 10_000
#: A number of more than this many digits is not a number (nor a move).
MAX_DIGITS = 9
ASCII_DIGITS = "0123456789"
NOT_TEXT = "that is not valid text (it has bytes that are not UTF-8)"
#: Characters that look like operators and are not (RULINGS.md): refused by name.
NOT_OPERATORS = "X·–:"
_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]+")
_SIDE_BY_SIDE = re.compile(r"[0-9] [0-9]")


class PlayerTextError(ValueError):
    """Text a player typed that no entry point accepts; the message says why, in words.
    `kind` (`missing`, `not-number`, `range` or `text`) lets a prompt word common cases."""

    def __init__(self, message: str, kind: str = "text") -> None:
        super().__init__(message)
        self.kind = kind


def describe_char(char: str) -> str:
    """A character as a message can safely show it (control characters by code point)."""
    if char.isprintable() and not char.isspace():
        return f"'{char}'"
    return f"U+{ord(char):04X}"


def is_foreign_digit(char: str) -> bool:
    """A character that is a digit of some script, but not one of the ASCII digits 0-9."""
    if char in ASCII_DIGITS:
        return False
    return char.isdigit() or char.isnumeric() or unicodedata.category(char) in ("Nd", "No")


def decode(data: bytes) -> str:
    """Bytes a player sent, as text; PlayerTextError when they are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PlayerTextError(NOT_TEXT) from None


def _refuse_control(char: str) -> None:
    category = unicodedata.category(char)
    if category == "Cs":  # an undecodable byte kept as a surrogate
        raise PlayerTextError(NOT_TEXT)
    if category in ("Cc", "Cf", "Co", "Cn"):
        raise PlayerTextError(f"{describe_char(char)} is not allowed")


def _check_line(text: str) -> None:
    if len(text) > MAX_LINE:
        raise PlayerTextError(f"that line is too long (more than {MAX_LINE:,} characters)")


def normalize(text: str) -> str:
    """The text with every run of whitespace made one space, and no space around it;
    PlayerTextError for a line too long, a digit not 0-9, a control character or bytes
    that are not text."""
    _check_line(text)
    for char in text:
        if not char.isspace():
            if is_foreign_digit(char):
                raise PlayerTextError(
                    f"{describe_char(char)} is not one of the digits 0–9: write numbers with 0–9"
                )
            _refuse_control(char)
    return " ".join(text.split())


def compact(text: str) -> str:
    """The normalized text with no whitespace at all (notation is written without it)."""
    return normalize(text).replace(" ", "")


def _digits_error(text: str, what: str) -> PlayerTextError:
    for char in text:  # (a digit of another script was refused as the text was read)
        if char in NOT_OPERATORS:
            return PlayerTextError(f"{describe_char(char)} is not allowed")
    return PlayerTextError(f"{_shown(text)} is not {what}", "not-number")


def _shown(text: str) -> str:
    """Text quoted for a one-line message: shortened, control characters by code point."""
    short = text if len(text) <= 24 else text[:20] + "…"
    return "'" + "".join(c if c.isprintable() else describe_char(c) for c in short) + "'"


def read_whole(
    text: str,
    *,
    low: int | None = None,
    high: int | None = None,
    negative: bool = False,
    what: str = "a whole number",
) -> int:
    """A whole number written with the digits 0-9 (and a leading minus when `negative`);
    only PlayerTextError, whatever the length (too many digits are refused unconverted)."""
    spaced = normalize(text)
    if _SIDE_BY_SIDE.search(spaced):
        raise PlayerTextError(f"{_shown(spaced)} is two numbers: one number at a time")
    written = spaced.replace(" ", "")
    body = written
    sign = 1
    if negative and body[:1] in ("-", "−"):
        sign, body = -1, body[1:]
    if not body:
        if not written:
            raise PlayerTextError("a number is missing", "missing")
        raise PlayerTextError(f"{_shown(written)} is not {what}", "not-number")
    if any(char not in ASCII_DIGITS for char in body):
        raise _digits_error(written, what)
    if len(body) > MAX_DIGITS:
        raise PlayerTextError(f"a number has at most {MAX_DIGITS} digits ({len(body):,} given)")
    if len(body) > 1 and body[0] == "0":
        raise PlayerTextError(f"write {int(body)}, not {body}: a number has no leading zero")
    value = sign * int(body)
    if (low is not None and value < low) or (high is not None and value > high):
        raise PlayerTextError(_range_message(value, low, high), "range")
    return value


def _range_message(value: int, low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{value} is not from {low} to {high}"
    if low is not None:
        return f"{value} is less than {low}"
    return f"{value} is more than {high}"


def read_range(text: str) -> tuple[int, int]:
    """`LO-HI` (e.g. `1-9`, `1 – 15` is not: the dash is the ASCII minus) as two numbers."""
    written = compact(text)
    low, sep, high = written.partition("-")
    if not sep or not low or not high:  # (`compact` refused a digit of another script)
        raise PlayerTextError(f"{_shown(written)} is not a range like 1-9")
    return read_whole(low), read_whole(high)


def number_problem(written: str) -> str | None:
    """What is wrong with how a normalized text writes its numbers, or None: a leading
    zero (`05`), or two numbers where one is expected (`1 2`)."""
    zero = _LEADING_ZERO.search(written)
    if zero is not None:
        numeral = zero.group()
        return f"write {int(numeral)}, not {numeral}: a number has no leading zero"
    joined = _SIDE_BY_SIDE.search(written)
    if joined is not None:
        return f"{_shown(written)} holds two numbers side by side: one number at a time"
    return None


def check_move_text(written: str) -> None:
    """PlayerTextError for a normalized move text the ruling refuses whatever the game:
    a character that is not an operator (`X · – :`) or a number badly written."""
    for char in written:
        if char in NOT_OPERATORS:
            raise PlayerTextError(f"{describe_char(char)} is not allowed: operators are + − × ÷")
    problem = number_problem(written)
    if problem is not None:
        raise PlayerTextError(problem)


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def read_date(text: str) -> datetime.date:
    """A day written `YYYY-MM-DD` with the digits 0-9 (`--date`)."""
    written = normalize(text)  # names a digit of another script
    if _DATE.fullmatch(written):
        try:
            return datetime.date.fromisoformat(written)
        except ValueError:
            pass
    raise PlayerTextError(f"{_shown(written)} is not a date like 2026-01-31")


def read_move(text: str, error: type[Exception]) -> str:
    """A move's text, normalized; `error` (the game's MoveSyntaxError) says why not."""
    try:
        written = normalize(text)
        if written.lower() != "pass":
            check_move_text(written)
        return written
    except PlayerTextError as problem:
        raise error(str(problem)) from None


def read_moves(text: str) -> list[str]:
    """Moves in notation separated by whitespace (`--moves`), each for `parse_move`."""
    _check_line(text)
    return text.split()


def normalize_equation(text: str) -> str:
    """A declaration's notation: no whitespace, operators in ASCII, the rest as typed; but
    whitespace never joins two digits (`1 2` stays two numbers, which the checker refuses)."""
    joined = ""
    for word in text.split():
        digits = joined.endswith(tuple(ASCII_DIGITS)) and word[0] in ASCII_DIGITS
        joined += " " + word if digits else word
    return "".join(ALIASES.get(char, char) for char in joined)


def read_equation_text(text: str) -> str:
    """A declared equation as a move stores it (`normalize_equation`), for the checker to
    judge; refused here as everywhere: a line too long, control characters, not text."""
    _check_line(text)
    for char in text:
        if not char.isspace():
            _refuse_control(char)
    return normalize_equation(text)


def read_move_with_equation(text: str, error: type[Exception]) -> tuple[str, str | None]:
    """A move written `HEAD` or `HEAD:EQUATION`: the head normalized, and the equation as
    `read_equation_text` keeps it (None without `:`), judged only when played."""
    head, colon, tail = text.partition(":")
    try:
        written = normalize(head)
        problem = number_problem(written)
        if problem is not None:
            raise PlayerTextError(problem)
        for char in written:
            if char in NOT_OPERATORS:
                raise PlayerTextError(f"{describe_char(char)} is not allowed")
        if ":" in tail:
            raise PlayerTextError("a declaration cannot hold ':' (one declaration per turn)")
        return written, read_equation_text(tail) if colon else None
    except PlayerTextError as problem:
        raise error(str(problem)) from None
