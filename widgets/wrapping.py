"""Lines broken where a reader would break them: never inside an equation ("1 + 3 = 4")
nor between a word and its number ("slot 3", "Player 1's"). A line may start only at a
word or after a "·" or a colon; a piece longer than a line is broken at its spaces after
all.
"""

from __future__ import annotations

from rich.cells import cell_len


def pieces(text: str) -> list[str]:
    """`text` in the pieces a line may not break inside: each starts with a word (or
    follows a "·" or a colon: `Player 1:` | `1 − 5 = −4`) and holds the numbers and operators after it; a possessive keeps its
    noun."""
    found: list[str] = []
    for token in text.split(" "):
        after = found[-1] if found else ""
        # (a number's possessive, `1's`, keeps its name: `Player 1's`; a mark ✗ keeps
        # the equation it marks)
        word = token == "✗" or (any(ch.isalpha() for ch in token) and not token[:1].isdigit())
        starts = (word and not after.endswith("'s")) or after.endswith(("·", ":"))
        if found and not starts:
            found[-1] += " " + token
        else:
            found.append(token)
    return found


def wrap_keeping(text: str, width: int) -> list[str]:
    """The lines of `text` at most `width` cells wide (each paragraph of it wrapped on
    its own), broken only between pieces (`pieces`) where that can be done."""
    if width <= 0:
        return text.split("\n")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in _fitting(pieces(paragraph), width):
            if line and cell_len(line) + 1 + cell_len(piece) <= width:
                line += " " + piece
                continue
            if line:
                lines.append(line)
            line = piece
        lines.append(line)
    return lines


def _fitting(found: list[str], width: int) -> list[str]:
    """The pieces, those longer than a line broken at their spaces (or cut)."""
    fitting: list[str] = []
    for piece in found:
        if cell_len(piece) <= width:
            fitting.append(piece)
            continue
        for token in piece.split(" "):
            fitting.extend(token[i : i + width] for i in range(0, len(token), width))
    return fitting
