"""A plain host and a plain guest through a fault proxy: each case ends with the game
whole on both sides and the same moves and result on both. In the soak set (-m soak):
the default run's rejoin is the hostile guest's (test_security.py), its slow link
`test_slow_link.py`."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.online.codes import parse_address
from tests.online.fault_proxy import FaultProxy, Faults
from tests.online.procs import Proc, answers, first_moves, host, play_both


def moves_and_result(output: str) -> list[str]:
    lines = output.splitlines()
    return [line for line in lines if line.startswith("Equation:")] + lines[-1:]


def play_through_proxy(faults: Faults, tmp_path: Path, game_id: str = "fifty") -> tuple[Proc, Proc]:
    """A whole game of `game_id` through the proxy; the host and the guest, ended."""
    start, moves = first_moves(game_id)
    host_lines, guest_lines = answers(game_id, moves, start)
    hosting, place = host(game_id, tmp_path / "host")
    address = parse_address(place)
    proxy = FaultProxy(address.url(), faults)
    port = proxy.start()
    place = f"{address.code}@127.0.0.1:{port}"
    try:
        guest = play_both(hosting, place, tmp_path / "guest", host_lines, guest_lines)
    finally:
        proxy.stop()
    on_host, on_guest = moves_and_result(hosting.output()), moves_and_result(guest.output())
    assert " wins" in on_host[-1]
    assert on_host == on_guest
    if game_id == "fifty":  # (fifty says each move as an equation)
        assert len(on_host) == len(moves) + 1
    return hosting, guest


@pytest.mark.soak
@pytest.mark.parametrize(
    "faults",
    [
        Faults(duplicate={2, 3, 4, 5}),
        Faults(cut={2, 4}),
        Faults(drop_then_cut={2, 5}),
        Faults(delay=0.05, duplicate={3}, drop_then_cut={4}, cut={6}),
    ],
    ids=["duplicate", "cut", "drop-then-cut", "all"],
)
def test_every_fault_ends_with_the_same_game_on_both_sides(faults: Faults, tmp_path: Path) -> None:
    play_through_proxy(faults, tmp_path)
