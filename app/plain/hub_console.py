"""The teacher's console of the hub, line by line (`equation-duel hub --plain`): it says
the class code, the students' command (and its QR code with `--qr`: only when asked,
as the rest is linear text for a screen reader), who can reach the hub and whether the link is encrypted, then takes the
teacher's commands on standard input while the hub runs on the line mode's loop
(`app.plain.online_loop`): `admit NAME`, `remove NAME`, `who`, `games`, `watch ID`,
`pause`, `resume`, `help`, `quit` (`app.hub.console` answers them, for the full screen
too). The end of standard input stops the hub, as ctrl+c does (the finished games and
the roster are kept in its database).
"""

from __future__ import annotations

import asyncio
import signal
import ssl
import sys
from typing import Any

from app.cli.usage import fail
from app.hub.console import QR_WORDS, STOPPED, HubConsole, Tabs
from app.hub.store import HubStore
from app.plain.base import Console
from app.plain.online_loop import LineLoop, LoopInput, read_on
from app.plain.online_play import INTERRUPTED


def hub_plain(
    store: HubStore,
    bind: str,
    port: int,
    tls: ssl.SSLContext | None = None,
    admitted: tuple[str, ...] = (),
    qr: bool = False,
    tabs: Tabs | None = None,
    service: bool = False,
) -> int:
    """Run the hub with the teacher's console until `quit`; the exit code. `admitted`:
    the roster's names (`--roster`), admitted ahead; `qr`: draw the QR code of the
    students' command (`--qr`: only when asked, since the line mode's text is otherwise
    linear for a screen reader, issue 26); `tabs`: `--web`'s browser tabs; `service`: no
    commands (a system service: standard input is nothing), until SIGTERM or SIGINT."""
    console = Console(sys.stdin, sys.stdout)
    teacher = HubConsole(store, bind, port, tls, said=console.say, tabs=tabs)
    hub = teacher.hub
    with LineLoop() as loop:
        try:
            loop.run(hub.start())
        except OSError as error:
            return fail(f"cannot listen on {bind}:{port}: {error}", code=1)
        for name in admitted:
            store.admit(name)
        console.say_all(teacher.opening(len(admitted)))
        console.say_all(loop.run(teacher.open_tabs()))
        if qr:
            console.say(QR_WORDS)
            for line in teacher.qr():
                console.stdout.write(line + "\n")  # (as drawn: never broken at spaces)
            console.stdout.flush()
        if not service:
            console.say("Type help for the teacher's commands, quit to stop the hub.")
        try:
            if service:
                loop.run(_until_stopped(console))
            else:
                loop.run(_commands(teacher, read_on(loop, console.stdin), console))
        except KeyboardInterrupt:
            console.say()
            loop.run(teacher.stop(STOPPED))
            return INTERRUPTED
        loop.run(teacher.stop(STOPPED))
        console.say("The hub stopped: the roster and the finished games are kept.")
        return 0


async def _until_stopped(console: Console) -> None:
    """Until SIGTERM or SIGINT (a service's stop)."""
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopped.set)
    console.say("Running as a service: SIGTERM (systemctl stop) stops the hub.")
    try:
        await stopped.wait()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)


async def _line(stdin: Any) -> str | None:
    """The teacher's next line (None: the end of input)."""
    raw = await stdin.line() if isinstance(stdin, LoopInput) else stdin.readline()
    if not raw:
        return None
    text: str = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    return text.strip()


async def _commands(teacher: HubConsole, stdin: Any, console: Console) -> None:
    while True:
        line = await _line(stdin)
        if line is None:
            return
        answer = await teacher.answered(line, lambda n, text: console.say(f"Game {n}: {text}"))
        if answer is None:
            return
        console.say_all(answer)
