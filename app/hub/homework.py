"""Homework on the hub (issue 39): the teacher sets an assignment from the console
(`assign NAME --game G|any --difficulty D --count N --due YYYY-MM-DD [--to NAME ...]
[--from-mistakes]`), a fixed set of puzzles per student kept in the hub's records; a
student lists theirs and answers each puzzle (its first move) with one retry; the hub
judges every answer (`app.hub.homework_judge`) and keeps it for the report
(`app.hub.homework_report`); the lobby's part is `app.hub.homework_desk`.

Decided here: every student of a bank assignment gets the same puzzles (drawn once, so
the report can compare them); `--from-mistakes` gives each student the positions where
they threw a win away in their hub games (their latest `MISTAKE_GAMES`), topped up from
the bank when they have fewer (said in words). Answers are taken until the end of the
due day (the hub's date); a late answer is refused in words and not kept.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.hub.challenge import Flags
from app.hub.homework_judge import puzzle_json
from app.hub.homework_words import due_words
from app.hub.live_store import kept_projectors
from app.hub.store_sql import HomeworkRow, HubStore
from rules.base import PlayerNo
from rules.names import NameProblem, clean_name
from rules.puzzles.bank import puzzles_of
from rules.puzzles.judge import offered
from rules.puzzles.model import DIFFICULTIES, Puzzle
from rules.records import GameRecord
from rules.registry import GAME_IDS

#: Puzzles an assignment holds at most (they travel in one message).
MAX_COUNT = 12
#: A student's latest hub games searched for their mistakes.
MISTAKE_GAMES = 10
TRIES = 2
FAILED = "Homework: the class's records failed, try again soon."
Today = Callable[[], dt.date]


class AssignProblem(ValueError):
    """The assignment cannot be set: the message says why, in words."""


def _parser() -> Flags:
    parser = Flags("assign", allow_abbrev=True)
    parser.add_argument("name")
    parser.add_argument("--game", default="any", choices=["any", *GAME_IDS])
    parser.add_argument("--difficulty", default="medium", choices=DIFFICULTIES)
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--due", required=True)
    parser.add_argument("--to", nargs="+", default=[])
    parser.add_argument("--from-mistakes", action="store_true")
    return parser


def bank_set(game: str, difficulty: Any, count: int, seed: str) -> list[Puzzle]:
    """`count` puzzles of the bank (fewer if it has fewer), the same for the same seed."""
    games = [game] if game != "any" else [g for g in GAME_IDS if difficulty in offered(g)]
    found = [p for g in games for p in puzzles_of(g, difficulty)]
    if not found:
        raise AssignProblem(f"the puzzle bank has no {difficulty} puzzles for {game} game")
    return random.Random(seed).sample(found, min(count, len(found)))


def records_of(store: HubStore, name: str) -> list[str]:
    """The records of `name`'s latest finished hub games (`MISTAKE_GAMES`), newest first."""
    theirs = [row for row in store.games() if name in row.names and row.result]
    return [store.record(row.id) for row in reversed(theirs[-MISTAKE_GAMES:])]


def mistakes_in(records: list[str], name: str, count: int) -> list[Puzzle]:
    """The positions of these games where `name` threw a win away (the solver's work:
    no database here, so it may run off the hub's loop)."""
    from rules.puzzles.mistakes import mistakes

    found: dict[str, Puzzle] = {}
    for text in records:
        try:
            record = GameRecord.model_validate_json(text)
            if record.best_of != 1 or len(record.rounds) > 1:
                continue
            seat: PlayerNo = 1 if record.names[0] == name else 2
            moves = [entry.move for entry in record.moves]
            for puzzle in mistakes(record.game, dict(record.options), moves, seat):
                found.setdefault(puzzle.id, puzzle)
        except Exception:  # (a damaged record: nothing to learn from it)
            continue
    return list(found.values())[:count]


@dataclass
class Plan:
    """An assignment checked and its records read, before the solver's search (`search`)
    and the keeping (`keep_assignment`)."""

    args: argparse.Namespace
    names: list[str]
    records: dict[str, list[str]]
    lines: list[str] = field(default_factory=list)
    rows: list[HomeworkRow] = field(default_factory=list)


def plan_assignment(
    store: HubStore, line: str, today: dt.date, skip: frozenset[str] = frozenset()
) -> Plan | list[str]:
    """The console's `assign` (the rest of its line) checked: a plan, or why not in words.
    `skip`: names on the roster that are not students (the class's projectors connected
    now; those that ever connected are read from the records), left out unless `--to`
    names them."""
    try:
        args = _parser().parse_args(shlex.split(line))
        due = dt.date.fromisoformat(args.due)
        args.name = clean_name(args.name, limit=40)
    except (AssignProblem, argparse.ArgumentError, ValueError, NameProblem) as error:
        return [f"That assignment cannot be set: {error}.", USAGE]
    if due < today:
        return [f"The due date {args.due} is in the past: give today or a later day."]
    if not 1 <= args.count <= MAX_COUNT:
        return [f"--count takes 1 to {MAX_COUNT} puzzles."]
    skip = skip | kept_projectors(store)  # (connected now, or ever: `live-project`)
    roster = [s.name for s in store.roster() if s.name.casefold() not in skip]
    names = roster if not args.to else args.to
    known = {s.name.casefold(): s.name for s in store.roster()}
    strangers = [n for n in names if n.casefold() not in known]
    if strangers:
        return [f"{', '.join(strangers)[:200]}: not on the roster (admit them first)."]
    if not names:
        return ["Nobody is on the roster yet: admit the students first."]
    if store.assignment(args.name) is not None:
        return [f"There is an assignment called {args.name} already: choose another name."]
    names = [known[n.casefold()] for n in names]
    records = {n: records_of(store, n) for n in names} if args.from_mistakes else {}
    return Plan(args, names, records)


def search(plan: Plan) -> None:
    """Each student's puzzles (the solver's work, no database: off the loop)."""
    args = plan.args
    shared = bank_set(args.game, args.difficulty, args.count, f"homework:{args.name}")
    for name in plan.names:
        puzzles = shared
        if args.from_mistakes:
            own = mistakes_in(plan.records[name], name, args.count)
            puzzles = own + [p for p in shared if p.id not in {o.id for o in own}]
            puzzles = puzzles[: args.count]
            if len(own) < len(puzzles):
                plan.lines.append(
                    f"{name} has {len(own) or 'no'} position{'' if len(own) == 1 else 's'} "
                    f"of their own in the hub's games: {len(puzzles) - len(own)} from the bank."
                )
        plan.rows += [HomeworkRow(name, i, puzzle_json(p)) for i, p in enumerate(puzzles, 1)]


def keep_assignment(store: HubStore, plan: Plan) -> list[str]:
    args = plan.args
    game_words = "" if args.game == "any" else f"{args.game} "
    puzzles = "puzzle" if args.count == 1 else "puzzles"
    what = f"{args.count} {game_words}{puzzles} ({args.difficulty})"
    if args.from_mistakes:
        what = f"{args.count} {puzzles} from each student's own mistakes"
    if not store.new_assignment(args.name, what, args.due, plan.rows):
        return [f"There is an assignment called {args.name} already: choose another name."]
    students = f"{len(plan.names)} student{'' if len(plan.names) == 1 else 's'}"
    return [*plan.lines, f"{args.name} is set: {what}, due {due_words(args.due)}, for {students}."]


async def assign_off_loop(
    store: HubStore, line: str, today: dt.date, skip: frozenset[str] = frozenset()
) -> list[str]:
    """`assign`, with the solver's search in a thread: the hub's loop goes on meanwhile."""
    plan = plan_assignment(store, line, today, skip)
    if isinstance(plan, list):
        return plan
    try:
        await asyncio.to_thread(search, plan)
    except AssignProblem as error:
        return [f"That assignment cannot be set: {error}."]
    return keep_assignment(store, plan)


USAGE = (
    "Type assign NAME --due YYYY-MM-DD [--game GAME|any] [--difficulty easy|medium|hard] "
    "[--count N] [--to NAME ...] [--from-mistakes]."
)
