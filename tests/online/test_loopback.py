"""Two real processes over loopback, a plain host and a plain guest, play to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.online.procs import Proc, answers, first_moves, host

SOAK_GAMES = ["conquest", "countdown"]


def play_through(game_id: str, tmp_path: Path) -> None:
    start, moves = first_moves(game_id)
    host_lines, guest_lines = answers(game_id, moves, start)
    hosting, address = host(game_id, tmp_path / "host")
    guest = Proc(["join", address, "--plain", "--name", "Bob"], tmp_path / "guest")
    try:
        hosting.wait_for("Bob joined.")
        guest.write("".join(f"{line}\n" for line in guest_lines))
        hosting.write("".join(f"{line}\n" for line in host_lines))
        assert guest.finish() == 0, guest.output()
        assert hosting.finish() == 0, hosting.output()
    finally:
        hosting.stop()
        guest.stop()
    result = hosting.output().splitlines()[-1]
    assert " wins" in result
    assert guest.output().splitlines()[-1] == result


def test_a_game_of_fifty_is_played_to_the_end_over_loopback(tmp_path: Path) -> None:
    play_through("fifty", tmp_path)


@pytest.mark.soak
@pytest.mark.parametrize("game_id", SOAK_GAMES)
def test_every_game_is_played_to_the_end_over_loopback(game_id: str, tmp_path: Path) -> None:
    play_through(game_id, tmp_path)
