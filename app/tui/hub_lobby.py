"""The class's lobby in the full screen, once the teacher admitted the student: who is
here and what they play (a list drawn from the hub's `here` messages as they come), the
hub's words, a game watched (on its board: `app.tui.hub_watch_board`), a challenge to
answer; each action a key in the footer and a click. A game the hub hands over (`game-ready`) is played on the online
guest's own board (`app.tui.online_guest`), over the lobby; its Menu key and its
game-over dialog come back here (the lobby is a `Home`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from app.hub.client import Closed, HubClient
from app.hub.protocol import (
    Accept,
    Bye,
    Challenge,
    Challenged,
    Decline,
    Follow,
    FromHub,
    GameReady,
    Here,
    Rematch,
    Said,
    Unwatch,
    Watch,
    Watched,
    game_path,
)
from app.hub.protocol_class import HomeworkAsk
from app.hub.store import key_of
from app.online.codes import Address
from app.online.guest_link import GuestLink, JoinRefused
from app.online.texts import their_words
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_homework import Homework, HomeworkChoice
from app.tui.hub_live import LiveRounds
from app.tui.hub_watch_board import WatchBoardScreen
from app.tui.navigation import Home
from app.tui.styles import HUB_STYLES
from rules.registry import GAME_INFO
from widgets.keys_footer import KeysFooter
from widgets.status_line import Level, StatusLine


def doing_words(here: Here) -> str:
    """What a student in the lobby does, in words."""
    if not here.game:
        return "in the lobby"
    info = GAME_INFO.get(here.game_id)
    game = info.name if info is not None else their_words(here.game_id, 32)
    return f"playing {game} against {their_words(here.against, 32)} (game {here.game})"


class HubLobbyScreen(Home, Screen[None]):
    """The lobby (see the module's docstring), over `client`'s connection as `name`."""

    CSS_PATH = HUB_STYLES
    AUTO_FOCUS = "#lobby-people"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "challenge", "Challenge"),
        Binding("a", "accept", "Accept"),
        Binding("d", "decline", "Decline"),
        Binding("r", "rematch", "Rematch"),
        Binding("w", "watch", "Watch"),
        Binding("h", "homework", "Homework"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, client: HubClient, name: str) -> None:
        super().__init__()
        self.client = client
        self.student = name
        #: Who is here, by their name's key (the hub's `here` messages).
        self.people: dict[str, Here] = {}
        #: Who challenges this student now (None: nobody).
        self.asked_by: str | None = None
        #: The news lines written, as text.
        self.told: list[str] = []
        self.out = False
        #: A game the hub handed over is on the screen (the lobby is under it).
        self.playing = False
        #: The game watched on its board (None: none open; its lines come as news).
        self.watching: WatchBoardScreen | None = None
        #: The live rounds, each answered on its puzzle's board over the lobby.
        self.live = LiveRounds(client, self.news, self._open_board, self._close_board)
        #: The homework, each puzzle answered on its board too.
        self.homework = Homework(client, self.news, self._open_board, self._close_board)

    def compose(self) -> ComposeResult:
        where = self.client.address
        title = f"Class {where.code} at {where.host}:{where.port} · you are {self.student}"
        yield Static(Content(title), id="lobby-title")
        with Horizontal(id="lobby-middle"):
            with Vertical(id="lobby-people-box"):
                yield Static("Here now", classes="lobby-heading")
                yield OptionList(id="lobby-people")
            with Vertical(id="lobby-news-box"):
                yield Static("The class's news", classes="lobby-heading")
                yield RichLog(
                    id="lobby-news", wrap=True, markup=False, highlight=False, min_width=20
                )
        with Horizontal(id="lobby-asked"):
            yield Static("", id="lobby-asked-text", markup=False)
            yield Button("Accept (a)", id="lobby-accept", variant="success", compact=True)
            yield Button("Decline (d)", id="lobby-decline", compact=True)
        yield StatusLine(id="lobby-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#lobby-asked").display = False
        self.say("You are in the class's lobby: choose a classmate, then c to challenge them.")
        self.client.send(Follow())
        self.run_worker(self._read(), group="hub-lobby")
        self.run_worker(self.homework.hand_in_kept(), group="hub-lobby")  # (done offline)

    def say(self, text: str, level: Level = "info") -> None:
        self.query_one(StatusLine).show(text, level)

    def news(self, text: str | Text) -> None:
        self.told.append(str(text))
        self.query_one(RichLog).write(Text(text) if isinstance(text, str) else text)

    async def _read(self) -> None:
        """The hub's messages, as they come, until the connection closes."""
        try:
            async for message in self.client.messages():
                self.heard(message)
        except Closed as closed:
            self._lost(str(closed))

    def heard(self, message: FromHub) -> None:
        if self.live.shows(message) or self.homework.shows(message):
            return
        if self.watching is not None and self.watching.shows(message):
            return
        if isinstance(message, Here):
            self._here(message)
        elif isinstance(message, Challenged):
            self._challenged(message)
        elif isinstance(message, Said):
            text = their_words(message.text)
            self.news(text)
            self.say(text)
        elif isinstance(message, Watched):
            self.news(f"Game {message.game}: {their_words(message.text)}")
        elif isinstance(message, GameReady):
            self.run_worker(self._play(message), group="hub-game")
        # (a refusal closes the connection: `_lost` says it)

    def _lost(self, why: str) -> None:
        self.out = True
        self.people.clear()
        self._draw_people()
        self._answered()
        self.say(f"You are out of the class: {their_words(why)} (Esc leaves)", "error")

    # Who is here

    def _here(self, here: Here) -> None:
        key, own_key = key_of(here.name), key_of(self.student)
        if here.gone:
            self.people.pop(key, None)
            if self.asked_by == key:
                self._answered()
        else:
            self.people[key] = here
            if here.game and self.asked_by is not None and key in (self.asked_by, own_key):
                self._answered()  # (the challenge lapsed: its player, or this one, plays)
        self._draw_people()

    def _draw_people(self) -> None:
        people = self.query_one(OptionList)
        chosen = None if people.highlighted_option is None else people.highlighted_option.id
        people.clear_options()
        own = key_of(self.student)
        keys = sorted(self.people, key=lambda key: (key != own, key))  # (this student first)
        for key in keys:
            here = self.people[key]
            name = their_words(here.name, 32) + (" (you)" if key == own else "")
            people.add_option(Option(Content(f"{name}: {doing_words(here)}"), id=key))
        classmates = [index for index, key in enumerate(keys) if key != own]
        if chosen in keys:
            people.highlighted = keys.index(chosen)
        elif classmates:
            people.highlighted = classmates[0]
        self.refresh_bindings()

    def _classmate(self) -> Here | None:
        """The classmate highlighted in the list (None: none, or this student)."""
        listed = next(iter(self.query(OptionList).results(OptionList)), None)
        option = None if listed is None else listed.highlighted_option
        if option is None or option.id is None or option.id == key_of(self.student):
            return None
        return self.people.get(option.id)

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    async def on_option_list_option_selected(self, _event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a classmate: challenge them, or watch their game."""
        for action in ("challenge", "watch"):
            if self.check_action(action, ()):
                await self.run_action(action)

    # The keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave":
            return True
        if self.out:
            return False
        classmate = self._classmate()
        if action == "challenge":
            return (classmate is not None and not classmate.game) or None
        if action == "watch":
            return (classmate is not None and bool(classmate.game)) or None
        if action in ("accept", "decline"):
            return self.asked_by is not None or None
        return True

    def action_challenge(self) -> None:
        from app.tui.hub_lobby_challenge import ChallengeDialog

        classmate = self._classmate()
        if classmate is None:
            return
        name = classmate.name

        def send(chosen: tuple[str, list[str]] | None) -> None:
            if chosen is not None and not self.out:
                self.client.send(Challenge(name=name, game=chosen[0], flags=chosen[1]))

        self.app.push_screen(ChallengeDialog(name), send)

    def action_watch(self) -> None:
        """Watch the chosen classmate's game on its board (Esc comes back here)."""
        classmate = self._classmate()
        if classmate is not None:
            self.client.send(Watch(target=classmate.name, board=True))
            self.watching = WatchBoardScreen(classmate.game)
            self.app.push_screen(self.watching, self._unwatch)

    def _unwatch(self, _left: None) -> None:
        """The watched game's board left: its lines and boards stop coming."""
        self.watching = None
        self.client.send(Unwatch())

    def action_homework(self) -> None:
        """The homework the hub named: opened (a choice of several); none named: the
        hub's list, asked."""
        listed = self.homework.listed
        if len(listed) == 1:
            self.client.send(HomeworkAsk(name=next(iter(listed))))
        elif not listed:
            self.client.send(HomeworkAsk())
        else:

            def chosen(name: str | None) -> None:
                if name is not None and not self.out:
                    self.client.send(HomeworkAsk(name=name))

            self.app.push_screen(HomeworkChoice(dict(listed)), chosen)

    def action_rematch(self) -> None:
        self.client.send(Rematch())

    def _challenged(self, message: Challenged) -> None:
        self.asked_by = key_of(message.name)
        text = their_words(message.text)
        self.query_one("#lobby-asked-text", Static).update(text)
        self.query_one("#lobby-asked").display = True
        self.news(text)
        self.refresh_bindings()

    def _answered(self) -> None:
        self.asked_by = None
        self.query_one("#lobby-asked").display = False
        self.refresh_bindings()

    def action_accept(self) -> None:
        self.client.send(Accept())
        self._answered()

    def action_decline(self) -> None:
        self.client.send(Decline())
        self._answered()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.asked_by is not None:
            if event.button.id == "lobby-accept":
                self.action_accept()
            else:
                self.action_decline()

    def action_leave(self) -> None:
        self.client.send(Bye())
        self.dismiss()

    async def on_unmount(self) -> None:
        self.workers.cancel_node(self)  # (its widgets are gone: nothing more is drawn)
        await self.client.close()  # (after the goodbye; the app's end too)

    # A game the hub handed over

    async def _play(self, ready: GameReady) -> None:
        """Join game `ready` as any guest joins, and play it on the guest's board."""
        from app.tui.online_guest import guest_board

        where = self.client.address
        place = Address(ready.code, where.host, where.port, game_path(ready.game, where.code))
        link = GuestLink(place, self.student, tls=self.client.tls)
        try:
            welcome = await link.join()
            screen, seat = guest_board(link, welcome)
        except JoinRefused as error:
            self.say(f"Game {ready.game} cannot be joined: {error}", "error")
            return
        except ValueError as error:
            await link.close("The game could not be read.")
            self.say(f"Game {ready.game} cannot be read: {their_words(str(error), 200)}", "error")
            return
        self.news(f"Game {ready.game} begins.")
        self.playing = True
        self.app.push_screen(screen)
        self.app.call_after_refresh(screen.mount, seat)

    # A class's puzzle (a live round's), answered on its board over the lobby

    def _open_board(self, screen: SomeGameScreen) -> None:
        if not self.out:
            self.app.push_screen(screen)

    def _close_board(self, screen: SomeGameScreen) -> None:
        if self.app.screen is screen:
            self.app.pop_screen()

    def on_screen_resume(self) -> None:
        if self.playing:
            self.playing = False
            self.say("You are back in the lobby.")
