"""The game screen's searches: questions to the solver, asked from Textual workers and
answered by one helper process per screen (its solver tables belong to that game).

An async worker awaits the answer in a thread (`asyncio.to_thread`), so neither the
interface's thread nor the interpreter's lock is held while the solver thinks; back on
the screen's thread, `answered(answer)` or `failed(sentence)` is called. `cancel()`
drops every open question and ends a search under way (the helper is killed; the next
question starts a fresh one): the screen calls it whenever the position changes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from textual.dom import DOMNode
from textual.worker import Worker, get_current_worker

from app.process.helper_tasks import warm_up
from app.process.search_process import SearchCancelled, SearchFailed, SearchProcess

T = TypeVar("T")


@dataclass(frozen=True)
class FollowUp:
    """The next question a worker asks, the answer to the last having led to it."""

    function: Callable[..., Any]
    args: tuple[object, ...]
    answered: Callable[[Any], object]


class Searches:
    """Questions to the solver for `node` (the game screen), one at a time."""

    def __init__(self, node: DOMNode) -> None:
        self._node = node
        self.process = SearchProcess()
        self._lock = asyncio.Lock()
        #: How many questions are with the helper process now (0 or 1).
        self._asking = 0
        self._open: set[Worker[None]] = set()

    @property
    def busy(self) -> bool:
        return bool(self._open)

    def ask(
        self,
        group: str,
        function: Callable[..., T],
        args: tuple[object, ...],
        answered: Callable[[T], object],
        failed: Callable[[str], None],
    ) -> Worker[None]:
        """Ask `function(*args)` (both must pickle), dropping an open one of `group` first.
        When `answered` returns a `FollowUp`, the same worker asks that next."""
        self.drop(group)
        worker: Worker[None] = self._node.run_worker(
            self._ask(function, args, answered, failed),
            name=group,
            group=group,
            exit_on_error=False,
        )
        self._open.add(worker)
        return worker

    async def _ask(
        self,
        function: Callable[..., Any],
        args: tuple[object, ...],
        answered: Callable[[Any], object],
        failed: Callable[[str], None],
    ) -> None:
        me = get_current_worker()
        try:
            while True:
                try:
                    async with self._lock:  # one question at a time in the helper
                        self._asking += 1
                        try:
                            answer = await asyncio.to_thread(self.process.run, function, *args)
                        except asyncio.CancelledError:
                            self.process.cancel()  # the worker went: its search goes too
                            raise
                        finally:
                            self._asking -= 1
                except SearchCancelled:
                    if me.is_cancelled or not self._node.is_attached:
                        return  # dropped, or the app is quitting: nobody waits for it
                    why = "the search stopped before it answered"
                except SearchFailed as error:
                    why = error.detail
                except Exception as error:  # e.g. a question that does not pickle
                    why = str(error) or type(error).__name__
                else:
                    self._open.discard(me)
                    follow = answered(answer)
                    if not isinstance(follow, FollowUp) or me.is_cancelled:
                        return
                    self._open.add(me)
                    function, args, answered = follow.function, follow.args, follow.answered
                    continue
                self._open.discard(me)
                failed(why)
                return
        finally:
            self._open.discard(me)

    def warm_up(self, game_id: str) -> Worker[None]:
        """Start the helper and import `game_id`'s search now (not a question: `busy` stays
        False)."""
        return self._node.run_worker(
            self._warm_up(game_id), name="warm-up", group="warm-up", exit_on_error=False
        )

    async def _warm_up(self, game_id: str) -> None:
        async with self._lock:
            with contextlib.suppress(SearchCancelled, SearchFailed):
                await asyncio.to_thread(self.process.run, warm_up, game_id)

    def drop(self, group: str) -> None:
        for stale in [w for w in self._open if w.group == group]:
            self._drop(stale)

    def _drop(self, worker: Worker[None]) -> None:
        self._open.discard(worker)
        worker.cancel()

    def cancel(self) -> None:
        for worker in list(self._open):
            self._drop(worker)
        if self._asking:
            self.process.cancel()

    def close(self) -> None:
        self.cancel()
        self.process.close()
