"""Team mode: the computer's par on a puzzle equals what the medium computer finds there,
counted apart here from the rules and the solver's judgement of each move (not through
`rules.players`' own search); and a session says the class against it in words."""

from __future__ import annotations

import pytest

from app.hub.live import LiveOptions, LiveSession, Round
from app.hub.live_par import medium_finds, team_words
from rules.puzzles.bank import puzzles_of
from rules.registry import GAME_IDS
from tests.hub.test_live import legal, medium_share, truth


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records here: taken once."""
    return "none"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_par_is_what_the_medium_computer_finds(game_id: str) -> None:
    shares = []
    for difficulty in ("easy", "medium", "hard"):
        for puzzle in puzzles_of(game_id, difficulty)[:3]:
            live = Round(1, puzzle, LiveOptions(game_id, difficulty, 30), {"a": "A", "b": "B"})
            assert live.par == pytest.approx(2 * medium_share(puzzle)), puzzle.id
            shares.append(medium_finds(puzzle.game, live.state, live.values))
    assert shares and all(0 <= share <= 1 for share in shares)


def test_the_class_against_the_par_in_words() -> None:
    assert team_words(23, 17.5) == (
        "The class: 23 right answers against the computer's par of 17.5: 5.5 above par."
    )
    assert (
        team_words(1, 3)
        == "The class: 1 right answer against the computer's par of 3: 2 below par."
    )
    assert team_words(4, 4.01).endswith("par of 4: level with par.")
    puzzle = puzzles_of("fifty", "hard")[0]
    options = LiveOptions("fifty", "hard", 30, 2)
    asked = {f"s{n}": f"S{n}" for n in range(4)}
    session = LiveSession(options, [Round(n, puzzle, options, asked) for n in (1, 2)])
    win = next(m for m in legal(puzzle) if truth(puzzle, m) == "win")
    for key in ("s0", "s1", "s2"):
        session.rounds[0].answer(key, win)
    assert session.team == 3
    assert session.par == pytest.approx(8 * medium_share(puzzle))
    assert team_words(3, session.par) in session.summary()


def test_a_collect_pick_and_its_winning_declaration_are_told_apart() -> None:
    """A pick alone and the same pick with a declaration are one choice (RULINGS.md,
    "Puzzles") but not one value: the spread bar and the winning moves say the move that
    wins as it wins (a class's winning "Pick 8, then declare 7 + 8 = 15" was drawn as
    "Pick 8 · loses", and the winning moves said "Pick 8: every reply loses")."""
    for puzzle in puzzles_of("collect", "medium"):
        options = LiveOptions("collect", "medium", 30)
        live = Round(1, puzzle, options, {"a": "A", "b": "B"})
        win = puzzle.solution[0]
        pick = win.partition(":")[0]
        if ":" in win and pick in live.values and live.judgement(pick) != "win":
            break
    else:
        pytest.fail("no collect puzzle whose pick alone loses")
    live.answer("a", win)
    live.answer("b", pick)
    bars = {words: judgement for words, _, judgement, _ in live.spread()}
    assert bars == {live.words(win): "win", live.words(pick): "lose"}, bars
    assert ", then declare " in live.words(win)
    assert any(line.startswith(f"{live.words(win)}: ") for line in live.winning())
    assert not any(line.startswith(f"Pick {pick}:") for line in live.winning())
    assert live.most_common_wrong() == (live.words(pick), 1, live.why(pick))
