"""`equation-duel serve`: the full-screen app in a web browser (the `[web]` extra).

This module only registers the command and checks that textual-serve is installed;
the server itself (`app.serve.server`) is imported when it starts.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from typing import Any

from app.serve.config import IDLE_MINUTES, MAX_CONNECTIONS, ConfigError, make_config

INSTALL_HINT = (
    "equation-duel serve needs the web extra: pip install 'equation-duel[web]' "
    "(from a checkout: pip install -e '.[web]')"
)


def add_serve_parser(sub: argparse._SubParsersAction[Any]) -> None:
    serve = sub.add_parser(
        "serve",
        help="play in a web browser",
        description=(
            "Serve the full-screen game to web browsers, one app per tab. Only this "
            "machine can connect unless --host says otherwise; then the printed "
            "address carries a secret token."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--max-sessions", type=int, default=4, metavar="N", help="most tabs at once (4)"
    )
    serve.add_argument(
        "--public-url", metavar="URL", help="the address players open, behind a proxy"
    )
    serve.add_argument(
        "--token", metavar="T", help="the secret for the address (random unless given)"
    )
    serve.add_argument(
        "--idle-minutes",
        type=float,
        default=IDLE_MINUTES,
        metavar="M",
        help=f"close a tab idle this long ({IDLE_MINUTES:g})",
    )
    serve.add_argument(
        "--max-connections",
        type=int,
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"most connections open at once; idle ones are closed past it ({MAX_CONNECTIONS})",
    )


def cmd_serve(args: argparse.Namespace) -> int:
    if any(importlib.util.find_spec(name) is None for name in ("textual_serve", "aiohttp")):
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    try:
        config = make_config(
            args.host,
            args.port,
            args.max_sessions,
            args.public_url,
            args.token,
            args.idle_minutes,
            args.max_connections,
        )
    except ConfigError as error:
        print(f"equation-duel serve: error: {error}", file=sys.stderr)
        return 2
    from app.serve.server import DuelServer

    try:
        DuelServer(config).serve()
    except OSError as error:
        print(
            f"equation-duel serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 1
    return 0
