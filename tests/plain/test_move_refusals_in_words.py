"""A move typed whole that cannot be read (the line mode's puzzles, a live round in the
line lobby, homework) is told how a move is said, in words with × ÷ −, never the rules'
notation: it read "write the number picked (7), optionally followed by ':' and the
equation (7:5-2=3); in sudden death ':5-2=3' or ':'" in a collect live round."""

from __future__ import annotations

import io
import json
import re

from hypothesis import given
from hypothesis import strategies as st

from app.hub.protocol_class import LiveAnswer, LiveRound
from app.plain.base import Console
from app.plain.hub_live import LiveLobby
from app.plain.puzzle_lines import SEATS, play_one, read_move
from app.plain.words_in import SAY_A_MOVE, refusal_words, whole_move
from rules.base import IllegalMove
from rules.collect import GAME as COLLECT
from rules.puzzles.bank import puzzles_of
from rules.puzzles.training import Attempt
from rules.registry import GAME_IDS, get_game
from tests.hub.test_tui_live_snapshot import QuietClient

#: The rules' notation, as an example or a move: 7:5-2=3, :5-2=3, 9@1.1, 6*7, '+5'.
NOTATION = re.compile(r"\d:\d|[\s'(]:\d|\d@\d|\d\*\d|\d/\d|'[+*/-]\d'|\(:\)")
#: The rules' own examples of their notation (in a refusal of text typed, which may hold
#: anything, these are looked for).
EXAMPLED = ("7:5-2=3", ":5-2=3", "(:)", "9@1.1", "DIGIT@", "6*7", "9-5", "'+5'", "'*3'")
#: Each example SAY_A_MOVE gives, and the move it is read as.
EXAMPLES = {
    "collect": {"pick 7": "7", "pick 7, then declare 5 − 2 = 3": "7:5-2=3"},
    "template": {"9 in Player 1's first slot": "9@1.1", "4 in my third slot": "4@1.3"},
    "fifty": {"6 × 7": "6*7", "9 minus 5": "9-5"},
    "conquest": {
        "add 4 to the sequence": "4",
        "add 4 to the sequence and declare 2 + 2 = 4": "4:2+2=4",
    },
    "countdown": {"plus 5": "+5", "× 3": "*3", "divide by 2": "/2", "pass": "pass"},
}


def _attempt(game_id: str) -> Attempt:
    return Attempt(puzzles_of(game_id, "easy")[0])


def test_a_collect_live_round_says_how_a_move_is_said_in_words() -> None:
    """The line lobby's transcript: a collect move typed with 'so' for 'then declare'."""
    out = io.StringIO()
    client = QuietClient()
    live = LiveLobby(client, Console(io.StringIO(), out))  # type: ignore[arg-type]
    puzzle = puzzles_of("collect", "easy")[0]
    opened = LiveRound(round=1, of=1, puzzle=json.dumps(puzzle.to_bank()), seconds=30, asked=2)
    assert live.shows(opened)
    assert live.takes("pick 8 so 7 + 8 = 15")
    said = " ".join(out.getvalue().split())
    assert (
        "'pick 8 so 7 + 8 = 15' is not a move: say the number you pick (pick 7), "
        "with your declaration after it if you make one (pick 7, then declare 5 − 2 = 3); in "
        "sudden death, declare 5 − 2 = 3, or pass."
    ) in said
    assert not NOTATION.search(said.split("Your move: ", 1)[1]), said
    assert "Not a move: " not in said  # (it said "not a move" twice)
    assert client.sent == [] and live.pending is not None  # (another answer is taken)
    assert live.takes("pick 7, then declare 5 − 2 = 3")
    assert client.sent == [LiveAnswer(round=1, move="7:5-2=3")]


def test_the_line_puzzles_say_it_too() -> None:
    """`puzzle collect --play`'s transcript: the refusal, then the prompt again."""
    typed = iter(["pick 8 so 7+8=15", "", "quit"])
    written: list[str] = []
    ending, _ = play_one(puzzles_of("collect", "easy")[0], lambda _: next(typed), written.append)
    assert ending == "quit"
    (refused,) = [line for line in written if line.startswith("Not a move: ")]
    assert refused.startswith(
        f"Not a move: 'pick 8 so 7+8=15' is not a move: {SAY_A_MOVE['collect']}."
    )
    assert not NOTATION.search(refused.removeprefix("Not a move: 'pick 8 so 7+8=15'"))


def test_every_example_given_is_read_as_the_move_it_says() -> None:
    for game_id in GAME_IDS:
        attempt = _attempt(game_id)
        for example, move in EXAMPLES[game_id].items():
            assert example in SAY_A_MOVE[game_id], (game_id, example)
            assert read_move(attempt, example) == move, (game_id, example)
        assert not NOTATION.search(SAY_A_MOVE[game_id]), game_id


def test_collect_sudden_death_is_said_and_read_in_words() -> None:
    """A declaration alone and `pass` (what sudden death plays) are read; a pick then is
    refused with the rules' example said in words."""
    state = COLLECT.new(COLLECT.options_from({}))
    for pick in range(1, 10):
        state = COLLECT.play_text(state, str(pick))
    assert state.phase == "sudden-death"
    assert whole_move("collect", "pass", state, SEATS) == ":"
    assert whole_move("collect", "Declare 1 + 3 = 4", state, SEATS) == ":1+3=4"
    for typed in ("pass", "declare 1 + 3 = 4", "declare 9 − 7 = 2"):
        COLLECT.play_text(state, whole_move("collect", typed, state, SEATS))  # (legal)
    try:
        COLLECT.play_text(state, "4")
    except IllegalMove as error:
        said = refusal_words("collect", "pick 4", error)
    assert said.endswith("(declare 5 − 2 = 3), or pass") and not NOTATION.search(said), said


@given(st.sampled_from(GAME_IDS), st.text(max_size=40))
def test_no_typed_text_is_refused_with_notation(game_id: str, typed: str) -> None:
    """Whatever is typed: read, or refused in words (after the echo of what was typed)."""
    move = read_move(_attempt(game_id), typed)
    if isinstance(move, Exception):
        said = str(move).replace(" ".join(typed.split()), "")
        assert not any(example in said for example in EXAMPLED), (typed, said)
    else:
        get_game(game_id).parse_move(move)


def test_a_collect_pick_and_its_equation_without_declare_are_read() -> None:
    """Tried as a student: 'pick 8 and 1 + 7 = 8' was refused as not a move."""
    attempt = _attempt("collect")
    for typed in ("pick 8 and 1 + 7 = 8", "8, then 1 plus 7 equals 8", "take 8, 1+7=8"):
        assert read_move(attempt, typed) == "8:1+7=8", typed
    for typed in ("1+7=8", "pick 8 and 9"):  # (an equation alone is no pick)
        assert isinstance(read_move(attempt, typed), ValueError), typed
