"""Outside text that comes over the connection, made safe to show, and the online words.

A name or a reason from the other side is shown as text: escape sequences and control
characters are removed (`rules.names`), it is cut short, and the full screen shows it
with `markup=False`.
"""

from __future__ import annotations

from rules.names import MAX_NAME, same_name, strip_controls, tidy_name

#: The longest name shown for the other player (as local play allows: RULINGS.md).
NAME_LIMIT = MAX_NAME


def guest_name(text: str) -> str:
    """The guest's name as the host shows it: cleaned, at most `NAME_LIMIT` characters."""
    return tidy_name(text, "Guest", NAME_LIMIT)


def name_taken(guest: str, host: str) -> str | None:
    """Why the guest cannot play as `guest` against `host` (two players in one game never
    have names that differ only by case: RULINGS.md), or None."""
    if not same_name(guest, host):
        return None
    return f"{host} is the name of the other player here: join with another name."


def their_words(text: str, limit: int = 300) -> str:
    """A sentence from the other side (a refusal, a goodbye), as text to show."""
    cleaned = " ".join(strip_controls(text).split())
    return cleaned[:limit]


def bye_words(other: str, reason: str) -> str:
    """What a player reads when their game stops before its end, from the goodbye's
    `reason`: a reason that goes on from "NAME left: " (the relay's, when the other
    player left: it starts in lower case) follows the other's name; a sentence of its own
    (the hub stopped the game, the host cannot be reached) is said as it is."""
    why = their_words(reason)
    if not why:
        return f"{other} left."
    return f"{other} left: {why}" if why[0].islower() else why


UNENCRYPTED = (
    "The link is not encrypted: play over an SSH tunnel or a VPN across the internet "
    "(docs/online.md)."
)

ENCRYPTED = "The link is encrypted (TLS, with the certificate given)."


def reach_words(bind: str, flag: bool = True) -> str:
    """Who can reach the host listening on `bind`, in words (`flag`: and the command's
    flag that changes it; the full screen has a key of its own)."""
    if bind in ("127.0.0.1", "::1", "localhost"):
        see = "; see --bind" if flag else ""
        return f"Only this machine can join (listening on loopback{see})."
    if bind in ("0.0.0.0", "::", ""):
        return "Any machine that can reach this one on the network can try to join."
    return f"Machines that can reach {bind} can try to join."
