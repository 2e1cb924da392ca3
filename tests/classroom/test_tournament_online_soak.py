"""A tournament's pairing with both seats online, each student's connection through its
own fault proxy (duplicated, dropped and cut messages; the guests rejoin by themselves):
every case ends with the same game on all three machines and its result in the
standings. Soak set only (several real processes a case)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.online.codes import parse_address
from app.store.data_folder import data_dir
from tests.online.fault_proxy import FaultProxy, Faults
from tests.online.procs import Proc, answers, first_moves
from tests.online.test_faults import moves_and_result

pytestmark = pytest.mark.soak

CASES = {
    "duplicate": (Faults(duplicate={2, 3, 4}), Faults(duplicate={3, 5})),
    "cut": (Faults(cut={3}), Faults(cut={2, 4})),
    "drop-then-cut": (Faults(drop_then_cut={3}), Faults(drop_then_cut={2, 5})),
    "all": (
        Faults(delay=0.03, duplicate={2}, cut={5}),
        Faults(delay=0.05, drop_then_cut={3}, duplicate={4}),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_both_students_through_faults_end_with_one_game_and_its_result(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "new", "Class", "--players", "Ann,Bo", "--game", "fifty"]) == 0
    start, moves = first_moves("fifty")
    lines = answers("fifty", moves, start)
    pairing = ["tournament", "host", "Class", "--round", "1", "--pair", "Ann-Bo"]
    hosting = Proc([*pairing, "--both-online"], data_dir())
    proxies: list[FaultProxy] = []
    guests: list[Proc] = []
    try:
        for name, faults, typed in zip(("Ann", "Bo"), CASES[case], lines, strict=True):
            said = hosting.wait_for(f"{name} (Player ")
            address = parse_address(next(word for word in said.split() if "@" in word))
            proxy = FaultProxy(address.url(), faults)
            proxies.append(proxy)
            place = f"{address.code}@127.0.0.1:{proxy.start()}"
            guest = Proc(["join", place, "--plain", "--name", name], tmp_path / name)
            guests.append(guest)
            guest.write("".join(f"{line}\n" for line in typed))
        for guest in guests:
            assert guest.finish() == 0, guest.output()
        assert hosting.finish() == 0, hosting.output()
    finally:
        for proxy in proxies:
            proxy.stop()
        for proc in (hosting, *guests):
            proc.stop()
    if case != "duplicate":  # the cut guests rejoined by themselves
        assert "is back." in hosting.output()
    on_host = moves_and_result(hosting.output())
    game = [line for line in on_host if line.startswith("Equation:")]
    assert len(game) == len(moves)
    for guest in guests:
        assert [line for line in moves_and_result(guest.output()) if line in game] == game
    said = hosting.output().splitlines()[-1]
    assert said.endswith("won. The result is in the tournament."), hosting.output()
    capsys.readouterr()
    assert main(["tournament", "show", "Class", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(row["points"] for row in rows) == [0.0, 1.0]
