"""Takebacks over loopback: a plain host and a plain guest (two processes) ask, decline
and allow; only the host's session takes the moves back, and both end the same game."""

from __future__ import annotations

from pathlib import Path

from tests.online.procs import answers, first_moves, host, play_both


def test_plain_players_ask_decline_and_allow_takebacks(tmp_path: Path) -> None:
    start, moves = first_moves("fifty")
    host_typed, guest_typed = answers("fifty", moves, start)
    # The lines of each move (fifty: three a move); the host, Player 1, moves first.
    ada = [host_typed[i : i + 3] for i in range(0, len(host_typed), 3)]
    bob = [guest_typed[i : i + 3] for i in range(0, len(guest_typed), 3)]
    host_lines = [
        *ada[0],
        "undo",  # Bob declines
        "undo",  # Bob allows: Ada's move and Bob's reply go
        *ada[0],
        *ada[1],
        "yes",  # Bob asks at his prompt: Bob's move and Ada's reply go
        *ada[1],
        *[line for lines in ada[2:] for line in lines],
    ]
    guest_lines = [
        *bob[0],
        "no",
        "yes",
        *bob[0],
        "undo",
        *bob[0],
        *[line for lines in bob[1:] for line in lines],
    ]
    hosting, address = host("fifty", tmp_path / "host")
    guest = play_both(hosting, address, tmp_path / "guest", host_lines, guest_lines)
    ada_saw, bob_saw = hosting.output(), guest.output()
    assert "Bob declined the takeback: the moves stand." in ada_saw
    assert "Ada asks to take back their last move and your reply" in bob_saw
    assert "Bob allowed the takeback." in ada_saw
    assert "Bob asks to take back their last move and your reply" in ada_saw
    assert ada_saw.count("Took back the last 2 moves.") == 2
    assert bob_saw.count("Took back the last 2 moves.") == 2
    result = ada_saw.splitlines()[-1]
    assert " wins" in result
    assert bob_saw.splitlines()[-1] == result
