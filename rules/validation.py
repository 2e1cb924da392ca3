"""Pydantic's validation errors as the validator's own sentence, everywhere a player sees one."""

from __future__ import annotations

from pydantic import AfterValidator, ValidationError
from pydantic_core import ErrorDetails

#: What pydantic puts before a validator's own message.
_PREFIXES = ("Value error, ", "Assertion failed, ")


def sentence(detail: ErrorDetails) -> str:
    """One error's message, without pydantic's prefix."""
    message = str(detail.get("msg", ""))
    for prefix in _PREFIXES:
        message = message.removeprefix(prefix)
    return message


def where(detail: ErrorDetails) -> str:
    """The field the error is about, dotted (`options.target`), or "" for the whole model."""
    return ".".join(str(part) for part in detail.get("loc", ()))


def field_of(detail: ErrorDetails) -> str:
    """The top-level field the error is about (`target` for `target.0`), or "" for the model."""
    loc = detail.get("loc", ())
    return str(loc[0]) if loc else ""


def first_problem(error: ValidationError) -> tuple[str, str]:
    """The first error's field (dotted, maybe "") and its sentence."""
    details = error.errors()
    if not details:
        return "", str(error)
    return where(details[0]), sentence(details[0])


def all_problems(error: ValidationError) -> str:
    """Every error's sentence, joined by "; "."""
    return "; ".join(sentence(detail) for detail in error.errors()) or str(error)


def between(what: str, low: int, high: int, unit: str = "") -> AfterValidator:
    """A whole-number option from `low` to `high` (or None, no limit), refused in words
    otherwise: `the target must be between 1 and 200, not 500` (`unit`: ` seconds`)."""

    def check(value: int | None) -> int | None:
        if value is not None and not low <= value <= high:
            raise ValueError(f"{what} must be between {low} and {high}{unit}, not {value}")
        return value

    return AfterValidator(check)


def span(what: str, low: int, high: int, two: bool = False) -> AfterValidator:
    """A range option `(lo, hi)` within `low` to `high`, lowest first (`two`: at least two
    numbers), refused in words: `the pool must run from a lowest to a highest number
    within 1 to 15, not 9-3`."""
    least = " (at least two numbers)" if two else ""

    def check(value: tuple[int, int]) -> tuple[int, int]:
        lo, hi = value
        if not (low <= lo and lo + two <= hi <= high):
            raise ValueError(
                f"{what} must run from a lowest to a highest number within {low} to {high}"
                f"{least}, not {lo}-{hi}"
            )
        return value

    return AfterValidator(check)
