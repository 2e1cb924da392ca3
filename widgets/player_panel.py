"""PlayerPanel: one player's name, colour, kind, what they hold, match score and clock."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from widgets.in_place import restyle_alone


class PlayerPanel(Widget):
    """A player's panel: the border title is the name; the body shows their holdings, then
    their kind, then the match score and clock (a line shown only when there is one). It
    draws its lines itself: one node, restyled alone as the turn passes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"player-panel--kind", "player-panel--match"}

    player_name: reactive[str] = reactive("")
    kind: reactive[str] = reactive("human")
    holdings: reactive[Text] = reactive(Text, always_update=True)
    active: reactive[bool] = reactive(False)
    winner: reactive[bool] = reactive(False)
    #: The match score and the clock: one line under the kind, hidden while empty.
    score: reactive[str] = reactive("")
    clock: reactive[str] = reactive("")
    low_time: reactive[bool] = reactive(False)

    def __init__(self, player: int, name: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"-p{player}")
        self.player = player
        self.set_reactive(PlayerPanel.player_name, name)

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

    @property
    def match_line(self) -> str:
        """The match score and the clock, as the panel's last line shows them ("": none)."""
        return " · ".join(part for part in (self.score, self.clock) if part)

    def lines(self) -> tuple[Text, str, str]:
        """What the panel's body shows: the holdings, the kind and the match line."""
        return self.holdings, self.kind, self.match_line

    def _sync(self) -> None:
        # Only what changed is set: a border title set repaints even when unchanged, a
        # class change restyles the panel, and a new body asks for a layout pass only
        # when its height changes.
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
        shown = (self.holdings.copy(), self.kind, self.match_line)
        if self._shown is None or self._shown != shown:
            before, self._shown = self._shown, shown
            height = None if before is None else (self._height(before[0]), bool(before[2]))
            self.refresh(layout=height != (self._height(shown[0]), bool(shown[2])))

    def _height(self, holdings: Text) -> int:
        width = self.content_region.width
        return len(holdings.wrap(self.app.console, width)) if width > 0 else -1

    def render(self) -> Text:
        holdings, kind, match = self._shown or self.lines()
        text = Text.assemble(
            holdings, "\n", (kind, self.get_component_rich_style("player-panel--kind"))
        )
        if match:
            text.append("\n")
            text.append(match, self.get_component_rich_style("player-panel--match"))
        return text

    def _restyle(self, wanted: dict[str, bool]) -> None:
        """Set the panel's classes, restyling no more than they change (the panel alone:
        its lines are its component classes, worked out as it is restyled)."""
        if restyle_alone(self, wanted) and self.is_mounted:
            self.refresh()

    _title: str | None = None
    _shown: tuple[Text, str, str] | None = None

    watch_player_name = watch_kind = watch_holdings = watch_active = _schedule_sync
    watch_winner = watch_score = watch_clock = watch_low_time = _schedule_sync
