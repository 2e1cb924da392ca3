"""The command line: check, rules, play --plain, and its one-line usage errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main
from rules.registry import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]


def run_program(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real program in a process of its own (`python -m app ...`)."""
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command line's `main` in this process, with its own standard streams (bytes
    underneath, UTF-8, not a terminal, as from a pipe): what `run_program` gives, at a
    fraction of the cost (no new interpreter, no imports again)."""
    streams = [io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")]
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams[0], out, err
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    texts = [stream.buffer.getvalue().decode() for stream in (out, err)]  # type: ignore[attr-defined]
    return subprocess.CompletedProcess(list(args), code, texts[0], texts[1])


def test_check_valid_exit_0_and_json() -> None:
    result = run("check", "6 ÷ 4 = 3 ÷ 2", "--owned", "6,4,3,2", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {
        "valid": True,
        "reason": None,
        "left": "3/2",
        "right": "3/2",
    }


def test_check_invalid_exit_1_names_the_number() -> None:
    result = run("check", "5 - 2 = 3", "--owned", "5,2")
    assert result.returncode == 1
    assert result.stdout.strip() == "invalid: you do not have number 3"
    data = json.loads(run("check", "5-2=4", "--owned", "5,2,4", "--json").stdout)
    assert data == {
        "valid": False,
        "reason": "the sides are not equal: 3 ≠ 4",
        "left": "3",
        "right": "4",
    }


@pytest.mark.parametrize("equation", ["-2+5=3", "-1=1"])
def test_check_an_equation_starting_with_minus(equation: str) -> None:
    """Issue 10: an equation that starts with - is the equation, not an option (the
    command line's own parsing, the same in this process as in a program of its own)."""
    result = run("check", equation, "--owned", "1,2,3,5")
    assert result.returncode == 1
    assert result.stdout.startswith("invalid: a minus sign needs a number before it")
    result = run("check", "--owned", "1,2,3,5", equation, "--json")
    assert json.loads(result.stdout)["valid"] is False
    result = run("check", "2-1=1", "--owned", "1,2,1", "--ops", "-+")
    assert result.returncode == 0


def test_check_variant_flags() -> None:
    assert run("check", "12=3*4", "--owned", "1,2,3,4", "--double-digits").returncode == 0
    result = run("check", "2*3=6", "--owned", "2,3,6", "--ops", "+-", "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout)["reason"] == "× is not allowed in this game (only + −)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("check", "1=1"), "the following arguments are required: --owned"),
        (("check", "1=1", "--owned", "1,x"), "--owned: 'x' is not a number"),
        (("check", "1=1", "--owned", "1", "--ops", "+^"), "--ops: '^' is not an operator"),
        (
            ("play", "fifty", "--plain", "--target", "many"),
            "--target: 'many' is not a whole number",
        ),
        (("play", "collect", "--plain", "--pool", "1-99"), "--pool:"),
        (("play", "fifty", "--plain", "--declare"), "--declare does not apply to fifty"),
        (("play", "chess", "--plain"), "invalid choice: 'chess'"),
        (("play", "conquest", "--plain", "--moves", "2 3 x"), "--moves: move 3 ('x')"),
        (("play", "template", "--plain", "--template", "_ + _"), "--template:"),
    ],
)
def test_usage_errors_are_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_a_usage_error_of_the_real_program_is_one_line_exit_2() -> None:
    result = run_program("play", "fifty", "--plain", "--target", "many")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        line for line in result.stderr.strip().splitlines() if "--target: 'many'" in line
    ]
    assert "Traceback" not in result.stderr


def test_hostile_equation_is_a_verdict_not_code() -> None:
    result = run_program("check", "__import__('os').system('echo pwned')=1", "--owned", "1")
    assert result.returncode == 1
    assert "pwned" not in result.stdout
    assert result.stdout.startswith("invalid: ")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_text_for_every_game(game_id: str) -> None:
    result = run("rules", game_id)
    assert result.returncode == 0
    assert result.stdout.startswith("# ")
    assert "## Rulings" in result.stdout


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_end_of_input_ends_cleanly(game_id: str) -> None:
    result = run("play", game_id, "--plain", stdin="")
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert "Input ended" in result.stdout


def test_seed_003_through_play_plain() -> None:
    result = run("play", "conquest", "--plain", stdin="2\n3\n5\n")
    assert result.returncode == 0
    assert "Equation formed: 2 + 3 = 5" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1] == "Player 1 wins: 2 + 3 = 5 formed."


def test_seed_004_through_play_plain() -> None:
    result = run("play", "countdown", "--plain", stdin="+5\n*3\n+4\n*2\n")
    assert result.returncode == 0
    assert "Player 2 multiplies by 2. Running total is now 38." in result.stdout
    assert "Player 2 wins" in result.stdout.rstrip().splitlines()[-1]


def test_seed_002_through_play_plain_with_moves() -> None:
    result = run("play", "fifty", "--plain", "--moves", "6*7 9-5", stdin="8\n2\n+\n")
    assert result.returncode == 0
    assert "Player 1's new score: 42 + 10 = 52" in result.stdout
    assert "Player 2 wins" in result.stdout.rstrip().splitlines()[-1]


def test_moves_that_finish_the_game_end_it() -> None:
    result = run("play", "conquest", "--plain", "--moves", "6 2 3")
    assert result.returncode == 0
    assert "Player 1 wins" in result.stdout


def test_seed_000_command_line_sample_through_play_plain() -> None:
    answers = "4\nno\n5\nno\n6\nyes\n6 - 4 = 2\n3\nyes\n5 + 3 = 8\n2\nyes\n6 - 4 = 2\n"
    result = run("play", "collect", "--plain", stdin=answers)
    assert result.returncode == 0
    out = result.stdout
    assert "Equation is invalid (you do not have number 2). Turn ends." in out
    assert "Equation is invalid (you do not have number 8). Turn ends." in out
    assert "Equation is valid! Player 1 wins the game!" in out
    assert out.rstrip().splitlines()[-1] == "Player 1 wins: 6 − 4 = 2 balances."


def test_seed_001_walkthrough_through_play_plain() -> None:
    answers = "9\nP1 Slot 1\n8\nP2 Slot 1\n7\nP2 Slot 3\n6\nP1 Slot 3\n5\nP1 Slot 2\n4\nP2 Slot 2\n"
    result = run("play", "template", "--plain", stdin=answers)
    assert result.returncode == 0
    assert "Player 1's result: 39" in result.stdout
    assert "Player 2's result: 36" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1] == "Player 1 wins: 39 beats 36."


def test_seed_001_walkthrough_as_moves() -> None:
    result = run("play", "template", "--plain", "--moves", "9@1.1 8@2.1 7@2.3 6@1.3 5@1.2 4@2.2")
    assert result.returncode == 0
    assert result.stdout.rstrip().splitlines()[-1] == "Player 1 wins: 39 beats 36."


def test_every_subcommand_in_the_table_has_its_parser_and_its_entry() -> None:
    from app.cli.main import COMMANDS, build_parser, load

    for name, command in COMMANDS.items():
        assert callable(load(command.add_parser)) and callable(load(command.run)), name
        assert build_parser(name).parse_args([name, *_sample(name)]).command == name


def _sample(name: str) -> list[str]:
    """Arguments each subcommand accepts (a game where it needs one)."""
    return {
        "play": ["fifty"],
        "rules": ["fifty"],
        "check": ["1=1", "--owned", "1"],
        "solve": ["fifty"],
        "arena": ["fifty"],
        "host": ["fifty"],
        "join": ["ABCD@127.0.0.1:1"],
        "class": ["join", "k7m3qd@127.0.0.1:1", "--name", "Ada"],
        "tournament": ["list"],
        "worksheet": ["-o", "sheet.pdf"],
    }.get(name, [])


def test_a_subcommand_imports_its_own_module_only() -> None:
    """`equation-duel rules fifty` loads neither the other subcommands, pydantic, the
    network nor the full screen (the table imports a row's module when it runs)."""
    probe = (
        "import contextlib, io, sys\nfrom app.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    main(['rules', 'fifty'])\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    loaded = set(out.split())
    assert "app.cli.check" in loaded
    heavy = {"app.cli.play", "app.cli.solve", "app.cli.records", "app.serve", "app.cli.online"}
    assert not loaded & (heavy | {"pydantic", "aiohttp", "textual", "sympy"})


def test_a_refused_join_is_said_in_lines_of_the_line_modes_width(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A join refused with a system's long words (a certificate not trusted) is wrapped,
    as the line mode's text is; a usage error stays one line."""
    from app.cli.usage import fail

    why = "the host cannot be reached at 127.0.0.1:8765: " + "certificate verify failed " * 3
    assert fail(f"cannot join: {why}", code=1, wrap=True) == 1
    said = capsys.readouterr().err.splitlines()
    assert len(said) > 1 and all(len(line) <= 80 for line in said)
    assert " ".join(said) == f"equation-duel: error: cannot join: {why}".strip()
    fail(f"cannot join: {why}")
    assert len(capsys.readouterr().err.splitlines()) == 1
