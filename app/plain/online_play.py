"""Hosting and joining in plain mode: the link, the one match loop, the record kept.

The link runs on the line mode's loop (`app.plain.online_loop.LineLoop`) whenever the line
mode waits. Both sides keep the game as a local one is kept (under the host's record id)
and count a finished game once, the other player marked as online.
"""

from __future__ import annotations

import asyncio
import ssl
import sys
from collections.abc import Coroutine
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from app.cli.usage import fail
from app.match_session.keeping import SavedGames
from app.online.codes import Address
from app.online.guest_link import GuestLink, JoinRefused
from app.online.online_stats import mark_online
from app.online.relay import shown_host
from app.online.texts import ENCRYPTED, NAME_LIMIT, UNENCRYPTED, reach_words, their_words
from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from app.plain.online_guest import GuestPlayer
from app.plain.online_loop import LineLoop, read_on
from app.plain.online_takebacks import ONLINE_REFUSED, OnlineCommands
from app.plain.stops import EndOfInput
from rules.base import Game, PlayerNo
from rules.match import MatchState, match_outcome
from rules.names import tidy_name
from rules.records import players_of
from rules.registry import GAME_IDS, get_game

INTERRUPTED = 130
HOST_SEAT: PlayerNo = 1
GUEST_SEAT: PlayerNo = 2


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _mark(record_id: str, seat: PlayerNo) -> None:
    """The statistics say the other player (`seat`) played online."""
    why = mark_online(record_id, seat)
    if why is not None:
        print(f"equation-duel: {why}", file=sys.stderr)


def play_out(runner: MatchRunner, console: Console) -> str:
    """Run the game; "" when it ended, else why it stopped (the game is kept)."""
    try:
        runner.run()
    except KeyboardInterrupt:
        console.say()
        return "interrupted"
    except EndOfInput as stop:
        return str(stop) or "input ended"
    return ""


def host_plain(
    game: Game[Any, Any, Any],
    match: MatchState,
    name: str,
    bind: str,
    port: int,
    console: Console | None = None,
    tls: ssl.SSLContext | None = None,
    guest: str | None = None,
    host_seat: PlayerNo = HOST_SEAT,
    trust: ssl.SSLContext | None = None,
) -> int:
    """Host `match` for one guest and play it line by line; the exit code. The game is
    a hub of two (`app.online.hosting`): judged by a relay on this loop, and played here
    as its guest's (`join_on`, over loopback). `tls`: the host's certificate and key
    (None: the link is not encrypted), and `trust` what this side's own player trusts
    then. `guest`: the guest's seat's name when the host fixes it (a tournament's
    pairing; None: the guest's own). `host_seat`: the host's seat (2: the guest is
    Player 1, `host --first 2`)."""
    from app.online.hosting import HostedGame  # (on demand)

    with LineLoop() as loop:
        console = console or Console(sys.stdin, sys.stdout)
        console.stdin = read_on(loop, console.stdin)
        hosted = HostedGame(
            game,
            match,
            name,
            host_seat,
            bind=bind,
            port=port,
            tls=tls,
            notice=console.say,
            guest=guest,
        )
        try:
            port = loop.run(hosted.link.start())
        except OSError as error:
            return fail(f"cannot listen on {bind}:{port}: {error}", code=1)
        code = hosted.guest_code
        console.say(f"Join code: {code}")
        tls_flag = "" if tls is None else " --tls-ca HOST-CERTIFICATE.pem"
        console.say(
            f"The guest joins with: equation-duel join {code}@{shown_host(bind)}:{port}{tls_flag}"
        )
        console.say(reach_words(bind))
        console.say(UNENCRYPTED if tls is None else ENCRYPTED)
        console.say("Waiting for a guest to join (ctrl+c stops).")
        judging = loop.run(_started(hosted.play()))
        try:
            loop.run(hosted.guest_here.wait())
        except KeyboardInterrupt:
            hosted.stop()
            loop.run(_until(judging))
            console.say()
            return INTERRUPTED
        ended = join_on(loop, hosted.own_address(port), name, console, trust, hosting=True)
        if not hosted.playing:  # (this side could not join its own game)
            hosted.stop()
        try:
            loop.run(_until(judging))  # (a result the guest was away for waits for them)
        except KeyboardInterrupt:
            hosted.stop()
        loop.run(hosted.link.stop())
        return ended


async def _until(task: asyncio.Task[str]) -> str:
    return await task


async def _started(judging: Coroutine[Any, Any, str]) -> asyncio.Task[str]:
    """`judging` as a task of the running loop (it goes on whenever the loop runs)."""
    return asyncio.get_running_loop().create_task(judging)


def join_plain(
    address: Address,
    name: str,
    console: Console | None = None,
    tls: ssl.SSLContext | None = None,
) -> int:
    """Join the game at `address` and play it line by line; the exit code. `tls`: the
    certificates to trust for an encrypted link (None: not encrypted)."""
    with LineLoop() as loop:
        console = console or Console(sys.stdin, sys.stdout)
        console.stdin = read_on(loop, console.stdin)
        return join_on(loop, address, name, console, tls)


def join_on(
    loop: LineLoop,
    address: Address,
    name: str,
    console: Console,
    tls: ssl.SSLContext | None = None,
    hosting: bool = False,
) -> int:
    """Join and play the game at `address` on `loop`, whose input `console` reads (the
    class lobby's loop stays connected meanwhile, or the host's relay judges it:
    `hosting`); the exit code."""
    link = GuestLink(address, name, tls=tls)
    try:
        welcome = loop.run(link.join())
    except JoinRefused as error:
        return fail(f"cannot join: {error}", code=1, wrap=True)
    try:
        match = MatchState.model_validate(welcome.match)
        if match.game_id not in GAME_IDS:
            raise ValueError(f"unknown game {match.game_id!r}")
        game = get_game(match.game_id)
        names = (
            tidy_name(their_words(welcome.names[0]), "Player 1", NAME_LIMIT),
            tidy_name(their_words(welcome.names[1]), "Player 2", NAME_LIMIT),
        )
        driver = driver_class(game.id)(game, console, names)
        player = GuestPlayer(
            link, game, driver, welcome.seat, welcome.turn, welcome.takebacks, loop
        )
        player.limit = match.turn_seconds
        record_id = "".join(ch for ch in welcome.record_id if ch.isalnum())[:32] or "online"
        runner = MatchRunner(
            driver,
            match,
            turn=player.turn,  # (this seat's prompts, or the host's move over the link)
            refused=ONLINE_REFUSED,
            seconds=welcome.seconds,
            clock=player.answered,
            keeper=SavedGames(),
            players=players_of(names),
            started=now(),
            record_id=record_id,
        )
        driver.submit = player.hand_over(runner.offer)  # (this seat's moves: to the host first)
        OnlineCommands.install(runner, player)
    except (ValidationError, ValueError) as error:
        loop.run(link.close("The game could not be read."))
        why = their_words(str(error), 200)
        return fail(f"the host's game cannot be read: {why}", code=1)
    if not hosting:
        console.say(f"Joined the game against {names[2 - welcome.seat]} as Player {welcome.seat}.")
    stopped = play_out(runner, console)
    finished = match_outcome(runner.match) is not None
    if finished:
        loop.run(link.close())
        _mark(record_id, HOST_SEAT if welcome.seat == GUEST_SEAT else GUEST_SEAT)
        return 0
    if stopped.endswith("."):  # (the goodbye's own sentence: the hub stopped, NAME left)
        console.say(f"{stopped} This machine keeps it too: the next start offers it.")
    else:
        console.say(f"The game stops ({stopped}): it is kept, and the next start offers it.")
    loop.run(link.close(f"{names[welcome.seat - 1]} left: the game is kept."))
    return INTERRUPTED if stopped == "interrupted" else 0
