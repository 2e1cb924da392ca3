"""The join code, the guest's address, and the host's guards against guessing and floods.

- `new_code()`: about 74 bits from `secrets`, written as five groups of three letters
  and digits that cannot be misread aloud (`k7m-3qd-...`): no 0/o, 1/l/i.
- `same_code(given, code)`: compared in constant time (`hmac.compare_digest`) after
  the reading aloud is undone (case, spaces and dashes do not matter).
- `WrongCodes`: the game's budget of wrong codes (`LIMIT` a `WAIT`), for every address
  together; past it a wrong code is told to wait, and a right one is let in all the same.
- `RateCap`: messages per second on one connection (a bucket of `burst` that refills at
  `per_second`); a message over the cap closes that connection.
- `parse_address("CODE@HOST:PORT")` for `equation-duel join`.
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

#: 31 letters and digits, without those easily misread (0 o, 1 l i): 15 of them hold
#: about 74 bits.
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
GROUPS = 5
GROUP = 3


def code_bits() -> float:
    """How many bits of secret a code holds (at least 60)."""
    import math

    return GROUPS * GROUP * math.log2(len(ALPHABET))


def new_code() -> str:
    chars = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP))
    return "-".join(chars[i : i + GROUP] for i in range(0, len(chars), GROUP))


def plain_code(text: str) -> str:
    """A code as typed or read aloud, without spaces or dashes, in lower case."""
    return "".join(ch for ch in text.lower() if ch not in " -_\t")


def same_code(given: str, code: str) -> bool:
    """Whether `given` is the join code, compared in constant time."""
    return hmac.compare_digest(
        plain_code(given).encode("utf-8", "replace"), plain_code(code).encode("utf-8")
    )


#: Wrong codes the whole game may be given at once, and the seconds in which that many
#: are given back (5 a minute, for every address together).
LIMIT = 5
WAIT = 60.0


class RateCap:
    """At most `burst` at once and `per_second` on average (a token bucket): the
    messages of one connection, the wrong codes of a game (`WrongCodes`)."""

    def __init__(
        self,
        per_second: float = 10.0,
        burst: int = 20,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.burst = float(burst)
        self.clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def wait(self) -> float:
        """Count one: 0 when the cap had room for it, else the seconds until it has (it
        is not counted then)."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / self.per_second

    def allow(self) -> bool:
        """Count one message: False when it is over the cap."""
        return not self.wait()


class WrongCodes(RateCap):
    """The game's budget of wrong codes, for every address together (behind an SSH
    tunnel everyone is 127.0.0.1; other addresses must not bypass it): `LIMIT` at once,
    refilled at `LIMIT` every `WAIT` seconds. A right code never needs it; `wrong`
    counts a wrong one (the seconds to wait, or 0)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(LIMIT / WAIT, LIMIT, clock)

    wrong = RateCap.wait


@dataclass(frozen=True)
class Address:
    code: str
    host: str
    port: int
    #: The path joined: `/play` for a host's game, `/game/N` for a hub's.
    path: str = "/play"

    def url(self, secure: bool = False) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if secure else 'http'}://{host}:{self.port}{self.path}"


class AddressProblem(ValueError):
    """`join`'s argument cannot be read; the text says why."""


def parse_address(text: str, length: int = GROUPS * GROUP) -> Address:
    """`CODE@HOST:PORT` (an IPv6 host in brackets) as given to `equation-duel join`
    (`length`: the code's; a class code on the hub has 6). The whole command pasted (as
    the screen or its QR code gives it) is read for its one CODE@HOST:PORT word, and
    spaces around the @ are passed over."""
    text = re.sub(r"\s*@\s*", "@", text.strip())
    if text.startswith("equation-duel "):  # (its one word with an @; a code may have spaces)
        text = next((word for word in text.split() if "@" in word), text)
    code, at, place = text.rpartition("@")
    if not at or not code:
        raise AddressProblem("give the code and the place as CODE@HOST:PORT")
    host, colon, port_text = place.rpartition(":")
    if not colon or not host or not port_text.isdigit() or not port_text.isascii():
        raise AddressProblem(f"{place!r} is not HOST:PORT")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise AddressProblem(f"port {port} is not between 1 and 65535")
    host = host.removeprefix("[").removesuffix("]")
    if any(not (ch.isalnum() or ch in ".-:") for ch in host) or len(host) > 253:
        raise AddressProblem(f"{host!r} is not a host name or address")
    if len(plain_code(code)) != length:
        joining = length == GROUPS * GROUP
        what, like = ("a join code", "abc-" * 4 + "abc") if joining else ("a class code", "k7m3qd")
        raise AddressProblem(f"{what} has {length} letters and digits, like {like}")
    return Address(code, host, port)
