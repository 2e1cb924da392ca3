"""`equation-duel hub` (the class's server, with the teacher's console) and `equation-duel
class join|watch CODE@ADDR:PORT --name NAME` (a student in the class; docs/hub.md).

    equation-duel hub [--bind ADDR] [--port N] [--database FILE|URL] [--roster class.csv]
                      [--tls-cert FILE --tls-key FILE] [--plain | --service] [--qr|--no-qr]
                      [--web [--web-port N]]
    equation-duel class join CODE@ADDR:PORT [--name NAME] [--tls-ca FILE] [--plain]
    equation-duel class watch CODE@ADDR:PORT --name NAME (--game ID | --player NAME | --all)
    equation-duel class project CODE@ADDR:PORT [--name Projector] [--tls-ca FILE] [--plain]

`hub` is a full-screen console (`app.tui.hub_console`; `--plain`: line by line, and
`--service` without commands), and so are `class join` (the join form and the lobby,
`app.tui.hub_lobby`; `--plain` without `--name` asks for it), `class watch` (one game, or `--all` every
game: `app.tui.hub_watch`) and `class project` (the live rounds' projector).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.game_flags import FlagError, port_number
from app.cli.hub_homework import add_homework_parsers, cmd_homework, cmd_report
from app.cli.online import _server_tls, joining
from app.cli.usage import fail

_NO_WEB = "hub --web needs the web extra: pip install 'equation-duel[web]' ({error})"


def add_hub_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    hub = sub.add_parser(
        "hub",
        help="run a class's hub: one class code, a lobby, games the class can watch",
        description="Run the hub for a class: print the class code and the students' command, "
        "admit students, and let them challenge, play and watch each other: a full-screen "
        "console, or line by line with --plain. Only this machine can join unless --bind "
        "says otherwise.",
    )
    hub.add_argument(
        "--plain", action="store_true", help="line by line (a screen reader, a script)"
    )
    hub.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="listen on (127.0.0.1)")
    hub.add_argument("--port", type=port_number, default=0, metavar="N", help="port (any free)")
    hub.add_argument(
        "--database",
        metavar="FILE|URL",
        help="the class's SQLite file (default: hub.sqlite3 in the data folder), "
        "or a school's PostgreSQL: postgresql://USER@HOST/DATABASE (the hub-pg extra)",
    )
    hub.add_argument("--roster", metavar="CSV", help="admit these names at once (a name column)")
    hub.add_argument("--tls-cert", metavar="FILE", help="encrypt: this certificate (PEM)")
    hub.add_argument("--tls-key", metavar="FILE", help="encrypt: this certificate's key (PEM)")
    hub.add_argument("--web", action="store_true", help="also serve browser tabs that join")
    hub.add_argument(
        "--web-port", type=port_number, default=8000, metavar="N", help="the tabs' port (8000)"
    )
    hub.add_argument(
        "--service",
        action="store_true",
        help="run as a system service: line by line, no commands, until SIGTERM "
        "(admit with --roster)",
    )
    hub.add_argument(
        "--qr",
        action=argparse.BooleanOptionalAction,
        help="draw the QR code of the students' command (the full screen draws it unless "
        "--no-qr; --plain only with --qr, its text being linear for a screen reader)",
    )
    room = sub.add_parser("class", help="join a class's hub", description="Join a class's hub.")
    actions = room.add_subparsers(dest="class_command", required=True)
    for action, words in (
        ("join", "join the class's lobby"),
        ("watch", "watch a game"),
        ("project", "show the class's live rounds on a projector (the teacher admits it)"),
    ):
        parser = actions.add_parser(action, help=words, description=words.capitalize() + ".")
        parser.add_argument("address", metavar="CODE@ADDR:PORT")
        named: dict[str, Any] = {"required": True} if action == "watch" else {}
        if action == "project":
            named = {"default": "Projector", "help": "its name in the class (Projector)"}
        parser.add_argument("--name", **{"help": "your name in the class", **named})
        parser.add_argument("--plain", action="store_true", help="line by line")
        parser.add_argument("--tls-ca", metavar="FILE", help="the hub encrypts: trust this (PEM)")
        if action == "watch":
            which = parser.add_mutually_exclusive_group(required=True)
            which.add_argument("--game", metavar="ID", help="the game's number")
            which.add_argument("--player", metavar="NAME", help="the game this student plays")
            which.add_argument(
                "--all", action="store_true", help="every game at once (a projector)"
            )
    add_homework_parsers(actions)


def _full_screen(args: argparse.Namespace) -> bool:
    """Whether the full screen is drawn: not with `--plain`, nor where it cannot be (then
    the line mode starts, said in one sentence)."""
    from app.plain.no_screen import line_mode_instead

    args.plain = line_mode_instead(args.plain)  # (said once)
    return not args.plain


def cmd_hub(args: argparse.Namespace) -> int:
    from app.hub.roster import RosterProblem, read_roster
    from app.hub.store import StoreProblem, open_store

    try:
        tls = _server_tls(args.tls_cert, args.tls_key)
        names = tuple(read_roster(Path(args.roster))) if args.roster else ()
        store = open_store(args.database)
    except (FlagError, RosterProblem, StoreProblem) as error:
        return fail(str(error))
    from app.plain.hub_console import hub_plain

    tabs = None
    if args.web:
        try:
            from app.serve.config import ConfigError
            from app.serve.hub_tabs import HubTabs
        except ImportError as error:  # (textual-serve: the web extra)
            return fail(_NO_WEB.format(error=error))
        try:
            tabs = HubTabs(args.bind, args.web_port)
        except ConfigError as error:
            return fail(str(error))
    try:
        if not args.service and _full_screen(args):
            from app.tui.hub_console import hub_screen

            return hub_screen(store, args.bind, args.port, tls, names, args.qr is not False, tabs)
        return hub_plain(store, args.bind, args.port, tls, names, bool(args.qr), tabs, args.service)
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

    if args.class_command == "join" and _full_screen(args):
        from app.tui.hub_join_app import run_class_join

        return run_class_join(args.address, args.name, args.tls_ca)
    if args.name is None:
        args.name = _asked_name()
    if args.name is None:
        return fail("--name: the line mode needs your name (the full screen asks for it)")
    address, name, tls = joining(args, CLASS_CODE_LENGTH)
    from app.plain.hub_join import class_join_plain

    project = args.class_command == "project"
    if project and not args.plain:  # (the projector's full screen)
        from app.tui.hub_project import run_projector

        return run_projector(address, name, tls)
    watch = None
    if args.class_command == "watch":
        watch = "*" if args.all else args.game if args.game is not None else args.player
        if _full_screen(args):
            from app.tui.hub_watch import watch_all_screen

            return watch_all_screen(address, name, tls, watch)
    return class_join_plain(address, name, tls=tls, watch=watch, project=project)


def _asked_name() -> str | None:
    """The line mode's name when --name is not given, asked on standard input (None: none
    typed). Read a byte at a time: the lobby reads the lines after it from the same fd."""
    import os
    import sys

    sys.stdout.write("Your name in the class: ")
    sys.stdout.flush()
    typed = bytearray()
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # (a test's text, or none to read)
        try:
            return sys.stdin.readline().strip() or None
        except (OSError, ValueError):
            return None
    try:
        while len(typed) < 400 and not typed.endswith(b"\n"):
            byte = os.read(fd, 1)
            if not byte:
                break
            typed += byte
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        return None
    return typed.decode("utf-8", "replace").strip() or None
