"""`class homework` for an assignment the hub does not set for the student: the hub was
reached and said so, so the student is not told to "connect once to fetch it"."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.hub.support import running_hub
from tests.online.procs import Proc


async def test_homework_not_set_is_not_sent_to_be_fetched(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        place = f"{hub.code}@127.0.0.1:{hub.port}"
        args = ["class", "homework", place, "--name", "Ada", "--assignment", "nope", "--plain"]
        ada = Proc(args, tmp_path / "ada")
        try:
            assert await asyncio.to_thread(ada.finish) == 1, ada.output()
            said = ada.output()
            assert "Homework nope is not set for you." in said
            assert "There is no homework nope to do." in said
            assert "connect once" not in said
        finally:
            ada.stop()
