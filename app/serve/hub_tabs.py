"""Browser tabs for a class's hub (`equation-duel hub --web [--web-port N]`): the hub also
serves `equation-duel serve`'s pages, and each tab runs `equation-duel class join
CODE@ADDR:PORT` for this hub (without --name: the full screen's join asks the student's
name), so a student on a Chromebook opens one address.

The pages are served by the same `DuelServer` as `serve` (its token, Origin and size
checks, its caps, app processes that always end), on the hub's own loop (Textual's for
the full-screen console, the line mode's for `--plain`), listening where the hub listens
(loopback unless `--bind` says otherwise; then the address carries a token). Its log is kept off the teacher's terminal: nothing a
browser sends is printed there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from app.serve.config import ServeConfig, make_config
from app.serve.server import DuelServer

#: Tabs open at once, at most (each is a process of the full-screen app): a class.
MAX_TABS = 40
#: Seconds to wait for the pages' port.
START_SECONDS = 10.0


def tab_command(code: str, hub_host: str, hub_port: int) -> tuple[str, ...]:
    """What each tab runs: this program joining the class (the join asks the name)."""
    host = "127.0.0.1" if hub_host in ("", "0.0.0.0", "::") else hub_host
    if ":" in host:
        host = f"[{host}]"
    return (sys.executable, "-m", "app", "class", "join", f"{code}@{host}:{hub_port}")


class HubTabs:
    """The hub's pages for browser tabs (see the module's docstring), on the hub's loop."""

    def __init__(self, bind: str, port: int) -> None:
        self.config: ServeConfig = make_config(bind, port, MAX_TABS, None, None)
        self.server: DuelServer | None = None
        self._serving: asyncio.Task[None] | None = None

    async def start(self, code: str, hub_host: str, hub_port: int) -> list[str]:
        """Serve the tabs (OSError when the port cannot be had); the lines that say
        where to open them."""
        logger = logging.getLogger("equation-duel.serve")
        logger.propagate = False  # (never a browser's bytes on the teacher's terminal)
        logger.addHandler(logging.NullHandler())
        server = self.server = DuelServer(self.config, tab_command(code, hub_host, hub_port))
        bound = asyncio.Event()
        self._serving = serving = asyncio.create_task(server.listen(bound.set))
        listening = asyncio.create_task(bound.wait())
        await asyncio.wait(
            {serving, listening}, timeout=START_SECONDS, return_when="FIRST_COMPLETED"
        )
        listening.cancel()
        if serving.done():
            self._serving = None
            serving.result()  # (the OSError of a port that cannot be had)
            raise OSError("the tabs' server stopped at once")
        if not bound.is_set():
            await self.stop()
            raise OSError(f"the tabs' port was not open within {START_SECONDS:.0f} seconds")
        return [
            f"Browser tabs join this class at {server.config.address()}",
            f"(each tab asks the student's name; at most {MAX_TABS} tabs at once).",
        ]

    async def stop(self) -> None:
        """Stop serving (every tab's app ends)."""
        serving, self._serving = self._serving, None
        if self.server is not None and serving is not None:
            self.server.stopping.set()
            with contextlib.suppress(Exception):
                await serving
