"""The analysis after a game, line by line: who was winning, each move's verdict, the
first mistake, in the words of `rules.words.analysis` (as the analysis screen says them)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.plain.base import WIDTH, Console
from app.plain.choosing import yes_no
from app.plain.spoken import spoken_text
from app.plain.stops import EndOfInput
from rules.analysis import analyse
from rules.base import IllegalMove, PlayerNo
from rules.records import GameRecord
from rules.registry import get_game
from rules.words.analysis import counted_moves, resistance_text, start_line
from rules.words.common import capitalized
from rules.words.moves import describe_move
from rules.words.voice import Voice

if TYPE_CHECKING:
    from rules.analysis import MoveAnalysis


def offer_analysis(console: Console, record: GameRecord) -> None:
    """Ask whether to read the analysis of the finished game `record`; read it if so."""
    if not yes_no(console, "Read the analysis of this game? (yes/no): "):
        return
    console.say("Analysing the game.")
    for line in analysis_lines(record):
        console.say(unbroken(spoken_text(line) if console.spoken else line))


#: An equation as the analysis writes it, or as `--spoken` says it: `2 × 3 = 6`,
#: `(1 + 2) × 3`, `2 times 3 is 6`.
_OPERATOR = r"(?:[-+*/=\N{MINUS SIGN}\N{MULTIPLICATION SIGN}\N{DIVISION SIGN}]|plus|minus|times|divided by|is)"
_EQUATION = re.compile(rf"[(0-9][0-9()]*(?: {_OPERATOR} [(0-9][0-9()]*)+")


def unbroken(line: str) -> str:
    """`line` broken at spaces into lines of at most `WIDTH` characters, as the line mode
    breaks a long one, but never inside an equation ("2 ×" / "3 = 6")."""
    whole = _EQUATION.sub(lambda found: found.group().replace(" ", "\N{NO-BREAK SPACE}"), line)
    broken = textwrap.wrap(whole, WIDTH, break_long_words=False, break_on_hyphens=False)
    return "\n".join(broken).replace("\N{NO-BREAK SPACE}", " ")


def offered_at_a_terminal(console: Console) -> Callable[[GameRecord], None]:
    """What `play GAME --plain` does once its game ends: offer the analysis as the line
    mode's menu does (`offer_analysis`), when a person is there to answer, that is when
    standard input is a terminal. A script (input from a pipe or a file) is not asked:
    its last line stays the result sentence."""

    def after(record: GameRecord) -> None:
        isatty = getattr(console.stdin, "isatty", None)
        if not record.finished or isatty is None or not isatty():
            return
        try:
            offer_analysis(console, record)
        except (EndOfInput, KeyboardInterrupt):  # Ctrl+D or Ctrl+C at the question: no analysis
            console.say()

    return after


def _better(game_id: str, state: Any, judged: MoveAnalysis, names: tuple[str, str]) -> str:
    """What was there instead of a mistake: `1 move kept the win: 7`, or in a lost game
    `Bob could have held out for 9 more moves; 1 move held out that long: +2` (own moves)."""
    if judged.hastens_loss:
        return resistance_text(game_id, state, judged.before, judged.best_moves, names)
    return counted_moves(game_id, state, judged.best_moves, names, "kept the win")


def analysis_lines(record: GameRecord) -> list[str]:
    """The analysis of the last round of `record`, one sentence a line."""

    game = get_game(record.game)
    names = (record.players[0].name, record.players[1].name)
    options = game.options_from(record.options)
    moves = [entry.move for entry in record.moves]
    try:
        found = analyse(record.game, options, moves)
    except (IllegalMove, ValueError) as error:
        return [f"This game cannot be analysed: {error}."]
    state = game.new(options)
    first: PlayerNo = game.to_move(state)
    lines = [f"At the start: {start_line(found.start, first, names)}"]
    voice = Voice(names)
    for judged, text in zip(found.moves, moves, strict=True):
        described = describe_move(record.game, state, text, voice)
        if judged.throws_away_win:
            verdict = "threw the win away"
        elif judged.hastens_loss:
            verdict = "shortened a lost game"
        elif judged.keeps_win:
            verdict = "kept the win"
        else:
            verdict = "was losing already"
        mover = names[judged.mover - 1]
        lines.append(f"Move {judged.index + 1}, {mover}: {described}; {verdict}.")
        if judged.mistake:
            which = (
                "That was the first mistake" if found.first_mistake == judged.index else "A mistake"
            )
            lines.append(f"{which}. {capitalized(_better(record.game, state, judged, names))}.")
        state = game.play_text(state, text)
    if found.first_mistake is None:
        lines.append("No move threw a win away or shortened a lost game.")
    return lines
