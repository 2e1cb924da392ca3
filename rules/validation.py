"""Pydantic's validation errors as the validator's own sentence, everywhere a player sees one."""

from __future__ import annotations

from pydantic import ValidationError
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
