"""The teacher's console of the hub, line by line (`equation-duel hub --plain`): it says
the class code, the students' command, who can reach the hub and whether the link is
encrypted, then takes the teacher's commands on standard input while the hub runs on
the line mode's loop (`app.plain.online_loop`): `admit NAME`, `remove NAME`, `who`,
`games`, `watch ID`, `pause`, `resume`, `help`, `quit`. The end of standard input stops the hub, as ctrl+c
does (the finished games and the roster are kept in its database).
"""

from __future__ import annotations

import datetime as dt
import ssl
import sys
from typing import Any

from app.hub.homework import assign_off_loop
from app.hub.hub import Hub
from app.hub.store import HubStore, StoreProblem
from app.online.relay import shown_host
from app.online.texts import ENCRYPTED, UNENCRYPTED, reach_words
from app.plain.base import Console
from app.plain.hub_homework import TEACHER_HELP, teacher_homework
from app.plain.online_loop import LineLoop, LoopInput
from app.plain.online_play import INTERRUPTED

HELP = (
    "The teacher's commands:",
    "  admit NAME   let NAME in (from the waiting room now, or at their first join)",
    "  remove NAME  take NAME off the roster and close their connection",
    "  who          who is here, and what they play",
    "  games        the games in progress and those played",
    "  watch ID     see game ID's moves as they are played",
    "  pause        no new game starts (games in progress go on)",
    "  resume       challenges are open again",
    *TEACHER_HELP,
    "  quit         stop the hub (ctrl+c or the end of input too)",
)


def hub_plain(
    store: HubStore,
    bind: str,
    port: int,
    tls: ssl.SSLContext | None = None,
    console: Console | None = None,
    admitted: tuple[str, ...] = (),
) -> int:
    """Run the hub with the teacher's console until `quit`; the exit code. `admitted`:
    the roster's names (`--roster`), admitted ahead."""
    console = console or Console(sys.stdin, sys.stdout)
    loop = LineLoop()
    hub = Hub(store, bind=bind, port=port, tls=tls, notice=console.say)
    try:
        try:
            port = loop.run(hub.start())
        except OSError as error:
            print(f"equation-duel: error: cannot listen on {bind}:{port}: {error}", file=sys.stderr)
            return 1
        for name in admitted:
            store.admit(name)
        for line in _opening(hub, bind, port, tls, len(admitted)):
            console.say(line)
        stdin = loop.input(console.stdin)
        try:
            loop.run(_commands(hub, stdin, console))
        except KeyboardInterrupt:
            console.say()
            loop.run(hub.stop("The teacher stopped the hub."))
            return INTERRUPTED
        loop.run(hub.stop("The teacher stopped the hub."))
        console.say("The hub stopped: the roster and the finished games are kept.")
        return 0
    finally:
        loop.close()


def _opening(hub: Hub, bind: str, port: int, tls: ssl.SSLContext | None, roster: int) -> list[str]:
    flag = "" if tls is None else " --tls-ca HUB-CERTIFICATE.pem"
    lines = [
        f"Class code: {hub.code}",
        f"Students join with: equation-duel class join {hub.code}@{shown_host(bind)}:{port}"
        f" --name NAME{flag}",
        reach_words(bind),
        UNENCRYPTED if tls is None else ENCRYPTED,
    ]
    if roster:
        lines.append(f"Admitted from the roster: {roster} (others wait for you to admit them).")
    lines.append("Type help for the teacher's commands, quit to stop the hub.")
    return lines


async def _line(stdin: Any) -> str | None:
    """The teacher's next line (None: the end of input)."""
    raw = await stdin.line() if isinstance(stdin, LoopInput) else stdin.readline()
    if not raw:
        return None
    text: str = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    return text.strip()


async def _commands(hub: Hub, stdin: Any, console: Console) -> None:
    while True:
        line = await _line(stdin)
        if line is None:
            return
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "quit":
            return
        try:
            if word == "assign":  # (the solver's search off the hub's loop)
                answer = await assign_off_loop(hub.store, rest, dt.date.today())
            else:
                answer = _answer(hub, word, rest, console)
        except StoreProblem as problem:
            answer = [f"That failed: {problem}."]
        for said in answer:
            console.say(said)


def _answer(hub: Hub, word: str, rest: str, console: Console) -> list[str]:
    if word == "":
        return []
    if word in ("admit", "remove") and not rest:
        return [f"Type {word} and the student's name: {word} Ada."]
    if word == "admit":
        return [hub.admit(rest)]
    if word == "remove":
        return [hub.remove(rest)]
    if word == "who":
        return hub.lobby.who()
    if word == "games":
        return hub.lobby.game_lines()
    if word == "watch":
        if not rest:
            return ["Type watch and the game's number (games lists them): watch 1."]
        return [hub.lobby.watch(rest, "teacher", lambda n, text: console.say(f"Game {n}: {text}"))]
    if word in ("pause", "resume"):
        return [hub.pause(word == "pause")]
    if word == "help":
        return list(HELP)
    if (homework := teacher_homework(hub.store, word, rest)) is not None:
        return homework
    return ["That is not a command here: type help for the teacher's commands."]
