"""Read a player's equation text into tokens: nothing here evaluates text."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.operators import ALIASES, Op, shown
from rules.player_text import PlayerTextError, describe_char, normalize

#: Two numbers with only whitespace between them (`1 2`): never one number.
_SIDE_BY_SIDE = re.compile(r"[0-9] [0-9]")

MAX_LENGTH = 200

TokenKind = Literal["num", "op", "(", ")", "=", "slot"]
_MARKS: dict[str, TokenKind] = {"(": "(", ")": ")", "=": "="}
#: The pieces of a text, read left to right (`tokenize` says what each is).
_PIECES = re.compile(r"(?P<num>[0-9]+)|(?P<power>\*\*)|(?P<equals>==)|(?P<slot>_+)|.", re.S)


class EquationSyntaxError(ValueError):
    """The text is not a well-formed equation (or template); the message says why.
    `at_end`: it only stops too early, so writing more could mend it."""

    def __init__(self, message: str, *, at_end: bool = False) -> None:
        super().__init__(message)
        self.at_end = at_end


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    text: str
    op: Op | None = None


def _refuse(char: str) -> EquationSyntaxError:
    if char in ".,":
        return EquationSyntaxError("decimal points are not allowed: use whole numbers")
    if char == "^":
        return EquationSyntaxError("exponents are not allowed: use + − × ÷")
    if char in "[]{}":
        return EquationSyntaxError("use round parentheses ( ) only")
    if char in "X·–—:":
        return EquationSyntaxError(
            f"{describe_char(char)} is not allowed in an equation: the operators are + − × ÷ "
            "(or + - * / and x for ×)"
        )
    return EquationSyntaxError(f"{describe_char(char)} is not allowed in an equation")


def tokenize(text: str, *, slots: bool = False) -> list[Token]:
    """The tokens of `text` (read by `rules.player_text.normalize`: whitespace is dropped,
    so stored notation gets the typed text's verdict, except between template slots);
    EquationSyntaxError for anything not allowed."""
    try:
        spaced = normalize(text)
        text = spaced if slots else spaced.replace(" ", "")
    except PlayerTextError as error:
        raise EquationSyntaxError(str(error)) from None
    joined = None if slots else _SIDE_BY_SIDE.search(spaced)
    if joined is not None:  # whitespace separates numbers, never joins them
        raise EquationSyntaxError(
            f"two numbers side by side ({joined.group()}): put an operator between them"
        )
    length = len(text) - text.count(" ")
    if length > MAX_LENGTH:
        raise EquationSyntaxError(
            f"the equation is too long ({length} characters; at most {MAX_LENGTH})"
        )
    tokens: list[Token] = []
    for found in _PIECES.finditer(text):
        piece, kind = found.group(), found.lastgroup
        if kind == "num":
            if len(piece) > 1 and piece[0] == "0":
                raise EquationSyntaxError(
                    f"write {int(piece)}, not {piece}: a number has no leading zero"
                )
            tokens.append(Token("num", piece))
        elif kind == "power":
            raise EquationSyntaxError("exponents are not allowed: use + − × ÷")
        elif kind == "equals":
            raise EquationSyntaxError("write a single = between the two sides")
        elif kind == "slot" and slots:
            tokens.append(Token("slot", "_"))
        elif piece in ALIASES:
            tokens.append(Token("op", piece, ALIASES[piece]))
        elif piece in _MARKS:
            tokens.append(Token(_MARKS[piece], piece))
        elif piece != " ":
            raise _refuse(piece[0])
    return tokens


def spaced(tokens: Sequence[Token], slot: Callable[[int], str] = lambda _: "_") -> str:
    """The tokens as the screen shows them: spaces around the operators (in the screen's
    symbols × ÷ −) and `=`, and each slot as `slot(its index)`."""
    parts: list[str] = []
    slots = 0
    for token in tokens:
        if token.kind == "slot":
            parts.append(slot(slots))
            slots += 1
        elif token.op is not None:
            parts.append(f" {shown(token.op)} ")
        else:
            parts.append(" = " if token.kind == "=" else token.text)
    return "".join(parts)
