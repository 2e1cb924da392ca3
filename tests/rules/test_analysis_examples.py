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
    countdown = get_game("countdown").new()  # a total of 0: × 1 and × 2 leave it at 0
    said = counted_moves("countdown", countdown, ["*1", "*2", "+3"], NAMES, "held", shown=1)
    assert said == "3 moves held, such as 0 + 3 = 3"  # never 0 × 1 = 0
    seven = get_game("countdown").replay(None, ["+2", "+5"])  # × 1 and ÷ 1: one choice
    said = counted_moves("countdown", seven, ["*1", "+1", "/1"], NAMES, "held", shown=1)
    assert said == "2 moves held, such as 7 + 1 = 8"
    fifty = get_game("fifty").new()
    said = counted_moves("fifty", fifty, ["1/2", "2*3", "4*5"], NAMES, "held out", shown=1)
    assert said == "3 moves held out, such as 2 × 3 = 6"  # never 1 ÷ 2 = 0, which adds nothing


def test_a_thrown_win_lists_the_quickest_wins_first() -> None:
    # Ann at 42 played 8 + 2 = 10 (over 50); 8 × 1 = 8 made exactly 50 at once
    found = analyse("fifty", None, ["6*7", "9-5", "8+2"])
    assert found.moves[2].throws_away_win
    quickest = {"8*1", "1*8", "4*2", "2*4", "8/1"}  # exactly 50 at once
    assert set(found.moves[2].best_moves[:5]) == quickest


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
