"""The full screen keeps a game's moves off the interface's thread (app.store.keep_writer): the
writes in the order the moves were played, the game's first write (and what it has to
tell) at once, and a move on the screen always in its file."""

from __future__ import annotations

import threading

from app.store import keep_writer, storage, unfinished
from app.store.keep_writer import Writer
from app.store.kept_games import keep_unfinished
from app.tui.app import EquationDuelApp
from rules.records import record_from_moves
from tests.app.tui_support import SIZE, game_screen

MOVES = ["6", "3", "6", "8", "1", "1", "9", "5", "2", "4"]  # a conquest game left undecided


def kept_moves() -> list[list[str]]:
    records = [storage.load_autosave(path) for path in unfinished.scan().games]
    return [[move.move for move in record.moves] for record in records if record is not None]


def test_the_writer_runs_the_jobs_in_the_order_handed_and_waits_for_all() -> None:
    writer, done, start = Writer(), [], threading.Event()
    writer.hand(start.wait)  # the first job holds the others back until all are handed
    for number in range(50):
        writer.hand(lambda number=number: done.append(number))
    assert done == []
    start.set()
    writer.wait()
    assert done == list(range(50))
    writer.wait()  # nothing handed: at once


def test_a_job_that_fails_stops_none_after_it() -> None:
    writer, done = Writer(), []

    def fails() -> None:
        raise OSError("disk full")

    writer.hand(fails)
    writer.hand(lambda: done.append("after"))
    writer.wait()
    assert done == ["after"]


def test_the_first_keep_is_written_at_once_and_the_later_ones_in_order() -> None:
    game = record_from_moves("conquest", None, MOVES[:1])  # one game, a move more each time
    records = [
        record_from_moves("conquest", None, MOVES[:count]).model_copy(update={"id": game.id})
        for count in range(1, 11)
    ]
    first = keep_unfinished(records[0], background=True)
    assert first.path is not None and first.path.exists()  # no wait: written already
    for record in records[1:]:
        assert keep_unfinished(record, background=True).path == first.path
    keep_writer.wait()
    assert kept_moves() == [MOVES]


async def test_a_move_on_the_screen_is_in_the_kept_file() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        for count, move in enumerate(MOVES, start=1):
            await pilot.press(move)
            await pilot.pause()
            assert len(game_screen(app).moves) == count
            assert kept_moves() == [MOVES[:count]]
