"""The line mode's commands at every prompt, and moves typed in words, in each game."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from app.plain import driver_class
from app.plain.base import Console
from app.plain.commands import COMMANDS, command_of, rules_lines
from app.plain.spoken import spoken_text
from app.plain.stops import EndOfInput
from app.plain.words_in import rewrite
from app.store import unfinished
from rules.base import IllegalMove, PlayerNo
from rules.registry import GAME_IDS, get_game
from tests.app.test_records_cli import play as play_with_records

#: Each game played to its end by moves in words only, and how the result line begins.
GAMES_IN_WORDS = {
    "collect": (
        [
            "take 1", "no", "take 9", "no", "take 2", "no", "take 8", "no",
            "take 3", "yes", "1 plus 2 equals 3",
        ],
        "Player 1 wins",
    ),
    "template": (
        [
            "nine in my first slot", "8 in my first slot", "7 in their third slot",
            "6 in their third slot", "5 in my second slot", "4 in my slot 2",
        ],
        "Player 1 wins",
    ),
    "fifty": (["six times seven", "1 plus 2", "3 plus 5"], "Player 1 wins"),
    "conquest": (["take 2", "take 3", "take 5"], "Player 1 wins"),
    "countdown": (["plus 9", "plus 9", "times 2"], "Player 1 wins"),
}  # fmt: skip


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    return folder


def play(
    game_id: str,
    answers: list[str],
    bots: dict[PlayerNo, Any] | None = None,
    spoken: bool = False,
) -> tuple[str, bool]:
    """Play `answers` from the start of `game_id`; the transcript and whether it ended."""
    game = get_game(game_id)
    out = StringIO()
    console = Console(StringIO("".join(a + "\n" for a in answers)), out, spoken=spoken)
    driver = driver_class(game_id)(game, console, ("Player 1", "Player 2"))
    try:
        driver.run(game.new(game.Options()), bots)
    except EndOfInput:
        return out.getvalue(), False
    return out.getvalue(), True


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("word", sorted(COMMANDS))
def test_no_command_word_is_a_move(game_id: str, word: str) -> None:
    game = get_game(game_id)
    with pytest.raises(IllegalMove):
        game.parse_move(word)
    state = game.new(game.Options())
    assert rewrite(game_id, word, state, ("Player 1", "Player 2")) == word


def test_command_words_are_read_loosely() -> None:
    assert command_of("  HELP ") == "help"
    assert command_of("take  back") == "undo"
    assert command_of("help me") is None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_command_is_answered_and_the_prompt_comes_again(game_id: str) -> None:
    moves, _ = GAMES_IN_WORDS[game_id]
    first = moves[:2] if game_id == "collect" else moves[:1]  # (collect: a pick, no equation)
    text, ended = play(
        game_id,
        [*first, "help", "board", "last", "moves", "clock", "rules", "save", "hint", "undo"],
    )
    assert not ended
    assert "Commands, at any prompt: help, board" in text
    assert "It is Player" in text
    assert "Player 1: " in text  # the last move, in words
    assert "1. Player 1: " in text
    assert "This game has no turn clock" in text
    assert rules_lines(game_id)[0] in text
    assert "This game cannot be saved here." in text
    assert "Hint: " in text
    assert "Took back the last move." in text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_in_words(game_id: str) -> None:
    moves, result = GAMES_IN_WORDS[game_id]
    text, ended = play(game_id, moves)
    assert ended, text
    assert text.rstrip().splitlines()[-1].startswith(result)


def test_takeback_against_the_computer_takes_its_reply_too() -> None:
    game = get_game("conquest")

    def bot(state: Any) -> Any:
        return game.legal_moves(state)[0]

    text, _ = play("conquest", ["take 7", "undo", "moves"], bots={2: bot})
    assert "Player 2 is thinking." in text
    assert text.count("is thinking.") == 1
    assert "Took back your last move and the computer's reply." in text
    assert "No move has been played yet in this round." in text


def test_quit_asks_then_keeps_the_game(data: Path) -> None:
    code, text = play_with_records(["fifty"], ["6 times 7", "quit", "no", "quit", "yes"])
    assert code == 0
    assert "The game goes on." in text
    assert text.rstrip().endswith("You quit: the game is left unfinished.")
    assert len(unfinished.scan(data).games) == 1


def test_save_keeps_the_game_and_writes_the_file(data: Path, tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    _, text = play_with_records(["conquest", "--save", str(target)], ["save", "take 4", "save"])
    assert "Nothing to keep yet: no move has been played." in text
    assert "The game is kept: equation-duel --plain offers to resume it." in text
    assert target.exists()


@pytest.mark.parametrize(
    ("game_id", "typed", "read"),
    [
        ("collect", "pick seven", "7"),
        ("conquest", "take 4", "4"),
        ("fifty", "9 minus 5", "9-5"),
        ("fifty", "8 divided by 2", "8/2"),
        ("countdown", "divide by 3", "/3"),
        ("countdown", "pass", "pass"),
        ("template", "7 in my second slot", "7@1.2"),
        ("template", "7 in Bob's slot 3", "7@2.3"),
        ("template", "Put 8 in Player 1's third slot", "8@1.3"),
        ("template", "put 8 in player 1 first slot", "8@1.1"),
        ("template", "place 2 in Bob slot 2", "2@2.2"),
        ("template", "P1 Slot 1", "P1 Slot 1"),
        ("conquest", "seven", "seven"),
    ],
)
def test_moves_in_words(game_id: str, typed: str, read: str) -> None:
    game = get_game(game_id)
    assert rewrite(game_id, typed, game.new(game.Options()), ("Ada", "Bob")) == read


def test_spoken_style() -> None:
    assert spoken_text("Equation: 6 * 7 = 42") == "Equation: 6 times 7 is 42"
    assert spoken_text("27 ÷ 3 = 9") == "27 divided by 3 is 9"
    assert spoken_text("new score: 45 + (-8) = 37") == "new score: 45 plus (minus 8) is 37"
    assert spoken_text("Enter a number (1-9): ") == "Enter a number (1 to 9): "
    assert spoken_text("choose an operation (+, -, *, /):") == "choose an operation (+, -, *, /):"
    text, _ = play("fifty", ["6 times 7"], spoken=True)
    assert "Equation: 6 times 7 is 42" in text


def test_spoken_flag_reaches_the_console(data: Path) -> None:
    code, text = play_with_records(["fifty", "--spoken"], ["6 times 7"])
    assert code == 0
    assert "Player 1's new score: 0 plus 42 is 42" in text


def test_clock_says_the_time_left_of_the_turn(data: Path) -> None:
    ticks = iter([0.0, 12.4, 13.0, 13.0, 13.0, 13.0])
    code, text = play_with_records(
        ["conquest", "--turn-seconds", "30"], ["clock", "board", "take 2"], clock=ticks
    )
    assert code == 0
    assert text.count("17 of 30 seconds left for this turn.") == 2
    assert "Sequence: [2]" in text


def test_conquest_moves_typed_as_the_game_says_them_are_read() -> None:
    """'Add 4 to the sequence and declare 2 + 2 = 4' (the words the line mode shows) is
    read as that move (it was "not a move: give a number such as 5", in a live round)."""
    from app.plain.puzzle_lines import read_move
    from rules.puzzles.bank import puzzles_of
    from rules.puzzles.training import Attempt
    from rules.puzzles.words import move_words
    from rules.registry import get_game

    game = get_game("conquest")
    for puzzle in puzzles_of("conquest", "easy")[:5]:
        attempt = Attempt(puzzle)
        state = puzzle.state()
        for move in game.legal_moves(state)[:30]:
            text = str(game.format_move(move))
            said = move_words("conquest", state, text)
            assert read_move(attempt, said) == text, said


def test_collect_moves_typed_as_the_game_says_them_are_read() -> None:
    """'Pick 8, then declare 7 + 8 = 15' (the words a live round says back) is read as
    that move (it was "not a move: write the number picked (7) …" in a live round)."""
    from app.plain.puzzle_lines import read_move
    from rules.puzzles.bank import puzzles_of
    from rules.puzzles.training import Attempt
    from rules.puzzles.words import move_words
    from rules.registry import get_game

    game = get_game("collect")
    declared = 0
    puzzles = [p for d in ("easy", "medium", "hard") for p in puzzles_of("collect", d)[:10]]
    for puzzle in puzzles:
        attempt = Attempt(puzzle)
        state = puzzle.state()
        moves = [str(game.format_move(move)) for move in game.legal_moves(state)]
        for text in [*puzzle.solution, *[m for m in moves if ":" in m], *moves[:3]]:
            said = move_words("collect", state, text)
            assert read_move(attempt, said) == text, said
            declared += ":" in text
    assert declared >= 20
