"""A stranger's bytes never reach the host's terminal: refused connections are counted
and said at most once a minute in one line (issue 36, item 5)."""

from __future__ import annotations

import socket
from pathlib import Path

from app.online.host_strangers import SAY_EVERY, Strangers
from tests.online.procs import host


def test_refusals_are_said_at_most_once_a_minute_as_a_count() -> None:
    said: list[str] = []
    now = [0.0]
    strangers = Strangers(said.append, clock=lambda: now[0])
    for _ in range(100):
        strangers.refused()
    assert said == ["Refused a connection that was not this game's guest."]
    now[0] += SAY_EVERY
    strangers.refused()
    assert said[1:] == ["Refused 100 connections that were not this game's guest."]
    assert strangers.count == 101


def test_junk_connections_print_one_line_on_the_plain_host(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    port = int(place.rsplit(":", 1)[1])
    try:
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as junk:
                try:
                    junk.sendall(b"X" * 300_000)
                    while junk.recv(65536):  # until the host closes it (bounded by the timeout)
                        pass
                except OSError:
                    pass  # (the host closed it while it was being sent)
        hosting.wait_for("Refused a connection that was not this game's guest.")
        hosting.stop()
        hosting.wait_for("<end>")  # (every line it wrote is in)
        output = hosting.output()
        assert "Traceback" not in output and "XXXX" not in output
        assert sum("Refused" in line for line in output.splitlines()) == 1
    finally:
        hosting.stop()
