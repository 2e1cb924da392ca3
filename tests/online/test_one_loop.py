"""Online play runs on the loop of the program it is in: `app/online`, and every module
that imports it, starts no thread, reads no `queue.Queue` and hands nothing across
threads; the full screen starts no program (the search helper process, app/process,
stays as it is)."""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
THREADS = re.compile(
    r"\bimport threading\b|\bthreading\.|\bimport queue\b|\bqueue\.Queue\b"
    r"|run_coroutine_threadsafe|call_from_thread|thread=True"
)


def _online_modules() -> list[Path]:
    found = sorted((APP / "online").glob("*.py"))
    for path in sorted(APP.rglob("*.py")):
        if path not in found and re.search(r"\bapp\.online\b", path.read_text("utf-8")):
            found.append(path)
    return found


def test_online_play_and_whatever_imports_it_use_no_threads_or_queues() -> None:
    modules = _online_modules()
    assert (
        APP / "tui" / "online_guest.py" in modules and APP / "plain" / "online_play.py" in modules
    )
    used = {
        str(path.relative_to(APP)): THREADS.findall(path.read_text("utf-8")) for path in modules
    }
    assert {path: found for path, found in used.items() if found} == {}


def test_the_full_screen_starts_no_program() -> None:
    started = [
        str(path.relative_to(APP))
        for path in sorted((APP / "tui").rglob("*.py"))
        if re.search(r"\bsubprocess\b", path.read_text("utf-8"))
    ]
    assert started == []
