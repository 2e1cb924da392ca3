"""The teacher's full-screen console (`equation-duel hub`): the class code and the
students' command large, their QR code, the waiting room, who is in the lobby and what
they play, the games in progress (live), what the hub says and the moves of a game the
teacher watches, and the refused connections' count. Every plain command can be typed
too (`:`), and every key is in the footer; live rounds have a form (`l`:
`app.tui.hub_console_live`).

It runs the same hub as the line console (`app.hub.console.HubConsole`; `answer` answers
the commands) on Textual's loop: no thread, no polling; the hub's notices and the games'
lines redraw what they change.
"""

from __future__ import annotations

import ssl
import sys
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from app.hub.console import STOPPED, HubConsole, Tabs
from app.hub.store import HubStore, StoreProblem
from app.tui.hub_console_live import LiveDialog
from app.tui.styles import HUB_CONSOLE_STYLES

#: The QR code's quiet zone on the full screen (its light background frames it too).
QR_BORDER = 2
#: The rows and columns the console needs beside the QR code to show it there.
QR_ROOM_ROWS, QR_ROOM_COLUMNS = 9, 40


class QrScreen(ModalScreen[None]):
    """The QR code of the students' command on a screen of its own (`k`): with its full
    quiet zone (lines drawn by `app.hub.console.qr_lines`), the command under it, at any
    size the console runs at; any key or click goes back."""

    def __init__(self, drawn: list[str], command: str) -> None:
        super().__init__()
        self.drawn = drawn
        self.command = command

    def compose(self) -> ComposeResult:
        yield Static(Content("\n".join(self.drawn)), id="qr-large")
        yield Static(Content(f"{self.command}\nAny key goes back."), id="qr-command")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()


class HubConsoleApp(App[int]):
    """The teacher's console (see the module's docstring)."""

    CSS_PATH = HUB_CONSOLE_STYLES
    TITLE = "Equation Duel: the class's hub"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "admit", "Admit"),
        Binding("r", "remove", "Remove"),
        Binding("w", "watch", "Watch"),
        Binding("p", "pause", "Pause"),
        Binding("k", "qr", "QR code"),
        Binding("l", "live", "Live"),
        Binding("colon", "command", "Command"),
        Binding("q", "quit_hub", "Quit"),
        Binding("escape", "lists", "Back to the lists", show=False),
    ]

    def __init__(
        self,
        store: HubStore,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        admitted: tuple[str, ...] = (),
        qr: bool = True,
        tabs: Tabs | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.admitted = admitted
        self.teacher = HubConsole(store, bind, port, tls, said=self._said, tabs=tabs)
        #: The QR code beside the lists (when it fits; `--no-qr`: never).
        self.show_qr = qr
        self.started = False
        self.stopping = False
        #: Why the hub could not start ("" when it did).
        self.failed = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="heading"):
            yield Static(id="code")
            yield Static(id="join")
        with Horizontal(id="middle"):
            yield Static(id="qr")
            with Vertical(id="lists"):
                yield Label("Waiting room (a or a click admits)", classes="title")
                yield OptionList(id="waiting")
                yield Label("The class (r removes)", classes="title")
                yield OptionList(id="online")
                yield Label("Games in progress (w watches)", classes="title")
                yield OptionList(id="games")
                yield RichLog(id="said", wrap=True, markup=False, min_width=20)
        yield Static(id="refused")
        yield Input(id="command", placeholder="Type a teacher's command (help lists them)")
        yield Footer()

    async def on_mount(self) -> None:
        try:
            await self.teacher.hub.start()
        except OSError as error:
            hub = self.teacher.hub
            self.failed = f"equation-duel: error: cannot listen on {hub.bind}:{hub.port}: {error}"
            self.exit(1)
            return
        self.started = True
        try:
            for name in self.admitted:
                self.store.admit(name)
        except StoreProblem as problem:
            self.failed = f"equation-duel: error: {problem}"
            self.exit(1)
            return
        self.teacher.follow(self._game_changed)
        self.show_opening()
        self.call_after_refresh(self._say_opening, await self.teacher.open_tabs())
        self.query_one("#waiting", OptionList).focus()

    def _say_opening(self, tabs: list[str]) -> None:
        """Who can reach the hub and whether the link is encrypted, and where the browser
        tabs are (once laid out: the log wraps its lines at its width)."""
        for line in [*self.teacher.opening(len(self.admitted))[2:], *tabs]:
            self._said_log().write(Text(line))

    def show_opening(self) -> None:
        """The class code, the students' command and its QR code; the hub's reach."""
        teacher = self.teacher
        paused = "   (paused: no new game starts)" if teacher.hub.lobby.paused else ""
        self.query_one("#code", Static).update(
            Content.assemble(
                ("Class code  ", "bold"), (f" {' '.join(teacher.hub.code)} ", "bold reverse")
            )
            + Content(paused)
        )
        self.query_one("#join", Static).update(
            Content(f"Students join with: {teacher.join_command()}")
        )
        qr = self.query_one("#qr", Static)
        qr.update(Content("\n".join(teacher.qr(QR_BORDER))))
        self._fit_qr()
        self._show_state()

    def on_resize(self, _event: events.Resize) -> None:
        if self.started:
            self._fit_qr()

    def _fit_qr(self) -> None:
        """The QR code beside the lists only when it fits whole (else `k` shows it)."""
        qr = self.query_one("#qr", Static)
        drawn = self.teacher.qr(QR_BORDER)
        room = self.size.height - QR_ROOM_ROWS, self.size.width - QR_ROOM_COLUMNS
        qr.display = self.show_qr and room >= (len(drawn), len(drawn[0]))

    # What changes

    def _said_log(self) -> RichLog:
        return self.query_one("#said", RichLog)

    def _said(self, text: str) -> None:
        if self.is_running and not self.stopping:
            self._said_log().write(Text(text))
            self._show_state()

    def _game_changed(self) -> None:
        if self.is_running and not self.stopping:
            self._show_state()

    def _show_state(self) -> None:
        teacher = self.teacher
        _fill(self.query_one("#waiting", OptionList), [(n, n) for n in teacher.waiting()])
        rows = [(name, f"{name}: {doing}") for name, doing in teacher.online()]
        _fill(self.query_one("#online", OptionList), rows)
        games = [(str(number), words) for number, words in teacher.games()]
        _fill(self.query_one("#games", OptionList), games)
        refused = self.query_one("#refused", Static)
        refused.update(Content(teacher.refused))
        refused.display = bool(teacher.refused)

    async def _run(self, command: str) -> None:
        """Do the teacher's `command`, as the line console does (`assign`'s search off the
        loop, awaited); its answer in the log."""
        log = self._said_log()
        said = await self.teacher.answered(
            command, lambda n, text: log.write(Text(f"Game {n}: {text}"))
        )
        if said is None:
            self.action_quit_hub()
            return
        for line in said:
            log.write(Text(line))
        self.show_opening()

    # The teacher's keys

    def _chosen(self, list_id: str) -> str | None:
        options = self.query_one(f"#{list_id}", OptionList)
        if options.option_count == 0:
            return None
        index = options.highlighted if options.highlighted is not None else 0
        return options.get_option_at_index(index).id

    async def action_admit(self) -> None:
        name = self._chosen("waiting")
        await self._run(f"admit {name}" if name else "admit")

    async def action_remove(self) -> None:
        focused = self.focused
        which = "waiting" if focused is not None and focused.id == "waiting" else "online"
        name = self._chosen(which)
        if name is None:
            self._said_log().write(Text("Nobody is chosen: pick a name in a list."))
            return
        await self._run(f"remove {name}")

    async def action_watch(self) -> None:
        number = self._chosen("games")
        await self._run(f"watch {number}" if number else "watch")

    async def action_pause(self) -> None:
        await self._run("resume" if self.teacher.hub.lobby.paused else "pause")

    def action_live(self) -> None:
        """The live rounds' form: it answers the line console's `live` command."""
        running = self.teacher.hub.live.session is not None

        async def chosen(command: str | None) -> None:
            if command is not None:
                await self._run(command)

        self.push_screen(LiveDialog(running), chosen)

    def action_qr(self) -> None:
        """The QR code with its full quiet zone, on a screen of its own."""
        self.push_screen(QrScreen(self.teacher.qr(), self.teacher.join_command()))

    def action_command(self) -> None:
        self.query_one("#command", Input).focus()

    def action_lists(self) -> None:
        self.query_one("#games", OptionList).focus()

    def action_quit_hub(self) -> None:
        self.exit(0)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click (or enter) on a waiting student admits them; on a game, watches it."""
        if event.option_list.id == "waiting":
            await self._run(f"admit {event.option.id}")
        elif event.option_list.id == "games":
            await self._run(f"watch {event.option.id}")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.clear()
        await self._run(event.value)

    async def on_unmount(self) -> None:
        self.stopping = True  # (what the hub says as it stops is not drawn)
        if self.started:
            await self.teacher.stop(STOPPED)


def _fill(options: OptionList, rows: list[tuple[str, str]]) -> None:
    """Show `rows` (id, words) in `options`, keeping the highlighted one if still there."""
    chosen = None
    if options.highlighted is not None and options.option_count:
        chosen = options.get_option_at_index(options.highlighted).id
    options.clear_options()
    options.add_options([Option(Content(words), id=key) for key, words in rows])
    ids = [key for key, _ in rows]
    if chosen in ids:
        options.highlighted = ids.index(chosen)


def hub_screen(
    store: HubStore,
    bind: str,
    port: int,
    tls: ssl.SSLContext | None,
    admitted: tuple[str, ...] = (),
    qr: bool = True,
    tabs: Tabs | None = None,
) -> int:
    """Run the hub with the full-screen console until the teacher quits; the exit code."""
    app = HubConsoleApp(store, bind, port, tls, admitted, qr, tabs)
    code = app.run()
    if app.failed:
        print(app.failed, file=sys.stderr)
    elif app.started:
        print("The hub stopped: the roster and the finished games are kept.")
    return code if code is not None else 1
