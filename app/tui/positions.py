"""PositionView: a read-only picture of one position of a game, for analysis and replay.

It reuses the games' own board widgets (pools, templates, score bars, the sequence strip,
the running total), shown but never played on: `show(state, played)` draws the position
`state` that the moves `played` ((mover, move) pairs, the last one led here) reached, with
the last move's numbers marked.

The view takes any game's options, states and moves (the rules' base classes) and draws
each game from its own models: it tells them apart with `isinstance` on them.
"""

from __future__ import annotations

from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from app.tui.session import marks
from rules.base import Frozen, GameOptions, GameState, PlayerNo
from rules.collect import CollectMove, CollectOptions, CollectState
from rules.conquest import ConquestMove, ConquestOptions, ConquestState
from rules.countdown import CountdownMove, CountdownOptions, CountdownState
from rules.equation import pretty_equation
from rules.fifty import FiftyMove, FiftyOptions, FiftyState
from rules.template import TemplateMove, TemplateState, partial_text, result_text
from rules.template_options import TemplateOptions
from rules.words.common import capitalized, name_players, owned
from widgets.digit_pool import DigitPool
from widgets.equation_template import EquationTemplate
from widgets.running_total import RunningTotal
from widgets.score_bar import ScoreBar
from widgets.sequence_strip import SequenceStrip

#: The moves that led to a position: (mover, move), in order.
Played = list[tuple[PlayerNo, Frozen]]

MoveT = TypeVar("MoveT", bound=Frozen)


def moves_of(kind: type[MoveT], played: Played) -> list[tuple[PlayerNo, MoveT]]:
    """The moves `played`, as moves of one game (`kind`, its move model)."""
    moves: list[tuple[PlayerNo, MoveT]] = []
    for player, move in played:
        if not isinstance(move, kind):
            raise TypeError(f"{type(move).__name__} where a {kind.__name__} was played")
        moves.append((player, move))
    return moves


def side_by_side(parts: list[str]) -> str:
    """The players' holdings on one line when it fits the board's width at 80 columns,
    else one line each (a line never breaks inside "Computer (perfect): nothing yet")."""
    line = "   ".join(parts)
    return line if len(line) <= 40 else "\n".join(parts)


def _pool(numbers: tuple[int, ...], columns: int, id: str, classes: str = "-compact") -> DigitPool:
    pool = DigitPool(numbers, columns=columns, id=id, classes=classes)
    pool.can_focus = False
    return pool


class PositionView(Vertical):
    """One game's board, drawn from a state; clicks on it do nothing."""

    def __init__(
        self, game_id: str, options: GameOptions, names: tuple[str, str], *, id: str | None = None
    ) -> None:
        super().__init__(id=id, classes=f"position position-{game_id}")
        self.game_id = game_id
        self.options = options
        self.names = names
        #: The columns each shared pool has when there is room (by the pool's id).
        self._widest: dict[str | None, int] = {}

    # Layout, per game

    def compose(self) -> ComposeResult:
        options = self.options
        if isinstance(options, CollectOptions):
            numbers = options.numbers()
            yield _pool(numbers, 9 if len(numbers) <= 9 else 8, "position-pool")
            yield Static(id="position-holdings", classes="position-line")
        elif isinstance(options, TemplateOptions):
            for player in (1, 2):
                widget = EquationTemplate(player, id=f"position-template-{player}")
                widget.template = options.template
                yield widget
            digits = tuple(range(options.digits[0], options.digits[1] + 1))
            yield _pool(digits, 10, "position-pool")
        elif isinstance(options, FiftyOptions):
            with Vertical(id="position-scores"):
                yield ScoreBar(1, id="position-score-1")
                yield ScoreBar(2, id="position-score-2")
            yield _pool(options.numbers(), 9, "position-pool")
        elif isinstance(options, ConquestOptions):
            yield SequenceStrip(id="position-sequence")
            yield Static(id="position-holdings", classes="position-line")
        elif isinstance(options, CountdownOptions):
            yield RunningTotal(id="position-total")
            with Horizontal(id="position-pools"):
                for player in (1, 2):
                    classes = f"-compact -p{player}"
                    pool = _pool(options.numbers(), 3, f"position-pool-{player}", classes)
                    pool.border_title = Text(self.names[player - 1])
                    yield pool
        yield Static(id="position-note", classes="position-line")

    def on_resize(self) -> None:
        """A shared pool wider than the view wraps onto more rows, as even as can be (at
        80 columns the analysis has room for 7 keys across, not 9): nothing off screen."""
        width = self.content_size.width
        for pool in self.query("#position-pool").results(DigitPool):
            numbers = len(pool.numbers)
            widest = self._widest.setdefault(pool.id, pool.columns)
            fit = max(1, min(widest, (width + 1) // (DigitPool.KEY_WIDTH - 2)))
            rows = -(-numbers // fit)
            columns = min(widest, -(-numbers // rows))
            if pool.columns != columns:
                pool.columns = columns

    @on(DigitPool.Picked)
    @on(EquationTemplate.SlotChosen)
    def _ignore(self, event: DigitPool.Picked | EquationTemplate.SlotChosen) -> None:
        event.stop()  # a picture, not a board to play on

    # Drawing

    def show(self, state: GameState, played: Played, note: str | None = None) -> None:
        """Draw `state`; `played` are the moves that led to it; `note` goes underneath."""
        self._draw(state, played)
        line = note if note is not None else state.note
        self.query_one("#position-note", Static).update(
            Text(name_players(line, self.names) if line else "")
        )

    def _draw(self, state: GameState, played: Played) -> None:
        """The board of `state`'s game, from its own models."""
        if isinstance(state, CollectState):
            collected = moves_of(CollectMove, played)
            self._draw_collect(state, collected[-1][1] if collected else None)
        elif isinstance(state, TemplateState):
            placed = moves_of(TemplateMove, played)
            self._draw_template(state, placed[-1][1] if placed else None)
        elif isinstance(state, FiftyState):
            self._draw_fifty(state, moves_of(FiftyMove, played))
        elif isinstance(state, ConquestState):
            self._draw_conquest(state, moves_of(ConquestMove, played))
        elif isinstance(state, CountdownState):
            pushed = moves_of(CountdownMove, played)
            self._draw_countdown(state, pushed[-1] if pushed else None)
        else:
            raise TypeError(f"{type(state).__name__} is not a position of {self.game_id}")

    def _draw_collect(self, state: CollectState, last: CollectMove | None) -> None:
        pool = self.query_one("#position-pool", DigitPool)
        pool.taken = {n: p for p in (1, 2) for n in state.numbers_of(p)}
        pool.marks = marks(self.names)
        pool.selected = (last.pick,) if last and last.pick is not None else ()
        parts = []
        for player in (1, 2):
            mine = state.numbers_of(player)
            held = " ".join(map(str, mine)) if mine else "none"
            sums = f" (sum {sum(mine)})" if mine else ""
            parts.append(f"{self.names[player - 1]}: {held}{sums}")
        line = side_by_side(parts)
        if state.phase == "sudden-death":
            line += f"\nSudden death: turn {state.sudden_death_turns + 1} of 4"
        self.query_one("#position-holdings", Static).update(Text(line))

    def _draw_template(self, state: TemplateState, last: TemplateMove | None) -> None:
        for player in (1, 2):
            widget = self.query_one(f"#position-template-{player}", EquationTemplate)
            widget.border_title = Text(capitalized(owned("template", self.names[player - 1])))
            values = state.template_slots(player)
            widget.values = values
            widget.cursor = last.slot if last is not None and last.player == player else None
            if all(v is not None for v in values):
                widget.value_text = f"= {result_text(state, player)}".replace("-", "−")
            else:
                widget.value_text = partial_text(state, player, blank="_")
        pool = self.query_one("#position-pool", DigitPool)
        counts = {d: state.pool.count(d) for d in set(state.pool)}
        pool.counts = counts
        pool.taken = {d: 0 for d in pool.numbers if d not in counts}
        pool.selected = (last.digit,) if last else ()

    def _draw_fifty(self, state: FiftyState, played: list[tuple[PlayerNo, FiftyMove]]) -> None:
        for player in (1, 2):
            bar = self.query_one(f"#position-score-{player}", ScoreBar)
            bar.label = self.names[player - 1]
            bar.target = state.options.target
            bar.score = state.score(player)
        self.query_one("#position-scores").border_title = f"Scores · target {state.options.target}"
        pool = self.query_one("#position-pool", DigitPool)
        pool.taken = {n: p for p, move in played for n in (move.a, move.b)}
        pool.marks = marks(self.names)
        last = played[-1][1] if played else None
        pool.selected = (last.a, last.b) if last else ()

    def _draw_conquest(
        self, state: ConquestState, played: list[tuple[PlayerNo, ConquestMove]]
    ) -> None:
        strip = self.query_one(SequenceStrip)
        strip.sequence = state.sequence
        strip.mutate_reactive(SequenceStrip.sequence)  # redraw even when unchanged
        strip.equation = None if state.equation is None else f"{pretty_equation(state.equation)}  ✓"
        parts = []
        for player in (1, 2):
            mine = [str(move.number) for p, move in played if p == player]
            parts.append(f"{self.names[player - 1]}: {' '.join(mine) or 'nothing yet'}")
        self.query_one("#position-holdings", Static).update(Text(side_by_side(parts)))

    def _draw_countdown(
        self, state: CountdownState, last: tuple[PlayerNo, CountdownMove] | None
    ) -> None:
        total = self.query_one(RunningTotal)
        total.total = state.running_total
        total.target = state.options.target
        over = state.result is not None
        total.caption = "game over" if over else f"{self.names[state.to_move - 1]} to move"
        for player in (1, 2):
            pool = self.query_one(f"#position-pool-{player}", DigitPool)
            own = state.available_to(player)
            pool.taken = {n: 0 for n in state.options.numbers() if n not in own}
            # The number the last move took from this player's pool (none: a pass).
            taken = last[1].number if last is not None and last[0] == player else None
            pool.selected = (taken,) if taken is not None else ()
