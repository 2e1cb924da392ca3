"""Browser tabs' memory and start (issue 37): N tabs opened on one `equation-duel serve`
at once (websockets, no browser), until each has drawn its first screen; then the memory
of the tabs' processes (the zygote's too where there is one): RSS summed, and PSS, which
shares each page among the processes holding it (what the machine really spends).

    python bench/tabs.py [--tabs 10] [--vs DIR]
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path

import aiohttp
import harness as h

from tests.web.support import Served, children_of, first_output, is_zygote, origin


def kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


async def tabs(server: Served, count: int) -> tuple[float, list[int]]:
    start = time.perf_counter()
    async with aiohttp.ClientSession() as session:
        sockets = [
            await session.ws_connect(f"{server.base}/ws", headers=origin(server))
            for _ in range(count)
        ]
        await asyncio.gather(*(first_output(ws) for ws in sockets))
        took = time.perf_counter() - start
        await asyncio.sleep(2)  # (each app's preloading after the menu)
        processes = [*server.wait_apps(count), *filter(is_zygote, children_of(server.pid))]
        figures = [sum(kib(pid, field) for pid in processes) for field in ("Rss", "Pss")]
        for ws in sockets:
            await ws.close()
    return took, figures


def main() -> None:
    parser = h.arguments(__doc__, vs=True)
    parser.add_argument("--tabs", type=int, default=10)
    options = parser.parse_args()
    home = os.getcwd()
    h.load("before")
    h.table("code | tabs | all drawn | RSS summed | PSS (shared pages split)")
    for label, env in h.codes(dict(os.environ), options.vs).items():
        os.environ.clear()
        os.environ.update(env)
        with tempfile.TemporaryDirectory() as folder:
            os.chdir(folder)  # (`python -m app` looks in its folder first, before --vs's)
            server = Served(Path(folder) / "data", "--max-sessions", str(options.tabs))
            try:
                took, (rss, pss) = asyncio.run(tabs(server, options.tabs))
            finally:
                server.stop()
                os.chdir(home)
        print(
            f"| {label} | {options.tabs} | {took * 1000:.0f} ms | {rss / 1024:.0f} MiB "
            f"| {pss / 1024:.0f} MiB |"
        )
    h.load("after")


if __name__ == "__main__":
    main()
