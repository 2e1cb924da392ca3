"""Saved games: the games saved with ctrl+s and the last finished ones (and those left
unfinished), read in a thread; a finished one replays in the analysis screen, an
unfinished one resumes. A file that cannot be read is listed with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.store import keep_writer, storage
from app.store.finished_games import list_checked
from app.store.unfinished import adopt, scan
from app.tui.mounting import DrawnOnceList, StyledAsMounted, gone, show_scroll_bar
from app.tui.navigation import navigator
from app.tui.read_soon import ReadSoon, reads_in_thread
from app.tui.record_dialogs import RoundChoiceDialog, resume_words, short_title
from app.tui.styles import SCREEN_STYLES
from rules.match import match_outcome, round_options
from rules.record_check import match_of
from rules.records import GameRecord, RecordError
from rules.words.common import moves_played, moves_text, turns_of
from rules.words.outcome import reason_text
from widgets.keys_footer import KeysFooter


def open_replay(app: App[Any], record: GameRecord, number: int | None = None) -> None:
    """Step through round `number` of a record (a match of several asks which first)."""
    from app.tui.analysis_screen import AnalysisScreen  # (when opened)

    try:
        match = match_of(record)
    except RecordError as error:
        app.notify(f"This record cannot be replayed: {error}", severity="error", markup=False)
        return
    if number is None and len(match.results) > 1:

        def chosen(picked: int | None) -> None:
            if picked:
                open_replay(app, record, picked)

        app.push_screen(RoundChoiceDialog(record), chosen)
        return
    if not match.results:  # not finished: the moves so far
        moves, options = list(match.moves), round_options(match)
    else:
        result = match.results[(number or 1) - 1]
        moves, options = list(result.moves), round_options(match, result.number)
    app.push_screen(AnalysisScreen(record.game, options, moves, record.names))


def when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def describe(record: GameRecord, why: str | None = None) -> str:
    """The second line of a saved game: how it stands (`why`: how it ended, in words,
    when known: else its moves are replayed to say it)."""
    moves = len(record.moves)
    if record.is_match:
        played = f"{moves_text(moves)} in all"
    else:  # each player's own, as players count (rules.words)
        played = moves_played(turns_of(moves, record.options.get("first", 1)), record.names)
    if record.result is not None:
        winner = record.names[record.result.winner - 1]
        if why is None:
            try:
                outcome = match_outcome(match_of(record))
            except RecordError:
                outcome = None
            why = "" if outcome is None else reason_text(outcome, record.names)
        return f"finished: {winner} won{f' ({why})' if why else ''} · {played}"
    score = f" · {record.score[0]}–{record.score[1]}" if record.is_match else ""
    return f"unfinished after {played}{score}"


@dataclass
class Listing:
    """What the saved games screen lists, as read from the data folder."""

    options: list[Option] = field(default_factory=list)
    records: dict[str, GameRecord] = field(default_factory=dict)
    #: The autosave slot behind each unfinished game listed (resuming it adopts the slot).
    slots: dict[str, Path] = field(default_factory=dict)
    autosaved: GameRecord | None = None


def _broken(name: str, problem: str) -> Option:
    text = Content.assemble((name, "bold"), "\n", (f"cannot be opened: {problem}", "$error"))
    return Option(text, disabled=True)


def read_listing() -> Listing:
    """Each file read and checked, newest first. Touches no widget: it may run in a thread."""
    keep_writer.wait()  # (a game's finished copy handed to the writer: listed)
    found = Listing()
    for slot, path in enumerate(scan().games):
        try:
            record = storage.load_autosave(path)
        except RecordError as error:
            found.options.append(_broken("left unfinished last time", str(error)))
            continue
        if record is None:
            continue
        key = "autosave" if slot == 0 else f"autosave-{slot}"
        found.autosaved = found.autosaved or record
        found.records[key] = record
        found.slots[key] = path
        head = f"Left unfinished: {resume_words(record)}"
        found.options.append(Option(Content.assemble((head, "bold"), "\n", describe(record)), key))
    for number, (entry, why) in enumerate(list_checked()):  # (each replayed once, ever)
        if entry.record is None:
            found.options.append(_broken(entry.path.name, entry.error or "cannot be read"))
            continue
        record = entry.record
        key = f"save-{number}"
        found.records[key] = record
        head = f"{short_title(record.game)}: {record.names[0]} vs {record.names[1]}"
        kept = "saved" if entry.for_good else "played"
        line = f"{describe(record, why)} · {kept} {when(entry.modified)}"
        where = (entry.path.name, "$text-muted")
        found.options.append(Option(Content.assemble((head, "bold"), "\n", line, "\n", where), key))
    return found


#: The items (games and the lines between them) the list is given at first, and again as
#: the highlight or the scroll nears the end of those it has: an OptionList measures
#: every option it is given (200 finished games: about 0.1 s, issue 37) though it shows
#: five or six at a time.
PAGE = 40


class GrowingList(DrawnOnceList):
    """An OptionList given its options a page at a time (all of them for End)."""

    def __init__(self, id: str) -> None:
        super().__init__(id=id)
        self.waiting: list[Option | None] = []

    def grow(self, every: bool = False) -> None:
        if self.waiting:
            count = len(self.waiting) if every else PAGE
            self.add_options(self.waiting[:count])
            del self.waiting[:count]

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.waiting and highlighted is not None and highlighted >= self.option_count - 10:
            self.grow()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.waiting and new_value >= self.max_scroll_y - self.size.height:
            self.grow()

    def action_last(self) -> None:
        self.grow(every=True)
        super().action_last()


class SavedGamesScreen(StyledAsMounted, Screen[None]):
    CSS_PATH = SCREEN_STYLES
    #: The list takes the focus once it is read (focused while hidden, it took Enter).
    AUTO_FOCUS = ""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open", key_display="⏎", show=True),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    def __init__(self, *, read_in_thread: bool | None = None) -> None:
        """`read_in_thread` (None: unless headless, where tests find the list at once): read
        from now, while the screen mounts (app.tui.read_soon)."""
        super().__init__(classes="saved-games-screen")
        read_in_thread = reads_in_thread(self, read_in_thread)
        # (read_listing looked up when called: a test may stand in for it)
        self._reading = (
            ReadSoon(self, lambda: read_listing(), self._show, "equation-duel-saved-games")
            if read_in_thread
            else None
        )
        #: The list as read by the time the screen is composed (nothing: read later).
        self._read_soon: list[Listing] = []
        self.found = Listing()
        self._read_done = False
        #: Enter was pressed before the list was read: open the newest game once it is.
        self._open_when_read = False

    def compose(self) -> ComposeResult:
        self._read_soon = [read_listing()] if self._reading is None else self._reading.take()
        if self._read_soon:  # (focused as it shows: focused after, both were drawn again)
            self.AUTO_FOCUS = "#saved-list"  # type: ignore[misc]
        yield Static("Saved games", id="saved-title")
        yield Static(
            "Finished games replay with ← →; unfinished ones resume. The last 200 finished "
            "games are kept; ctrl+s in a game keeps one for good.",
            id="saved-help",
        )
        yield GrowingList(id="saved-list")
        yield Static("", id="saved-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):
            return
        if self._read_soon:  # read as the screen was composed: shown complete at once
            self._show(self._read_soon[0])
        else:  # parsing every record, replaying those never checked (a collect game's
            # declarations load sympy, 0.2-1 s): the screen shows first, the list once read
            self.query_one("#saved-list", OptionList).display = False
            self.query_one("#saved-empty", Static).update("Reading the saved games…")

    def _show(self, found: Listing) -> None:
        if gone(self):
            return
        self.found = found
        listing = self.query_one("#saved-list", GrowingList)
        options = found.options
        # A separator between the games (none before the first).
        listing.waiting.extend([item for option in options for item in (None, option)][1:])
        listing.grow()
        # Each game two lines at least, and a line between them: taller than the screen, the
        # list surely scrolls (its scroll bar from the start: found later, it was drawn again).
        if 3 * len(options) - 1 > self.app.size.height:
            show_scroll_bar(listing)
        empty = self.query_one("#saved-empty", Static)
        empty.update(
            "No games yet: every game you finish is listed here (the last 200), "
            "and ctrl+s during a game keeps it for good."
        )
        empty.display = not options
        listing.display = bool(options)
        listing.focus()
        self._read_done = True
        if options:
            listing.highlighted = 0
            if self._open_when_read:  # Enter came before the list: the newest game
                self.action_open()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option.id)

    def action_open(self) -> None:
        if not self._read_done:
            self._open_when_read = True
            return
        listing = self.query_one("#saved-list", OptionList)
        if listing.highlighted is not None:
            self._open(listing.get_option_at_index(listing.highlighted).id)

    def _open(self, key: str | None) -> None:
        record = self.found.records.get(key or "")
        if record is None:
            return
        if record.finished:
            open_replay(self.app, record)
            return
        slot = self.found.slots.get(key or "")
        if slot is not None and not _adopted(slot, record.id):
            self.notify("That game has just been resumed in another window.")
            return
        app = navigator(self.app)
        if app is not None:
            app.open_record(record)


def _adopted(slot: Path, record_id: str) -> bool:
    """This app keeps the game in `slot` from now on (False: another app plays it)."""
    try:
        return adopt(slot, record_id)
    except OSError:
        return False
