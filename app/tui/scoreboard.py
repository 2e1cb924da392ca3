"""What the game screen shows around the board, drawn from the position in one pass:
the player panels, the turn banner, the move list and the status line.

The status line says who just moved and what happened (in the game's own words,
`rules.words`), or what the rules noted (a lost turn), then whose turn it is now; a
refusal stays only while the position it was about is on screen; the result once the
game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from app.tui.session import marks
from rules.base import MoveT, OptionsT, PlayerNo, StateT
from rules.words.moves import describe_move, short_moves
from rules.words.outcome import result_sentence
from rules.words.voice import Voice
from widgets.move_list import MoveList
from widgets.status_line import StatusLine

if TYPE_CHECKING:
    from app.tui.match_screen import MatchScreen


def redraw_around_the_board(
    screen: MatchScreen[OptionsT, StateT, MoveT],
) -> tuple[bool, bool, bool]:
    """Draw the panels, banner, move list, status line and board from `screen.state`;
    what the footer should offer (takeback possible, game over, a person to move)."""
    state, outcome, setup = screen.position, screen.outcome, screen.setup
    for player in (1, 2):
        screen.panel(player).show(
            name=setup.name(player),
            kind=setup.seats[player - 1].label,
            holdings=screen.holdings(state, player),
            active=outcome is None and screen.to_move == player,
            winner=outcome is not None and outcome.winner == player,
            score=screen.flow.score_text(player),
        )
    screen.flow.show_clocks()
    banner = screen.query_one("#turn-banner", Static)
    if outcome is not None:
        best_of = screen.control.best_of
        won = "wins!" if best_of <= 1 else "wins\nthe round"
        if best_of > 1 and screen.control.result is not None:
            won = "wins\nthe match!"
        banner.update(Text(f"{setup.name(outcome.winner)} {won}", style="bold"))
        set_classes(banner, f"-over -p{outcome.winner}")
    else:
        banner.update(Text.assemble((setup.name(screen.to_move), "bold"), "\nto move"))
        set_classes(banner, f"-p{screen.to_move}")
    banner.border_title = screen.flow.match_text()
    control = screen.control
    listed = short_moves(setup.game_id, control.history, control.moves, marks(setup.names))
    screen.query_one(MoveList).moves = listed
    status = screen.query_one(StatusLine)
    if outcome is not None:
        status.show(result_sentence(outcome, setup.names), "success")
    elif screen.refusal is not None and screen.refused_in is state:
        status.show(screen.named(screen.refusal), "error")
    else:
        note = state.note or last_move_words(screen)
        said = " ".join(part for part in (note, screen.turn_hint(state)) if part)
        status.show(screen.named(said), "note" if state.note else "info")
    screen.update_board(state)
    return (screen.takebacks.possible(), outcome is not None, screen.human_to_move)


def last_move_words(screen: MatchScreen[OptionsT, StateT, MoveT]) -> str:
    """What the round's last move was ("" before the first)."""
    if not screen.moves:
        return ""
    player, text = screen.moves[-1]
    return move_words(screen, screen.history[-1], player, text)


def move_words(
    screen: MatchScreen[OptionsT, StateT, MoveT], before: StateT, player: PlayerNo, text: str
) -> str:
    """One move in words, after its player: `Ann: Put 9 in Bob's third slot.`,
    `Bob: Divide by 3: 27 ÷ 3 = 9.`"""
    setup = screen.setup
    described = describe_move(setup.game_id, before, text, Voice(setup.names))
    return f"{setup.name(player)}: {described}."


def set_classes(widget: Static, classes: str) -> None:
    """Set `widget`'s classes, only when they change (a change restyles it)."""
    if set(widget.classes) != set(classes.split()):
        widget.set_classes(classes)
