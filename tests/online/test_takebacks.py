"""Takebacks over loopback: a plain host and a plain guest (two processes) ask, decline
and allow; only the host's session takes the moves back, and both end the same game."""

from __future__ import annotations

from pathlib import Path

from tests.online.procs import Proc, answers, first_moves, host, play_both


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


def test_an_undo_typed_while_waiting_is_answered_then_and_never_kept(tmp_path: Path) -> None:
    # Bob types undo while Ada thinks: it is answered at once (his own prompt asks), not
    # kept to answer a later question; his moves typed ahead wait for his prompts.
    start, moves = first_moves("fifty")
    ada, bob = answers("fifty", moves, start)
    hosting, place = host("fifty", tmp_path / "host")
    guest = Proc(["join", place, "--plain", "--name", "Bob"], tmp_path / "guest")
    try:
        hosting.wait_for("Bob joined.")
        guest.wait_for("Ada will go first.")
        guest.write("undo\n")
        guest.wait_for("It is Ada's turn: type undo at your own prompt to ask for a takeback.")
        guest.write("".join(f"{line}\n" for line in bob))
        hosting.write("".join(f"{line}\n" for line in ada))
        assert guest.finish() == 0, guest.output()
        assert hosting.finish() == 0, hosting.output()
    finally:
        hosting.stop()
        guest.stop()
    assert "Asked Ada" not in guest.output() and "asks to take back" not in hosting.output()
    assert guest.output().count("type undo at your own prompt") == 1
    assert guest.output().splitlines()[-1] == hosting.output().splitlines()[-1]
