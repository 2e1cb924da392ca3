"""`play --plain` with records and match play (`--save`, `--load`, `--best-of`,
`--turn-seconds`), and `stats`. Refusals are one line on standard error, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from app.cli.game_flags import turn_seconds_of, whole_number
from app.cli.usage import FlagError, fail
from app.match_session.keeping import SavedGames
from app.plain import driver_class
from app.plain.base import Bot, Console
from app.plain.match_runner import MatchRunner
from app.plain.stops import EndOfInput
from app.store.atomic_files import file_argument, write_problem
from app.store.data_folder import clean_stale_temporaries
from app.store.stats import StatsError, summary
from app.store.stats_text import format_summary
from app.store.storage import LoadError, load_record, save_record
from rules.base import Game, GameOptions, IllegalMove, PlayerNo
from rules.match import (
    BEST_OF_CHOICES,
    MatchError,
    MatchState,
    all_moves,
    match_outcome,
    new_match,
    play_in_match,
)
from rules.names import NameProblem, clean_name, distinct_names
from rules.record_check import match_of, seconds_of
from rules.records import KINDS, GameRecord, Kind, PlayerInfo, players_of
from rules.registry import get_game
from rules.seat_names import seat_names

INTERRUPTED = 130
SEATS: tuple[PlayerNo, PlayerNo] = (1, 2)
#: Makes the computer player for a seat of a loaded record: (game, level) -> bot.
BotFactory = Callable[[Game[Any, Any, Any], str], Bot]


def names_from_args(args: argparse.Namespace) -> tuple[str, str]:
    """`--p1-name` and `--p2-name` cleaned (rules.names): FlagError naming the flag."""
    names = []
    for player in (1, 2):
        raw = getattr(args, f"p{player}_name", None)
        try:
            names.append(clean_name(f"Player {player}" if raw is None else str(raw)))
        except NameProblem as error:
            raise FlagError(f"--p{player}-name: {error}") from None
    try:
        distinct_names((names[0], names[1]))
    except NameProblem as error:
        raise FlagError(f"--p2-name: {error}") from None
    return names[0], names[1]


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `--save`, `--load`, `--best-of`, `--spoken` and `--turn-seconds` to `play`."""
    group = parser.add_argument_group("saving and match play (every game)")
    group.add_argument(
        "--save",
        metavar="FILE",
        type=file_argument,  # `x/` is refused: it names a folder
        help="write the game record to FILE when the game ends (or input ends mid-game)",
    )
    group.add_argument("--load", metavar="FILE", type=Path, help="resume the game recorded in FILE")
    group.add_argument(
        "--best-of",
        dest="best_of",
        metavar="N",
        type=whole_number,
        choices=BEST_OF_CHOICES,
        help="play a match: best of 1, 3, 5 or 7 rounds, the starting player alternating",
    )
    group.add_argument(
        "--spoken",
        action="store_true",
        help="with --plain: equations in words, as a screen reader says them (6 times 7 is 42)",
    )
    group.add_argument(
        "--turn-seconds",
        dest="turn_seconds",
        metavar="N",
        help="a clock: seconds per turn (5-3600); a player out of time loses the round",
    )


def add_stats_parser(
    subparsers: argparse._SubParsersAction[Any],
) -> argparse.ArgumentParser:
    stats: argparse.ArgumentParser = subparsers.add_parser(
        "stats",
        help="show the statistics of finished games",
        description="Per player and game: played, won, win rate, streak; head to head; "
        "results against each computer level.",
    )
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    return stats


def run_stats(args: argparse.Namespace) -> int:
    """`equation-duel stats`: 0, or 1 when the database cannot be read (one line)."""
    try:
        stats = summary()
    except StatsError as error:
        return fail(str(error), code=1)
    if getattr(args, "json", False):
        print(json.dumps(stats.as_json(), indent=2))
    else:
        print(format_summary(stats))
    return 0


def _check_save_path(path: Path | None) -> None:
    """Refuse a --save path that is no file, and remove the temporaries a killed save left."""
    if path is None:
        return
    problem = write_problem(path)
    if problem is not None:
        raise FlagError(f"--save: {problem}")
    clean_stale_temporaries(path.parent, path.name)


@dataclass
class _Game:
    """What is needed to play: the match so far, the seats, the times and the record id."""

    match: MatchState
    players: tuple[PlayerInfo, PlayerInfo]
    seconds: list[float]
    started: datetime
    record_id: str | None = None


def _resume(
    game: Game[Any, Any, Any] | None,
    moves: Sequence[str],
    args: argparse.Namespace,
    path: Path,
) -> tuple[_Game, GameRecord]:
    if moves:
        raise FlagError("--moves cannot be used with --load (the record has its moves)")
    for flag, dest in (("--best-of", "best_of"), ("--turn-seconds", "turn_seconds")):
        if getattr(args, dest, None) is not None:
            raise FlagError(f"{flag} cannot be used with --load (the record has its own)")
    try:
        record = load_record(path)
    except LoadError as error:
        raise FlagError(f"--load: {error}") from None
    if game is not None and game.id != record.game:
        raise FlagError(f"--load: {path} holds a game of {record.game}, not {game.id}")
    if record.result is not None:
        raise FlagError(
            f"--load: {path} holds a finished game ({record.names[record.result.winner - 1]} "
            f"won: {record.result.reason}); there is nothing to resume"
        )
    match = match_of(record)
    return _Game(match, record.players, seconds_of(record), record.started, record.id), record


def _start(
    game: Game[Any, Any, Any] | None,
    options: GameOptions | None,
    moves: Sequence[str],
    names: tuple[str, str],
    kinds: tuple[str, str],
    args: argparse.Namespace,
) -> _Game:
    if game is None:
        raise FlagError("name a game to play, or --load FILE")
    turn_seconds = turn_seconds_of(getattr(args, "turn_seconds", None))
    best_of: int | None = getattr(args, "best_of", None)
    try:
        match = new_match(game.id, options, best_of, turn_seconds)
    except MatchError as error:
        flag = "--best-of" if "best of" in str(error) else "--turn-seconds"
        raise FlagError(f"{flag}: {error}") from None
    for number, text in enumerate(moves, start=1):
        try:
            match = play_in_match(match, text)
        except IllegalMove as error:
            raise FlagError(f"--moves: move {number} ({text!r}): {error}") from None
    seconds = [0.0] * len(all_moves(match))
    for kind in kinds:
        if kind not in KINDS:
            raise FlagError(f"unknown player kind {kind!r} (choose from {', '.join(KINDS)})")
    seats = (cast(Kind, kinds[0]), cast(Kind, kinds[1]))
    # (a computer seat is named by its level, never counted under "Player 2")
    levels = tuple(None if seat == "human" else seat for seat in seats)
    names = seat_names(names, (levels[0], levels[1]))
    started = datetime.now(UTC).replace(microsecond=0)
    return _Game(match, players_of(names, seats), seconds, started)


def play_plain_with_records(
    game: Game[Any, Any, Any] | None,
    options: GameOptions | None,
    moves: Sequence[str],
    names: tuple[str, str],
    bots: Mapping[PlayerNo, Bot] | None,
    args: argparse.Namespace,
    console: Console | None = None,
    *,
    kinds: tuple[str, str] = ("human", "human"),
    bot_for: BotFactory | None = None,
    clock: Callable[[], float] = time.monotonic,
    count_stats: bool = True,
    on_end: Callable[[GameRecord], None] | None = None,
    resuming: str | None = None,
) -> int:
    """Play a game or match line by line, with records and statistics; the exit code
    (0, 2 for a refusal, 1 when the save fails, 130 when interrupted).

    `game` may be None with `--load`, which resumes the record's game, players, match and
    clock. `kinds` names who plays each seat ("human" or a computer level), for the
    record; `bot_for(game, level)` makes the computer players a loaded record names;
    `on_end(record)` is called once the game ends or stops; `resuming` is what to say on
    resuming (by default the file and the moves played).
    """
    console = console or Console(sys.stdin, sys.stdout)
    console.spoken = console.spoken or bool(getattr(args, "spoken", False))
    clean_stale_temporaries()
    save: Path | None = getattr(args, "save", None)
    load: Path | None = getattr(args, "load", None)
    try:
        _check_save_path(save)
        if load is not None:
            setup, record = _resume(game, moves, args, load)
            game = get_game(record.game)
            bots = {}
            for seat, player in zip(SEATS, record.players, strict=True):
                if player.kind == "human":
                    continue
                if bot_for is None:
                    raise FlagError(
                        f"--load: {load} has a computer player ({player.kind}), which cannot "
                        "be resumed here"
                    )
                bots[seat] = bot_for(game, player.kind)
        else:
            setup = _start(game, options, moves, names, kinds, args)
    except FlagError as error:
        return fail(str(error))
    assert game is not None
    names = (setup.players[0].name, setup.players[1].name)
    if load is not None:
        played = len(setup.seconds)
        moves_word = "move" if played == 1 else "moves"
        console.say(
            resuming or f"Resuming the game saved in {load} ({played} {moves_word} played)."
        )
    setup.record_id = setup.record_id or uuid.uuid4().hex  # its kept file's name
    written: list[bool] = []  # `--save` at the end of the game, before it is counted

    def save_first(record: GameRecord) -> None:
        written.append(_write_save(record, save))

    runner = MatchRunner(
        driver_class(game.id)(game, console, names),
        setup.match,
        bots,
        setup.seconds,
        clock,
        keeper=SavedGames(first=save_first, counting=count_stats),  # kept after every move
        players=setup.players,
        started=setup.started,
        record_id=setup.record_id,
        save=lambda: _save_now(runner, save),
    )
    interrupted = False
    try:
        runner.run()
    except KeyboardInterrupt:  # Ctrl+C: keep the moves played, then exit 130
        interrupted = True
        console.say()
        console.say("Interrupted: the game is left unfinished.")
    except EndOfInput as stop:
        console.say(f"{str(stop) or 'Input ended'}: the game is left unfinished.")
    finished = match_outcome(runner.match) is not None
    if finished and not written:  # `--moves` played it to its end: kept and counted now
        MatchRunner.tell(runner.session.finish())
    record = runner.session.record()
    if finished:
        saved = bool(written) and all(written)
        if save is not None and saved:
            console.say(f"Game record saved to {save}.")
    else:
        saved = _write_save(record, save)
        if save is not None and saved:
            console.say(f"Game saved to {save}: resume it with --load {save}.")
    if on_end is not None:
        on_end(record)
    if not saved:
        return 1
    return INTERRUPTED if interrupted else 0


def _save_now(runner: MatchRunner, save: Path | None) -> str:
    """The line mode's `save` command: keep the game now, and write `--save FILE` when
    one was named; what to say of it."""
    session = runner.session
    if not session.started_playing:
        said = "Nothing to keep yet: no move has been played."
    else:
        kept = session.keep()
        if isinstance(kept, Path):
            said = "The game is kept: equation-duel --plain offers to resume it."
        else:
            said = kept or "The game could not be kept."
    if save is not None:
        try:
            save_record(session.record(), save)
        except OSError as error:
            return f"{said} {save} cannot be written: {error.strerror or error}."
        return f"{said}\nSaved to {save} as well: resume it with --load {save}."
    return said


def _write_save(record: GameRecord, save: Path | None) -> bool:
    """Write `--save FILE` (True when there is none); False, said on stderr, on failure."""
    if save is None:
        return True
    try:
        save_record(record, save)
    except OSError as error:
        fail(f"--save: cannot write {save}: {error.strerror or error}")
        return False
    return True
