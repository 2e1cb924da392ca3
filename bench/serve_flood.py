"""Figures for `equation-duel serve` under a flood of half-open connections.

    python bench/serve_flood.py [--connections 1100] [--file-limit 1024] [--pages 20]

Run from the repository root with the project's environment and the web extra. It
starts `equation-duel serve` on 127.0.0.1 (a temporary data folder, the open-file limit
given), opens --connections connections that send nothing or half a request, and
measures:

- the server's resident size before and during the flood, and its open descriptors;
- a page served during the flood: median (worst) of --pages requests;
- a tab opened during the flood: from the websocket asked for to the app's first output;
- how long the flood took to open (the kernel's accept queue paces it, the same before
  these limits), and how long after its last connection was opened the server had closed
  them all (the oldest to make room past the cap, the rest 5 s after they connected).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from tests.web.support import Served, first_output, origin, rss_kib  # noqa: E402

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def page_seconds(server: Served) -> float:
    start = time.perf_counter()
    async with aiohttp.ClientSession() as session, session.get(server.base) as response:
        await response.read()
        assert response.status == 200, response.status
    return time.perf_counter() - start


async def tab_seconds(server: Served) -> float:
    start = time.perf_counter()
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{server.base}/ws", headers=origin(server)) as ws,
    ):
        await first_output(ws)
        return time.perf_counter() - start


def last_closed(connections: list[socket.socket], opened: float) -> float:
    """Seconds from `opened` until the server had closed every connection."""
    for connection in connections:
        connection.settimeout(60)
        with connection, contextlib.suppress(OSError):
            connection.recv(4096)
    return time.perf_counter() - opened


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--file-limit", type=int, default=1024)
    parser.add_argument("--pages", type=int, default=20)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, args.connections + 200), hard))
    with tempfile.TemporaryDirectory() as folder:
        server = Served(Path(folder) / "data", "--max-sessions", "2", file_limit=args.file_limit)
        try:
            await page_seconds(server)
            rss_before, files_before = rss_kib(server.pid), open_files(server.pid)
            opened = time.perf_counter()
            connections = []
            for number in range(args.connections):
                connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
                if number % 2:
                    connection.sendall(HALF_REQUEST)
                connections.append(connection)
            flood_seconds = time.perf_counter() - opened
            opened = time.perf_counter()
            pages = [await page_seconds(server) for _ in range(args.pages)]
            tab = await tab_seconds(server)
            rss_during, files_during = rss_kib(server.pid), open_files(server.pid)
            lived = last_closed(connections, opened)
            alive = server.process.poll() is None
        finally:
            server.stop()
    print(f"serve with open-file limit {args.file_limit}, {args.connections} half-open")
    print(f"resident size: {rss_before / 1024:.1f} MB before, {rss_during / 1024:.1f} MB during")
    print(f"open descriptors: {files_before} before, {files_during} during")
    print(
        f"page during the flood: median {statistics.median(pages) * 1000:.0f} ms "
        f"(worst {max(pages) * 1000:.0f} ms) of {len(pages)}"
    )
    print(f"tab during the flood, to the app's first output: {tab:.2f} s")
    print(f"the flood opened in {flood_seconds:.1f} s")
    print(f"every half-open connection closed {lived:.1f} s after the last one was opened")
    print(f"server still running: {alive}")


if __name__ == "__main__":
    asyncio.run(main())
