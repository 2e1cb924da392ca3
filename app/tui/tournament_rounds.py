"""A tournament's rounds: the pairings of one round, and the standings. A pairing is
played here (hot-seat) or online (`o`: this machine plays the first player, the second
joins; both on their own machines is a tournament on the class's hub), or its result
entered by hand;
the result of one played here is entered when this screen shows again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from app.classroom.tournament import store
from app.classroom.tournament.playing import collected, start_pairing
from app.classroom.tournament.text import FORMAT_WORDS, pairing_state
from app.store.stats import StatsError
from app.tui.mounting import StyledAsMounted, gone
from app.tui.navigation import navigator
from app.tui.styles import CLASSROOM_STYLES
from app.tui.tournament_report import ReportScreen, read_ahead
from rules.seat_names import seat_tag
from rules.tournament.course import enter_result, mark_absent
from rules.tournament.model import Tournament, TournamentError
from rules.tournament.standings import SHORT, SYSTEM_WORDS, SYSTEMS, current_round, standings
from widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from app.match_session.setup import GameSetup


#: How much of a name the pairings and the standings show at 80 columns (cut with an
#: ellipsis; everything else keeps it whole).
NARROW_NAME = 16
STANDINGS_NAME = 13


def narrow(name: str, limit: int = NARROW_NAME) -> str:
    return seat_tag(name, limit)


class TournamentRoundsScreen(StyledAsMounted, Screen[None]):
    """One tournament: a round's pairings, then the standings."""

    CSS_PATH = CLASSROOM_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("left", "round(-1)", "Round before", key_display="←"),
        Binding("right", "round(1)", "Round after", key_display="→"),
        Binding("enter,p", "play", "Play here"),
        Binding("o", "online", "Play online"),
        # (one footer entry a pair of keys: every key fits at 80 columns)
        Binding("1", "won(1)", "Who won", key_display="1/2"),
        Binding("2", "won(2)", "Second won", show=False),
        Binding("a", "absent(1)", "Absent", key_display="a/b"),
        Binding("b", "absent(2)", "Second absent", show=False),
        Binding("e", "export", "Standings to CSV"),
        Binding("ctrl+r", "report", "Teacher's report", show=False),
    ]

    def __init__(self, name: str) -> None:
        super().__init__(classes="tournament-rounds")
        self.tournament_name = name
        self.tournament: Tournament | None = None
        self.number = 1

    def compose(self) -> ComposeResult:
        yield Static("", id="rounds-title")
        yield Static("", id="round-title", classes="tournament-heading")
        yield DataTable(id="pairings", cursor_type="row", zebra_stripes=True)
        yield Static("", id="round-notes")
        yield Static("", id="rounds-message")
        with VerticalScroll(id="standings-box"):
            yield Static("Standings", classes="tournament-heading")
            yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
            yield Static("", id="standings-system")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):
            return
        pairings = self.query_one("#pairings", DataTable)  # (focused by Textual: the first)
        pairings.add_columns("Board", "Starts", "Second", "Result")
        self.reload(to_current=True)
        read_ahead(self)  # (ctrl+r: the report whole at once)

    def on_screen_resume(self) -> None:
        if self._resumed:  # (not the first time: `on_mount` has just read it)
            self.reload()
            read_ahead(self)

    def say(self, message: str) -> None:
        self.query_one("#rounds-message", Static).update(Text(message))

    def reload(self, *, to_current: bool = False) -> None:
        try:  # (the tournament read once, with the results collected)
            self.tournament, said = collected(self.tournament_name)
        except (StatsError, TournamentError) as error:
            self.say(f"The tournament cannot be read: {error}")
            return
        if said:
            self.say(" ".join(said))
        if to_current:
            self.number = current_round(self.tournament)
        self.show()

    def show(self) -> None:
        t = self.tournament
        if t is None:
            return
        self.number = max(1, min(self.number, len(t.rounds)))
        title = (
            f"{t.name}: {FORMAT_WORDS[t.format]}, {t.games_text}, best of {t.best_of}, "
            f"{len(t.players)} players"
        )
        self.query_one("#rounds-title", Static).update(Text(title))
        rnd = t.round(self.number)
        waiting = "" if len(t.rounds) == t.rounds_planned else " (the next is paired when it ends)"
        self.query_one("#round-title", Static).update(
            Text(f"Round {self.number} of {t.rounds_planned}{waiting}: {t.game_of(self.number)}")
        )
        table = self.query_one("#pairings", DataTable)
        row = table.cursor_row
        table.clear()
        notes: list[str] = []
        if rnd is not None:
            for board, p in enumerate(rnd.pairings, 1):
                table.add_row(
                    str(board), Text(narrow(p.p1)), Text(narrow(p.p2)),
                    Text(pairing_state(p, narrow)),
                )  # fmt: skip
            if rnd.bye:
                notes.append(f"bye: {rnd.bye}")
            if rnd.absent:
                notes.append(f"absent: {', '.join(rnd.absent)}")
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.query_one("#round-notes", Static).update(Text("   ".join(notes)))
        self._show_standings(t)

    def _show_standings(self, t: Tournament) -> None:
        table = self.query_one("#standings", DataTable)
        table.clear(columns=True)
        table.add_column("Place")
        table.add_column("Player", width=STANDINGS_NAME)
        table.add_columns("Points", *(SHORT[name] for name in SYSTEMS[t.format]), "Won", "Lost")
        for s in standings(t):
            table.add_row(
                str(s.place), Text(narrow(s.name, STANDINGS_NAME)), f"{s.points:g}",
                *(f"{value:g}" for _, value in s.tiebreaks), str(s.won), str(s.lost),
            )  # fmt: skip
        self.query_one("#standings-system", Static).update(Text(SYSTEM_WORDS[t.format]))

    def _selected(self) -> tuple[str, str] | None:
        t = self.tournament
        rnd = t.round(self.number) if t is not None else None
        table = self.query_one("#pairings", DataTable)
        if rnd is None or not rnd.pairings or not 0 <= table.cursor_row < len(rnd.pairings):
            self.say("No pairing chosen.")
            return None
        return rnd.pairings[table.cursor_row].names

    def action_round(self, step: int) -> None:
        self.number += step
        self.say("")
        self.show()

    def _change(self, step_name: str, step: Callable[[Tournament], Tournament]) -> None:
        try:
            self.tournament = store.change(self.tournament_name, step)
        except (StatsError, TournamentError) as error:
            self.say(str(error))
            return
        self.say(step_name)
        self.show()

    def action_won(self, seat: int) -> None:
        chosen = self._selected()
        if chosen is None:
            return
        a, b = chosen
        winner = chosen[seat - 1]
        number = self.number
        self._change(
            f"Round {number}: {a} - {b}, {winner} won.",
            lambda t: enter_result(t, number, a, b, winner),
        )

    def action_absent(self, seat: int) -> None:
        chosen = self._selected()
        if chosen is None:
            return
        name = chosen[seat - 1]
        number = self.number
        t = self.tournament
        rule = (
            "the pairing is postponed"
            if t is not None and t.format == "round-robin"
            else "not paired this round"
        )
        self._change(
            f"{name} is absent in round {number}: {rule}.",
            lambda t: mark_absent(t, number, name),
        )

    def action_report(self) -> None:
        self.app.push_screen(ReportScreen())

    def action_export(self) -> None:
        from app.classroom.tournament.text import export_standings

        if self.tournament is None:
            return
        try:
            path = export_standings(self.tournament)
        except OSError as error:
            self.say(f"The standings could not be written: {error.strerror or error}")
            return
        self.say(f"Standings written to {path}")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()  # Enter on a pairing
        if event.data_table.id == "pairings":
            self.action_play()

    def _started(self) -> GameSetup | None:
        """The chosen pairing, started: its setup (None, said why: it cannot be played)."""
        from app.match_session.setup import GameSetup, Seat

        chosen = self._selected()
        if chosen is None:
            return None
        try:
            t, p1, p2 = start_pairing(self.tournament_name, self.number, *chosen)
        except (StatsError, TournamentError) as error:
            self.say(str(error))
            return None
        game = t.game_of(self.number)
        return GameSetup.make(game, dict(t.options), (Seat(p1), Seat(p2)), best_of=t.best_of)

    def action_play(self) -> None:
        ways = navigator(self.app)
        setup = self._started() if ways is not None else None
        if ways is not None and setup is not None:
            ways.start_game(setup)

    def action_online(self) -> None:
        """This machine plays the first player, the second joins from their own (`l` on
        the hosting screen lets the class's network in); the result is collected when
        this screen shows again."""
        setup = self._started()
        if setup is None:
            return
        p1, p2 = setup.names
        from app.tui.online_hosting import HostWaitScreen

        waiting = HostWaitScreen(setup)
        waiting.link.seat_name = p2
        self.app.push_screen(waiting)
        self.app.notify(
            f"{p1} plays here and starts; {p2} joins from their own machine with the "
            f"command shown, and plays as {p2}.",
            title=f"Round {self.number}: {p1} - {p2}",
            timeout=30,
            markup=False,
        )
