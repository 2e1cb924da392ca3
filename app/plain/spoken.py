"""The line mode's `--spoken` style: equations in words, as a screen reader says them well.

`spoken_text("Equation: 6 * 7 = 42")` is "Equation: 6 times 7 is 42"; "Sequence: [6, 5]"
is "Sequence: 6, 5", a template's "__ + __ × 4" is "blank plus blank times 4". Only a symbol
between two numbers (or a number and a bracket) is turned into words, so a prompt such
as "choose an operation (+, -, *, /)" and names keep their text; a number's own sign
("-3", "(-8)") stays a sign and is read "minus 3".
"""

from __future__ import annotations

import re

#: Each symbol between two terms and its words.
WORDS = {
    "+": "plus",
    "-": "minus",
    "\N{MINUS SIGN}": "minus",
    "*": "times",
    "\N{MULTIPLICATION SIGN}": "times",
    "/": "divided by",
    "\N{DIVISION SIGN}": "divided by",
    "=": "is",
}

_TERM_END = r"(?:(?<=[0-9)])|(?<=blank))"
_TERM_START = r"(?=\s*(?:[0-9(\-\N{MINUS SIGN}]|blank))"
_BETWEEN = re.compile(
    _TERM_END
    + r"\s*([+\-\N{MINUS SIGN}*\N{MULTIPLICATION SIGN}/\N{DIVISION SIGN}=])\s*"
    + _TERM_START
)
#: A range such as "1-9" or "1–9" (not part of an equation): "1 to 9".
_RANGE = re.compile(
    r"(?<![0-9)=+*/\N{MULTIPLICATION SIGN}\N{DIVISION SIGN}\N{MINUS SIGN}-])(?<![=+*/] )"
    r"\b([0-9]+)[-\N{EN DASH}]([0-9]+)\b(?!\s*[=+*/\N{MULTIPLICATION SIGN}\N{DIVISION SIGN}\N{MINUS SIGN}-])"
)
#: A list of numbers as the seeds' samples print it, "[1, 2, 3]" or "[]": brackets a
#: screen reader says aloud ("left bracket"), so they go ("1, 2, 3"; "none").
_LIST = re.compile(r"\[((?:[\-\N{MINUS SIGN}]?[0-9]+)(?:, [\-\N{MINUS SIGN}]?[0-9]+)*)?\]")
#: A template's empty slot ("__ + __ × 4"): "blank plus blank times 4".
_BLANK = re.compile(r"(?<![A-Za-z0-9])_{2,}(?![A-Za-z0-9])")
#: Two parts of a line set apart by a bar ("Ada: 1 to 9 | Bob: 1 to 9"): a pause instead.
_BAR = " | "
_SIGN = re.compile(r"(?<![0-9A-Za-z)])[\-\N{MINUS SIGN}](?=[0-9])")
#: How a move is typed in symbols, after the same move in words (`help`): "(typed: 6*7)".
#: Said aloud it would be the words again, so it is left out.
_TYPED = re.compile(r"\s?\(typed:\s[^()]*\)")


def spoken_text(text: str) -> str:
    """`text` with each operator and equals sign between numbers (or a template's empty
    slots) said in words, lists without brackets, no bar between parts, and no
    "(typed: …)" after words that say the same."""
    text = _TYPED.sub("", text)
    text = _RANGE.sub(r"\1 to \2", text)
    text = _LIST.sub(lambda found: found.group(1) or "none", text)
    text = _BLANK.sub("blank", text).replace(_BAR, "; ")
    if not any(symbol in text for symbol in WORDS):
        return text
    said = _BETWEEN.sub(lambda found: f" {WORDS[found.group(1)]} ", text)
    return _SIGN.sub("minus ", said)
