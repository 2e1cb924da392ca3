"""A game with both seats online: the host plays no seat, it only judges.

A tournament's pairing played by two students on their own machines (`tournament host
... --both-online`): the tournament's machine hosts the match with a guest in each seat
(`HostLink(seats=...)`, each seat its own code, so neither student can take or move for
the other's seat), says one join command per seat and waits for both. Then the one
match loop (`MatchRunner`, the game's own plain driver) plays it: every turn comes from
the connection (the host referee's `guest_turn`, for the seat to move), and each move is
said here in words. The guests are ordinary guests (`equation-duel join`, plain or full
screen): nothing tells them the host plays no seat.

Takebacks are not offered (the link refuses an ask in words): nobody here could answer
for the other student, and a tournament's result is the game as it was played. The game
is kept after every move and counted once, under the seats' names, as any game here.
"""

from __future__ import annotations

import ssl
import sys
import uuid
from typing import Any

from app.match_session import SavedGames
from app.online.codes import new_code
from app.online.host_link import HostLink
from app.online.host_play import HostReferee
from app.online.host_turns import HostTurns
from app.online.play import INTERRUPTED, now, play_out, shown_host
from app.online.seats import OnlineDriver
from app.online.texts import ENCRYPTED, UNENCRYPTED, reach_words
from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from rules.base import Game, PlayerNo
from rules.match import MatchState, match_outcome
from rules.records import players_of


class RelayReferee(HostReferee):
    """The host referee of a game with no seat here: the guest is the seat to move."""

    def __init__(self, turns: HostTurns, say: Any) -> None:
        super().__init__(turns, say)
        self.link.heard = None  # (no takebacks: the link refuses an ask itself)

    @property
    def guest(self) -> str:
        return self.names[self.turns.to_move - 1]


def relay_link(
    names: tuple[str, str],
    bind: str = "127.0.0.1",
    port: int = 0,
    tls: ssl.SSLContext | None = None,
    notice: Any = None,
) -> HostLink:
    """A link with a guest in each seat, named `names`, each seat with a new code."""
    seats: dict[PlayerNo, tuple[str, str]] = {1: (new_code(), names[0]), 2: (new_code(), names[1])}
    return HostLink(
        seats[1][0], "the host", bind=bind, port=port, tls=tls, notice=notice, seats=seats
    )


def join_commands(link: HostLink, host: str, tls: bool = False) -> list[str]:
    """One line per seat: whose seat, and the command its player joins with."""
    flag = " --tls-ca HOST-CERTIFICATE.pem" if tls else ""
    return [
        f"{seat.name} (Player {seat.number}) joins with: "
        f"equation-duel join {seat.code}@{host}:{link.port}{flag}"
        for seat in link.seats
    ]


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
    link = relay_link(names, bind, port, tls, console.say)
    record_id = uuid.uuid4().hex
    turns = HostTurns(link, game, names, 1, record_id)
    turns.publish(match, ())
    referee = RelayReferee(turns, console.say)
    try:
        link.start()
    except OSError as error:
        print(f"equation-duel: error: cannot listen on {bind}:{port}: {error}", file=sys.stderr)
        return 1
    for line in join_commands(link, shown_host(bind), tls is not None):
        console.say(line)
    console.say("Each code lets in one seat's player only.")
    console.say(reach_words(bind))
    console.say(UNENCRYPTED if tls is None else ENCRYPTED)
    console.say("Waiting for both players to join (ctrl+c stops).")
    started = now()
    try:
        link.joined.wait()
    except KeyboardInterrupt:
        link.stop()
        console.say()
        return INTERRUPTED
    inner = driver_class(game.id)(game, console, names)
    driver = OnlineDriver(inner, 1, referee.guest_turn, referee.guest_turn)
    runner = MatchRunner(
        driver,
        match,
        clock=link.clock,
        on_change=referee.changed,  # each guest sees each position
        keeper=SavedGames(),  # kept after every turn, counted once at the end
        players=players_of(names),
        started=started,
        record_id=record_id,
    )
    stopped = play_out(runner, console)
    if match_outcome(runner.match) is not None:
        link.stop("The game is over.")
        return 0
    console.say(f"The game stops ({stopped}): it is kept.")
    link.stop("The host stopped the game: it is kept.")
    return INTERRUPTED if stopped == "interrupted" else 0
