"""What the rules texts say solving found is what the solver finds (nothing typed by hand)."""

from __future__ import annotations

import pytest

from rules.games import VARIANTS
from rules.registry import GAME_IDS, get_game
from rules.rulebook import rules_markdown
from rules.solver.core import solve


def best_play_section(game_id: str) -> str:
    text = rules_markdown(game_id)
    start = text.find("## With best play")
    return text[start:] if start >= 0 else text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rules_text_states_the_solved_result(game_id: str) -> None:
    text = rules_markdown(game_id)
    assert "## With best play" in text or "third move always wins" in text


@pytest.mark.parametrize("variant", ["standard", "extended-pool", "double-digits", "plus-minus"])
def test_collect_first_player_wins_by_the_fifth_turn(variant: str) -> None:
    options = VARIANTS["collect"][variant]
    solution = solve("collect", get_game("collect").new(options))
    assert solution.winner == 1 and solution.plies == 5
    assert solution.best_moves == tuple(sorted(str(n) for n in options.numbers()))


def test_template_first_player_wins_each_named_template_second_with_copies() -> None:
    from rules.template import TEMPLATES, TemplateOptions

    game = get_game("template")
    for template in TEMPLATES:
        assert solve("template", game.new(TemplateOptions(template=template))).winner == 1
    assert solve("template", game.new(TemplateOptions(copies=2))).winner == 2
    assert "1@2.3" in solve("template", game.new()).best_moves


def test_fifty_first_player_wins_on_the_second_turn() -> None:
    solution = solve("fifty", get_game("fifty").new())
    assert solution.winner == 1 and solution.plies == 3
    assert "6*7" in solution.best_moves


def test_conquest_third_move_wins() -> None:
    solution = solve("conquest", get_game("conquest").new())
    assert solution.winner == 1 and solution.plies == 3


def test_countdown_second_player_wins_holding_out_18_turns() -> None:
    solution = solve("countdown", get_game("countdown").new())
    assert solution.winner == 2 and solution.plies == 18
    assert "pass" in solution.best_moves  # every move loses, passing included
    assert "the second player" in best_play_section("countdown")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rules_text_holds_the_rulings_on_typed_text(game_id: str) -> None:
    """`equation-duel rules GAME` and F1 show the "Text a player types" rulings and every
    operator form the game accepts, each of which the game's own reader takes."""
    text = rules_markdown(game_id)
    assert "## Text a player types" in text
    for words in ("leading zeros", "`1 2` is two numbers", "`X`, `·`, `–` and `:`"):
        assert words in text
    assert "may not share a name" in text and "not UTF-8" in text
    assert "**Operators in this game**" in text


def test_countdown_lists_both_minus_signs_and_its_reader_takes_them() -> None:
    text = rules_markdown("countdown")
    game = get_game("countdown")
    for written in ("+5", "-9", "−9", "*3", "×3", "x3", "/2", "÷2", "5+", "pass"):
        assert f"`{written}`" in text
        game.parse_move(written)
