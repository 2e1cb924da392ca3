"""Moves typed in words, for the line mode: what a player says, turned into what a prompt reads.

    take 7 / pick seven                 -> 7      (collect's and conquest's number prompts)
    6 times 7 / six multiplied by 7     -> 6*7    (fifty: a whole move at the first prompt)
    plus 5 / divide by 3 / minus nine   -> +5 /3 -9   (countdown)
    7 in my second slot / put 7 in Bob's slot 3 / 7 in player 1 first slot -> 7@1.2  (templates)
    3 plus 4 equals 7                   -> 3+4=7  (a declaration)
    add 4 to the sequence and declare 2 + 2 = 4 -> 4:2+2=4  (conquest, as its moves are said)
    pick 8, then declare 7 + 8 = 15     -> 8:7+8=15  (collect, as its moves are said)

`rewrite(game_id, text, state, names)` returns `text` unchanged unless it holds one of the
words below, so every line the seeds' transcripts type is read as before; and no word here
is a command word (`app.plain.commands`), so a command never reads as a move.
"""

from __future__ import annotations

import re
from typing import Any

from rules.base import PlayerNo

#: The numbers said in words, zero to twenty.
_NUMBERS = """zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty"""
NUMBER_WORDS = {word: str(value) for value, word in enumerate(_NUMBERS.split())}
#: Words (or pairs of words) for the operators and the equals sign.
OPERATOR_WORDS = {
    "plus": "+",
    "add": "+",
    "minus": "-",
    "subtract": "-",
    "times": "*",
    "multiplied by": "*",
    "multiply by": "*",
    "divided by": "/",
    "divide by": "/",
    "over": "/",
    "equals": "=",
    "is": "=",
    "makes": "=",
}
#: Words that only say "this number": dropped.
VERBS = ("take", "pick", "choose", "select", "play", "say", "number", "put", "place")
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}

_KNOWN = set(NUMBER_WORDS) | {w for pair in OPERATOR_WORDS for w in pair.split()} | set(VERBS)
_SLOT = re.compile(
    r"^(?P<digit>[0-9])\s+(?:in|into|on|to)\s+(?P<whose>.+?)\s+"
    r"(?:(?P<ordinal>first|1st|second|2nd|third|3rd)\s+slot|slot\s+(?P<number>[1-3]))$"
)


def _words(text: str) -> list[str]:
    said = text.strip().lower()
    for pair, symbol in OPERATOR_WORDS.items():
        if " " in pair:
            said = re.sub(rf"\b{pair}\b", f" {symbol} ", said)
    return said.replace(",", " ").split()


def _seat(whose: str, mover: PlayerNo, names: tuple[str, str]) -> PlayerNo | None:
    whose = whose.strip().lower()
    whose = whose[4:] if whose.startswith("the ") else whose
    if whose in ("my", "mine", "my own", "your", "your own"):
        return mover
    other: PlayerNo = 2 if mover == 1 else 1
    if whose in ("their", "other", "other player's", "opponent's", "my opponent's", "his", "her"):
        return other
    for seat, name in ((1, "player 1"), (2, "player 2")):
        if whose in (name, f"{name}'s", f"p{seat}'s", f"p{seat}"):
            return 1 if seat == 1 else 2
    for seat, name in zip((1, 2), names, strict=True):
        if whose in (name.lower(), f"{name.lower()}'s"):
            return 1 if seat == 1 else 2
    return None


def _slot_move(text: str, state: Any, names: tuple[str, str]) -> str | None:
    """`7 in my second slot` -> `7@1.2` (the mover being player 1); None if not so."""
    said = " ".join(text.strip().lower().split())
    for word, digit in NUMBER_WORDS.items():
        if said.startswith(word + " ") and len(digit) == 1:
            said = digit + said[len(word) :]
    for verb in VERBS:
        if said.startswith(verb + " "):
            said = said[len(verb) + 1 :]
    found = _SLOT.match(said)
    if found is None:
        return None
    seat = _seat(found.group("whose"), state.to_move, names)
    if seat is None:
        return None
    slot = ORDINALS[found.group("ordinal")] if found.group("ordinal") else int(found["number"])
    return f"{found.group('digit')}@{seat}.{slot}"


_SEQUENCE = re.compile(
    r"^(?:(?:add|put|play|take|pick)\s+)?(?P<number>\d+)\s+(?:to|on)\s+the\s+sequence"
    r"(?:\s*(?:,|and)?\s*(?:declare|declaring)\s+(?P<declaration>.+))?$"
)


#: Collect's own words: `Pick 8, then declare 7 + 8 = 15` (as a live round says it back).
_PICK = re.compile(
    r"^(?:(?:pick|take|choose)\s+)?(?P<number>\d+)\s*(?:,|and)?\s*(?:then\s+)?"
    r"(?:declare|declaring)\s+(?P<declaration>.+)$"
)


def _sequence_move(text: str, pattern: re.Pattern[str] = _SEQUENCE) -> str | None:
    """Conquest's own words: `Add 4 to the sequence and declare 2 + 2 = 4` -> `4:2+2=4`
    (collect's with `_PICK`: `Pick 8, then declare 7 + 8 = 15` -> `8:7+8=15`)."""
    found = pattern.match(" ".join(text.strip().lower().split()))
    if found is None:
        return None
    declaration = found.group("declaration")
    if declaration is None:
        return found.group("number")
    symbols = rewrite("fifty", declaration, None, ("", "")).replace(" ", "")
    return f"{found.group('number')}:{symbols}"  # (the rules read × ÷ − as they are)


def rewrite(game_id: str, text: str, state: Any, names: tuple[str, str]) -> str:
    """What the prompt reads for `text` typed in words (see the module's docstring)."""
    if game_id in ("conquest", "collect"):
        move = _sequence_move(text, _SEQUENCE if game_id == "conquest" else _PICK)
        if move is not None:
            return move
    if game_id == "template" and state is not None:
        move = _slot_move(text, state, names)
        if move is not None:
            return move
    said = text.lower().replace(",", " ").split()
    if not any(word in _KNOWN and word not in NUMBER_WORDS for word in said):
        return text  # (a number word alone, "seven", stays what it was: not a number)
    words = _words(text)
    if any(not (word in _KNOWN or _term(word)) for word in words):
        return text  # other words: not a move in words (the prompt says what it wants)
    parts = [NUMBER_WORDS.get(word, OPERATOR_WORDS.get(word, word)) for word in words]
    parts = [part for part in parts if part not in VERBS]
    return "".join(parts) if parts else text


def _term(word: str) -> bool:
    """A number or a symbol the notation has."""
    return word.isdigit() or word in ("+", "-", "*", "/", "=", "(", ")", "×", "÷", "−")


#: How a whole move is said where one is typed at once (the line mode's puzzles, live
#: rounds and homework), in words with the game's symbols: what a move that cannot be read
#: is told, instead of the notation's example (`7:5-2=3`). Each example is read as a move.
SAY_A_MOVE = {
    "collect": "say the number you pick (pick 7), with your declaration after it if you "
    "make one (pick 7, then declare 5 − 2 = 3); in sudden death, declare 5 − 2 = 3, or pass",
    "template": "say a digit and a slot (9 in Player 1's first slot, or 4 in my third slot)",
    "fifty": "say a number, an operator and another number (6 × 7, or 9 minus 5)",
    "conquest": "say the number you add (add 4 to the sequence), with your declaration after "
    "it if it makes one (add 4 to the sequence and declare 2 + 2 = 4)",
    "countdown": "say an operator and one of your numbers (plus 5, × 3, or divide by 2), or pass",
}
#: The rules' own example in a refusal of a legal-looking move, said in words.
_EXAMPLES = {"(:5-2=3), or nothing (:)": "(declare 5 − 2 = 3), or pass"}
_DECLARE = re.compile(r"^(?:declare|declaring)\s+(?P<declaration>.+)$")
#: A pick and an equation said without "declare": `pick 8 and 1 + 7 = 8`, `8, then 1+7=8`.
_EQUATION = re.compile(r"[0-9+\-*/×÷−()]+=[0-9+\-*/×÷−()=]+")
_PICK_AND = re.compile(
    r"^(?:(?:pick|take|choose)\s+)?(?P<number>\d+)\s*(?:,\s*then|,|\s+and then|\s+and|\s+then)"
    r"\s+(?P<declaration>.+)$"
)


def whole_move(game_id: str, text: str, state: Any, names: tuple[str, str]) -> str:
    """A whole move typed in words, as the rules read it: `rewrite`'s words, and in
    collect a declaration alone or `pass`, which sudden death plays (`declare 5 − 2 = 3`
    -> `:5−2=3`, `pass` -> `:`), and a pick and its equation without "declare" (`pick 8
    and 1 + 7 = 8` -> `8:1+7=8`); the game's prompts never read these."""
    said = " ".join(text.strip().lower().split())
    if game_id == "collect" and said in ("pass", "declare nothing"):
        return ":"
    if game_id != "collect":
        return rewrite(game_id, text, state, names)
    found = _DECLARE.match(said)
    if found is not None:
        return ":" + rewrite("fifty", found.group("declaration"), None, names).replace(" ", "")
    found = _PICK_AND.match(said)
    equation = found and rewrite("fifty", found.group("declaration"), None, names)
    if found and equation and _EQUATION.fullmatch(equation.replace(" ", "")):
        return f"{found.group('number')}:{equation.replace(' ', '')}"
    return rewrite(game_id, text, state, names)


def refusal_words(game_id: str, typed: str, error: Exception) -> str:
    """The rules' refusal of a typed move with its example in words: a move that cannot
    be read is told how one is said (`SAY_A_MOVE`), never `write … (7:5-2=3)`."""
    message = str(error)
    if message.startswith("an empty move"):
        return f"an empty move: {SAY_A_MOVE[game_id]}"
    head, found, _ = message.partition(" is not a move: ")
    if found:
        shown = " ".join(typed.split())
        head = head if len(shown) > 60 else repr(shown)  # (the rules' head is shortened)
        return f"{head} is not a move: {SAY_A_MOVE[game_id]}"
    for example, words in _EXAMPLES.items():
        message = message.replace(example, words)
    return message
