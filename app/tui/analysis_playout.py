"""A line played out on the analysis board, beside the game as played: a mistake's
refutation (`r` on a move marked ✗) or a puzzle's solution (the winning move and best
play after it). ← → step through the line; `r` or Esc goes back to the game."""

from __future__ import annotations

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from app.tui.analysis_lines import AnalysisLines, Solution
from app.tui.boards.common import Board
from app.tui.searches import Searches
from rules.analysis import Analysis, solution_line
from rules.base import GameState
from rules.words.common import capitalized
from rules.words.moves import describe_move
from rules.words.outcome import result_sentence
from rules.words.voice import Voice


class PlayedOutLine(AnalysisLines, Screen[None]):
    """The line shown on the board (`AnalysisScreen` is one)."""

    #: The position of the game shown (the screen's reactive), the last one, the helper.
    position: int
    searches: Searches

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def _show_position(self) -> None:
        raise NotImplementedError

    #: The positions of the line, from where it starts (None: the game is shown), how
    #: far it has gone, its moves, what it is ("Refutation of move 5") and the words for
    #: its starting position.
    line: list[GameState] | None
    line_step: int
    line_moves: tuple[str, ...]
    line_title: str
    line_start: str

    def setup_line(self) -> None:
        self.line = None
        self.line_step = 0
        self.line_moves = ()
        self.line_title = ""
        self.line_start = ""

    def start_line(self, moves: tuple[str, ...], title: str, start: str) -> None:
        """Play `moves` out from the position shown, first move on the board."""
        states = [self.states[self.position]]
        for move in moves:
            states.append(self.game.play_text(states[-1], move))
        self.line, self.line_moves = states, moves
        self.line_title, self.line_start = title, start
        self.line_step = 1
        self._show_position()

    def _show_line(self) -> None:
        """The line, played out as far as `line_step`."""
        assert self.line is not None
        state = self.line[self.line_step]
        played = list(self.played[: self.position])
        for index in range(self.line_step):
            before = self.line[index]
            move = self.game.parse_move(self.line_moves[index])
            played.append((self.game.to_move(before), move))
        outcome = self.game.outcome(state)
        note = None if outcome is None else result_sentence(outcome, self.names)
        self.query_one(Board).show(state, played, note)
        self.query_one("#analysis-detail", Static).update(self.line_words(self.line_step))

    def line_words(self, step: int) -> Content:
        head = Content.assemble(
            (self.line_title, "bold"),
            f" · {step} of {len(self.line_moves)} played · ← → step, r or Esc: back to the game",
        )
        if step == 0 or self.line is None:
            return Content("\n").join([head, Content(self.line_start)])
        before = self.line[step - 1]
        mover = self.player_name(self.game.to_move(before))
        move = self.line_moves[step - 1]
        described = describe_move(self.game_id, before, move, Voice(self.names))
        return Content("\n").join([head, Content(f"{mover}: {described}")])

    def refutation_moves(self) -> tuple[str, ...]:
        judged = self.judged_at(self.position - 1) if self.position > 0 else None
        return () if judged is None else judged.refutation

    def action_refutation(self) -> None:
        if self.line is not None:
            self._leave_line()
            return
        moves = self.refutation_moves()
        if not moves:
            word = "not ready yet" if self.analysis is None else "only for a mistake"
            self.notify(f"A refutation is {word}: choose a move marked ✗.", markup=False)
            return
        title = f"Refutation of move {self.position}"
        self.start_line(moves, title, "The position after the mistake.")

    def _leave_line(self) -> None:
        self.line = None
        self.line_step = 0
        self._show_position()

    # A puzzle's solution

    def summary(self) -> Content:
        if self.solution is not None and self.analysis is not None:
            return self.puzzle_summary(self.analysis)
        return super().summary()

    def detail(self, position: int) -> Content:
        if self.solution is not None and position <= self.solution.given:
            return self.set_up_detail(position)
        return super().detail(position)

    def puzzle_summary(self, analysis: Analysis) -> Content:
        """What the player played from the puzzle's position, whether it wins, and the
        winning moves where they went wrong; the set-up is named, never judged."""
        given = self.given
        mover = self.game.to_move(self.states[given])
        name = self.player_name(mover)
        where = f"after move {given} (the moves before only set it up)" if given else ""
        head = Content.assemble(("The puzzle: ", "bold"), f"{name} to move and win {where}.")
        mistake = None if analysis.first_mistake is None else self.judged_at(analysis.first_mistake)
        if mistake is not None:
            line = capitalized(self.mistake_words(mistake))
            return Content.assemble(head, "\n", ("Not solved: ", "bold $error"), line)
        tried = [self.short(m.index) for m in analysis.moves if m.mover == mover]
        played = ", then ".join(tried) or "nothing"
        if analysis.winner == mover:
            said = f"{name} played {played} and won: every move kept the win."
            return Content.assemble(head, "\n", ("Solved: ", "bold $success"), said)
        return Content.assemble(head, "\n", f"{name} played {played}: every move kept the win.")

    def set_up_detail(self, position: int) -> Content:
        """A position of a puzzle's set-up (its moves are not judged); at its end, the
        puzzle's position and its winning moves."""
        head = Content.styled("Start", "bold") if position == 0 else self.move_head(position)
        lines = [head, Content.styled("Part of the puzzle's set-up: not judged.", "$text-muted")]
        if position == self.given:
            name = self.player_name(self.game.to_move(self.states[position]))
            lines.append(Content.assemble(("The puzzle: ", "bold"), f"{name} to move and win."))
            first = self.judged_at(position)
            if first is None:
                lines.append(self._waiting())
            else:
                lines.append(Content(f"Winning moves: {self.winning(position, first.best_moves)}."))
        return Content("\n").join(lines)

    def ask_solution_line(self, solution: Solution) -> None:
        """Ask the helper for the solution's move and best play after it, then play it
        out from where it wins."""
        args = (self.game_id, self.states[solution.at], solution.move)
        self.searches.ask("solution", solution_line, args, self._solution, self._no_solution)

    def _solution(self, line: tuple[str, ...]) -> None:
        if not self.is_mounted or not line or self.solution is None:
            return
        self.position = self.solution.at
        where = "The puzzle's position."
        if self.solution.at > self.solution.given:
            where = "The position where the win was thrown away."
        self.start_line(line, "The solution", where)

    def _no_solution(self, why: str) -> None:
        if self.is_mounted:
            self.notify(f"The solution cannot be played out: {why}", markup=False)
