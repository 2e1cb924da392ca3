"""The analysis' summary says what a mistake missed in words a player can read aloud
("1 move kept the win: 7"), never a terse "(winning: 7)", in every game, in the full
screen's words (`rules.words.analysis`) and the line mode's (`app.plain.after_game`)."""

from __future__ import annotations

import random
import re

import pytest

from app.plain.after_game import analysis_lines
from rules.analysis import analyse
from rules.games import GAME_IDS
from rules.records import GameRecord, MoveEntry, PlayerInfo
from rules.registry import get_game
from rules.words.analysis import hastened_line, mistake_line

NAMES = ("Ada", "Bob")

#: "1 move kept the win: 7", "2 moves kept the win: 3 and 6",
#: "14 moves kept the win, such as 1, 2 and 3" (and "held out that long" in a lost game).
SAID = re.compile(r"(\d+ moves? (kept the win|held out that long)(: |, such as ))|every move")


def played_with_mistakes(game_id: str) -> list[str]:
    """A whole game of random moves (seeded) with at least one mistake in it."""
    game = get_game(game_id)
    for seed in range(50):
        rng = random.Random(f"{game_id}/{seed}")
        state, moves = game.new(None), []
        while not game.is_over(state) and len(moves) < 40:
            move = game.format_move(rng.choice(game.legal_moves(state)))
            moves.append(move)
            state = game.play_text(state, move)
        if analyse(game_id, None, moves).first_mistake is not None:
            return moves
    raise AssertionError(f"no {game_id} game with a mistake")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_mistake_is_said_in_words(game_id: str) -> None:
    game = get_game(game_id)
    moves = played_with_mistakes(game_id)
    found = analyse(game_id, None, moves)
    states = [game.new(None)]
    for move in moves:
        states.append(game.play_text(states[-1], move))
    for judged in found.moves:
        if not judged.mistake:
            continue
        state = states[judged.index]
        if judged.hastens_loss:
            line = hastened_line(
                game_id,
                state,
                1,
                judged.move,
                judged.before,
                judged.after,
                judged.best_moves,
                NAMES,
            )
        else:
            line = mistake_line(
                game_id, state, 1, judged.mover, judged.move, judged.best_moves, NAMES
            )
        assert "winning:" not in line and "(" not in line.replace("(the ", ""), line
        assert SAID.search(line), line
        assert line.startswith(f"move 1, {NAMES[judged.mover - 1]} played "), line


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_line_mode_says_each_mistake_in_words(game_id: str) -> None:
    moves = played_with_mistakes(game_id)
    record = GameRecord(
        game=game_id,
        players=(PlayerInfo(name=NAMES[0]), PlayerInfo(name=NAMES[1])),
        moves=tuple(MoveEntry(move=move) for move in moves),
    )
    lines = analysis_lines(record)
    said = [line for line in lines if "mistake." in line]
    assert said and said[0].startswith("That was the first mistake. ")
    for line in said:
        assert SAID.search(line) and "winning:" not in line, line


def test_the_line_mode_never_breaks_an_equation_across_lines() -> None:
    from io import StringIO

    from app.plain.after_game import offer_analysis, unbroken
    from app.plain.base import WIDTH, Console

    line = "A mistake. " + "x" * 77 + " such as 2 × 3 = 6 and 8 + 2 = 10."  # "2 ×" at 100
    assert unbroken(line).splitlines()[1] == "2 × 3 = 6 and 8 + 2 = 10."
    spoken = "x" * 90 + " 2 times 3 is 6."
    assert unbroken(spoken).splitlines()[1] == "2 times 3 is 6."
    for spoken_mode in (False, True):
        record = GameRecord(
            game="fifty",
            players=(PlayerInfo(name=NAMES[0]), PlayerInfo(name=NAMES[1])),
            moves=tuple(MoveEntry(move=m) for m in played_with_mistakes("fifty")),
        )
        out = StringIO()
        console = Console(StringIO("yes\n"), out)
        console.spoken = spoken_mode
        offer_analysis(console, record)
        said = out.getvalue().splitlines()
        assert all(len(text) <= WIDTH for text in said)
        ends = ("×", "+", "−", "÷", "=", "times", "plus", "minus", "is", "by")
        assert not any(text.rstrip().endswith(ends) for text in said), said
