"""A tournament's pairing played online, the result reaching the standings: `tournament
host` (a plain host on 127.0.0.1 that plays the first seat) and a plain guest, two real
processes; and `tournament host --both-online` (a host that plays no seat) and two plain
guests, three real processes, where a guest with the other seat's code, or moving for the
other seat, is refused and the match goes on."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest

from app.cli.main import main
from app.online.codes import parse_address
from app.store.data_folder import data_dir
from tests.online.procs import Proc, answers, first_moves, play_both
from tests.online.test_security import connect, hello, said


def _hosting(*flags: str) -> tuple[Proc, list[str], list[str]]:
    """A tournament of Ann and Bo (fifty), its pairing hosted from this test's data folder
    (the teacher's machine, where the tournament is) with `flags`; and the lines each
    seat types to play the first legal moves to the end."""
    assert main(["tournament", "new", "Class", "--players", "Ann,Bo", "--game", "fifty"]) == 0
    start, moves = first_moves("fifty")
    first, second = answers("fifty", moves, start)
    pairing = ["tournament", "host", "Class", "--round", "1", "--pair", "Bo-Ann", *flags]
    return Proc(pairing, data_dir()), first, second


def _entered(said_result: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The result said (`Round 1: Ann - Bo, W won. ...`) is the standings'."""
    assert said_result.startswith("Round 1: Ann - Bo, ")
    winner = said_result.removeprefix("Round 1: Ann - Bo, ").split(" won.")[0]
    assert winner in ("Ann", "Bo")
    capsys.readouterr()
    assert main(["tournament", "show", "Class", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert (rows[0]["name"], rows[0]["points"]) == (winner, 1.0)
    assert {r["name"]: r["played"] for r in rows} == {"Ann": 1, "Bo": 1}


def test_a_pairing_hosted_online_enters_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hosting, host_lines, guest_lines = _hosting("--plain")
    try:
        line = hosting.wait_for("equation-duel join ")
        address = next(word for word in line.split() if "@" in word)
        assert "Ann plays here and starts.\nBo joins" in hosting.output()
    except BaseException:
        hosting.stop()
        raise
    # The guest gives another name: the seat is Bo's, as the tournament says.
    play_both(
        hosting, address, tmp_path / "student", host_lines, guest_lines, name="Zed", seat="Bo"
    )
    _entered(hosting.wait_for("The result is in the tournament."), capsys)
    assert main(["tournament", "host", "Class", "--round", "1", "--pair", "Ann-Bo"]) == 2
    assert "has a result already" in capsys.readouterr().err


def _place(line: str) -> str:
    return next(word for word in line.split() if "@" in word)


async def test_two_students_play_a_pairing_each_on_their_own_machine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hosting, ann_lines, bo_lines = _hosting("--both-online")
    guests: list[Proc] = []
    try:
        ann_place = _place(hosting.wait_for("Ann (Player 1) joins with: equation-duel join "))
        bo_place = _place(hosting.wait_for("Bo (Player 2) joins with: equation-duel join "))
        ann_code, bo_code = parse_address(ann_place).code, parse_address(bo_place).code
        assert ann_code != bo_code
        guests.append(Proc(["join", ann_place, "--plain", "--name", "Ann"], tmp_path / "ann"))
        hosting.wait_for("Ann joined.")
        url = parse_address(bo_place).url()
        async with aiohttp.ClientSession() as session:
            # Ann's code once her seat is taken: refused.
            ws = await connect(session, url)
            assert "seat is taken" in (await hello(ws, ann_code, name="Bo"))["reason"]
            await ws.close()
            # Bo's seat, by whoever holds its code: it is Ann's turn, so a move is refused;
            # and no takeback is offered.
            ws = await connect(session, url)
            welcome = await hello(ws, bo_code, name="Zed")
            assert (welcome["seat"], welcome["names"]) == (2, ["Ann", "Bo"])
            await ws.send_str(json.dumps({"kind": "move", "number": 0, "text": "1+2"}))
            assert "not your turn: Ann is to move" in (await said(ws))["reason"]
            await ws.send_str(json.dumps({"kind": "takeback-ask", "number": 0}))
            assert "not offered" in (await said(ws))["reason"]
            await ws.close()  # dropped without a goodbye: Bo's seat waits for its player
        hosting.wait_for("Bo is away")
        guests.append(Proc(["join", bo_place, "--plain", "--name", "Bo"], tmp_path / "bo"))
        hosting.wait_for("Bo is back.")
        guests[0].write("".join(f"{line}\n" for line in ann_lines))
        guests[1].write("".join(f"{line}\n" for line in bo_lines))
        for guest in guests:
            assert guest.finish() == 0, guest.output()
        said_result = hosting.wait_for("The result is in the tournament.")
        assert hosting.finish() == 0, hosting.output()
    finally:
        for proc in (hosting, *guests):
            proc.stop()
    assert "Ann (online): " in guests[1].output() and "Bo (online): " in guests[0].output()
    assert "Ann (online): " in hosting.output() and "Bo (online): " in hosting.output()
    _entered(said_result, capsys)
