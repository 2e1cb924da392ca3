"""`equation-duel host GAME ...` and `equation-duel join CODE@HOST:PORT`, line by line
(docs/online.md). The host is Player 1 unless `--first 2`; its game is a hub of two (a
relay judges it, and the host plays it as its guest does: `app.online.hosting`).
"""

from __future__ import annotations

import argparse
import ssl
from typing import TYPE_CHECKING, Any

from app.cli.game_flags import (
    FlagError,
    add_game_flags,
    options_from_args,
    port_number,
    turn_seconds_of,
    whole_number,
)
from app.cli.usage import fail
from rules.names import NameProblem, clean_name
from rules.registry import GAME_IDS, get_game

if TYPE_CHECKING:
    from app.online.codes import Address


def add_online_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    host = sub.add_parser(
        "host",
        help="host a game for a friend on another machine",
        description="Host a game: print a join code and the guest's command, wait for "
        "one guest, and play. Only this machine can join unless --bind says otherwise.",
    )
    host.add_argument("game", choices=GAME_IDS)
    host.add_argument("--plain", action="store_true", help="line by line (the default here)")
    host.add_argument("--name", default="Host", help="your name (Host)")
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="listen on (127.0.0.1)")
    host.add_argument("--port", type=port_number, default=0, metavar="N", help="port (any free)")
    host.add_argument(
        "--best-of", dest="best_of", type=whole_number, metavar="N", help="rounds: 1, 3, 5 or 7"
    )
    host.add_argument("--turn-seconds", dest="turn_seconds", metavar="N")
    host.add_argument("--tls-cert", metavar="FILE", help="encrypt: this certificate (PEM)")
    host.add_argument("--tls-key", metavar="FILE", help="encrypt: this certificate's key (PEM)")
    add_game_flags(host)
    join = sub.add_parser(
        "join",
        help="join a friend's game",
        description="Join a hosted game with the code and place the host printed.",
    )
    join.add_argument("address", metavar="CODE@HOST:PORT")
    join.add_argument("--plain", action="store_true", help="line by line (the default here)")
    join.add_argument("--name", default="Guest", help="your name (Guest)")
    join.add_argument(
        "--tls-ca",
        metavar="FILE",
        help="the host encrypts: trust this certificate (PEM; the host's own, if self-signed)",
    )


def _name(text: str) -> str:
    try:
        return clean_name(text)  # (1 to 32 characters, as local play)
    except NameProblem as error:
        raise FlagError(f"--name: {error}") from None


def cmd_host(args: argparse.Namespace) -> int:
    from app.online.hosting import host_seat_of, own_trust
    from rules.match import MatchError, new_match

    game = get_game(args.game)
    options = options_from_args(game, args)
    name = _name(args.name)
    seconds = turn_seconds_of(args.turn_seconds)
    host_seat, options = host_seat_of(options)
    try:
        match = new_match(game.id, options, args.best_of, seconds)
    except MatchError as error:
        return fail(str(error))
    tls = _server_tls(args.tls_cert, args.tls_key)
    trust = None if tls is None else own_trust(args.tls_cert)
    from app.plain.no_screen import line_mode_instead
    from app.plain.online_play import host_plain

    line_mode_instead(args.plain)  # (the game is played line by line: said where no screen)
    return host_plain(
        game, match, name, args.bind, args.port, tls=tls, host_seat=host_seat, trust=trust
    )


def cmd_join(args: argparse.Namespace) -> int:
    address, name, tls = joining(args)
    from app.plain.no_screen import line_mode_instead
    from app.plain.online_play import join_plain

    line_mode_instead(args.plain)
    return join_plain(address, name, tls=tls)


def joining(
    args: argparse.Namespace, code_length: int | None = None
) -> tuple[Address, str, ssl.SSLContext | None]:
    """What `join` and `class` are given: the address (its code `code_length` long, when
    not a game's), the name, and the certificates to trust (None: not encrypted).
    FlagError says what is wrong."""
    from app.online.codes import GROUP, GROUPS, AddressProblem, parse_address

    try:
        address = parse_address(args.address, code_length or GROUPS * GROUP)
    except AddressProblem as error:
        raise FlagError(str(error)) from None
    name = _name(args.name)
    if args.tls_ca is None:
        return address, name, None
    try:
        return address, name, ssl.create_default_context(cafile=args.tls_ca)
    except (OSError, ssl.SSLError) as error:
        raise FlagError(f"--tls-ca: cannot read {args.tls_ca}: {_why(error)}") from None


def _why(error: Exception) -> str:
    return str(getattr(error, "strerror", None) or getattr(error, "reason", None) or error)


def _server_tls(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The host's TLS context from `--tls-cert` and `--tls-key` (both or neither)."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise FlagError("--tls-cert and --tls-key go together")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        raise FlagError(
            f"--tls-cert/--tls-key: cannot use {cert} and {key}: {_why(error)}"
        ) from None
    return context
