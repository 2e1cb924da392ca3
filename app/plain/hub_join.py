"""A student in the class's lobby, line by line (`equation-duel class join CODE@ADDR:PORT
--name NAME --plain`, and `class watch`): knock (the teacher admits; a token kept from
before lets the student in at once), then the lobby's commands on standard input while
the hub's news is said as it comes. A game the hub hands over (`game-ready`) is played
with exactly the prompts of a local plain game: the online guest's own (`app.plain.
online_play`), on this same loop, so the lobby stays connected meanwhile; then the
student is back in the lobby.
"""

from __future__ import annotations

import shlex
import ssl
import sys
from typing import Any

from app.cli.usage import fail
from app.hub.client import Closed, HubClient
from app.hub.homework_kept import hand_in_kept
from app.hub.live_words import closed_words
from app.hub.protocol import (
    Accept,
    Bye,
    Challenge,
    Decline,
    FromHub,
    GameReady,
    PlayComputer,
    Rematch,
    Said,
    Watch,
    Watched,
    Who,
    game_path,
)
from app.hub.protocol_class import HomeworkAsk, HomeworkSet, LiveProject, Standings, StandingsNow
from app.online.codes import Address
from app.online.guest_link import JoinRefused
from app.online.texts import their_words
from app.plain.base import Console
from app.plain.hub_homework import homework_shown, online_homework
from app.plain.hub_live import LiveLobby
from app.plain.online_loop import LineLoop, LoopInput, read_on
from app.plain.online_play import INTERRUPTED, join_on
from rules.catalog import GAME_IDS
from rules.names import strip_controls

HELP = (
    "The lobby's commands:",
    "  who                              who is here, and what they play",
    "  challenge NAME GAME [options]    e.g. challenge Bo fifty --pool 1-12",
    "  accept, decline                  answer a challenge",
    "  rematch                          challenge your last opponent to the same game",
    "  computer GAME [options] [--level L]  play the computer (easy, medium, perfect)",
    "  watch NAME (or a game's number)  see a game's moves as they are played",
    "  standings                        the class tournament's standings",
    "  homework [NAME]                  your homework; do assignment NAME",
    "  quit                             leave the class (ctrl+c too)",
)


def class_join_plain(
    address: Address,
    name: str,
    tls: ssl.SSLContext | None = None,
    watch: str | None = None,
    project: bool = False,
) -> int:
    """Join the class at `address` as `name` (and watch `watch`; `project`: as the
    projector of live rounds); the exit code."""
    console = Console(sys.stdin, sys.stdout)
    client = HubClient(address, name, tls)
    with LineLoop() as loop:
        try:
            loop.run(client.join(lambda: console.say(_WAITING)))
        except JoinRefused as error:
            return fail(f"cannot join: {error}", code=1, wrap=True)
        except KeyboardInterrupt:
            console.say()
            return INTERRUPTED
        console.say(f"You are in the class's lobby as {name}. Type help for its commands.")
        try:  # (homework done offline is handed in at the next connection)
            loop.run(hand_in_kept(client, console.say, wait=True))
        except (Closed, OSError) as error:
            console.say(f"The homework kept here was not handed in: {error}.")
        if watch is not None:
            client.send(Watch(target=watch[:60]))
        if project:
            client.send(LiveProject())
        console.stdin = read_on(loop, console.stdin)
        lobby = _Lobby(loop, client, console)
        lobby.watching = watch is not None or project
        lobby.live.projector = project
        try:
            return lobby.run()
        except KeyboardInterrupt:
            console.say()
            return INTERRUPTED
        finally:
            client.send(Bye())
            loop.run(client.close())


def _computer(words: list[str]) -> PlayComputer:
    """`computer GAME [options] [--level L]` as the hub's message."""
    game, flags, level = words[0][:30], words[1:], "medium"
    if "--level" in flags[:-1]:
        at = flags.index("--level")
        level, flags = flags[at + 1][:20], flags[:at] + flags[at + 2 :]
    return PlayComputer(game=game, flags=[flag[:100] for flag in flags[:16]], level=level)


#: The lobby's commands of one word, and the message each sends the hub.
_ALONE = {kind.__name__.lower(): kind for kind in (Who, Rematch, Accept, Decline, Standings)}
_WAITING = "Waiting for the teacher to admit you (ctrl+c stops)."


def challenged(words: list[str]) -> tuple[str, str, list[str]]:
    """`challenge NAME GAME [options]`'s words after `challenge`: the name (it may have
    spaces: "challenge Mary Ann fifty"; the game is the first word after it that names
    one), the game, the options."""
    at = next((i for i in range(1, len(words)) if words[i].lower() in GAME_IDS), 1)
    return " ".join(words[:at]), words[at], words[at + 1 :]


class _Lobby:
    def __init__(self, loop: LineLoop, client: HubClient, console: Console) -> None:
        self.loop = loop
        self.client = client
        self.console = console
        #: Watching from `class watch`: the end of input does not leave (a projector).
        self.watching = False
        self._input_ended = False
        #: Live rounds: the puzzle asked, the answer read (`app.plain.hub_live`).
        self.live = LiveLobby(client, console)

    def run(self) -> int:
        while True:
            try:
                came = self.loop.run(self._line_or_message())
            except Closed as closed:
                self.console.say(closed_words(closed))
                return 1
            if isinstance(came, str):
                if not self._command(came):
                    return 0
            elif came is None and self.watching:
                self._input_ended = True  # (watch on: ctrl+c leaves)
            elif came is None:
                return 0  # (the end of input)
            else:
                self._show(came)

    async def _line_or_message(self) -> str | FromHub | None:
        """A line typed (str), the hub's message, or None at the end of input."""
        stdin: Any = self.console.stdin
        if self._input_ended:
            return await self.client.next()
        if not isinstance(stdin, LoopInput):
            early = await self.client.next(0.2)
            if early is not None:
                return early
            raw = stdin.readline()
            return raw.strip() if raw else None
        if stdin.holds_line:
            return (await stdin.line()).decode("utf-8", "replace").strip()
        if stdin.at_end:
            return None
        heard, typed = await stdin.line_or(self.client.next())
        if heard.done() and not heard.cancelled():
            if typed is not None:
                stdin.unread(typed)
            return heard.result()
        return typed.decode("utf-8", "replace").strip() if typed else None

    def _command(self, line: str) -> bool:
        """Do what the student typed; False to leave."""
        if self.console.echo and line:
            self.console.say(line)
        if self.live.takes(line):
            return True
        try:
            words = shlex.split(line)
        except ValueError as error:
            why = str(error)
            self.console.say(f"That line cannot be read: {why[:1].lower()}{why[1:]}.")
            return True
        if not words:
            return True
        word, rest = words[0].lower(), words[1:]
        if word == "quit":
            return False
        if word in _ALONE:
            self.client.send(_ALONE[word]())
        elif word == "challenge" and len(rest) >= 2:
            name, game, flags = challenged(rest)
            self.client.send(Challenge(name=name[:60], game=game[:30], flags=flags[:16]))
        elif word == "computer" and rest:
            self.client.send(_computer(rest))
        elif word == "watch" and rest:
            self.client.send(Watch(target=" ".join(rest)[:60]))
        elif word == "homework":
            self.client.send(HomeworkAsk(name=" ".join(rest)[:60]))
        elif word == "help":
            self.console.say_all(HELP)
        elif word in ("challenge", "watch", "computer"):
            self.console.say(
                "Type challenge NAME GAME, computer GAME or watch NAME: help lists the commands."
            )
        else:
            self.console.say("That is not a command in the lobby: type help for its commands.")
        return True

    def _show(self, message: FromHub) -> None:
        if self.live.shows(message) or homework_shown(self.console, message):
            return
        if isinstance(message, GameReady):
            self._play(message)
        elif isinstance(message, Watched):
            self.console.say(f"Game {message.game}: {their_words(message.text)}")
        elif isinstance(message, StandingsNow):
            for line in message.lines:  # (a table: its spacing kept, controls not)
                self.console.say(strip_controls(line)[:400])
        elif isinstance(message, HomeworkSet):
            online_homework(self.loop, self.client, self.console, message)
        elif isinstance(message, Said):  # (a refusal closes: `run` says it)
            self.console.say(their_words(message.text))

    def _play(self, ready: GameReady) -> None:
        """The game the hub handed over, with the plain game's own prompts."""
        where = self.client.address
        place = Address(ready.code, where.host, where.port, game_path(ready.game, where.code))
        self.console.say(f"Game {ready.game} begins.")
        join_on(self.loop, place, self.client.name, self.console, self.client.tls)
        self.console.say("You are back in the lobby.")
