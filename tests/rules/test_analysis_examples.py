"""The analysis's sentences: moves that are the same choice said once, examples that do
something, conquest's statements in words, the equation a player formed and left
unstated (not another one), and a lost game's resistance in plain words."""

from __future__ import annotations

from rules.analysis import analyse
from rules.conquest import ConquestOptions
from rules.registry import get_game
from rules.words.analysis import counted_moves, resistance_text
from rules.words.moves import short_move

NAMES = ("Ann", "Bob")


def test_fifty_5_times_6_and_6_times_5_are_one_move_said_once() -> None:
    state = get_game("fifty").new()
    said = counted_moves("fifty", state, ["5*6", "6*5"], NAMES, "kept the win")
    assert said == "1 move kept the win: 6 × 5 = 30"


def test_the_examples_are_moves_that_do_something() -> None:
    state = get_game("fifty").new()
    moves = ["1*2", "2*1", "3*1", "6*7", "9*5"]
    said = counted_moves("fifty", state, moves, NAMES, "kept the win", shown=2)
    assert said == "4 moves kept the win, such as 6 × 7 = 42 and 9 × 5 = 45"
    said = counted_moves("fifty", state, ["1/2", "2*3", "4*5"], NAMES, "held out", shown=1)
    assert said == "3 moves held out, such as 2 × 3 = 6"  # never 1 ÷ 2 = 0, which adds nothing


def test_a_lost_games_resistance_in_plain_words() -> None:
    state = get_game("collect").replay(None, ["3", "2", "5", "8"])
    said = resistance_text("collect", state, (2, 4), ["7"], NAMES)
    assert said == "Ann could have held out for 2 more moves; 1 move held out that long: pick 7"


def test_a_conquest_statement_is_not_written_as_a_product() -> None:
    state = get_game("conquest").replay(ConquestOptions(declare=True), ["4", "2"])
    assert short_move("conquest", state, "2:4-2=2") == "2, stating 4 − 2 = 2"


def test_the_equation_formed_and_left_unstated_is_the_one_missed() -> None:
    # Ann adds 6 after 4, 2: she formed 4 + 2 = 6 but stated nothing (declare variant)
    found = analyse("conquest", ConquestOptions(declare=True), ["4", "2", "6"])
    (chance,) = [c for c in found.chances if c.index == 2]
    assert (chance.player, chance.equation, chance.taken) == (1, "4+2=6", False)
