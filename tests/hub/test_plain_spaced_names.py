"""A classmate whose name has spaces ("Mary Ann") can be challenged from the line mode's
lobby as typed, without quotes: the game is the first word after the name that names a
game ("Nobody called Mary is in the lobby." before)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.hub.protocol import Admitted
from app.plain.hub_join import challenged
from tests.hub.support import Client, running_hub
from tests.online.procs import Proc


def test_the_name_runs_up_to_the_game() -> None:
    assert challenged(["Mary", "Ann", "fifty", "--pool", "1-12"]) == (
        "Mary Ann",
        "fifty",
        ["--pool", "1-12"],
    )
    assert challenged(["Bo", "fifty"]) == ("Bo", "fifty", [])
    assert challenged(["Fifty", "Cent", "Fifty"]) == ("Fifty Cent", "Fifty", [])
    assert challenged(["Bo", "chess"]) == ("Bo", "chess", [])  # (the hub says what is wrong)


async def test_a_spaced_name_is_challenged_as_typed(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Mary Ann", "Bo"):
            hub.admit(name)  # (on the roster: in at once)
        mary = await Client.knock(hub, "Mary Ann")
        assert isinstance(await mary.until(Admitted), Admitted)
        place = f"{hub.code}@127.0.0.1:{hub.port}"
        bo = Proc(["class", "join", place, "--plain", "--name", "Bo"], tmp_path / "bo")
        try:
            await asyncio.to_thread(bo.wait_for, "You are in the class's lobby as Bo.")
            bo.write("challenge Mary Ann fifty --pool 1-12\n")
            await mary.said_until("Bo challenges you to fifty")
            bo.write('homework "week 1\n')  # (a quotation mark not closed: said in words)
            await asyncio.to_thread(bo.wait_for, "That line cannot be read: no closing quotation.")
            bo.write("quit\n")
            assert await asyncio.to_thread(bo.finish) == 0, bo.output()
            assert "Nobody called" not in bo.output()
        finally:
            bo.stop()
            await mary.close()
