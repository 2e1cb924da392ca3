"""What `equation-duel serve` was asked for, and the checks that follow from it.

Nothing here imports aiohttp or textual-serve, so the rules of the security model
(loopback or token, which origins may open the websocket) are plain functions.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

#: Minutes without a key press, click or resize before a tab's app is closed.
IDLE_MINUTES = 30.0
#: Most connections open at once (lowered when the open-file limit is lower).
MAX_CONNECTIONS = 512
#: The fewest connections the cap allows, however low the open-file limit.
MIN_CONNECTIONS = 8
#: What --token may hold: characters that travel in an address unchanged.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9._~-]{8,200}")
#: Hosts that mean "every address of this machine".
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "[::]"})


def is_loopback(host: str) -> bool:
    """True for localhost and the loopback addresses (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def tokens_match(given: str | None, expected: str) -> bool:
    """Compare a token in constant time (the length of `given` aside)."""
    if given is None:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of a URL, lower-cased, or None when it has no host."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default_port = 443 if parts.scheme == "https" else 80
    try:
        port = parts.port
    except ValueError:
        return None
    if port is None or port == default_port:
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def _url_host(host: str) -> str:
    name = host.strip("[]")
    return f"[{name}]" if ":" in name else name


@dataclass(frozen=True)
class ServeConfig:
    """The server's settings; `token` is None only when it listens on loopback alone."""

    host: str = "127.0.0.1"
    port: int = 8000
    max_sessions: int = 4
    public_url: str | None = None
    token: str | None = None
    idle_seconds: float = IDLE_MINUTES * 60
    max_connections: int = MAX_CONNECTIONS
    allowed_origins: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        origins = {f"http://{_url_host(self.host)}:{self.port}"}
        if is_loopback(self.host):
            # The same loopback server, however the player spells its address.
            origins |= {
                f"http://{name}:{self.port}" for name in ("127.0.0.1", "localhost", "[::1]")
            }
        if self.public_url is not None:
            public = origin_of(self.public_url)
            if public is not None:
                origins.add(public)
        object.__setattr__(self, "allowed_origins", frozenset(origins))

    @property
    def wildcard(self) -> bool:
        return self.host in WILDCARD_HOSTS

    @property
    def listen_url(self) -> str:
        """The address the server listens on (on every address: through 127.0.0.1)."""
        host = "127.0.0.1" if self.wildcard else _url_host(self.host)
        return f"http://{host}:{self.port}"

    @property
    def base_url(self) -> str:
        """Where the pages point the browser: --public-url, or the address served."""
        if self.public_url is not None:
            return self.public_url.rstrip("/")
        return self.listen_url

    def address(self) -> str:
        """The address to open, with the token when there is one."""
        if self.token is None:
            return f"{self.base_url}/"
        return f"{self.base_url}/?token={quote(self.token, safe='')}"

    def token_ok(self, given: str | None) -> bool:
        return self.token is None or tokens_match(given, self.token)

    def origin_ok(self, origin: str | None, host_header: str | None) -> bool:
        """May a page from `origin` open the websocket? It must be the server's own
        address or --public-url (every browser sends one). A server on every address
        cannot know all its names: there it must be the host the request was sent to
        (and the token keeps strangers out)."""
        if origin is None:
            return False
        seen = origin_of(origin)
        if seen is None:
            return False
        if seen in self.allowed_origins:
            return True
        if self.wildcard and host_header:
            return seen in (origin_of(f"http://{host_header}"), origin_of(f"https://{host_header}"))
        return False


class ConfigError(ValueError):
    """A setting that cannot be served as asked (shown in one line, exit 2)."""


def make_config(
    host: str,
    port: int,
    max_sessions: int,
    public_url: str | None,
    token: str | None,
    idle_minutes: float = IDLE_MINUTES,
    max_connections: int = MAX_CONNECTIONS,
) -> ServeConfig:
    """Check the settings; a host other than loopback always gets a token."""
    if not 0 <= port <= 65535:
        raise ConfigError(f"--port: {port} is not a port number")
    if max_sessions < 1:
        raise ConfigError("--max-sessions must be at least 1")
    if max_connections < MIN_CONNECTIONS:
        raise ConfigError(f"--max-connections must be at least {MIN_CONNECTIONS}")
    if not idle_minutes > 0:
        raise ConfigError("--idle-minutes must be more than 0")
    if public_url is not None and origin_of(public_url) is None:
        raise ConfigError(f"--public-url: {public_url!r} is not an http or https address")
    if token is not None and not TOKEN_PATTERN.fullmatch(token):
        raise ConfigError("--token must be 8 to 200 letters, digits or - _ . ~")
    if token is None and not is_loopback(host):
        token = secrets.token_urlsafe(24)
    return ServeConfig(
        host=host,
        port=port,
        max_sessions=max_sessions,
        public_url=public_url,
        token=token,
        idle_seconds=idle_minutes * 60,
        max_connections=max_connections,
    )
