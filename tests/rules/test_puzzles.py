"""Puzzles against the solver: the shipped bank, live generation, the judge, the daily
puzzle and the words.

The default run checks a seeded sample of the bank (a few per game and difficulty) and a
few live puzzles; the soak run checks 50 or more puzzles per game (the whole bank and
live generation over many seeds)."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from rules.puzzles.bank import bank, check, daily, history_problems, pick, puzzles_of
from rules.puzzles.generate import candidates, variants
from rules.puzzles.judge import difficulty_of, is_puzzle, winning_moves
from rules.puzzles.model import DIFFICULTIES, Figures
from rules.puzzles.refute import then_words
from rules.puzzles.words import move_words, moves_words, position_words
from rules.registry import GAME_IDS, get_game
from rules.solver.core import move_values, solve
from rules.words.common import as_noun

QUICK_PER_GAME = 2

#: Puzzles per game and difficulty the bank must hold (RULINGS.md, "Puzzles").
BANK_PER = 100
#: Where the game has fewer: fifty's hard puzzles all come after the first move (a win
#: of two of the mover's moves needs three plies, and fifty has four moves at most), and
#: every first move of every variant tried gives 36 (`test_every_fifty_hard_puzzle_is_in_the_bank`).
EXHAUSTED: dict[tuple[str, str], int] = {("fifty", "hard"): 36}
#: Difficulties that only a variant gives: collect's medium. In the pool 1-9 a player
#: holds two numbers only once five or fewer are left to pick, so a win at once is never
#: one choice of six (a pick with or without its declaration is one choice), and no win
#: of two of the mover's moves came up (48,128 positions of plausible play tried).
VARIANTS_ONLY: frozenset[tuple[str, str]] = frozenset({("collect", "medium")})


def assert_sound(puzzle: object) -> None:
    """The issue's four checks, straight from the solver, and the bank's own check."""
    from rules.puzzles.model import Puzzle

    assert isinstance(puzzle, Puzzle)
    game = get_game(puzzle.game)
    state = puzzle.state()
    assert not game.is_over(state)
    solution = solve(puzzle.game, state)
    assert solution.winner == game.to_move(state) == puzzle.to_move
    values = move_values(puzzle.game, state)
    winning = {m for m, (winner, _) in values.items() if winner == puzzle.to_move}
    assert set(puzzle.solution) == winning
    for move in puzzle.solution:
        assert values[move][0] == puzzle.to_move, f"{puzzle.id}: {move} loses"
    assert len(puzzle.solution) < len(values)
    assert check(puzzle) == []


def sample(game_id: str, count: int, seed: int) -> list[object]:
    rng = random.Random(seed)
    found = puzzles_of(game_id)
    return rng.sample(found, min(count, len(found)))


def assert_as_ruled(puzzle: object) -> None:
    """The ruling (RULINGS.md, "Puzzles"): the options, a plausible history, the
    difficulty and how many choices win, straight from the solver."""
    from rules.choices import changes_nothing, choices
    from rules.puzzles.model import Puzzle

    assert isinstance(puzzle, Puzzle)
    assert puzzle.options in variants(puzzle.game).values()
    if puzzle.game == "countdown":
        assert puzzle.options.get("pool") != [1, 3] and puzzle.options.get("target") != 10
    game = get_game(puzzle.game)
    state = game.new(game.options_from(puzzle.options))
    for text in puzzle.moves:
        others = [game.format_move(m) for m in game.legal_moves(state)]
        if changes_nothing(puzzle.game, state, text):
            assert all(changes_nothing(puzzle.game, state, m) for m in others), text
        state = game.play_text(state, text)
    values = move_values(puzzle.game, state)
    winning = tuple(m for m, (winner, _) in values.items() if winner == puzzle.to_move)
    fastest = min(values[m][1] for m in winning) + 1
    mover_moves = (fastest + 1) // 2
    won_choices = choices(puzzle.game, state, winning)
    if puzzle.difficulty in ("medium", "hard"):
        assert mover_moves >= 2 or 6 * len(winning) <= len(values), puzzle.id
    if puzzle.difficulty == "hard":
        assert mover_moves >= 2 and won_choices == 1, puzzle.id
    assert puzzle.figures.choices == won_choices


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bank_sample_is_sound_and_as_ruled(game_id: str) -> None:
    from rules.puzzles.judge import offered

    for difficulty in offered(game_id):
        for puzzle in random.Random(12).sample(puzzles_of(game_id, difficulty), QUICK_PER_GAME):
            assert_sound(puzzle)
            assert_as_ruled(puzzle)


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whole_bank_is_sound_and_as_ruled(game_id: str) -> None:
    found = puzzles_of(game_id)
    assert len(found) >= BANK_PER
    for puzzle in found:
        assert_sound(puzzle)
        assert_as_ruled(puzzle)


@pytest.mark.soak
def test_every_fifty_hard_puzzle_is_in_the_bank() -> None:
    """Every position after one plausible first move, in every variant puzzles use: the
    hard puzzles among them are the bank's (so fifty cannot give more)."""
    from rules.choices import plausible
    from rules.puzzles.generate import _judge

    game = get_game("fifty")
    found = set()
    for data in variants("fifty").values():
        start = game.new(game.options_from(data))
        legal = [game.format_move(m) for m in game.legal_moves(start)]
        for text in legal:
            after = game.play_text(start, text)
            if plausible("fifty", start, text, legal) and not game.is_over(after):
                found |= {p.id for p in _judge("fifty", game, data, after, [text])}
    hard = {p.id for p in puzzles_of("fifty", "hard")}
    assert hard <= found
    assert len(hard) == EXHAUSTED[("fifty", "hard")]
    assert {p for p in found if p not in hard}.isdisjoint(hard)


def test_every_game_has_its_difficulties_in_the_default_options() -> None:
    from rules.puzzles.judge import offered

    for game_id in GAME_IDS:
        for difficulty in DIFFICULTIES:
            found = puzzles_of(game_id, difficulty)
            if difficulty in offered(game_id):
                wanted = EXHAUSTED.get((game_id, difficulty), BANK_PER)
                assert len(found) >= wanted, (game_id, difficulty)
                in_default = any(p.options == {} for p in found)
                assert in_default != ((game_id, difficulty) in VARIANTS_ONLY), (game_id, difficulty)
            else:
                assert found == []


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fifty_picked_puzzles_per_game(game_id: str) -> None:
    """50 picks per game over seeds and the difficulties it offers (what the CLI gives;
    conquest has easy puzzles only, RULINGS.md)."""
    from rules.puzzles.judge import offered

    difficulties = offered(game_id)
    for seed in range(50):
        difficulty = difficulties[seed % len(difficulties)]
        assert_sound(pick(game_id, seed, difficulty))


def test_bank_holds_every_game_and_no_position_twice() -> None:
    ids = [p.id for p in bank()]
    assert len(ids) == len(set(ids))
    per_game = Counter(p.game for p in bank())
    assert set(per_game) == set(GAME_IDS)
    assert all(count >= BANK_PER for count in per_game.values())
    for p in bank():
        assert p.figures.winning == len(p.solution)
        assert difficulty_of(p.figures) == p.difficulty


@pytest.mark.parametrize("game_id", ["collect", "template", "fifty", "conquest"])
def test_live_generation_is_sound_and_repeatable(game_id: str) -> None:
    seed = next(seed for seed in range(12, 40) if candidates(game_id, seed))
    found = candidates(game_id, seed)
    assert_sound(next((p for p in found if p.difficulty == "medium"), found[0]))
    assert candidates(game_id, seed) == found


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_live_generation_soak(game_id: str) -> None:
    checked = 0
    for seed in range(800):
        for puzzle in candidates(game_id, seed):
            assert_sound(puzzle)
            checked += 1
        if checked >= 50:
            break
    assert checked >= 50


def test_a_wanted_difficulty_is_found_when_the_game_has_it() -> None:
    found: set[str] = set()
    for seed in range(24):
        found |= {p.difficulty for p in candidates("collect", seed)}
    assert found >= set(DIFFICULTIES)


def test_pick_is_repeatable_and_follows_the_difficulty() -> None:
    from rules.puzzles.bank import NoPuzzle
    from rules.puzzles.judge import offered

    for game_id in GAME_IDS:
        for difficulty in DIFFICULTIES:
            if difficulty not in offered(game_id):
                with pytest.raises(NoPuzzle, match=f"no {difficulty} ones; try easy"):
                    pick(game_id, 7, difficulty)
                continue
            one = pick(game_id, 7, difficulty)
            assert one == pick(game_id, 7, difficulty)
            assert one.game == game_id and one.difficulty == difficulty
    assert {pick(None, seed).game for seed in range(60)} == set(GAME_IDS)
    assert {pick(None, seed, "hard").game for seed in range(60)} == set(GAME_IDS) - {"conquest"}


def test_variants_leave_out_matches_and_slow_setups() -> None:
    assert "match" not in variants("template")
    assert "extended-pool+target-100" not in variants("fifty")
    assert variants("conquest")["declare"] == {"declare": True}


# The judge: trivial positions are not puzzles.


def test_every_move_winning_is_not_a_puzzle() -> None:
    state = get_game("conquest").new()  # the first player wins whatever they play
    won, figures = winning_moves("conquest", state)
    legal = [get_game("conquest").format_move(m) for m in get_game("conquest").legal_moves(state)]
    assert figures.winning == figures.legal == 9
    assert not is_puzzle(won, figures, legal)


def test_taking_the_only_number_left_is_not_a_puzzle() -> None:
    game = get_game("collect")
    state = game.replay(None, ["1", "2", "4", "8", "3", "9", "6", "7"])
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    assert {m.partition(":")[0] for m in legal} == {"5"}
    won, figures = winning_moves("collect", state)
    assert not is_puzzle(won, figures, legal)


def test_too_many_winning_moves_is_not_a_puzzle() -> None:
    legal = [str(n) for n in range(40)]
    assert not is_puzzle(tuple(legal[:7]), Figures(40, 7, 3, 7, 40), legal)
    assert is_puzzle(tuple(legal[:2]), Figures(40, 2, 3, 2, 40), legal)


def test_difficulty_as_ruled() -> None:
    from rules.puzzles.judge import fits

    assert difficulty_of(Figures(9, 3, 1, 3, 9)) == "easy"  # a win at once, three ways
    assert difficulty_of(Figures(9, 2, 1, 1, 5)) == "easy"  # one choice of 5
    assert difficulty_of(Figures(9, 2, 1, 1, 6)) == "medium"  # one choice of 6
    assert difficulty_of(Figures(80, 2, 1, 1, 40)) == "medium"  # 4×8 or 8×4 of 80 moves
    assert difficulty_of(Figures(12, 2, 3, 2, 12)) == "medium"  # two of the mover's moves
    assert difficulty_of(Figures(30, 2, 3, 1, 30)) == "hard"  # one choice, two moves
    assert difficulty_of(Figures(30, 1, 5, 1, 30)) == "hard"
    for legal in range(1, 40):
        for winning in range(1, legal + 1):
            for plies in (1, 3, 5):
                for count in range(1, winning + 1):
                    for legal_choices in {count, legal // 2 + count // 2, legal}:
                        figures = Figures(legal, winning, plies, count, legal_choices)
                        assert fits(figures, difficulty_of(figures))


def test_a_pick_with_and_without_its_declaration_is_one_legal_choice() -> None:
    # `puzzle collect --difficulty medium --seed 0` was this position: 5 (with 4 + 5 = 9)
    # is the one winning choice of five picks, though six legal moves: easy, not medium
    game = get_game("collect")
    state = game.replay(None, ["9", "3", "4", "2"])
    won, figures = winning_moves("collect", state)
    assert won == ("5:4+5=9",) and (figures.legal, figures.legal_choices) == (6, 5)
    assert difficulty_of(figures) == "easy"
    medium = [p for p in puzzles_of("collect", "medium") if p.figures.mover_moves == 1]
    assert all(p.figures.legal_choices >= 6 for p in medium)


def test_a_collect_player_holding_an_equation_declares_it() -> None:
    from rules.choices import plausible

    game = get_game("collect")
    state = game.replay(None, ["9", "3", "4", "2"])
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    assert not plausible("collect", state, "5", legal)  # 4 + 5 = 9 left undeclared
    assert plausible("collect", state, "5:4+5=9", legal) and plausible("collect", state, "6", legal)
    for puzzle in puzzles_of("collect"):  # `puzzle collect --seed 18`, `82`, easy `17` were not
        assert history_problems(puzzle) == [], puzzle.id


def test_same_choices_count_once() -> None:
    from rules.choices import choices

    fifty = get_game("fifty").new()
    assert choices("fifty", fifty, ("4*8", "8*4")) == 1
    assert choices("fifty", fifty, ("8-4", "4-8", "8/4")) == 3
    template = get_game("template").new()  # _ + _ × _: the two factors are alike
    assert choices("template", template, ("7@1.2", "7@1.3")) == 1
    assert choices("template", template, ("7@1.1", "7@1.2", "7@2.2")) == 3
    countdown = get_game("countdown").replay(None, ["+2", "+5"])  # the total is 7
    collect = get_game("collect").replay(None, ["3", "2"])
    assert choices("collect", collect, ("5:2+3=5", "5:3+2=5", "1")) == 2
    assert choices("countdown", countdown, ("*1", "/1", "+1")) == 2


def test_moves_that_change_nothing_are_not_plausible() -> None:
    from rules.choices import plausible

    game = get_game("countdown")
    state = game.replay(None, ["+2", "+5"])
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    assert not plausible("countdown", state, "*1", legal)
    assert not plausible("countdown", state, "pass", legal)
    assert plausible("countdown", state, "+1", legal)
    fifty = get_game("fifty").new()
    assert not plausible("fifty", fifty, "1/2", ["1/2", "1+2"])
    assert plausible("fifty", fifty, "1/2", ["1/2"])


# The daily puzzle.

DAILY = [sys.executable, "-m", "app", "puzzle", "--daily", "--json", "--date"]


def test_daily_is_the_same_in_two_processes_and_runs() -> None:
    outputs = [
        json.loads(
            subprocess.run(
                [*DAILY, "2026-03-14"], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(2)
    ]
    assert outputs[0] == outputs[1]
    assert outputs[0].pop("share").startswith("Equation Duel 2026-03-14 · ")
    assert outputs[0] == daily(dt.date(2026, 3, 14)).to_json()


def test_daily_differs_across_dates() -> None:
    start = dt.date(2026, 1, 1)
    ids = [daily(start + dt.timedelta(days=n)).id for n in range(60)]
    assert len(set(ids)) == len(ids)
    assert [daily(start + dt.timedelta(days=n)).game for n in range(5)] != [GAME_IDS[0]] * 5


# Words.


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_puzzles_read_in_words_without_notation(game_id: str) -> None:
    puzzle = pick(game_id, 3)
    game = get_game(game_id)
    state = puzzle.state()
    text = " ".join(
        [
            *position_words(game_id, state),
            *moves_words(game_id, game.options_from(puzzle.options), puzzle.moves),
            *(move_words(game_id, state, m) for m in puzzle.solution),
        ]
    )
    for notation in ("@", "*", "/"):
        assert notation not in text
    assert not re.search(r"\bplies?\b", text)
    if puzzle.solution and game_id == "fifty":
        assert "×" in text or "+" in text or "−" in text or "÷" in text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_judge_move_accepts_the_solution_and_refutes_the_rest(game_id: str) -> None:
    from rules.puzzles.refute import judge_move

    puzzle = pick(game_id, 21)
    state = puzzle.state()
    game = get_game(game_id)
    for move in puzzle.solution[:2]:
        verdict = judge_move(game_id, state, move)
        assert verdict.right and verdict.why == "" and verdict.winning == puzzle.solution
    losing = [
        t
        for t in (game.format_move(m) for m in game.legal_moves(state))
        if t not in puzzle.solution
    ]
    verdict = judge_move(game_id, state, losing[0])
    assert not verdict.right
    assert verdict.why.startswith(f"{as_noun(verdict.words)} loses")
    if verdict.reply is not None:
        assert f"Player {3 - puzzle.to_move} answers: " in verdict.why
        after = game.play_text(state, losing[0])
        values = move_values(game_id, after)
        assert values[verdict.reply][0] != puzzle.to_move  # the refutation wins for them
    assert "@" not in verdict.why and "*" not in verdict.why


# A tampered bank (issue 29): bad entries are left out and counted, never a crash.


def _good_rows() -> list[dict[str, object]]:
    from rules.puzzles.bank import BANK_FILE

    path = Path(__file__).parents[2] / "rules" / "puzzles" / BANK_FILE
    rows: list[dict[str, object]] = json.loads(path.read_text("utf-8"))["puzzles"]
    return rows


def _finished(rows: list[dict[str, object]]) -> dict[str, object]:
    """An entry whose moves run on through its winning move: the game is over."""
    row = next(r for r in rows if r["plies"] == 1)
    moves = [*row["moves"], row["solution"][0]]  # type: ignore[misc]
    return {**row, "moves": moves}


def test_the_shipped_bank_passes_its_load_check() -> None:
    from rules.puzzles.bank import BANK_FILE, loaded, skipped_text
    from rules.puzzles.bank_file import bank_from_text

    assert loaded().skipped == 0 and loaded().problem is None and skipped_text() == ""
    text = (Path(__file__).parents[2] / "rules" / "puzzles" / BANK_FILE).read_text("utf-8")
    replayed = bank_from_text(text)  # (every entry replayed, as a bank without its digest)
    assert replayed.skipped == 0 and replayed.puzzles == loaded().puzzles


def test_the_shipped_bank_is_read_without_replaying_it_and_a_changed_one_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: its digest beside it (written by make_bank) says it is the bank checked as
    it was made; any change to it, or no digest, and every entry is replayed again."""
    from rules.puzzles import bank_file
    from rules.puzzles.bank import BANK_FILE

    shipped = Path(__file__).parents[2] / "rules" / "puzzles" / BANK_FILE
    text = shipped.read_text("utf-8")
    beside = shipped.with_name(BANK_FILE + bank_file.DIGEST_SUFFIX).read_text("utf-8")
    assert beside.strip() == bank_file.digest(text)  # (make_bank writes both)
    replayed: list[str] = []
    playable = bank_file._playable

    def counted(puzzle: object) -> bool:
        replayed.append("")
        return playable(puzzle)  # type: ignore[arg-type]

    monkeypatch.setattr(bank_file, "_playable", counted)
    assert len(bank_file.read_bank(shipped).puzzles) > 1000 and not replayed
    rows = _good_rows()
    changed = tmp_path / BANK_FILE
    changed.write_text(json.dumps({"puzzles": [_finished(rows), rows[0]]}), "utf-8")
    changed.with_name(BANK_FILE + bank_file.DIGEST_SUFFIX).write_text(beside, "utf-8")
    found = bank_file.read_bank(changed)
    assert len(replayed) == 2 and found.skipped == 1 and len(found.puzzles) == 1


def test_bad_entries_are_skipped_and_counted() -> None:
    from rules.puzzles.bank_file import bank_from_text

    rows = _good_rows()
    good = rows[0]
    without_game = {k: v for k, v in good.items() if k != "game"}
    bad: list[object] = [
        "not an entry",
        without_game,
        {**good, "difficulty": "fiendish"},
        {**good, "game": "chess"},
        {**good, "to_move": 3},
        {**good, "to_move": True},
        {**good, "moves": ["999999", "x"]},
        {**good, "moves": "6"},
        {**good, "solution": []},
        {**good, "solution": ["no such move"]},
        {**good, "options": {"pool": "wide"}},
        {**good, "legal": float("inf")},
        _finished(rows),
    ]
    found = bank_from_text(json.dumps({"puzzles": [*bad, good, rows[1]]}))
    assert [p.id for p in found.puzzles] == [good["id"], rows[1]["id"]]
    assert found.skipped == len(bad) and found.problem is None


@pytest.mark.parametrize(
    "text", ["{not json", "[1, 2]", '{"puzzles": 7}', "[" * 100_000, '{"version": 1}']
)
def test_a_bank_that_is_not_a_bank_is_empty_and_says_why(text: str) -> None:
    from rules.puzzles.bank import skipped_text
    from rules.puzzles.bank_file import bank_from_text

    found = bank_from_text(text)
    assert found.puzzles == () and found.problem and skipped_text(found) == found.problem


def test_an_empty_day_and_an_empty_game_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.puzzles import bank as bank_module
    from rules.puzzles.bank_file import Bank

    only_fifty = tuple(p for p in bank() if p.game == "fifty")
    monkeypatch.setattr(bank_module, "loaded", lambda: Bank(only_fifty, 5))
    day = next(
        dt.date(2026, 1, 1) + dt.timedelta(days=n)
        for n in range(10)
        if GAME_IDS[(dt.date(2026, 1, 1) + dt.timedelta(days=n)).toordinal() % len(GAME_IDS)]
        != "fifty"
    )
    with pytest.raises(bank_module.NoPuzzle, match=f"no .* puzzle for {day.isoformat()}"):
        daily(day)
    with pytest.raises(bank_module.NoPuzzle, match="no puzzles for conquest"):
        pick("conquest", 1)
    with pytest.raises(bank_module.NoPuzzle, match="no hard puzzles for template"):
        pick("template", 1, "hard")
    assert pick("fifty", 1).game == "fifty"
    assert bank_module.skipped_text() == "5 bad puzzle entries in the bank left out"


def test_a_refutation_counts_the_winners_moves_to_come_in_words() -> None:
    assert then_words(2, 0) == "Then Player 2 wins whatever is played next."  # (not "0 more")
    assert then_words(1, 1).endswith("within 1 more move of theirs.")
    assert then_words(1, 3).endswith("within 3 more moves of theirs.")


def test_a_score_below_zero_is_written_with_the_minus_sign() -> None:
    """'Player 1 has -4 points.' was read in a live round of Exactly Fifty."""
    game = get_game("fifty")
    state = game.play_text(game.play_text(game.new(game.options_from({})), "3+1"), "5-9")
    lines = position_words("fifty", state)
    assert "Player 1 has 4 points." in lines and "Player 2 has −4 points." in lines
    assert not any("-" in line for line in lines)


def test_make_bank_writes_the_digest_beside_the_bank(tmp_path: Path) -> None:
    from rules.puzzles.bank_file import DIGEST_SUFFIX, digest, read_bank
    from rules.puzzles.make_bank import write

    out = tmp_path / "made.json"
    write(_good_rows()[:3], out)
    beside = (tmp_path / f"made.json{DIGEST_SUFFIX}").read_text("utf-8")
    assert beside == digest(out.read_text("utf-8")) + "\n"
    assert len(read_bank(out).puzzles) == 3
