"""Each game's moves and endings in words (rules/words): the issue's examples and more."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.analysis import hint
from rules.base import Ending, Outcome
from rules.registry import get_game
from rules.words.advice import best_line, verdict_line
from rules.words.analysis import mistake_line, moves_listing, value_text
from rules.words.common import as_noun, own_moves, owned
from rules.words.moves import describe_move, move_effect, move_sentence, short_move
from rules.words.outcome import reason_text, record_reason, result_sentence, stalemate_detail
from rules.words.voice import Voice

NAMES = ("Ada", "Bob")


def at(game_id: str, moves: str, options: dict[str, object] | None = None) -> object:
    game = get_game(game_id)
    return game.replay(game.options_from(options), moves.split())


# --- the examples ----------------------------------------------------------------


def test_template_puts_a_digit_in_a_named_slot() -> None:
    state = at("template", "")
    assert describe_move("template", state, "2@2.3") == "Put 2 in Player 2's third slot"
    assert describe_move("template", state, "2@2.3", Voice(NAMES)) == "Put 2 in Bob's third slot"
    assert describe_move("template", state, "9@1.1", Voice(NAMES, you=1)) == (
        "Put 9 in your first slot"
    )
    assert short_move("template", state, "2@2.3", ("A", "B")) == "2 in B's third slot"


def test_collect_pick_then_declare_wins_at_once() -> None:
    state = at("collect", "4 9 6 8")
    assert move_sentence("collect", state, "2:2+4=6", Voice(NAMES, you=1)) == (
        "Pick 2, then declare 2 + 4 = 6: you win at once."
    )
    assert move_sentence("collect", state, "2:2+4=6", Voice(NAMES)) == (
        "Pick 2, then declare 2 + 4 = 6: Ada wins at once."
    )
    assert short_move("collect", state, "2:2+4=6") == "pick 2, stating 2 + 4 = 6"
    assert describe_move("collect", state, "2") == "Pick 2"


def test_collect_a_declaration_that_does_not_balance_ends_the_turn() -> None:
    state = at("collect", "4 9 6 8")
    effect = move_effect("collect", state, "2:2+4=7", Voice(NAMES, you=1))
    assert effect.startswith("the declaration does not balance (")
    assert effect.endswith("), so the turn ends")


def test_fifty_reaching_exactly_fifty() -> None:
    state = at("fifty", "6*7 9-5")
    assert move_sentence("fifty", state, "8*1", Voice(NAMES, you=1)) == (
        "Play 8 × 1 = 8: your score reaches exactly 50."
    )
    assert move_sentence("fifty", state, "8+2", Voice(NAMES)) == (
        "Play 8 + 2 = 10: Ada's score goes over 50, to 52, and Bob wins."
    )
    assert short_move("fifty", at("fifty", ""), "1-3") == "1 − 3 = −2"


def test_countdown_divide_and_pass() -> None:
    state = at("countdown", "+9 +9 +4 +5")
    assert state.running_total == 27  # type: ignore[attr-defined]
    assert move_sentence("countdown", state, "/3") == "Divide by 3: 27 ÷ 3 = 9."
    assert describe_move("countdown", state, "pass") == "Pass"
    assert short_move("countdown", state, "/3") == "27 ÷ 3 = 9"
    assert describe_move("countdown", state, "/0") == "Divide by 0, which loses the turn"
    assert short_move("countdown", state, "/0") == "✗ ÷ 0, turn lost"


def test_countdown_reaching_the_target() -> None:
    state = at("countdown", "+9 +9 +4 +5")
    assert move_sentence("countdown", state, "+3", Voice(NAMES, you=1)) == (
        "Add 3: 27 + 3 = 30; that reaches the target, 30, and you win."
    )


def test_conquest_adds_to_the_sequence() -> None:
    state = at("conquest", "2 3")
    assert move_sentence("conquest", state, "5", Voice(NAMES, you=1)) == (
        "Add 5 to the sequence: it forms 2 + 3 = 5 and you win."
    )
    declare = at("conquest", "2 3", {"declare": True})
    assert describe_move("conquest", declare, "5:2+3=5") == (
        "Add 5 to the sequence and declare 2 + 3 = 5"
    )
    assert short_move("conquest", declare, "5:2+3=5") == "5, stating 2 + 3 = 5"


def test_a_losing_position_holds_out_longest() -> None:
    state = at("fifty", "6*7")
    line = best_line("fifty", state, "9*5", 2, 1, 6, Voice(NAMES, you=2))
    assert line == (
        "Every move loses against best play; this one holds out longest: Ada's 3rd move from "
        "now wins. Play 9 × 5 = 45: your score goes to 45."
    )


def test_a_winning_line_numbers_the_winner_s_own_moves() -> None:
    state = at("template", "")
    line = best_line("template", state, "1@2.3", 1, 1, 6, Voice(NAMES, you=1))
    assert line == (
        "Put 1 in Bob's third slot: every reply loses; with best play you win after your 3rd "
        "move, counting this one."
    )
    assert best_line("conquest", at("conquest", "2 3"), "5", 1, 1, 1, Voice(NAMES, you=1)) == (
        "Add 5 to the sequence: it forms 2 + 3 = 5 and you win."
    )


def test_verdicts_and_analysis_lines() -> None:
    assert verdict_line(1, 1, 6) == "Player 1, to move, wins with best play in 3 moves."
    assert verdict_line(1, 2, 1, Voice(NAMES)) == (
        "Bob, to move, loses against best play: the move ends the game."
    )
    assert verdict_line(1, 2, 4, Voice(NAMES)) == (
        "Bob, to move, loses against best play: Ada wins in 2 moves."
    )
    assert value_text((2, 0), 1, NAMES) == "Bob has won"
    assert value_text((1, 3), 1, NAMES) == "Ada wins in 2 moves"  # Ada's own: 1st and 3rd
    assert value_text((1, 3), 2, NAMES) == "Ada wins in 1 move"
    assert value_text((1, 1), 2, NAMES) == "Ada wins when Bob's move ends the game"
    state = at("fifty", "")
    assert mistake_line("fifty", state, 1, 1, "1+2", ("6*7", "9*5"), NAMES) == (
        "move 1, Ada played 1 + 2 = 3 and threw the win away; "
        "2 moves kept the win: 6 × 7 = 42 and 9 × 5 = 45."
    )
    every = [
        get_game("conquest").format_move(m)
        for m in get_game("conquest").legal_moves(at("conquest", ""))
    ]
    assert moves_listing("conquest", at("conquest", ""), every) == "any move (9)"


# --- endings -----------------------------------------------------------------------------

ENDINGS = [
    # outcome, as records store it, as Ada and Bob read it
    (
        Outcome(winner=1, ending=Ending.BALANCED, equation="6-4=2"),
        "6 − 4 = 2 balances",
        "6 − 4 = 2 balances",
    ),
    (
        Outcome(winner=2, ending=Ending.HIGHER_SUM, values=(30, 15)),
        "no valid equation after sudden death; higher sum of collected numbers, 30 to 15",
        "no valid equation after sudden death; higher sum of collected numbers, 30 to 15",
    ),
    (
        Outcome(winner=2, ending=Ending.LARGEST_NUMBER, values=(18, 8)),
        "no valid equation after sudden death; equal sums (18 each) and Player 2 holds the "
        "largest number, 8",
        "no valid equation after sudden death; equal sums (18 each) and Bob holds the "
        "largest number, 8",
    ),
    (
        Outcome(winner=1, ending=Ending.EXACTLY, player=1, values=(50,)),
        "Player 1 reached exactly 50",
        "Ada reached exactly 50",
    ),
    (
        Outcome(winner=2, ending=Ending.OVER, player=1, values=(54, 50)),
        "54 is over 50",
        "54 is over 50",
    ),
    (
        Outcome(winner=1, ending=Ending.CLOSEST, values=(2, 50, -2)),
        "2 is closer to 50 than -2",
        "2 is closer to 50 than −2",
    ),
    (
        Outcome(winner=2, ending=Ending.EQUAL_SCORES, values=(47,)),
        "both scores are 47: the second player wins ties",
        "both scores are 47: the second player wins ties",
    ),
    (
        Outcome(winner=1, ending=Ending.FORMED, equation="6/2=3"),
        "6 ÷ 2 = 3 formed",
        "6 ÷ 2 = 3 formed",
    ),
    (
        Outcome(winner=1, ending=Ending.DECLARED, equation="2+3=5"),
        "2 + 3 = 5 declared",
        "2 + 3 = 5 declared",
    ),
    (
        Outcome(winner=2, ending=Ending.TARGET, values=(38,)),
        "the running total reached 38",
        "the running total reached 38",
    ),
    (
        Outcome(winner=2, ending=Ending.STALEMATE, player=2),
        "stalemate: Player 2 made the last valid move",
        "stalemate, Bob made the last valid move",
    ),
    (
        Outcome(winner=2, ending=Ending.STALEMATE),
        "stalemate: nobody made a valid move, the second player wins",
        "stalemate, nobody made a valid move",
    ),
    (
        Outcome(winner=1, ending=Ending.HIGHER_RESULT, values=(Fraction(7, 2), 3)),
        "7/2 beats 3",
        "7⁄2 beats 3",
    ),
    (
        Outcome(winner=2, ending=Ending.EQUAL_RESULTS, values=(39,)),
        "both results are 39: the second player wins ties",
        "both results are 39: the second player wins ties",
    ),
    (
        Outcome(winner=2, ending=Ending.DIVIDES_BY_ZERO, player=1),
        "Player 1's result divides by zero",
        "Ada's result divides by zero",
    ),
    (
        Outcome(winner=2, ending=Ending.DIVIDES_BY_ZERO),
        "both results divide by zero: the second player wins ties",
        "both results divide by zero: the second player wins ties",
    ),
    (
        Outcome(winner=1, ending=Ending.TIME_OUT, player=2),
        "Player 2's time ran out",
        "Bob's time ran out",
    ),
    (Outcome(winner=1, ending=Ending.ROUNDS, values=(2, 1)), "2 rounds to 1", "2 rounds to 1"),
    (Outcome(winner=1, ending=Ending.ROUNDS, values=(1, 0)), "1 round to 0", "1 round to 0"),
]


@pytest.mark.parametrize(("outcome", "stored", "read"), ENDINGS)
def test_every_ending_is_rendered_from_its_facts(outcome: Outcome, stored: str, read: str) -> None:
    assert record_reason(outcome) == stored
    assert reason_text(outcome, NAMES) == read
    winner = NAMES[outcome.winner - 1]
    assert result_sentence(outcome, NAMES) == f"{winner} wins: {read}."


def test_every_ending_has_words() -> None:
    covered = {outcome.ending for outcome, _, _ in ENDINGS}
    assert covered == set(Ending)


def test_an_outcome_survives_json() -> None:
    for outcome, _, _ in ENDINGS:
        assert Outcome.model_validate_json(outcome.model_dump_json()) == outcome


def test_stalemate_detail_names_the_player() -> None:
    outcome = Outcome(winner=1, ending=Ending.STALEMATE, player=1)
    assert stalemate_detail(outcome, ("Ann", "Bo")) == "Ann made the last valid move"


def test_names_that_look_like_player_numbers_are_not_rewritten() -> None:
    """The sentence is built with the names: a name holding "Player 2" stays as typed."""
    outcome = Outcome(winner=1, ending=Ending.EXACTLY, player=1, values=(50,))
    assert result_sentence(outcome, ("Player 2", "Player 1")) == (
        "Player 2 wins: Player 2 reached exactly 50."
    )


def test_a_computer_s_name_takes_of_rather_than_a_garbled_possessive() -> None:
    assert owned("template", "Ada") == "Ada's template"
    assert owned("template", "Computer (perfect)") == "the template of Computer (perfect)"
    names = ("Newbie", "Computer (perfect)")
    state = at("template", "")
    assert describe_move("template", state, "2@2.3", Voice(names)) == (
        "Put 2 in the third slot of Computer (perfect)"
    )
    assert (
        short_move("template", state, "2@2.3", names) == "2 in the third slot of Computer (perfect)"
    )


def test_commands_become_nouns_when_they_are_the_subject() -> None:
    assert as_noun("Add 5 to the sequence") == "Adding 5 to the sequence"
    assert as_noun("Put 2 in Newbie's third slot") == "Putting 2 in Newbie's third slot"
    assert as_noun("Divide by 3: 27 ÷ 3 = 9") == "Dividing by 3: 27 ÷ 3 = 9"
    assert as_noun("Pick 7, then declare 5 − 2 = 3") == "Picking 7, then declaring 5 − 2 = 3"
    said = as_noun("Add 4 to the sequence and declare 2 + 2 = 4")  # (it read "… and declare")
    assert said == "Adding 4 to the sequence and declaring 2 + 2 = 4"


def test_templates_lost_moves_all_lose_alike() -> None:
    """Templates last six placements whatever is played: no move holds out longer."""
    state = at("template", "9@1.1 1@2.3 8@1.2")
    given = hint("template", state)
    assert given.winner == 1
    assert given.text.startswith("Every move loses against best play, all alike: ")
    assert "longest" not in given.text


def test_a_lost_position_whose_moves_all_hold_out_alike_says_so_in_any_game() -> None:
    """Conquest after one number: whatever the second player appends, the first completes
    the equation at once, so no move holds out longer than another."""
    given = hint("conquest", at("conquest", "5"))
    assert given.text.startswith(
        "Every move loses against best play, all alike: Player 1's next move wins."
    )
    assert "longest" not in given.text


def test_own_moves_count_one_player_s_turns() -> None:
    assert [own_moves(plies, True) for plies in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert [own_moves(plies, False) for plies in range(1, 7)] == [0, 1, 1, 2, 2, 3]


def test_the_move_list_marks_failed_declarations() -> None:
    """A failed declaration no longer looks like a winning one."""
    state = at("collect", "1 5 3 7")
    assert short_move("collect", state, "2:7-5=2") == "pick 2, stating ✗ 7 − 5 = 2"  # 7 is Bob's
    assert short_move("collect", state, "2:1+2=3") == "pick 2, stating 1 + 2 = 3"
    declare = {"declare": True}
    state = at("conquest", "2 3", declare)
    assert short_move("conquest", state, "5:2+3=5") == "5, stating 2 + 3 = 5"
    assert short_move("conquest", state, "5:2+4=6") == "5, stating ✗ 2 + 4 = 6"
