"""The helper process for long searches: answers, errors, cancelling, no process left."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from app.process.search_process import SearchCancelled, SearchFailed, SearchProcess
from rules.analysis import hint
from rules.registry import get_game


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (children, their children, ...), from /proc."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:  # (a thread, or the process, can end between the listing and the read)
                children = (task / "children").read_text().split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def helper_alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def test_answers_a_question_and_keeps_the_process() -> None:
    search = SearchProcess()
    try:
        state = get_game("conquest").replay(None, ["2", "3"])
        found = search.run(hint, "conquest", state)
        assert found.move is not None and found.winner == 1
        pid = search.pid
        assert search.run(hint, "conquest", state) == found
        assert search.pid == pid  # the same helper answered both
    finally:
        search.close()
    assert not helper_alive(pid)


def test_an_error_in_the_search_is_reported_not_raised_as_is() -> None:
    search = SearchProcess()
    try:
        with pytest.raises(SearchFailed, match="ValueError"):
            search.run(int, "not a number")
        assert search.run(abs, -3) == 3  # the helper survives its question's error
    finally:
        search.close()


def test_cancel_ends_a_running_search_and_leaves_no_process() -> None:
    search = SearchProcess()
    outcome: list[BaseException | object] = []

    def ask() -> None:
        try:
            outcome.append(search.run(time.sleep, 60))
        except BaseException as error:
            outcome.append(error)

    asker = threading.Thread(target=ask)
    asker.start()
    while search.pid is None or not helper_alive(search.pid):
        time.sleep(0.01)
    pid = search.pid
    assert pid in descendants_of_us()
    search.cancel()
    asker.join(5)
    assert not asker.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], SearchCancelled)
    assert not helper_alive(pid)
    assert pid not in descendants_of_us()
    # The next question starts a fresh helper.
    try:
        assert search.run(abs, -2) == 2
        assert search.pid != pid
    finally:
        search.close()


def test_cancel_without_a_search_is_harmless() -> None:
    search = SearchProcess()
    search.cancel()
    search.cancel()
    assert not search.running


def descendants_of_us() -> set[int]:
    return descendants(os.getpid())
