"""A tournament's pairing with both seats online, judged here line by line (`tournament
host ... --both-online`; the relay itself is `app.online.relay.Relay`).

It says how each player joins, waits for both and judges the match in the game's own
driver's words. Nothing is typed here, but the end of standard input (ctrl+d) stops it,
as ctrl+c does: the game is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import sys
from typing import Any

from app.online.relay import STOPPED_HERE, Relay
from app.plain import driver_class
from app.plain.base import Console
from app.plain.online_loop import LineLoop, LoopInput
from app.plain.online_play import INTERRUPTED
from rules.base import Game
from rules.match import MatchState


def relay_plain(
    game: Game[Any, Any, Any],
    match: MatchState,
    names: tuple[str, str],
    bind: str,
    port: int,
    console: Console | None = None,
    tls: ssl.SSLContext | None = None,
) -> int:
    """Host `match` with both seats online and judge it, line by line; the exit code."""
    console = console or Console(sys.stdin, sys.stdout)
    driver = driver_class(game.id)(game, console, names)  # (the game's own words)
    relay = Relay(game, match, names, console.say, bind, port, tls, narrator=driver)
    with contextlib.closing(LineLoop()) as loop:
        try:
            lines = loop.run(relay.start())
        except OSError as error:
            where = f"{relay.bind}:{relay.link.port}"
            print(f"equation-duel: error: cannot listen on {where}: {error}", file=sys.stderr)
            return 1
        for line in lines:
            console.say(line)
        console.say("Waiting for both players to join (ctrl+c stops).")
        stdin = loop.input(console.stdin)
        try:
            stopped = loop.run(_judged(relay, stdin))
        except KeyboardInterrupt:
            relay.stop()
            loop.run(relay.link.stop(STOPPED_HERE))
            console.say()
            return INTERRUPTED
        if not stopped:
            return 0
        if not relay.playing:
            console.say("Hosting stopped before both players joined: nothing was played.")
            return 0
        console.say(f"The game stops ({stopped}): it is kept.")
        return 0


async def _judged(relay: Relay, stdin: Any) -> str:
    """The relay played out; the end of standard input stops it."""

    async def at_end() -> None:
        if isinstance(stdin, LoopInput):
            await stdin.ended()
            relay.stop()

    watching = asyncio.ensure_future(at_end())
    try:
        return await relay.play()
    finally:
        watching.cancel()
