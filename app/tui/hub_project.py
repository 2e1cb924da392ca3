"""The projector view of the class's live rounds (`equation-duel class project
CODE@ADDR:PORT`): it joins the class as a student the teacher admits (`--name`,
Projector by default), says it is a projector (`live-project`), and shows each round:
the puzzle drawn large with the game's own board (a read-only picture, as the analysis
and the replay draw it), a countdown, how many have answered; when the round closes, the
spread of answers as a bar chart (each choice played, how many, whether it wins; names
only if the teacher showed them), every winning move with the solver's sentence and the
class against the computer's par (team mode); at the end, the session's summary. `q` leaves.
"""

from __future__ import annotations

import math
import ssl
import time
from collections.abc import Callable
from pathlib import PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Digits, Static

from app.hub.client import Closed, HubClient
from app.hub.live_par import team_words
from app.hub.live_words import closed_words
from app.hub.protocol import FromHub, Said
from app.hub.protocol_class import LiveClosed, LiveCount, LiveProject, LiveRound, LiveSummary
from app.online.codes import Address
from app.online.guest_link import JoinRefused
from app.online.texts import their_words
from app.tui.boards.common import Played
from app.tui.boards.table import board_of
from app.tui.styles import HUB_PROJECT_STYLES
from rules.puzzles.bank_file import puzzle_from_json
from rules.puzzles.model import Puzzle
from rules.registry import GAME_INFO, get_game

#: The widest bar of the chart, in cells.
BAR = 30
COLOUR = {"win": "green", "draw": "yellow", "lose": "red"}
MARK = {"win": "wins", "draw": "keeps a draw", "lose": "loses"}


def played_of(puzzle: Puzzle) -> Played:
    """The puzzle's moves as the boards mark them: (mover, move), in order."""
    game = get_game(puzzle.game)
    states = game.history(game.options_from(puzzle.options), puzzle.moves)[:-1]
    moves = zip(states, puzzle.moves, strict=True)
    return [(game.to_move(state), game.parse_move(text)) for state, text in moves]


def chart(closed: LiveClosed) -> Text:
    """The spread of answers as bars: one a choice played, longest first."""
    text = Text()
    most = max((bar.count for bar in closed.bars), default=1) or 1
    for bar in closed.bars:
        text.append(their_words(bar.words))
        text.append(f" · {MARK[bar.judgement]}", style=COLOUR[bar.judgement])
        if bar.names:
            text.append(f" ({', '.join(their_words(n) for n in bar.names)})", style="dim")
        width = max(1, round(BAR * bar.count / most))
        text.append("\n" + "█" * width, style=COLOUR[bar.judgement])
        text.append(f" {bar.count}\n", style="bold")
    if not closed.bars:
        text.append("Nobody answered this round.\n")
    return text


class ProjectorApp(App[int]):
    """The projector view (see the module's docstring). Without a `client` it shows
    only what it is handed (`shown`): the tests' snapshots."""

    CSS_PATH: ClassVar[list[str | PurePath]] = HUB_PROJECT_STYLES
    TITLE = "Equation Duel · live rounds"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit_projector", "Leave")]

    def __init__(
        self, client: HubClient | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.client = client
        self.clock = clock
        self.deadline: float | None = None
        self.round: LiveRound | None = None
        self.exit_code = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="project-title"):
            yield Static("Live rounds", id="project-round", markup=False)
            yield Static("q leaves", id="project-keys", markup=False)
        yield Static("Waiting for the teacher's first live round.", id="project-task", markup=False)
        with Horizontal(id="project-middle"):
            yield Vertical(id="project-board")
            with Vertical(id="project-side"):
                yield Digits("", id="project-clock")
                yield Static("", id="project-count", markup=False)
                with VerticalScroll(id="project-results"):
                    yield Static("", id="project-chart")
                    yield Static("", id="project-winning", markup=False)

    def on_mount(self) -> None:
        self.set_interval(0.25, self._countdown)
        if self.client is not None:
            self.run_worker(self._listen_to(self.client), exclusive=True)

    def action_quit_projector(self) -> None:
        self.exit(self.exit_code)

    def _tell(self, text: str) -> None:
        self.query_one("#project-task", Static).update(Text(text))

    async def _listen_to(self, client: HubClient) -> None:
        waiting = "Waiting for the teacher to admit this projector (admit its name on the hub)."
        try:
            await client.join(lambda: self._tell(waiting))
        except JoinRefused as error:
            self.exit_code = 1
            why = str(error).rstrip(".")  # (its own "?" ends it)
            self._tell(
                f"Cannot join the class: {why}{'' if why.endswith('?') else '.'} Press q to leave."
            )
            return
        client.send(LiveProject())
        try:
            async for message in client.messages():
                await self.shown(message)
        except Closed as closed:
            self._tell(f"{closed_words(closed)} Press q to leave.")

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()

    async def shown(self, message: FromHub) -> None:
        """Show one of the hub's messages."""
        if isinstance(message, LiveRound):
            await self._show_round(message)
        elif isinstance(message, LiveCount):
            self._show_count(message.answered, message.asked)
        elif isinstance(message, LiveClosed):
            self._show_closed(message)
        elif isinstance(message, LiveSummary):
            await self._show_summary(message)
        elif isinstance(message, Said) and self.round is None:
            self._tell(their_words(message.text))

    async def _show_round(self, message: LiveRound) -> None:
        puzzle = puzzle_from_json(message.puzzle)
        if puzzle is None:
            self._tell(f"Live round {message.round}: the hub's puzzle cannot be read.")
            return
        self.round = message
        self.deadline = self.clock() + message.seconds
        self.query_one("#project-clock", Digits).display = True
        game = get_game(puzzle.game)
        options = game.options_from(puzzle.options)
        name = GAME_INFO[puzzle.game].name
        self.query_one("#project-round", Static).update(
            Text(f"Live round {message.round} of {message.of} · {name}, {puzzle.difficulty}")
        )
        self._tell(f"Player {puzzle.to_move} to move and win. Answer on your own screen.")
        holder = self.query_one("#project-board", Vertical)
        await holder.remove_children()
        board = board_of(puzzle.game)(
            options,
            ("Player 1", "Player 2"),
            id="project-position",
            classes=f"position position-{puzzle.game}",
        )
        await holder.mount(board)
        board.show(puzzle.state(), played_of(puzzle))
        # (its pools fit their rows to its width once it is laid out)
        board.call_after_refresh(board.on_resize)
        self._show_count(0, message.asked)
        self.query_one("#project-chart", Static).update("")
        self.query_one("#project-winning", Static).update("")
        self._countdown()

    async def _show_summary(self, summary: LiveSummary) -> None:
        """The session's summary in the board's place: the last round's spread and
        winning moves stay on the right (the summary came at once and hid them)."""
        self.deadline = None
        self.query_one("#project-clock", Digits).display = False
        holder = self.query_one("#project-board", Vertical)
        await holder.remove_children()
        words = Text("\n".join(their_words(line) for line in summary.lines))
        await holder.mount(Static(words, id="project-summary"))
        self._tell("The session is over: its summary is on the left, the last round on the right.")

    def _show_count(self, answered: int, asked: int) -> None:
        self.query_one("#project-count", Static).update(
            Text(f"{answered} of {asked} have answered")
        )

    def _show_closed(self, closed: LiveClosed) -> None:
        self.deadline = None
        self.query_one("#project-clock", Digits).display = False
        self._tell(
            f"Round {closed.round} closed: {closed.right} of {closed.asked} right, "
            f"{closed.answered} answered."
        )
        self._show_count(closed.answered, closed.asked)
        self.query_one("#project-chart", Static).update(chart(closed))
        lines = ["The winning moves:", *(f"• {their_words(line)}" for line in closed.winning)]
        lines += ["", team_words(closed.team, closed.par)]
        self.query_one("#project-winning", Static).update(Text("\n".join(lines)))

    def _countdown(self) -> None:
        if self.deadline is None:
            return
        left = max(0, math.ceil(self.deadline - self.clock()))
        self.query_one("#project-clock", Digits).update(f"{left // 60}:{left % 60:02}")


def run_projector(address: Address, name: str, tls: ssl.SSLContext | None) -> int:
    """Run the projector view until `q`; the exit code."""
    app = ProjectorApp(HubClient(address, name, tls))
    result: Any = app.run()
    return int(result or 0)
