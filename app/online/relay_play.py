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

import contextlib
import ssl
import sys
import threading
import uuid
from typing import Any

from app.match_session import SavedGames
from app.online.codes import new_code
from app.online.host_link import HostLink
from app.online.host_play import HostReferee
from app.online.host_turns import HostTurns
from app.online.play import INTERRUPTED, now, play_out, shown_host
from app.online.protocol import Bye
from app.online.seats import OnlineDriver
from app.online.texts import ENCRYPTED, UNENCRYPTED, reach_words
from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from rules.base import Game, PlayerNo
from rules.match import MatchState, match_outcome
from rules.records import players_of

#: Said to the guests when this machine stops the game.
STOPPED_HERE = "The tournament's machine stopped the game: it is kept there."


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


class Relay:
    """A match with both seats online, judged here: `start` listens and says how each
    player joins; `play` waits for both and plays the match out; `stop` ends it (kept)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        match: MatchState,
        names: tuple[str, str],
        console: Console,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.game = game
        self.match = match
        self.names = names
        self.console = console
        self.bind = bind
        self.tls = tls
        self.link = relay_link(names, bind, port, tls, console.say)
        self.record_id = uuid.uuid4().hex
        self.turns = HostTurns(self.link, game, names, 1, self.record_id)
        self.turns.publish(match, ())
        self.referee = RelayReferee(self.turns, console.say)
        self._stopping = False
        #: The match as played so far (set when it starts).
        self.runner: MatchRunner | None = None

    def start(self) -> list[str]:
        """Listen (OSError when it cannot); the lines that say how each player joins."""
        self.link.start()
        flag = " --tls-ca HOST-CERTIFICATE.pem" if self.tls is not None else ""
        host = shown_host(self.bind)
        return [
            *(
                f"{seat.name} (Player {seat.number}) joins with: "
                f"equation-duel join {seat.code}@{host}:{self.link.port}{flag}"
                for seat in self.link.seats
            ),
            "Each code lets in one seat's player only.",
            reach_words(self.bind),
            UNENCRYPTED if self.tls is None else ENCRYPTED,
        ]

    def play(self) -> str:
        """Wait for both players, then play the match out; "" when it ended, else why
        it stopped (the game is kept)."""
        started = now()
        while not self.link.joined.wait(0.25):
            if self._stopping:
                self.link.stop(STOPPED_HERE)
                return "stopped"
        inner = driver_class(self.game.id)(self.game, self.console, self.names)
        driver = OnlineDriver(inner, 1, self.referee.guest_turn, self.referee.guest_turn)
        self.runner = MatchRunner(
            driver,
            self.match,
            clock=self.link.clock,
            on_change=self.referee.changed,  # each guest sees each position
            keeper=SavedGames(),  # kept after every turn, counted once at the end
            players=players_of(self.names),
            started=started,
            record_id=self.record_id,
        )
        stopped = play_out(self.runner, self.console)
        if self._stopping and not self.over:
            stopped = "stopped here"
        if self.over:
            self.link.stop("The game is over.")
            return ""
        if stopped.endswith(" left"):  # (a guest left: the other's screen names them)
            self.link.stop("the game is kept on the tournament's machine.")
        else:
            self.link.stop(STOPPED_HERE)
        return stopped

    @property
    def over(self) -> bool:
        return self.runner is not None and match_outcome(self.runner.match) is not None

    def stop(self) -> None:
        """Stop waiting or playing (from another thread): the game is kept."""
        self._stopping = True
        self.link.inbox.put((None, Bye(reason="stopped here")))


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
    relay = Relay(game, match, names, console or Console(sys.stdin, sys.stdout), bind, port, tls)
    try:
        lines = relay.start()
    except OSError as error:
        print(f"equation-duel: error: cannot listen on {bind}:{port}: {error}", file=sys.stderr)
        return 1
    for line in lines:
        relay.console.say(line)
    relay.console.say("Waiting for both players to join (ctrl+c stops).")
    threading.Thread(target=_stop_at_end_of_input, args=(relay,), daemon=True).start()
    try:
        stopped = relay.play()
    except KeyboardInterrupt:
        relay.link.stop(STOPPED_HERE)
        relay.console.say()
        return INTERRUPTED
    if not stopped:
        return 0
    if relay.runner is None:
        relay.console.say("Hosting stopped before both players joined: nothing was played.")
        return 0
    relay.console.say(f"The game stops ({stopped}): it is kept.")
    return INTERRUPTED if stopped == "interrupted" else 0


def _stop_at_end_of_input(relay: Relay) -> None:
    """Nothing is typed here (no seat is played here), but the end of the standard input
    (ctrl+d, or the full screen that started the relay gone) stops the relay."""
    with contextlib.suppress(OSError, ValueError):
        while relay.console.stdin.readline():
            pass
    relay.stop()
