"""Browser tabs for a class's hub (`equation-duel hub --web [--web-port N]`): the hub also
serves `equation-duel serve`'s pages, and each tab runs `equation-duel class join
CODE@ADDR:PORT` for this hub (without --name: the full screen's join asks the student's
name), so a student on a Chromebook opens one address.

The pages are served by the same `DuelServer` as `serve` (its token, Origin and size
checks, its caps, app processes that always end), on its own loop in a thread of the
hub's process, listening where the hub listens (loopback unless `--bind` says otherwise;
then the address carries a token). Its log is kept off the teacher's terminal: nothing a
browser sends is printed there.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading

from app.serve.config import ServeConfig, make_config
from app.serve.limits import on_loop_error
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
    """The hub's pages for browser tabs (see the module's docstring)."""

    def __init__(self, bind: str, port: int) -> None:
        self.config: ServeConfig = make_config(bind, port, MAX_TABS, None, None)
        self.server: DuelServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._bound = threading.Event()
        self._failed: OSError | None = None

    def start(self, code: str, hub_host: str, hub_port: int) -> list[str]:
        """Serve the tabs (OSError when the port cannot be had); the lines that say
        where to open them."""
        logger = logging.getLogger("equation-duel.serve")
        logger.propagate = False  # (never a browser's bytes on the teacher's terminal)
        logger.addHandler(logging.NullHandler())
        self.server = DuelServer(self.config, tab_command(code, hub_host, hub_port))
        self._thread = threading.Thread(target=self._run, name="hub-tabs", daemon=True)
        self._thread.start()
        self._bound.wait(START_SECONDS)
        if self._failed is not None:
            raise self._failed
        address = self.server.config.address()
        return [
            f"Browser tabs join this class at {address}",
            f"(each tab asks the student's name; at most {MAX_TABS} tabs at once).",
        ]

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        assert self.server is not None
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(on_loop_error)
        try:
            await self.server.listen(self._bound.set)
        except OSError as error:
            self._failed = error
            self._bound.set()

    def stop(self) -> None:
        """Stop serving (every tab's app ends)."""
        loop, server = self._loop, self.server
        if loop is not None and server is not None and not loop.is_closed():
            loop.call_soon_threadsafe(server.stopping.set)
        if self._thread is not None:
            self._thread.join(START_SECONDS)
