"""A real PostgreSQL server for the `postgres` set (`pytest -m postgres`): Debian's
`postgresql` programs, a data folder of its own in a fresh temporary folder, listening on
127.0.0.1 on a free port (and a socket in that folder), fsync off; stopped at the end.

initdb refuses to run as root: as root the server runs as the `postgres` system user
(the Debian package makes it), else as `nobody`, through `runuser`; the temporary folder
is handed to that user. A missing server is a failure in words, never a skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

INSTALL = "the postgres set needs PostgreSQL's server (Debian: apt-get install postgresql)"


def _programs() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    initdb = found[-1] if found else shutil.which("initdb")
    if initdb is None:
        pytest.fail(f"{INSTALL}: no initdb in /usr/lib/postgresql/*/bin nor on PATH")
    return Path(initdb).parent


def _version(path: str) -> int:
    version = Path(path).parts[-3]
    return int(version) if version.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One running server; `database()` makes a fresh database and gives its URL."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._made = 0

    def url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def database(self) -> str:
        import psycopg

        self._made += 1
        name = f"hub_{self._made}"
        with psycopg.connect(self.url("postgres"), autocommit=True, connect_timeout=10) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@contextlib.contextmanager
def postgres_server() -> Iterator[Server]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("the postgres set needs psycopg: pip install -e '.[test]'")
    programs = _programs()
    folder = Path(tempfile.mkdtemp(prefix="hub-pg-"))
    runner: list[str] = []
    if os.geteuid() == 0:
        user = "postgres" if _user_exists("postgres") else "nobody"
        shutil.chown(folder, user)
        runner = ["runuser", "-u", user, "--"]
    data, log, port = folder / "data", folder / "log", _free_port()

    def run(*command: str) -> None:
        done = subprocess.run(
            [*runner, *command], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            said = (done.stdout + done.stderr)[-2000:]
            logged = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            pytest.fail(f"{INSTALL}: {' '.join(command[:2])} failed:\n{said}\n{logged}")

    settings = (
        f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -F "
        "-c shared_buffers=16MB -c max_connections=40"
    )
    run(str(programs / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
        "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
    run(str(programs / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", settings,
        "-w", "-t", "60", "start")  # fmt: skip
    try:
        yield Server(port)
    finally:
        run(str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
