"""The analysis of a game (and the replay of a saved one): every move judged by the solver.

`AnalysisScreen(game_id, options, moves, names)` shows the move list with each move marked
✓ (kept the win), ✗ (threw the win away) or · (the mover was losing already), the first
mistake picked out, the result with best play from the start, for collect and conquest
the equations each player could have declared and when, and the board at the selected
move: ← → step through the game, Home and End jump, rows are clickable, `f` goes to the
first mistake. On a mistake, `r` plays out its refutation on the board (the opponent's
best reply and the line that follows): ← → step through it, `r` or Esc goes back. The
solver runs in the screen's helper process ("Analysing…"), judging the moves from the
last back and showing each stretch as it is judged ("Analysing… 8 of 31 moves judged"),
then the whole analysis; the moves can be stepped through before it is done.

A puzzle's solution (`Solution`) judges only the moves played from the puzzle's position:
the moves that set it up are listed but not judged, the summary says what the player
played, whether it wins and the winning moves, and the winning line is played out.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.classroom.report.judged import Rounds, analysis_at_end, round_analysis
from app.process.helper_tasks import judge_moves
from app.tui.analysis_lines import Solution, width_before_layout
from app.tui.analysis_playout import PlayedOutLine
from app.tui.boards.common import Board, Played
from app.tui.boards.table import board_of
from app.tui.drawn_once import drawn_once
from app.tui.mounting import DrawnOnceList, gone, room_for, scrolls_from_the_start, show_scroll_bar
from app.tui.searches import FollowUp, Searches
from app.tui.styles import SCREEN_STYLES
from app.tui.unbroken import Unbroken
from rules.analysis import Analysis, MoveAnalysis, analyse
from rules.base import GameOptions, GameState, IllegalMove
from rules.registry import get_game
from rules.words.common import capitalized, name_players
from rules.words.outcome import result_sentence
from widgets.keys_footer import KeysFooter


@drawn_once
class AnalysisScreen(PlayedOutLine):
    """A finished (or saved) game, move by move, judged by the solver."""

    CSS_PATH = SCREEN_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the lists would take these keys for scrolling otherwise.
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("home", "go('start')", "Start", key_display="Home", priority=True),
        Binding("end", "go('end')", "Last move", key_display="End", priority=True),
        Binding("f", "go('mistake')", "First mistake"),
        Binding("r", "refutation", "Refutation"),
        Binding("escape,q", "close", "Close"),
    ]

    #: The position shown: 0 is the start, k the position after move k.
    position: reactive[int] = reactive(0, init=False, repaint=False)

    def __init__(
        self,
        game_id: str,
        options: GameOptions | dict[str, Any] | None,
        moves: list[str],
        names: tuple[str, str],
        solution: Solution | None = None,
    ) -> None:
        """`solution`: the moves are a puzzle's (its set-up, then the player's), its
        winning line on the board as soon as the screen opens."""
        super().__init__(classes=f"analysis-screen analysis-{game_id}")
        self.game_id = game_id
        self.game = get_game(game_id)
        self.options: GameOptions = (
            options if isinstance(options, GameOptions) else self.game.options_from(options)
        )
        self.names = names
        self.searches = Searches(self)
        self.analysis: Analysis | None = None
        #: Why the solver could not analyse the game (None: it could, or is still at it).
        self.failure: str | None = None
        self.problem: str | None = None
        self.solution = solution
        self.setup_line()
        # Replay the moves; a move the rules refuse ends the replay there.
        self.states: list[GameState] = [self.game.new(self.options)]
        self.played: Played = []
        self.moves: list[str] = []
        for number, text in enumerate(moves, start=1):
            state = self.states[-1]
            try:
                if self.game.is_over(state):
                    raise IllegalMove("the game is already over")
                move = self.game.parse_move(text)
                after = self.game.play(state, move)
            except IllegalMove as error:
                self.problem = f"move {number} cannot be played: {error}"
                break
            self.played.append((self.game.to_move(state), move))
            self.moves.append(text)
            self.states.append(after)

    def named(self, text: str) -> str:
        return name_players(text, self.names)

    # Layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="analysis-title"):
            what = "Analysis" if self.solution is None else "Solution"
            yield Static(Content(f"{what} · {self.game.title}"), id="analysis-game")
            yield Static(self.players(), id="analysis-players")
        yield Unbroken(Content("Analysing…"), id="analysis-summary")
        with Horizontal(id="analysis-middle"):
            with Vertical(id="analysis-left"):
                moves = DrawnOnceList(*self.move_rows(), id="analysis-moves")
                moves.border_title = "Moves"
                yield moves
                if self.game_id in ("collect", "conquest") and self.solution is None:
                    chances = DrawnOnceList(
                        Option("Analysing…", disabled=True), id="analysis-chances"
                    )
                    word = "declare" if self.game_id == "collect" else "complete"
                    chances.border_title = f"Equations to {word}"
                    yield chances
            with VerticalScroll(id="analysis-right"):
                yield Unbroken(id="analysis-detail")
                yield board_of(self.game_id)(
                    self.options,
                    self.names,
                    id="analysis-board",
                    classes=f"position position-{self.game_id}",
                )
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted
            return
        self.query_one("#analysis-moves", OptionList).focus()
        self.query_one("#analysis-moves", OptionList).highlighted = 0
        self._show_position()
        if self.problem is not None:
            self.notify(self.named(capitalized(self.problem)), severity="error", markup=False)
        # The solver works in a helper process (app.tui.searches), never in the app's:
        # the screen answers keys meanwhile, and closing it ends the search. The moves are
        # judged from the last back, a stretch per question (each twice the last), and
        # shown as they come; then the whole analysis, from the helper's tables.
        if self.solution is not None:  # a puzzle: the player's moves, in one question
            args = (self.game_id, self.options, self.moves, self.solution.given, len(self.moves))
            self.searches.ask("analysis", judge_moves, args, self._judged_puzzle, self._analysed)
            self.ask_solution_line(self.solution)
            scrolls_from_the_start(self.query_one("#analysis-right"))
            return
        # A game just ended was analysed as it was judged for the teacher's report
        # (app.classroom.report.judged): that analysis is taken, once the judge is done.
        judged = analysis_at_end(self.game_id, self.moves)
        if judged is None:
            self._judge()
        elif judged.done():  # (shown in the first frame, its scroll bar too)
            self._take_judged(judged.result())
            if self.analysis is not None and self._surely_scrolls():
                show_scroll_bar(self.query_one("#analysis-moves", OptionList))
        else:
            self.run_worker(self._await_judged(judged), group="analysis", exit_on_error=False)
        # (the detail and the board: a countdown's two pools at 80×24 are taller than that)
        scrolls_from_the_start(self.query_one("#analysis-right"))

    def _surely_scrolls(self) -> bool:
        """The move list's rows take more lines than the screen leaves it at most."""
        moves = self.query_one("#analysis-moves", OptionList)
        size = self.app.size
        lines = moves.get_content_height(size, size, width_before_layout(moves))
        return lines > room_for(moves) - moves.styles.gutter.height

    def _judge(self) -> None:
        first = self._next_question()
        self.searches.ask("analysis", first.function, first.args, first.answered, self._analysed)

    async def _await_judged(self, judged: Future[Rounds]) -> None:
        # (shielded: leaving the screen ends this wait, never the judge's future)
        rounds = await asyncio.shield(asyncio.wrap_future(judged))
        if self.is_mounted:
            self._take_judged(rounds)

    def _take_judged(self, rounds: Rounds) -> None:
        found = round_analysis(rounds, self.options, self.moves)
        if found is None:
            self._judge()
        else:
            self._show_whole(found)

    #: The moves judged so far, from the end (shown before the whole analysis is in).
    _judged: tuple[MoveAnalysis, ...] = ()

    def _next_question(self) -> FollowUp:
        """The next stretch of moves to judge, back from the last (each twice the one
        before), or, once all are judged, the whole analysis (from the helper's tables)."""
        count, done = len(self.moves), len(self._judged)
        if done >= count:
            args: tuple[object, ...] = (self.game_id, self.options, self.moves)
            return FollowUp(analyse, args, self._analysed)
        stop = count - done
        first = max(0, stop - max(2, done))
        args = (self.game_id, self.options, self.moves, first, stop)
        return FollowUp(judge_moves, args, self._judged_more)

    def _judged_more(self, judged: tuple[MoveAnalysis, ...]) -> FollowUp | None:
        if not self.is_mounted or self.analysis is not None:
            return None
        self._judged = judged + self._judged
        # The rows read `analysis`: a partial one (the moves judged so far) while they
        # are made; the summary and the details wait for the whole.
        self.analysis = Analysis(self.game_id, (1, 0), self._judged, None, (), None)
        try:
            rows = self.move_rows()
        finally:
            self.analysis = None
        self._refill_moves(rows)
        count = len(self.moves)
        self.query_one("#analysis-summary", Static).update(
            Content(f"Analysing… {len(self._judged)} of {count} moves judged (from the last).")
        )
        return self._next_question()

    def _judged_puzzle(self, judged: tuple[MoveAnalysis, ...]) -> None:
        """A puzzle's moves judged: its analysis (the player's first mistake, if any)."""
        first = next((m.index for m in judged if m.mistake), None)
        outcome = self.game.outcome(self.states[-1])
        winner = None if outcome is None else outcome.winner
        start = judged[0].before if judged else (self.game.to_move(self.states[-1]), 0)
        self._analysed(Analysis(self.game_id, start, judged, first, (), winner))

    def on_unmount(self) -> None:
        self.searches.close()  # no search outlives its screen, nor its helper process

    def _analysed(self, found: Analysis | str) -> None:
        if not self.is_mounted:
            return
        if isinstance(found, str):
            self.failure = found
            self._show_position()
            self.query_one("#analysis-summary", Static).update(
                Content.assemble(("No analysis: ", "bold $error"), self.named(found))
            )
            self._fill_chances()
            return
        self._show_whole(found)

    def _show_whole(self, found: Analysis) -> None:
        self.analysis = found
        self._refill_moves(self.move_rows())
        self.query_one("#analysis-summary", Static).update(self.summary())
        self._fill_chances()
        self._show_position()

    def _refill_moves(self, rows: list[Option]) -> None:
        """The move list's rows anew, the shown move still highlighted. A refill is no
        choice of the player's: its highlight message, handled later, would move the
        position back to where it was then (and end a line played out meanwhile, such
        as a puzzle's solution answered between the two)."""
        moves = self.query_one("#analysis-moves", OptionList)
        with moves.prevent(OptionList.OptionHighlighted):
            moves.set_options(rows)
            moves.highlighted = self.position

    def _fill_chances(self) -> None:
        found = self.query("#analysis-chances").results(OptionList)
        for chances in found:
            if self.analysis is None:
                chances.set_options([Option("No analysis", disabled=True)])
            elif not self.analysis.chances:
                chances.set_options([Option("None: no equation was there", disabled=True)])
            else:
                chances.set_options([self.chance_row(c) for c in self.analysis.chances])

    # The position shown

    def watch_position(self) -> None:
        self.line = None
        self._show_position()
        moves = self.query_one("#analysis-moves", OptionList)
        if moves.highlighted != self.position:
            moves.highlighted = self.position

    def _show_position(self) -> None:
        if self.line is not None:
            self._show_line()
            return
        position = self.position
        state = self.states[position]
        note = None
        outcome = self.game.outcome(state)
        if outcome is not None:
            note = result_sentence(outcome, self.names)
        board = self.query_one(Board)
        board.show(state, self.played[:position], note)
        self.query_one("#analysis-detail", Static).update(self.detail(position))

    @on(OptionList.OptionHighlighted, "#analysis-moves")
    def _row_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.position:
            self.position = event.option_index

    @on(OptionList.OptionSelected, "#analysis-chances")
    def _chance_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id.startswith("chance-"):
            self.position = min(self.last, int(option_id.removeprefix("chance-")))

    # Actions

    def action_step(self, step: int) -> None:
        if self.line is not None:
            self.line_step = max(0, min(len(self.line) - 1, self.line_step + step))
            self._show_position()
            return
        self.position = max(0, min(self.last, self.position + step))

    def action_go(self, where: str) -> None:
        self.line = None
        if where == "start":
            self.position = 0
        elif where == "end":
            self.position = self.last
        elif self.analysis is not None and self.analysis.first_mistake is not None:
            self.position = self.analysis.first_mistake + 1
        elif self.analysis is None:
            self.notify("The analysis is not ready yet.")
        else:
            self.notify("No move threw a win away.")

    def action_close(self) -> None:
        if self.line is not None and self.solution is None:  # a solution closes at once
            self._leave_line()
            return
        self.dismiss(None)


def analysis_of(screen: object) -> AnalysisScreen | None:
    """The analysis of the game on a game screen (its setup, state and moves), or None
    (any other screen, or none)."""
    setup = getattr(screen, "setup", None)
    moves = getattr(screen, "moves", None)
    state = getattr(screen, "state", None)
    if setup is None or moves is None or state is None:
        return None
    options = getattr(state, "options", setup.options)  # this round's (who started)
    return AnalysisScreen(setup.game_id, options, [text for _, text in moves], setup.names)
