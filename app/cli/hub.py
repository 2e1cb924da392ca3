"""`equation-duel hub` (the class's server, with the teacher's console) and `equation-duel
class join|watch CODE@ADDR:PORT --name NAME` (a student in the class; docs/hub.md).

    equation-duel hub [--bind ADDR] [--port N] [--database FILE|URL] [--roster class.csv]
                      [--tls-cert FILE --tls-key FILE] [--plain]
    equation-duel class join CODE@ADDR:PORT --name NAME [--tls-ca FILE] [--plain]
    equation-duel class watch CODE@ADDR:PORT --name NAME (--game ID | --player NAME)

Both are line by line for now (the full-screen console and lobby come next): `--plain`
is the default, and without it the first line says so.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.game_flags import FlagError, whole_number
from app.cli.hub_homework import add_homework_parsers, cmd_homework, cmd_report
from app.cli.online import _server_tls, joining
from app.cli.usage import fail

LINE_MODE = "The hub and the class are line by line for now (the full-screen console comes next)."
_NO_AIOHTTP = "the hub needs aiohttp: pip install 'equation-duel[web]' ({error})"


def add_hub_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    hub = sub.add_parser(
        "hub",
        help="run a class's hub: one class code, a lobby, games the class can watch",
        description="Run the hub for a class: print the class code and the students' command, "
        "admit students, and let them challenge, play and watch each other. Line by line "
        "for now (--plain is the default). Only this machine can join unless --bind says "
        "otherwise.",
    )
    hub.add_argument("--plain", action="store_true", help="line by line (the only console yet)")
    hub.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="listen on (127.0.0.1)")
    hub.add_argument("--port", type=whole_number, default=0, metavar="N", help="port (any free)")
    hub.add_argument(
        "--database",
        metavar="FILE|URL",
        help="the class's SQLite file (default: hub.sqlite3 in the data folder), "
        "or a school's PostgreSQL: postgresql://USER@HOST/DATABASE (the hub-pg extra)",
    )
    hub.add_argument("--roster", metavar="CSV", help="admit these names at once (a name column)")
    hub.add_argument("--tls-cert", metavar="FILE", help="encrypt: this certificate (PEM)")
    hub.add_argument("--tls-key", metavar="FILE", help="encrypt: this certificate's key (PEM)")
    room = sub.add_parser("class", help="join a class's hub", description="Join a class's hub.")
    actions = room.add_subparsers(dest="class_command", required=True)
    for action, words in (("join", "join the class's lobby"), ("watch", "watch a game")):
        parser = actions.add_parser(action, help=words, description=words.capitalize() + ".")
        parser.add_argument("address", metavar="CODE@ADDR:PORT")
        parser.add_argument("--name", required=True, help="your name in the class")
        parser.add_argument("--plain", action="store_true", help="line by line (the only way yet)")
        parser.add_argument("--tls-ca", metavar="FILE", help="the hub encrypts: trust this (PEM)")
        if action == "watch":
            which = parser.add_mutually_exclusive_group(required=True)
            which.add_argument("--game", metavar="ID", help="the game's number")
            which.add_argument("--player", metavar="NAME", help="the game this student plays")
    add_homework_parsers(actions)


def _say_line_mode(args: argparse.Namespace) -> None:
    if not args.plain:
        print(LINE_MODE, flush=True)


def cmd_hub(args: argparse.Namespace) -> int:
    from app.hub.roster import RosterProblem, read_roster
    from app.hub.store import StoreProblem, open_store

    if not 0 <= args.port <= 65535:
        return fail(f"--port: {args.port} is not between 0 and 65535")
    try:
        tls = _server_tls(args.tls_cert, args.tls_key)
        names = tuple(read_roster(Path(args.roster))) if args.roster else ()
        store = open_store(args.database)
    except (FlagError, RosterProblem, StoreProblem) as error:
        return fail(str(error))
    try:
        from app.plain.hub_console import hub_plain
    except ImportError as error:
        return fail(_NO_AIOHTTP.format(error=error))
    _say_line_mode(args)
    try:
        return hub_plain(store, args.bind, args.port, tls, admitted=names)
    except StoreProblem as error:
        return fail(str(error))
    finally:
        store.close()


def cmd_class(args: argparse.Namespace) -> int:
    from app.hub.codes import CLASS_CODE_LENGTH

    if args.class_command == "homework":
        return cmd_homework(args)
    if args.class_command == "report":
        return cmd_report(args)

    try:
        address, name, tls = joining(args, CLASS_CODE_LENGTH)
    except FlagError as error:
        return fail(str(error))
    try:
        from app.plain.hub_join import class_join_plain
    except ImportError as error:
        return fail(_NO_AIOHTTP.format(error=error))
    _say_line_mode(args)
    watch = None
    if args.class_command == "watch":
        watch = args.game if args.game is not None else args.player
    return class_join_plain(address, name, tls=tls, watch=watch)
