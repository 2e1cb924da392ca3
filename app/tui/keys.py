"""The key bindings the boards share: digits pick numbers, + − × ÷ choose operators.

One footer entry each ("0-9 Pick", "+−×÷ Operator"); the other keys work unshown.
"""

from __future__ import annotations

from textual.binding import Binding

from rules.operators import Op

#: Keys that choose an operator (`x` is ×, as players type it).
OP_KEYS: dict[str, Op] = {"plus": "+", "minus": "-", "asterisk": "*", "x": "*", "slash": "/"}


def digit_bindings(description: str, key_display: str) -> list[Binding]:
    """0–9 call `action_digit(d)`; the footer shows one entry, on the key 1. A range is
    shown with an en dash (`1–9`), as everywhere a player reads one."""
    key_display = key_display.replace("-", "–")
    return [
        Binding("1", "digit('1')", description, key_display=key_display),
        *(Binding(str(d), f"digit('{d}')", show=False) for d in (0, 2, 3, 4, 5, 6, 7, 8, 9)),
    ]


def operator_bindings() -> list[Binding]:
    """The operator keys call `action_op(op)`; the footer shows one entry, on +."""
    return [
        Binding("plus", "op('+')", "Operator", key_display="+−×÷"),
        *(Binding(k, f"op('{op}')", show=False) for k, op in OP_KEYS.items() if k != "plus"),
    ]
