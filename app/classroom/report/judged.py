"""Each finished game judged once, as it is kept, and its judgement stored
(app.store.judged_games), so the teacher's report reads judgements instead of solving
every game again, and covers games whose files have since been dropped.

- `judge_later(record)`: the keeper hands a finished game over at its end; the judge's
  thread (app.store.keep_writer.JUDGE) judges it in a helper process
  (app.process.search_process: the solver never holds this process's interpreter lock,
  nor its memory) and stores the judgement, and the replay's verdict the saved games'
  list shows (app.store.judged_games). Never raises: a game left unjudged is judged
  by the next report if its record is still there.
- `judged_text` / `judged_from_text`: a record's judgement (app.classroom.report.accuracy's
  `judge_record`, by name) as JSON text and back, the same judgement read as made.
- `analysis_at_end(game_id, options, moves)`: the judgement analyses each round of the
  game (rules.analysis), which is the analysis screen's whole question: the screen opened
  at a game's end takes it from here (as a future while the judge is at it) instead of
  judging the same moves again. The last `KEEP_ANALYSES` games' are kept.

This module imports neither the solver nor pydantic's models at its top: the keeper
imports it at a game's end, on the interface's thread.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.classroom.report.accuracy import Judged
    from app.process.search_process import SearchProcess
    from rules.analysis import Analysis
    from rules.records import GameRecord

#: Each round's options, moves and analysis, as the judgement made them.
Rounds = list[tuple[Any, list[str], "Analysis"]]


def ended_text(record: GameRecord) -> str:
    """When the game ended (its start if it has no end), ISO: the report's dates."""
    return (record.ended or record.started).isoformat()


def judged_text(record: GameRecord, analysed: Rounds | None = None) -> str:
    """Each person's judgement in `record` as JSON text (in the helper process); each
    round's analysis is added to `analysed`."""
    if not _judged(record):
        return "{}"  # (the computer's moves are not judged)
    from app.classroom.report.accuracy import judge_record

    found = judge_record(record, analysed)
    return json.dumps({name: _judged_json(judged) for name, judged in found.items()})


def _judged(record: GameRecord) -> bool:
    return any(player.kind == "human" for player in record.players)


def kept_judgement(record: GameRecord) -> tuple[str, bool, str, Rounds]:
    """`judged_text`, the replay's verdict for the saved games' list (in the helper
    process: a collect game's replay loads sympy), and each round's analysis."""
    from app.store.judged_games import verdict_of

    analysed: Rounds = []
    text = judged_text(record, analysed)
    return (text, *verdict_of(record), analysed)


def _judged_json(judged: Judged) -> dict[str, Any]:
    return {
        "moves": judged.moves,
        "accurate": judged.accurate,
        "mistakes": [[game, kind, n] for (game, kind), n in judged.mistakes.items()],
        "examples": [
            {
                "kind": kind,
                "game": example.game,
                "options": example.options.model_dump(mode="json"),
                "moves": list(example.moves),
                "best": list(example.best),
            }
            for (_, kind), example in judged.examples.items()
        ],
    }


def judged_from_text(text: str) -> dict[str, Judged] | None:
    """The judgement `judged_text` wrote, by name; None for text changed by hand."""
    from app.classroom.report.accuracy import KINDS, Example, Judged
    from rules.registry import GAME_IDS, get_game

    try:
        data = json.loads(text)
        found: dict[str, Judged] = {}
        for name, one in data.items():
            mistakes: Counter[tuple[str, str]] = Counter()
            for game, kind, count in one["mistakes"]:
                if game not in GAME_IDS or kind not in KINDS or type(count) is not int:
                    return None
                mistakes[(game, kind)] = count
            judged = Judged(int(one["moves"]), int(one["accurate"]), 1, mistakes)
            for example in one["examples"]:
                game, kind = example["game"], example["kind"]
                if game not in GAME_IDS or kind not in KINDS:
                    return None
                options = get_game(game).Options.model_validate(example["options"])
                moves = tuple(str(move) for move in example["moves"])
                best = tuple(str(move) for move in example["best"])
                judged.examples[(game, kind)] = Example(game, options, moves, best)
            found[str(name)] = judged
    except (ValueError, TypeError, KeyError, AttributeError):  # (pydantic's: a ValueError)
        return None
    return found


def judge_later(record: GameRecord) -> None:
    """Judge a finished game on the judge's thread and store its judgement in the
    statistics database at hand now."""
    from app.store import keep_writer
    from app.store.stats import stats_path

    if record.result is None:
        return
    path = stats_path()
    analyses: Future[Rounds] = Future()
    with _lock:
        _pending[0] += 1
        if _judged(record):
            moves = tuple(entry.move for entry in record.moves)
            _analyses[:] = [(record.game, moves, analyses), *_analyses[: KEEP_ANALYSES - 1]]
    try:
        keep_writer.hand_judging(lambda: _judge_and_store(record, path, analyses))
    except RuntimeError:  # the process is ending: the next report judges it
        analyses.set_result([])
        with _lock:
            _pending[0] -= 1


#: How many games' analyses are kept (the newest first).
KEEP_ANALYSES = 2
_analyses: list[tuple[str, tuple[str, ...], Future[Rounds]]] = []


def analysis_at_end(game_id: str, moves: Sequence[str]) -> Future[Rounds] | None:
    """The rounds' analyses of a game judged here whose moves end with `moves` (a future:
    the judge may still be at it; [] if it failed), or None: none was handed over."""
    tail = tuple(moves)
    with _lock:
        for game, played, analyses in _analyses:
            if game == game_id and tail and played[len(played) - len(tail) :] == tail:
                return analyses
    return None


def round_analysis(rounds: Rounds, options: Any, moves: Sequence[str]) -> Analysis | None:
    """The analysis of the round played with `options` and `moves`, if it was judged."""
    return next((a for o, m, a in rounds if o == options and m == list(moves)), None)


#: Seconds the judge waits before it starts (the game over dialog is drawn meanwhile):
#: what it imports and hands its helper competes with the dialog for the interpreter, and
#: the helper for the two cores (countdown to 1000, last move → game over: 129 → 104 ms).
JUDGE_AFTER = 0.15

#: Games handed to the judge and not judged yet; the helper process the judge uses (one
#: for games handed together, ended once none is waiting: no process is kept idle).
_pending = [0]
_lock = threading.Lock()
_helper: list[SearchProcess] = []


def _judge_and_store(record: GameRecord, path: Path, analyses: Future[Rounds]) -> None:
    from app.process.search_process import SearchProcess
    from app.store.judged_games import open_judged, record_digest, store_checked, store_judged

    time.sleep(JUDGE_AFTER)
    try:
        if not _helper:
            _helper.append(SearchProcess())
        text, replays, words, rounds = _helper[0].run(kept_judgement, record)
        analyses.set_result(rounds)
        path.parent.mkdir(parents=True, exist_ok=True)  # (as `connect` makes the data folder)
        with closing(open_judged(path)) as conn:
            store_judged(conn, [(record.id, record.game, ended_text(record), text)])
            store_checked(conn, [(record_digest(record), replays, words)])
    except Exception:  # (never said: the next report judges it if its record is there)
        return
    finally:
        if not analyses.done():
            analyses.set_result([])
        with _lock:
            _pending[0] -= 1
            last = _pending[0] == 0
        if last and _helper:
            _helper.pop().close()
