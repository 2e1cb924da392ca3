"""PlayerPanel: one player's name, colour, kind, what they hold, match score and clock."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from widgets.in_place import update_in_place


class PlayerPanel(Widget):
    """A player's panel: the border title is the name; the body shows their holdings."""

    player_name: reactive[str] = reactive("")
    kind: reactive[str] = reactive("human")
    holdings: reactive[Text] = reactive(Text, always_update=True)
    active: reactive[bool] = reactive(False)
    winner: reactive[bool] = reactive(False)
    #: The match score and the clock: one line under the holdings, hidden while empty.
    score: reactive[str] = reactive("")
    clock: reactive[str] = reactive("")
    low_time: reactive[bool] = reactive(False)

    def __init__(self, player: int, name: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"-p{player}")
        self.player = player
        self.set_reactive(PlayerPanel.player_name, name)

    def compose(self) -> ComposeResult:
        yield Static(classes="holdings")
        yield Static(classes="kind", markup=False)
        yield Static(classes="match", markup=False)

    def on_mount(self) -> None:
        self._sync()

    def show(
        self, *, name: str, kind: str, holdings: Text, active: bool, winner: bool, score: str
    ) -> None:
        """Set everything a turn changes at once and redraw in the same frame (setting the
        reactives one by one redraws once, a frame later)."""
        self.set_reactive(PlayerPanel.player_name, name)
        self.set_reactive(PlayerPanel.kind, kind)
        self.set_reactive(PlayerPanel.holdings, holdings)
        self.set_reactive(PlayerPanel.active, active)
        self.set_reactive(PlayerPanel.winner, winner)
        self.set_reactive(PlayerPanel.score, score)
        self._sync()

    _sync_pending = False

    def _schedule_sync(self) -> None:
        if not self._sync_pending:
            self._sync_pending = True
            self.call_later(self._sync)

    def _sync(self) -> None:
        # Only what changed is set: a border title set repaints even when unchanged, a
        # class change restyles the panel, and a Static updated asks for a layout pass.
        self._sync_pending = False
        marker = "▶ " if self.active else ""
        title = f"{marker}{self.player_name}"
        if self._title != title:
            self._title = title
            self.border_title = Content(title)
        subtitle = "wins" if self.winner else ""
        if (self.border_subtitle or "") != subtitle:
            self.border_subtitle = subtitle
        self._restyle({"-active": self.active, "-winner": self.winner, "-low-time": self.low_time})
        if self.is_mounted:
            holdings = self.holdings
            if self._shown_holdings is None or self._shown_holdings != holdings:
                self._shown_holdings = holdings.copy()
                update_in_place(self.query_one(".holdings", Static), holdings)
            if self._shown_kind != self.kind:
                self._shown_kind = self.kind
                update_in_place(self.query_one(".kind", Static), self.kind)
            match = " · ".join(part for part in (self.score, self.clock) if part)
            if self._shown_match != match:
                self._shown_match = match
                line = self.query_one(".match", Static)
                update_in_place(line, match)
                line.display = bool(match)

    def _restyle(self, wanted: dict[str, bool]) -> None:
        """Set the panel's classes, restyling no more than they change: `-active` and
        `-winner` style only the panel's own border and background (its lines take their
        colours from it when drawn), so a turn restyles the panel alone; `-low-time`
        styles a line under it, so that restyles the lines too."""
        changed = {name for name, on in wanted.items() if self.has_class(name) != on}
        if not changed:
            return
        self.update_classes(wanted, update=False)
        if "-low-time" in changed or not self.is_mounted:
            self.update_node_styles()
            return
        self.app.stylesheet.update_nodes([self], animate=False)
        for line in self.children:
            line.notify_style_update()  # (drawn again over the new background)
            line.refresh()

    _title: str | None = None
    _shown_holdings: Text | None = None
    _shown_kind: str | None = None
    _shown_match: str | None = None

    watch_player_name = watch_kind = watch_holdings = watch_active = _schedule_sync
    watch_winner = watch_score = watch_clock = watch_low_time = _schedule_sync
