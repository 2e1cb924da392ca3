"""`class join CODE@ADDR:PORT --plain` without --name asks the name (as the full screen
does), and the lines typed after it reach the lobby: none is read ahead and lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.hub.support import running_hub
from tests.online.procs import Proc


async def test_the_line_mode_asks_the_name_and_the_lobby_reads_what_follows(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")  # (on the roster: in at once)
        place = f"{hub.code}@127.0.0.1:{hub.port}"
        ada = Proc(["class", "join", place, "--plain"], tmp_path / "ada")
        try:
            ada.write("Ada\nwho\n")
            said = await asyncio.to_thread(ada.wait_for, "You are in the class's lobby as Ada.")
            assert said.startswith("Your name in the class: ")
            await asyncio.to_thread(ada.wait_for, "Ada: in the lobby")  # ("who", after it)
            ada.write("quit\n")
            assert await asyncio.to_thread(ada.finish) == 0, ada.output()
        finally:
            ada.stop()


def test_no_name_typed_is_refused_in_words(tmp_path: Path) -> None:
    ada = Proc(["class", "join", "abcdef@127.0.0.1:1", "--plain"], tmp_path)
    try:
        ada.write("\x1b[31m\n")
        assert ada.finish() == 2
        assert "a name needs at least one printable character" in ada.output()
        assert "Traceback" not in ada.output()
    finally:
        ada.stop()
