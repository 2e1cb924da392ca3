"""Outside text that comes over the connection, made safe to show, and the online words.

A name or a reason from the other side is shown as text: escape sequences and control
characters are removed (`rules.names`), it is cut short, and the full screen shows it
with `markup=False`.
"""

from __future__ import annotations

from rules.names import strip_controls, tidy_name

#: The longest name shown for the other player.
NAME_LIMIT = 16


def guest_name(text: str, host_name: str) -> str:
    """The guest's name as the host shows it: cleaned, short, never the host's own."""
    name = tidy_name(text, "Guest", NAME_LIMIT)
    return f"{name[: NAME_LIMIT - 3]} 2" if name == host_name else name


def their_words(text: str, limit: int = 300) -> str:
    """A sentence from the other side (a refusal, a goodbye), as text to show."""
    cleaned = " ".join(strip_controls(text).split())
    return cleaned[:limit]


UNENCRYPTED = (
    "The link is not encrypted: play over an SSH tunnel or a VPN across the internet "
    "(docs/online.md)."
)

ENCRYPTED = "The link is encrypted (TLS, with the certificate given)."


def reach_words(bind: str) -> str:
    """Who can reach the host listening on `bind`, in words."""
    if bind in ("127.0.0.1", "::1", "localhost"):
        return "Only this machine can join (listening on loopback; see --bind)."
    if bind in ("0.0.0.0", "::", ""):
        return "Any machine that can reach this one on the network can try to join."
    return f"Machines that can reach {bind} can try to join."
