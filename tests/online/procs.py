"""Two real processes over loopback: a plain host and a plain guest (or a test's own
websocket guest), fed their answers on standard input. Every wait is bounded."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from rules.registry import get_game

#: The longest a test waits for a line or for a process to end.
WAIT = 60.0


class Proc:
    """A program whose output lines are collected by a thread as they come."""

    def __init__(self, args: list[str], data: Path) -> None:
        env = {**os.environ, "EQUATION_DUEL_DATA": str(data), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._collect, daemon=True).start()

    def _collect(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.lines.append("<end>")
            self.changed.notify_all()

    def wait_for(self, text: str, timeout: float = WAIT, count: int = 1) -> str:
        """The `count`-th line holding `text` (AssertionError with the output if it does
        not come)."""

        def holding() -> list[str]:
            return [line for line in self.lines if text in line]

        with self.changed:
            found = self.changed.wait_for(
                lambda: len(holding()) >= count or "<end>" in self.lines, timeout
            )
            if len(holding()) >= count:
                return holding()[count - 1]
        raise AssertionError(f"no {text!r} (waited: {found}) in:\n" + self.output())

    def output(self) -> str:
        with self.changed:
            return "\n".join(line for line in self.lines if line != "<end>")

    def write(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def finish(self, timeout: float = WAIT) -> int:
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


def host(game: str, data: Path, *flags: str, plain: bool = True) -> tuple[Proc, str]:
    """A plain host of `game`; and the guest's `CODE@HOST:PORT`. `plain=False`: without
    `--plain` (standard input is a pipe, so it plays line by line all the same)."""
    proc = Proc(["host", game, *(["--plain"] if plain else []), "--name", "Ada", *flags], data)
    line = proc.wait_for("equation-duel join ")
    return proc, next(word for word in line.split() if "@" in word)


def play_both(
    hosting: Proc,
    place: str,
    data: Path,
    host_lines: list[str],
    guest_lines: list[str],
    plain: bool = True,
    name: str = "Bob",
    seat: str | None = None,
) -> Proc:
    """A plain guest, `name`, joins `hosting` at `place`; each is fed its lines and both
    play to their end (each exits 0). The guest, ended. `plain=False`: without `--plain`;
    `seat`: the name the host gives the guest's seat (a tournament's), if not `name`."""
    guest = Proc(["join", place, *(["--plain"] if plain else []), "--name", name], data)
    try:
        hosting.wait_for(f"{seat or name} joined.")
        guest.write("".join(f"{line}\n" for line in guest_lines))
        hosting.write("".join(f"{line}\n" for line in host_lines))
        assert guest.finish() == 0, guest.output()
        assert hosting.finish() == 0, hosting.output()
    finally:
        hosting.stop()
        guest.stop()
    return guest


def answers(game_id: str, moves: list[Any], state: Any) -> tuple[list[str], list[str]]:
    """The lines each seat types to play `moves` from `state`, by the plain prompts."""
    game = get_game(game_id)
    lines: tuple[list[str], list[str]] = ([], [])
    for move in moves:
        seat = game.to_move(state)
        lines[seat - 1].extend(_typed(game_id, move, state))
        state = game.play(state, move)
    return lines


def _typed(game_id: str, move: Any, state: Any) -> list[str]:
    if game_id == "collect":
        said = ["no"] if move.declaration is None else ["yes", move.declaration]
        return said if state.phase == "sudden-death" else [str(move.pick), *said]
    if game_id == "fifty":
        return [str(move.a), str(move.b), move.op]
    if game_id == "conquest":
        return [str(move.number)]
    text: str = get_game(game_id).format_move(move)
    return [text]


def first_moves(game_id: str, options: dict[str, Any] | None = None) -> tuple[Any, list[Any]]:
    """A whole game, each player taking the first legal move: the start and the moves."""
    game = get_game(game_id)
    start = game.new(game.options_from(options or {}))
    state, moves = start, []
    while game.outcome(state) is None:
        move = game.legal_moves(state)[0]
        moves.append(move)
        state = game.play(state, move)
    return start, moves
