"""What the analysis screen says: the move rows, the summary, the equations there were and
the detail of the selected move, in words (rules/words), for `AnalysisScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from app.match_session.setup import marks
from app.tui.boards.common import Played
from rules.analysis import Analysis, Chance, MoveAnalysis, Value
from rules.base import GameOptions, GameState, PlayerNo
from rules.equation.check import pretty_equation
from rules.seat_names import seat_tag
from rules.words.analysis import (
    hastened_line,
    mistake_line,
    moves_listing,
    refutation_text,
    start_line,
    value_text,
)
from rules.words.moves import describe_move, short_move
from rules.words.voice import Voice

if TYPE_CHECKING:
    from rules.registry import SomeGame


#: The room for a row of the move list before the lists are styled: their inner width at
#: 80 columns.
ROW_ROOM = 32

Part = Content | tuple[str, str] | str


class Fitted(Visual):
    """The first of `choices` that fits on one line at the width it is drawn at, else the
    last: chosen as it is drawn, it follows the terminal as it widens or narrows."""

    def __init__(self, *choices: Content) -> None:
        self.choices = choices

    def at(self, width: int) -> Content:
        """What is drawn `width` cells wide."""
        return next((c for c in self.choices if c.cell_length <= width), self.choices[-1])

    def __str__(self) -> str:
        return self.choices[0].plain

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.at(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.choices[0].get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.at(width).get_height(rules, width)


def fitted(head: list[Part], tail: Part) -> Fitted:
    """A row of the move list or of the equations: `head` then `tail` on one line where
    they fit, else `tail` on a line of its own, indented, so Textual never breaks a line
    inside "keeps the win" or "5 = 7 − 2"."""
    return Fitted(Content.assemble(*head, tail), Content.assemble(*head, "\n      ", tail))


def width_before_layout(found: OptionList) -> int:
    """A list's inner width before its first layout, as its pane's rules give it (a share
    of the screen's, at most its own most), less its scroll bar's if shown already;
    `ROW_ROOM` while those are not known (not styled yet)."""
    pane, size = found.parent, found.app.size
    width = getattr(getattr(pane, "styles", None), "width", None)
    if pane is None or width is None:
        return ROW_ROOM
    room = width.resolve(size, size)
    if (most := pane.styles.max_width) is not None:
        room = min(room, most.resolve(size, size))
    bar = found.styles.scrollbar_size_vertical if found.show_vertical_scrollbar else 0
    return int(room) - found.styles.gutter.width - bar


class Solution(NamedTuple):
    """A puzzle on the analysis board: its first `given` moves only set up its position
    (they are not judged); `move`, a winning move at position `at` (where the player went
    wrong, or the puzzle's position), is played out at once with best play after it."""

    given: int
    at: int
    move: str


def verdict(move: MoveAnalysis) -> tuple[str, str, str, str]:
    """(symbol, a few words for the list, the words for the detail, theme colour)."""
    if move.throws_away_win:
        return "✗", "throws it away", "threw the win away", "$error"
    if move.keeps_win:
        return "✓", "keeps the win", "kept the win", "$success"
    if move.hastens_loss:
        return "✗", "loses sooner", "let the game end sooner", "$error"
    return "·", "held out", "held out longest", "$text-muted"


class AnalysisLines:
    """The screen's words, from the moves played and the analysis (once it is done)."""

    game_id: str
    game: SomeGame
    options: GameOptions
    names: tuple[str, str]
    analysis: Analysis | None
    failure: str | None
    #: The start and the position after each move.
    states: list[GameState]
    #: The moves played: (mover, move).
    played: Played
    moves: list[str]
    #: A puzzle's moves (its set-up, then the player's), or None: a game's.
    solution: Solution | None

    @property
    def given(self) -> int:
        """How many moves only set up the position (a puzzle's), not judged."""
        return 0 if self.solution is None else self.solution.given

    def judged_at(self, index: int) -> MoveAnalysis | None:
        """Move `index` (0-based) judged, or None (not yet, or a puzzle's set-up)."""
        found = self.analysis.moves if self.analysis is not None else ()
        return next((m for m in found if m.index == index), None)

    def player_name(self, player: PlayerNo) -> str:
        return self.names[player - 1]

    def value_text(self, value: Value, position: int) -> str:
        """The value of the position after `position` moves, in the winner's own moves."""
        return value_text(value, self.game.to_move(self.states[position]), self.names)

    def short(self, index: int) -> str:
        """Move `index` (0-based) for the list: `8 × 1 = 8`, `9 → B's slot 1`."""
        state, move = self.states[index], self.moves[index]
        return short_move(self.game_id, state, move, marks(self.names))

    def move_rows(self) -> list[Option]:
        rows = [Option(Content.assemble(("    start", "$text-muted")), id="row-0")]
        judged = {m.index: m for m in self.analysis.moves} if self.analysis else {}
        first = self.analysis.first_mistake if self.analysis else None
        # The players by their tags (names shortened), as the game screen's move list
        # shows them: the moves in words need the width.
        mark = marks(self.names)
        width = max(len(m) for m in mark)
        shorts = [self.short(index) for index in range(len(self.moves))]
        # The verdicts in a column after moves of up to 10 characters (a longer move
        # pushes its own verdict on).
        longest = min(10, max((len(short) for short in shorts), default=0))
        for index, short in enumerate(shorts):
            player = self.played[index][0]
            parts: list[Part] = [
                (f"{index + 1:>3}. ", "$text-muted"),
                (
                    f"{mark[player - 1]:<{width}} ",
                    f"bold {'$primary' if player == 1 else '$accent'}",
                ),
                f"{short:<{longest}} ",
            ]
            row: Content | Fitted = Content.assemble(*parts)
            if index < self.given:
                row = fitted(parts, ("· set-up", "$text-muted"))
            elif index in judged:
                symbol, words, _, colour = verdict(judged[index])
                if index == first:
                    tail = (f"{symbol} first mistake", f"bold reverse {colour}")
                else:
                    tail = (f"{symbol} {words}", colour)
                row = fitted(parts, tail)
            rows.append(Option(row, id=f"row-{index + 1}"))
        return rows

    def players(self) -> Fitted:
        """`Ann vs Bob`, or by their tags where the names do not fit (`Alexa… vs Bob`)."""
        tags = marks(self.names)
        return Fitted(Content(" vs ".join(self.names)), Content(" vs ".join(tags)))

    def summary(self) -> Content:
        analysis = self.analysis
        assert analysis is not None
        best = Content.assemble(
            ("With best play from the start: ", "bold"),
            start_line(analysis.start, self.options.first, self.names),
        )
        if analysis.winner is None:
            played = "As played: the moves end before the game does."
        else:
            played = f"As played: {self.player_name(analysis.winner)} won."
        if analysis.first_mistake is not None:
            line = self.mistake_words(analysis.moves[analysis.first_mistake])
            tail = Content.assemble((" First mistake: ", "bold $error"), line)
        else:
            tail = Content(" No move threw a win away or shortened a lost game.")
        return Content.assemble(best, "\n", played, tail)

    def mistake_words(self, mistake: MoveAnalysis) -> str:
        """`move 3, Ada's 9 × 5 = 45 (winning: 8 × 1 = 8).` or, in a lost game,
        `move 7, +9 let Bob win at once; 9 moves of resistance were there (+2).`"""
        state = self.states[mistake.index]
        if mistake.hastens_loss:
            return hastened_line(
                self.game_id,
                state,
                mistake.index + 1,
                mistake.move,
                mistake.before,
                mistake.after,
                mistake.best_moves,
                self.names,
            )
        return mistake_line(
            self.game_id,
            state,
            mistake.index + 1,
            mistake.mover,
            mistake.move,
            mistake.best_moves,
            self.names,
        )

    def chance_row(self, chance: Chance) -> Option:
        equation = pretty_equation(chance.equation)
        if chance.taken:
            done = "declared" if self.game_id == "collect" else "completed"
            what = (f"✓ {done} {equation}", "$success")
        else:
            what = (f"✗ missed {equation}", "$error")
        colour = "$primary" if chance.player == 1 else "$accent"
        head: list[Part] = [
            (f"{chance.index + 1:>3}. ", "$text-muted"),
            (f"{seat_tag(self.player_name(chance.player), 8):<8} ", f"bold {colour}"),
        ]
        return Option(fitted(head, what), id=f"chance-{chance.index + 1}")

    def detail(self, position: int) -> Content:
        """What the selected position is: the move that led to it, judged."""
        state = self.states[position]
        if position == 0:
            head = Content.assemble(
                ("Start", "bold"), f" · {self.player_name(self.game.to_move(state))} to move"
            )
            if self.analysis is None:
                return Content.assemble(head, "\n", self._waiting())
            winner, _ = self.analysis.start
            lines = [head, Content(f"With best play {self.value_text(self.analysis.start, 0)}.")]
            if self.analysis.moves and winner == self.analysis.moves[0].mover:
                lines.append(
                    Content(f"Winning moves: {self.winning(0, self.analysis.moves[0].best_moves)}.")
                )
            return Content("\n").join(lines)
        player = self.played[position - 1][0]
        head = self.move_head(position)
        judged = self.judged_at(position - 1)
        if self.analysis is None or judged is None:
            return Content.assemble(head, "\n", self._waiting())
        symbol, _, words, colour = verdict(judged)
        first = position - 1 == self.analysis.first_mistake
        head = Content.assemble(
            head,
            " — ",
            (f"{symbol} {words}", f"bold {colour}"),
            (" (the first mistake)" if first else ""),
        )
        before_winner, before_plies = judged.before
        name = self.player_name(player)
        before_value = self.value_text(judged.before, position - 1)
        if before_winner == player:
            before = (
                f"Before it: {before_value}; moves that keep the win: "
                f"{self.winning(position - 1, judged.best_moves)}."
            )
        else:
            before = f"Before it: {name} could not win: {before_value}."
        after = f"After it: {self.value_text(judged.after, position)}"
        after_plies = judged.after[1]
        if judged.keeps_win:
            after += (
                " (the fastest win)."
                if after_plies == before_plies - 1
                else " (a faster win was there)."
            )
        elif judged.hastens_loss:
            held = self.winning(position - 1, judged.best_moves)
            after += f" (holding out longer: {held})."
        elif not judged.throws_away_win:
            after += " (held out longest)."
        else:
            after += "."
        lines = [head, Content(before), Content(after)]
        if judged.refutation:
            line = refutation_text(self.game_id, state, judged.refutation, self.names)
            lines.append(
                Content.assemble(
                    ("Refutation: ", "bold"), line, (" (r: play it out)", "$text-muted")
                )
            )
        return Content("\n").join(lines)

    def move_head(self, position: int) -> Content:
        """`Move 3 · Ann: Add 5 to the sequence`."""
        player = self.played[position - 1][0]
        described = describe_move(
            self.game_id, self.states[position - 1], self.moves[position - 1], Voice(self.names)
        )
        return Content.assemble(
            (f"Move {position}", "bold"), f" · {self.player_name(player)}: ", (described, "bold")
        )

    def winning(self, position: int, best: tuple[str, ...]) -> str:
        """The winning moves at a position: listed, or "any move" when every move wins."""
        return moves_listing(self.game_id, self.states[position], best, self.names)

    def _waiting(self) -> Content:
        words = "Not analysed." if self.failure is not None else "Analysing…"
        return Content.styled(words, "$text-muted")
