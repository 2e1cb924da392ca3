"""Two real processes over loopback, a plain host and a plain guest, play to the end."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.online.online_stats import mark_online, migrate_online
from app.store import stats, stats_text
from tests.app.test_ratings import make_todays_database
from tests.online.procs import answers, first_moves, host, play_both

SOAK_GAMES = ["collect", "template", "conquest", "countdown"]


def play_through(
    game_id: str, tmp_path: Path, plain: bool = True, host_seat: int = 1
) -> tuple[str, str]:
    """Play the game to its end (the host in `host_seat`: 2 with `--first 2`); what the
    host and the guest showed."""
    start, moves = first_moves(game_id)
    lines = answers(game_id, moves, start)
    host_lines, guest_lines = lines if host_seat == 1 else lines[::-1]
    flags = ["--first", "2"] if host_seat == 2 else []
    hosting, address = host(game_id, tmp_path / "host", *flags, plain=plain)
    guest = play_both(hosting, address, tmp_path / "guest", host_lines, guest_lines, plain)
    result = hosting.output().splitlines()[-1]
    assert " wins" in result
    assert guest.output().splitlines()[-1] == result
    return hosting.output(), guest.output()


def test_a_game_of_fifty_is_played_to_the_end_over_loopback(tmp_path: Path) -> None:
    # Without --plain, with standard input a pipe: both sides say in one sentence that
    # they play line by line, as `play GAME` does, and play so. With --first 2 the host
    # is Player 2, and the guest, Player 1, moves first.
    said = play_through("fifty", tmp_path, plain=False, host_seat=2)
    assert "Joined the game against Ada as Player 1." in said[1]
    for output in said:
        first = output.splitlines()[0]
        assert (
            first == "Standard input is not a terminal, so Equation Duel starts in the line mode."
        )
        assert "\x1b" not in output
    # Each side counted it once, with the other player marked as online, and rated it
    # as a game between two named players.
    for side, pair in (("host", ("Ada", "Bob (online)")), ("guest", ("Ada (online)", "Bob"))):
        path = tmp_path / side / "stats.sqlite3"
        found = stats.summary(path)
        assert found.games == 1
        assert [(h.first, h.second, h.played) for h in found.head_to_head] == [(*pair, 1)]
        assert sorted(p.name for p in found.players) == ["Ada", "Bob"]
        assert pair[0] in stats_text.format_summary(found).split("Head to head")[1]
        # The record has Bob as Player 1 on both sides; each marks the other's seat.
        rows, _ = stats.read_game_rows(path)
        assert [(row.names, row.online) for row in rows] == [
            (("Bob", "Ada"), 1 if side == "host" else 2)
        ]
        met = {"host": ("Ada", "against Bob (online)"), "guest": ("Bob", "against Ada (online)")}
        assert [p.shown for p in found.players if p.name == met[side][0]] == [", ".join(met[side])]
        conn = sqlite3.connect(path)
        try:
            rated = {row[0] for row in conn.execute("SELECT player FROM ratings")}
        finally:
            conn.close()
        assert rated == {"Ada", "Bob"}


def test_an_older_statistics_database_opens_and_takes_the_online_mark(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    make_todays_database(path)  # a database from before online games, with a game
    assert [(h.first, h.second) for h in stats.summary(path).head_to_head] == [("Ada", "Bob")]
    assert mark_online("old-1", 2, path) is None
    assert [(h.first, h.second) for h in stats.summary(path).head_to_head] == [
        ("Ada", "Bob (online)")
    ]
    conn = stats.connect(path)
    try:
        assert migrate_online(conn) == 1  # once
    finally:
        conn.close()


@pytest.mark.soak
@pytest.mark.parametrize("game_id", SOAK_GAMES)
def test_every_game_is_played_to_the_end_over_loopback(game_id: str, tmp_path: Path) -> None:
    play_through(game_id, tmp_path)


@pytest.mark.soak
def test_a_match_of_three_rounds_with_a_clock_is_played_to_the_end(tmp_path: Path) -> None:
    from rules.registry import get_game

    game = get_game("fifty")
    host_lines: list[str] = []
    guest_lines: list[str] = []
    wins = [0, 0]
    first = 1
    while max(wins) < 2:
        start, moves = first_moves("fifty", {"first": first})
        lines = answers("fifty", moves, start)
        host_lines += lines[0]
        guest_lines += lines[1]
        state = start
        for move in moves:
            state = game.play(state, move)
        outcome = game.outcome(state)
        assert outcome is not None
        wins[outcome.winner - 1] += 1
        first = 3 - first
    hosting, address = host("fifty", tmp_path / "host", "--best-of", "3", "--turn-seconds", "600")
    guest = play_both(hosting, address, tmp_path / "guest", host_lines, guest_lines)
    result = hosting.output().splitlines()[-1]
    assert "rounds to" in result
    assert guest.output().splitlines()[-1] == result


def test_the_hosts_refusal_of_a_guests_move_is_said_at_the_guests_prompt(tmp_path: Path) -> None:
    # The guest does not try its move first: it sends it, the host's session refuses it
    # (a number Ada used already), and the guest's prompt says why and asks again.
    start, moves = first_moves("fifty")
    ada, bob = answers("fifty", moves, start)
    used = f"{moves[0].a}+{moves[1].a}"
    hosting, address = host("fifty", tmp_path / "host")
    guest = play_both(hosting, address, tmp_path / "guest", ada, [used, *bob])
    after = guest.output().split(f"> {used}\n", 1)[1].splitlines()
    assert after[0].startswith("Error: ") and f"{moves[0].a}" in after[0], after
    assert after[1] == "Bob, select your first number:"
    assert "Error: " not in hosting.output()
    assert guest.output().splitlines()[-1] == hosting.output().splitlines()[-1]
