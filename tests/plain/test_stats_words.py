"""The statistics and ratings in the line mode are sentences that read well aloud, not
tables: each player's games with their rating, head to head, against the computer, the
puzzles and the training; no line over 100 characters, no drawing (the sparkline)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from app.plain.base import Console
from app.plain.menu import run_menu, show_stats
from app.plain.puzzles import solve
from app.store import ratings
from rules.puzzles.bank import pick
from rules.records import players_of, record_from_moves
from tests.plain.test_puzzles_rated import winning_line


def said_stats() -> str:
    out = StringIO()
    show_stats(Console(StringIO(), out))
    return out.getvalue()


def test_nothing_recorded_is_said_in_two_sentences(data: Path) -> None:
    assert said_stats() == (
        "No games recorded yet.\nNo ratings yet: name yourself and play a game or a puzzle.\n"
    )


def test_games_ratings_and_puzzles_in_sentences(data: Path) -> None:
    people, computer = players_of(("Ada", "Bob")), players_of(("Ada", "Cy"), ("human", "easy"))
    for game, moves, players in (
        ("conquest", ["5", "2", "3"], people),
        ("conquest", ["5", "1", "4"], computer),
        ("conquest", ["5", "1", "4"], computer),
        ("countdown", ["+9", "+8", "+7", "+6"], people),
    ):
        ratings.record_game(record_from_moves(game, None, moves, players))
    puzzle = pick("conquest", 3, "easy")
    out = StringIO()
    solve(Console(StringIO("".join(f"{a}\n" for a in ("Ada", *winning_line(puzzle)))), out), puzzle)
    text = said_stats()
    lines = text.splitlines()
    assert lines[0] == "Games recorded: 4."
    ada = next(line for line in lines if line.startswith("Ada: 3 games of conquest"))
    assert ada.startswith("Ada: 3 games of conquest, 3 won, 0 lost; won the last 3. Rating 1,")
    assert ada.endswith(".")
    assert "Bob: 1 game of conquest, 0 won, 1 lost; lost the last one. Rating 1," in text
    # a computer is counted by its level, whatever its seat was called ("Cy")
    cy = "Computer (easy): 2 games of conquest, 0 won, 2 lost; lost the last 2."
    assert cy in lines
    assert lines.index(cy) > lines.index(ada)  # (the computer players after the people)
    assert "Ada against Bob at conquest: 1 game, Ada won 1, Bob won 0." in lines
    assert "Ada against the computer (easy) at conquest: 2 games, 2 won, 0 lost." in lines
    assert any(line.startswith("Ada's puzzle rating: 1,") for line in lines)
    assert "Ada has solved 1 of 1 puzzle; 1 in a row now, at best 1." in lines
    assert all(len(line) <= 100 for line in lines)
    assert "|" not in text and "▁" not in text


def test_the_menus_statistics_are_the_sentences(data: Path) -> None:
    out = StringIO()
    run_menu(Console(StringIO("5\n7\n"), out))
    assert "No games recorded yet.\n" in out.getvalue()
