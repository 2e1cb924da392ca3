"""The command-line hooks (app.cli.records): --save, --load, --best-of, --turn-seconds, stats."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from app.cli import game_flags
from app.cli import records as records_cli
from app.cli.game_flags import FlagError, add_game_flags, options_from_args
from app.cli.records import (
    add_play_arguments,
    add_stats_parser,
    play_plain_with_records,
    run_stats,
)
from app.plain.base import Console
from app.store.stats import summary
from app.store.storage import load_record
from rules.base import PlayerNo
from rules.record_json import to_json
from rules.records import Kind, record_from_moves
from rules.registry import GAME_IDS, get_game
from tests.rules.record_steps import state_of

#: The template walkthrough as typed answers: Player 1 wins 39 to 36.
WALKTHROUGH_INPUT = ["9", "1.1", "8", "2.1", "7", "2.3", "6", "1.3", "5", "1.2", "4", "2.2"]


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    yield folder


#: app.cli.game_flags as this module proposes it: `--turn-seconds` is a match setting.
PROPOSED_FLAGS = tuple(f for f in game_flags.FLAGS if f.flag != "--turn-seconds")


def play_parser(with_game_flags: bool = True) -> argparse.ArgumentParser:
    """The `play` parser as app.cli.main builds it, plus the hooks."""
    parser = argparse.ArgumentParser(prog="equation-duel play")
    parser.add_argument("game", nargs="?", choices=GAME_IDS)
    parser.add_argument("--moves", default="")
    parser.add_argument("--p1-name", default="Player 1")
    parser.add_argument("--p2-name", default="Player 2")
    if with_game_flags:
        add_game_flags(parser)
    add_play_arguments(parser)
    return parser


def play(
    argv: Sequence[str],
    answers: Sequence[str] = (),
    clock: Iterator[float] | None = None,
    bots: dict[PlayerNo, Any] | None = None,
    kinds: tuple[Kind, Kind] = ("human", "human"),
    bot_for: Any = None,
) -> tuple[int, str]:
    """Run `play --plain` through the hook as app.cli.main would (with the proposed game
    flags); the exit code and the output."""
    real = game_flags.FLAGS
    game_flags.FLAGS = PROPOSED_FLAGS
    try:
        args = play_parser().parse_args(list(argv))
        game = get_game(args.game) if args.game else None
        options = options_from_args(game, args) if game is not None else None
    finally:
        game_flags.FLAGS = real
    out = StringIO()
    console = Console(StringIO("".join(a + "\n" for a in answers)), out)
    ticks = clock or iter(lambda: 0.0, None)
    code = play_plain_with_records(
        game,
        options,
        args.moves.split(),
        (args.p1_name, args.p2_name),
        bots,
        args,
        console,
        kinds=kinds,
        bot_for=bot_for,
        clock=lambda: next(ticks),
    )
    return code, out.getvalue()


def refusal(capsys: pytest.CaptureFixture[str], code: int, *messages: str) -> str:
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line
    assert err.startswith("equation-duel: error: ")
    for message in messages:
        assert message in err, err
    return err


# The flags.


def test_play_arguments() -> None:
    args = play_parser(with_game_flags=False).parse_args(
        ["fifty", "--save", "a.json", "--best-of", "5", "--turn-seconds", "20"]
    )
    assert (args.save, args.load, args.best_of, args.turn_seconds) == (
        Path("a.json"),
        None,
        5,
        "20",
    )
    args = play_parser().parse_args(["--load", "b.json"])
    assert (args.game, args.load, args.best_of, args.turn_seconds) == (
        None,
        Path("b.json"),
        None,
        None,
    )
    with pytest.raises(SystemExit):
        play_parser().parse_args(["fifty", "--best-of", "4"])


def test_hooks_live_beside_the_current_game_flags() -> None:
    """While app.cli.game_flags still has --turn-seconds, the hook does not add it twice."""
    args = play_parser(with_game_flags=True).parse_args(["template", "--turn-seconds", "30"])
    assert args.turn_seconds == "30"


def test_proposed_game_flags_leave_turn_seconds_to_the_match() -> None:
    """--rounds stays the template's variant; --turn-seconds is a match setting for all."""
    args = play_parser(with_game_flags=True).parse_args(["template", "--rounds", "2"])
    options = options_from_args(get_game("template"), args)
    assert getattr(options, "rounds_to_win", None) == 2
    with pytest.raises(FlagError, match="--rounds does not apply to fifty"):
        options_from_args(get_game("fifty"), play_parser().parse_args(["fifty", "--rounds", "2"]))


# Playing with --save, and resuming with --load.


def test_template_best_of_three_saved_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    code, out = play(
        ["template", "--best-of", "3", "--save", str(path), "--p1-name", "Ada"],
        WALKTHROUGH_INPUT * 2,
    )
    assert code == 0
    assert out.startswith(
        "Best of 3: the first to win 2 rounds wins the match.\nRound 1: Ada starts."
    )
    assert "Round 2: Player 2 starts." in out
    said = " ".join(out.split())  # (lines over 100 characters are broken at spaces)
    assert said.endswith(f"Ada wins: 2 rounds to 0. Game record saved to {path}.")
    record = load_record(path)
    assert record.finished and record.best_of == 3 and len(record.moves) == 12
    assert record.names == ("Ada", "Player 2")
    assert [r.first for r in record.rounds] == [1, 2]
    assert record.ended is not None
    stats = summary()
    assert stats.games == 1
    assert {(p.name, p.won) for p in stats.players} == {("Ada", 1), ("Player 2", 0)}


def test_unfinished_game_is_saved_and_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "conquest.json"
    code, out = play(["conquest", "--save", str(path)], ["2"])
    assert code == 0
    assert " ".join(out.split()).endswith(  # (lines over 100 characters are broken at spaces)
        f"Input ended: the game is left unfinished. Game saved to {path}: resume it with --load {path}."
    )
    saved = load_record(path)
    assert not saved.finished and [m.move for m in saved.moves] == ["2"]
    assert summary().games == 0  # an unfinished game is not counted

    code, out = play(["--load", str(path), "--save", str(path)], ["3", "5"])
    assert code == 0
    said = " ".join(out.split())  # (lines over 100 characters are broken at spaces)
    assert said.startswith(f"Resuming the game saved in {path} (1 move played).")
    assert "Game resumed. Sequence: [2]" in out
    assert "Player 1 wins: 2 + 3 = 5 formed." in out
    finished = load_record(path)
    assert finished.id == saved.id and finished.started == saved.started
    assert [m.move for m in finished.moves] == ["2", "3", "5"]
    assert finished.finished
    assert summary().games == 1

    code, _ = play(["--load", str(path)])
    refusal(capsys, code, "holds a finished game (Player 1 won: 2 + 3 = 5 formed)")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resume_from_a_record_of_every_game(game_id: str, tmp_path: Path) -> None:
    """A record made elsewhere (the screen) resumes in plain mode where it stopped."""
    game = get_game(game_id)
    state = game.new()
    moves = []
    for _ in range(2):  # two moves that do not end the game
        move = next(m for m in game.legal_moves(state) if not game.is_over(game.play(state, m)))
        moves.append(game.format_move(move))
        state = game.play(state, move)
    record = record_from_moves(game_id, None, moves)
    path = tmp_path / "game.json"
    path.write_text(to_json(record), encoding="utf-8")
    code, out = play(["--load", str(path), "--save", str(tmp_path / "after.json")])
    assert code == 0
    assert "Input ended" in out
    after = load_record(tmp_path / "after.json")
    assert after.id == record.id
    assert state_of(after) == state_of(record)


def test_bad_record_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(to_json(record_from_moves("conquest", None, ["2", "3"])))
    data["moves"][1]["move"] = "100"
    path = tmp_path / "edited.json"
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    code, out = play(["--load", str(path), "--save", str(path)], ["5"])
    refusal(capsys, code, f"--load: {path}: move 2 ('100'): 100 is not allowed")
    assert out == ""
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--load", "nothing.json"], "nothing.json: no such file"),
        (["fifty", "--load", "{game}"], "holds a game of conquest, not fifty"),
        (["--load", "{game}", "--moves", "5"], "--moves cannot be used with --load"),
        (["--load", "{game}", "--best-of", "3"], "--best-of cannot be used with --load"),
        (["--load", "{game}", "--turn-seconds", "9"], "--turn-seconds cannot be used with --load"),
        (["fifty", "--turn-seconds", "3"], "--turn-seconds: the time per turn must be between 5"),
        (["fifty", "--turn-seconds", "soon"], "--turn-seconds: 'soon' is not a whole number"),
        (["template", "--rounds", "2", "--best-of", "5"], "--best-of: best of 5 disagrees"),
        (["conquest", "--moves", "2 x"], "--moves: move 2 ('x')"),
        (["conquest", "--save", "no/such/folder/g.json"], "--save: the folder no/such/folder"),
        (["conquest", "--save", "."], "--save: . is a folder"),
        ([], "name a game to play, or --load FILE"),
    ],
)
def test_refusals_are_one_line_exit_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(to_json(record_from_moves("conquest", None, ["2"])), encoding="utf-8")
    argv = [str(path) if a == "{game}" else a for a in argv]
    code, out = play(argv, ["3", "5"])
    refusal(capsys, code, message)
    assert out == ""


def test_save_failure_is_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full(record: Any, path: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records_cli, "save_record", full)
    code, _ = play(["conquest", "--save", str(tmp_path / "g.json")], ["2", "3", "5"])
    assert code == 1
    assert "cannot write" in capsys.readouterr().err
    assert summary().games == 1  # the finished game still counts


# Match play and the clock, for any game.


def test_clock_for_fifty(tmp_path: Path) -> None:
    path = tmp_path / "fifty.json"
    # Player 1 answers in 4 seconds (three prompts), Player 2 takes 15.
    clock = iter([0.0, 4.0, 10.0, 25.0])
    code, out = play(
        ["fifty", "--turn-seconds", "10", "--save", str(path)],
        ["6", "7", "*", "9", "5", "-"],
        clock,
    )
    assert code == 0
    assert out.startswith("Each turn has a time limit of 10 seconds.\nWelcome to Equation Duel!")
    assert "Player 1 has 10 seconds for this turn." in out
    assert "Time is up! Player 2 took 15.0 seconds; the limit is 10 seconds.\n" in out
    said = " ".join(out.split())  # (lines over 100 characters are broken at spaces)
    assert said.endswith(f"Player 1 wins: Player 2's time ran out. Game record saved to {path}.")
    record = load_record(path)
    assert record.turn_seconds == 10
    assert [m.move for m in record.moves] == ["6*7"]
    assert record.moves[0].seconds == 4.0
    assert record.rounds[0].seconds_used == 15.0
    assert record.result is not None and record.result.winner == 1


def test_best_of_for_conquest_with_moves_across_rounds(tmp_path: Path) -> None:
    path = tmp_path / "conquest.json"
    code, out = play(
        ["conquest", "--best-of", "3", "--moves", "6 2 3 5", "--save", str(path)],
        ["6", "2", "3"],
    )
    assert code == 0
    assert "Score: Player 1 1, Player 2 0.\nRound 2: Player 2 starts." in out
    record = load_record(path)
    assert record.finished
    assert [r.winner for r in record.rounds] == [1, 1]
    assert [m.move for m in record.moves] == ["6", "2", "3", "5", "6", "2", "3"]


def test_a_game_moves_play_to_its_end_is_saved_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play(["fifty", "--moves", "6*7 9-5 8+2", "--save", str(path)])
    assert code == 0 and "Player 2 wins: 52 is over 50." in out
    assert f"Game record saved to {path}." in " ".join(out.split())  # (a long path: 2 lines)
    record = load_record(path)  # written, not only said
    assert record.result is not None and record.result.winner == 2
    assert [m.move for m in record.moves] == ["6*7", "9-5", "8+2"]
    assert summary().games == 1  # and counted, once
    code, _ = play(["fifty", "--moves", "6*7 9-5 8+2"])
    assert code == 0 and summary().games == 2


def test_computer_players_are_recorded_and_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def first_move(state: Any) -> Any:
        return get_game("conquest").legal_moves(state)[0]

    path = tmp_path / "bot.json"
    code, out = play(
        ["conquest", "--save", str(path)], [], bots={2: first_move}, kinds=("human", "easy")
    )
    assert code == 0
    record = load_record(path)
    assert [p.kind for p in record.players] == ["human", "easy"]
    code, _ = play(["--load", str(path)], ["2"])
    refusal(capsys, code, "has a computer player (easy)")
    made: list[str] = []

    def bot_for(game: Any, level: str) -> Any:
        made.append(level)
        return first_move

    code, out = play(["--load", str(path)], ["2"], bot_for=bot_for)
    assert code == 0
    assert made == ["easy"]
    assert "Computer (easy): " in out  # named by its level, not "Player 2"


# equation-duel stats.


def test_stats_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="equation-duel")
    sub = parser.add_subparsers(dest="command")
    add_stats_parser(sub)
    assert run_stats(parser.parse_args(["stats"])) == 0
    assert capsys.readouterr().out == "No games recorded yet.\n"
    play(["conquest", "--p1-name", "Ada", "--p2-name", "Bob"], ["2", "3", "5"])
    assert run_stats(parser.parse_args(["stats"])) == 0
    text = capsys.readouterr().out
    assert "Games recorded: 1" in text and "Ada vs Bob" in text
    assert run_stats(parser.parse_args(["stats", "--json"])) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1
    assert data["players"][0] == {
        "name": "Ada",
        "game": "conquest",
        "played": 1,
        "won": 1,
        "lost": 0,
        "win_rate": 1.0,
        "streak": 1,
        "met_online": [],  # (the players met online, with their games: none here)
    }
    assert data["head_to_head"][0]["first_won"] == 1


def test_stats_command_refuses_a_broken_database(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data.mkdir()
    (data / "stats.sqlite3").write_bytes(b"not a database" * 200)
    assert run_stats(argparse.Namespace(json=False)) == 1
    assert "equation-duel: error: " in capsys.readouterr().err
