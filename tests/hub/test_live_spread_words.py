"""The line mode says a closed live round's spread in sentences: how many students played
each move (and who, when the teacher shows names), the move, and whether it wins; never
"1 played Play 6 × 7 = 42: wins". The help of a live round and of a puzzle say "in words
or notation", as homework's does (a line-mode player is in no other "plain mode")."""

from __future__ import annotations

from app.hub.protocol_class import LiveBar, LiveClosed
from app.plain import hub_live, puzzle_lines
from app.plain.hub_live import spread_lines


def test_a_spread_line_says_how_many_students_played_which_move_and_what_it_does() -> None:
    closed = LiveClosed(
        round=1,
        asked=3,
        answered=3,
        right=1,
        bars=[
            LiveBar(words="Play 6 × 7 = 42", count=1, judgement="win"),
            LiveBar(words="Play 3 + 6 = 9", count=2, judgement="lose", names=["Bo", "[b]Cy"]),
        ],
    )
    assert spread_lines(closed)[1:3] == [
        "  1 student: Play 6 × 7 = 42, which wins.",
        "  2 students (Bo, [b]Cy): Play 3 + 6 = 9, which loses.",
    ]


def test_the_help_says_words_or_notation() -> None:
    for help_line in (hub_live.HELP, puzzle_lines.HELP):
        assert "(in words or notation)" in help_line
        assert "plain mode" not in help_line
