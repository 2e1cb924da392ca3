"""A tournament's pairing on the class's hub with both students on their own machines,
each student's connection to the hub through its own fault proxy (the game's messages
duplicated, dropped and cut; the students' machines rejoin the game by themselves):
every case ends with the same game on both machines and its result in the standings.
Soak set only (several real processes a case)."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp import web

from tests.hub.support import database_for
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


class HubFaultProxy(FaultProxy):
    """A student's one port to the hub: the lobby (`/play`) carried as it is, the game
    (`/game/N`) through the faults."""

    def __init__(self, hub: str, faults: Faults) -> None:
        super().__init__(f"{hub}/play", faults)
        self.hub = hub
        self.lobby = FaultProxy(f"{hub}/play", Faults())  # (its carrying only: never started)
        self.lobby._loop.close()

    def _run(self) -> None:
        import asyncio

        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_get("/play", self.lobby._handle)
        app.router.add_get("/game/{number}", self._game)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self._loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = int(runner.addresses[0][1])
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(runner.cleanup())
        self._loop.close()

    async def _game(self, request: web.Request) -> web.StreamResponse:
        self.target = f"{self.hub}{request.path}"
        return await self._handle(request)


@pytest.mark.parametrize("case", list(CASES))
def test_both_students_through_faults_end_with_one_game_and_its_result(
    case: str, tmp_path: Path
) -> None:
    (tmp_path / "class.csv").write_text("name\nAnn\nBo\n", encoding="utf-8")
    database = database_for(tmp_path / "class.sqlite3")
    roster = ["--roster", str(tmp_path / "class.csv")]
    hub = Proc(["hub", "--plain", "--database", database, *roster], tmp_path / "t")
    start, moves = first_moves("fifty")
    lines = answers("fifty", moves, start)
    proxies: list[HubFaultProxy] = []
    students: list[Proc] = []
    try:
        said = hub.wait_for("Students join with: equation-duel class join ")
        code, _, where = next(word for word in said.split() if "@" in word).partition("@")
        for name, faults in zip(("Ann", "Bo"), CASES[case], strict=True):
            proxy = HubFaultProxy(f"http://{where}", faults)
            proxies.append(proxy)
            place = f"{code}@127.0.0.1:{proxy.start()}"
            student = Proc(["class", "join", place, "--plain", "--name", name], tmp_path / name)
            students.append(student)
            student.wait_for("You are in the class's lobby as")
        hub.write("tournament new Class fifty\nround\n")
        hub.wait_for("Ann - Bo: both are in the lobby, so the game starts now.")
        hub.wait_for("Game 1 starts: Ann vs Bo, fifty.")
        hub.write("watch 1\n")  # (the game's lines on the teacher's console)
        hub.wait_for("Watching Game 1")
        for student, typed in zip(students, lines, strict=True):
            student.wait_for("Game 1 begins.")
            student.write("".join(f"{line}\n" for line in typed))
        for student in students:
            student.wait_for("You are back in the lobby.", timeout=60)
        result = hub.wait_for("Round 1: Ann - Bo, ")
        hub.write("standings\n")
        hub.wait_for("Class: standings after 1 of 1 rounds")
        for student in students:
            student.write("quit\n")
            assert student.finish() == 0, student.output()
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
    finally:
        for proxy in proxies:
            proxy.stop()
        for proc in (hub, *students):
            proc.stop()
    if case != "duplicate":  # the cut students rejoined by themselves
        assert "is back." in hub.output()
    games = [
        [line for line in moves_and_result(student.output()) if line.startswith("Equation:")]
        for student in students
    ]
    assert games[0] == games[1] and len(games[0]) == len(moves)
    winner = result.removeprefix("Round 1: Ann - Bo, ").split(" won.")[0]
    assert winner in ("Ann", "Bo")
    row = hub.wait_for(f"1  {winner} ")
    assert row.split()[:3] == ["1", winner, "1"]
