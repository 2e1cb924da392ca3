"""One meaning for the same text (RULINGS.md, "Text a player types"): every character
class the ruling names, against every entry point that reads player text.

Entry points: `check` (the checker and the command), each game's `parse_move` (which
records' moves and the full screen's inputs go through), the plain mode's prompts,
command-line option values, and `solve --moves`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from io import StringIO

import pytest

from app.cli.main import main
from app.plain.base import Console
from app.plain.stops import EndOfInput
from rules.base import IllegalMove
from rules.conquest import ConquestOptions
from rules.equation.check import check_equation
from rules.player_text import PlayerTextError, normalize, read_range, read_whole
from rules.registry import get_game

# A class of characters -> how the number 3 is written in it, and whether it is read as 3.
NUMBER_CLASSES: dict[str, tuple[str, bool]] = {
    "ascii": ("3", True),
    "no-break space padding": ("\u00a03\u00a0", True),
    "tab and spaces": ("\t 3  ", True),
    "narrow no-break and ideographic space": ("\u202f3\u3000", True),
    "superscript": ("³", False),
    "arabic-indic": ("٣", False),
    "extended arabic-indic": ("۳", False),
    "fullwidth": ("３", False),
    "devanagari": ("३", False),
    "circled": ("③", False),
}
REFUSED_CHAR = {"superscript": "³", "arabic-indic": "٣", "extended arabic-indic": "۳"}
REFUSED_CHAR |= {"fullwidth": "３", "devanagari": "३", "circled": "③"}

# Each entry point: a function from the written 3 to (accepted, message).
Outcome = tuple[bool, str]


def _parse(game_id: str, pattern: str) -> Callable[[str], Outcome]:
    def read(three: str) -> Outcome:
        game = get_game(game_id)
        try:
            move = game.parse_move(pattern.format(three))
        except IllegalMove as error:
            return False, str(error)
        expected = game.parse_move(pattern.format("3"))
        assert move == expected
        return True, ""

    return read


def _check(three: str) -> Outcome:
    verdict = check_equation(f"{three}+1=4", [1, 3, 4])
    return verdict.valid, verdict.reason or ""


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> Outcome:
    code = main(list(args))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code == 0, captured.out + captured.err


def _plain(game_id: str, lines: list[str]) -> str:
    game = get_game(game_id)
    driver_module = __import__(f"app.plain.{game_id}", fromlist=["Driver"])
    out = StringIO()
    driver = driver_module.Driver(game, Console(StringIO("\n".join(lines) + "\n"), out), ("A", "B"))
    with contextlib.suppress(EndOfInput):
        driver.run(game.new(None))
    return out.getvalue()


def _declare_collect(three: str) -> Outcome:
    """A declaration is a move's free text: it parses, and the checker judges it in play."""
    game = get_game("collect")
    state = game.replay(None, ["3", "9", "1", "8"])
    after = game.play(state, game.parse_move(f"4:{three}+1=4"))
    return bool(after.last_valid), after.last_reason or ""


def _declare_conquest(three: str) -> Outcome:
    game = get_game("conquest")
    state = game.replay(ConquestOptions(declare=True), ["3", "1"])
    after = game.play(state, game.parse_move(f"4:{three}+1=4"))
    return after.winner is not None, after.note or ""


PARSERS: dict[str, Callable[[str], Outcome]] = {
    "check": _check,
    "collect parse_move": _parse("collect", "{}"),
    "collect declaration": _declare_collect,
    "conquest declaration": _declare_conquest,
    "template parse_move": _parse("template", "{}@1.1"),
    "fifty parse_move": _parse("fifty", "{}*1"),
    "conquest parse_move": _parse("conquest", "{}"),
    "countdown parse_move": _parse("countdown", "+{}"),
}


@pytest.mark.parametrize("entry", sorted(PARSERS))
@pytest.mark.parametrize("klass", sorted(NUMBER_CLASSES))
def test_every_number_class_at_every_parser(entry: str, klass: str) -> None:
    three, accepted = NUMBER_CLASSES[klass]
    ok, message = PARSERS[entry](three)
    assert ok == accepted, (entry, klass, message)
    if not accepted:
        assert f"'{REFUSED_CHAR[klass]}' is not one of the digits 0–9" in message


def test_collect_declaration_is_judged_by_the_same_checker() -> None:
    game = get_game("collect")
    for klass, (three, accepted) in NUMBER_CLASSES.items():
        state = game.replay(None, ["3", "9", "1", "8"])
        move = game.parse_move(f"4:{three}+1=4")
        after = game.play(state, move)
        assert bool(after.last_valid) == accepted, klass
        # The stored notation replays to the same verdict (a record loads again).
        replayed = game.play(state, game.parse_move(game.format_move(move)))
        assert replayed == after


# Plain mode: the prompt that reads a number, for each game; the written 3 is typed there.
PROMPTS: dict[str, Callable[[str], list[str]]] = {
    "collect": lambda three: [three, "no"],
    "template": lambda three: [three, "P1 Slot 1"],
    "fifty": lambda three: [three, "1", "*"],
    "conquest": lambda three: [three],
    "countdown": lambda three: [f"+{three}"],
}
ACCEPTED_ECHO = {
    "collect": "Number 3 selected.",
    "template": "A's equation: 3",
    "fifty": "Equation: 3 × 1 = 3",
    "conquest": "Sequence: [3]",
    "countdown": "A adds 3. Running total is now 3.",
}


@pytest.mark.parametrize("game_id", sorted(PROMPTS))
@pytest.mark.parametrize("klass", sorted(NUMBER_CLASSES))
def test_every_number_class_at_every_plain_prompt(game_id: str, klass: str) -> None:
    three, accepted = NUMBER_CLASSES[klass]
    text = _plain(game_id, PROMPTS[game_id](three))
    assert "Traceback" not in text
    if accepted:
        assert ACCEPTED_ECHO[game_id] in text, text
    else:
        assert ACCEPTED_ECHO[game_id] not in text
        assert f"'{REFUSED_CHAR[klass]}' is not one of the digits 0–9" in text, text


# Options and `solve --moves`: each class in a flag's value.
OPTIONS: dict[str, Callable[[str], tuple[str, ...]]] = {
    "--target": lambda three: ("solve", "fifty", "--target", three, "--json"),
    "--pool": lambda three: ("solve", "conquest", "--pool", f"1-{three}", "--json"),
    "--digits": lambda three: (
        "arena",
        "template",
        "--p1",
        "easy",
        "--games",
        "1",
        "--digits",
        f"{three}-9",
    ),
    "--first": lambda three: ("solve", "conquest", "--first", f"{three}", "--json"),
    "solve --moves": lambda three: ("solve", "conquest", "--moves", f"1 {three}", "--json"),
    "check --owned": lambda three: ("check", "3+1=4", "--owned", f"1,{three},4"),
    "check equation": lambda three: ("check", f"{three}+1=4", "--owned", "1,3,4"),
}


@pytest.mark.parametrize("flag", sorted(OPTIONS))
@pytest.mark.parametrize("klass", sorted(NUMBER_CLASSES))
def test_every_number_class_in_every_option(
    capsys: pytest.CaptureFixture[str], flag: str, klass: str
) -> None:
    three, accepted = NUMBER_CLASSES[klass]
    if flag == "--first" and accepted:
        three = three.replace("3", "2")
    ok, output = _cli(capsys, *OPTIONS[flag](three))
    assert ok == accepted, (flag, klass, output)
    if not accepted:
        assert f"'{REFUSED_CHAR[klass]}' is not one of the digits 0–9" in output
        assert output.count("\n") == 1


OPERATORS_ACCEPTED = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "x": "*"}
OPERATORS_ACCEPTED |= {"/": "/", "÷": "/"}
OPERATORS_REFUSED = ["X", "·", "–", "—", ":", "^", "%", "∗", "＋"]


@pytest.mark.parametrize("op", sorted(OPERATORS_ACCEPTED) + OPERATORS_REFUSED)
def test_operators_are_the_same_everywhere(capsys: pytest.CaptureFixture[str], op: str) -> None:
    accepted = op in OPERATORS_ACCEPTED
    ascii_op = OPERATORS_ACCEPTED.get(op, "+")
    value = {"+": 8, "-": 4, "*": 12, "/": 3}[ascii_op]
    owned = [6, 2, value]
    assert check_equation(f"6{op}2={value}", owned).valid == accepted
    for game_id, text in (("fifty", f"6{op}2"), ("countdown", f"{op}2")):
        game = get_game(game_id)
        if accepted:
            assert game.format_move(game.parse_move(text)) == text.replace(op, ascii_op)
        else:
            with pytest.raises(IllegalMove):
                game.parse_move(text)
    ok, _ = _cli(capsys, "check", f"6{op}2={value}", "--owned", "6,2," + str(value))
    assert ok == accepted


@pytest.mark.parametrize(
    "text",
    ["6 + 2 = 8", "6\u00a0+\u00a02\u00a0=\u00a08", "\t6+2=8\n", " " * 120 + "6+2=8" + " " * 130],
)
def test_whitespace_of_any_kind_is_ignored(capsys: pytest.CaptureFixture[str], text: str) -> None:
    assert check_equation(text, [6, 2, 8]).valid
    assert _cli(capsys, "check", text, "--owned", "6,2,8")[0]
    game = get_game("collect")
    state = game.replay(None, ["6", "1", "2", "3"])
    assert game.play(state, game.parse_move(f"8:{text}")).last_valid


def test_length_counts_without_whitespace() -> None:
    long = "+".join(["1"] * 100) + "=100"  # 203 characters
    assert "too long" in (check_equation(long, [1] * 100 + [100]).reason or "")
    padded = "1+1=2".center(255)
    assert check_equation(padded, [1, 1, 2]).valid
    with pytest.raises(PlayerTextError, match="too long"):
        normalize("1" * 10_001)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("²", "'²' is not one of the digits 0–9"),
        ("1" * 4301, "at most 9 digits"),
        ("9" * 5000, "at most 9 digits"),
        ("1234567890", "at most 9 digits"),
        ("", "a number is missing"),
        ("-", "is not a whole number"),
        ("1\x1b[2J", "U+001B is not allowed"),
    ],
)
def test_the_number_reader_never_raises_anything_else(text: str, message: str) -> None:
    with pytest.raises(PlayerTextError, match=re.escape(message)):
        read_whole(text)
    assert read_whole(" 123456789 ") == 123456789
    assert read_whole("-7", negative=True) == -7
    assert read_range("1 - 9") == (1, 9)


@pytest.mark.parametrize(
    "args",
    [
        ("play", "template", "--plain", "--turn-seconds", "²"),
        ("play", "template", "--plain", "--best-of", "³"),
        ("play", "conquest", "--plain", "--pool", "2-9"),
        ("play", "template", "--plain", "--turn-seconds", "9" * 5000),
        ("play", "conquest", "--plain", "--pool", "²-9"),
        ("play", "fifty", "--plain", "--target", "²"),
        ("play", "fifty", "--plain", "--target", "9" * 4301),
        ("solve", "fifty", "--target", "²"),
        ("arena", "fifty", "--games", "²"),
        ("arena", "fifty", "--seed", "9" * 5000),
        ("solve", "fifty", "--moves", "9" * 20_000),
        ("check", "1=1", "--owned", "9" * 5000),
    ],
)
def test_bad_numbers_in_options_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's own one-line error
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err and "Traceback" not in err
    assert "invalid literal" not in err and "Exceeds the limit" not in err


def test_the_full_screens_equation_line_shows_only_operators_the_rules_read() -> None:
    """The equation line shows `* x / -` as `× × ÷ −` as they are typed; a character the
    ruling refuses (`X`, `·`, `–`) is left as typed, so the checker names it."""
    from widgets.equation_input import SHOWN_AS

    for char in OPERATORS_REFUSED:
        assert char.translate(SHOWN_AS) == char
    for char in OPERATORS_ACCEPTED:
        shown = char.translate(SHOWN_AS)
        assert check_equation(f"6{shown}2=6{char}2", [6, 2, 6, 2]).valid


# The rulings on how numbers are written, at every entry point: a leading zero is refused
# with how to write the number; whitespace never joins two digits.
MOVES_WRITTEN: dict[str, tuple[str, str, str]] = {
    # game: (a leading zero, two numbers side by side, the same move written right)
    "collect": ("05", "1 2", "5"),
    "template": ("05@1.1", "1 2@1.1", "5@1.1"),
    "fifty": ("06*7", "1 2*3", "6*7"),
    "conquest": ("05", "1 2", "5"),
    "countdown": ("+05", "+1 2", "+5"),
}


@pytest.mark.parametrize("game_id", sorted(MOVES_WRITTEN))
def test_leading_zeros_and_spaces_inside_numbers_in_every_move(game_id: str) -> None:
    game = get_game(game_id)
    zero, apart, right = MOVES_WRITTEN[game_id]
    with pytest.raises(IllegalMove, match=r"write \d, not 0\d: a number has no leading zero"):
        game.parse_move(zero)
    with pytest.raises(IllegalMove, match="one number at a time"):
        game.parse_move(apart)
    assert game.format_move(game.parse_move(right)) == right


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("05+1=6", "write 5, not 05: a number has no leading zero"),
        ("1 2=12", "two numbers side by side (1 2)"),
        ("1\u00a02=12", "two numbers side by side (1 2)"),
    ],
)
def test_the_checker_and_a_declaration_judge_numbers_alike(
    capsys: pytest.CaptureFixture[str], text: str, reason: str
) -> None:
    verdict = check_equation(text, [5, 1, 6, 2, 12])
    assert not verdict.valid and reason in (verdict.reason or "")
    ok, out = _cli(capsys, "check", text, "--owned", "5,1,6,2,12")
    assert not ok and reason in out
    game = get_game("collect")  # a declaration is judged (and fails), as the ruling says
    state = game.replay(None, ["1", "3", "2", "4"])
    move = game.parse_move(f"5:{text}")
    after = game.play(state, move)
    assert after.last_valid is False and reason in (after.last_reason or "")
    assert game.play(state, game.parse_move(game.format_move(move))) == after  # records


@pytest.mark.parametrize("char", ["X", "·", "–", ":"])
def test_characters_that_are_not_operators_are_named(
    capsys: pytest.CaptureFixture[str], char: str
) -> None:
    for game_id, text in (("countdown", f"{char}5"), ("fifty", f"6{char}7")):
        with pytest.raises(IllegalMove, match=f"'{re.escape(char)}' is not allowed"):
            get_game(game_id).parse_move(text)
    if char != ":":  # conquest's `:` starts a declaration
        with pytest.raises(IllegalMove, match=f"'{re.escape(char)}' is not allowed"):
            get_game("conquest").parse_move(char)
        ok, out = _cli(capsys, "solve", "conquest", "--moves", f"1 {char}", "--json")
        assert not ok and f"'{char}' is not allowed" in out
    ok, out = _cli(capsys, "solve", "countdown", "--moves", f"{char}5", "--json")
    assert not ok and f"'{char}' is not allowed" in out
    assert f"'{char}' is not allowed" in _plain("countdown", [f"{char}5"])
    assert f"'{char}' is not allowed" in _plain("conquest", [char])


def test_two_declarations_and_unreadable_text_are_refused_not_judged() -> None:
    """Refused (the player tries again, nothing used up), never judged as a declaration."""
    for game_id in ("collect", "conquest"):
        game = get_game(game_id)
        with pytest.raises(IllegalMove, match="one declaration per turn"):
            game.parse_move("3:1+2=3:1+2=3")
        with pytest.raises(IllegalMove, match="not valid text"):
            game.parse_move("3:1+2=\udcff")  # bytes that were not UTF-8
        with pytest.raises(IllegalMove, match="too long"):
            game.parse_move("3:" + "1" * 10_001)


def test_options_refuse_leading_zeros_and_split_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok, out = _cli(capsys, "solve", "fifty", "--target", "050", "--json")
    assert not ok and "write 50, not 050" in out and out.count("\n") == 1
    ok, out = _cli(capsys, "solve", "fifty", "--target", "5 0", "--json")
    assert not ok and "one number at a time" in out and out.count("\n") == 1
    ok, out = _cli(capsys, "solve", "conquest", "--pool", "1-09", "--json")
    assert not ok and "write 9, not 09" in out
    ok, out = _cli(capsys, "check", "5-2=3", "--owned", "5,0 2,3")
    assert not ok and "'0 2' is two numbers: one number at a time" in out
    assert _cli(capsys, "check", "5-2=3", "--owned", " 5 , 2 ,3")[0]
