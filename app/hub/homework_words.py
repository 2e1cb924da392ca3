"""The student's open homework as data (`homework-list`, made here from the hub's records)
and in words, as both front ends say it: "Homework week1: 5 template puzzles, easy, due
Friday 2026-12-04" and then each its own way to do it ("type homework week1 to do it",
"press h to do it")."""

from __future__ import annotations

import datetime as dt
import json

from app.hub.protocol_class import Assignment
from app.hub.store_sql import AssignmentRow, HomeworkRow
from app.online.texts import their_words
from rules.puzzles.bank import bank


def due_words(due: str) -> str:
    """`2026-12-04` as "Friday 2026-12-04" (as sent when it is no date)."""
    try:
        day = dt.date.fromisoformat(due)
    except ValueError:
        return their_words(due, 10)
    return f"{day:%A} {due}"


def assignment_of(row: AssignmentRow, rows: list[HomeworkRow], done: int) -> Assignment:
    """Assignment `row` as a student has it: their puzzles `rows` (each a bank row's
    JSON), `done` of them done."""
    puzzles = [found for p in rows if isinstance(found := json.loads(p.puzzle), dict)]
    games = {str(p.get("game", "")) for p in puzzles}
    levels = {str(p.get("difficulty", "")) for p in puzzles}
    shipped = {p.id for p in bank()}
    own = sum(1 for p in puzzles if p.get("id") not in shipped)
    return Assignment(
        name=row.name,
        game=games.pop() if len(games) == 1 else "any",
        difficulty=levels.pop() if len(levels) == 1 else "",
        count=len(puzzles),
        own=own,
        due=row.due,
        done=done,
    )


def assignment_words(item: Assignment) -> str:
    """The assignment in a line: "Homework week1: 5 template puzzles, easy, due …"."""
    return f"Homework {their_words(item.name, 40)}: {what_words(item)}"


def what_words(item: Assignment) -> str:
    """What it asks and when: "5 template puzzles, easy, due Friday 2026-12-04" (", 2 of
    5 done" once some are)."""
    game = "" if item.game == "any" else f"{their_words(item.game, 32)} "
    puzzles = "puzzle" if item.count == 1 else "puzzles"
    what = f"{item.count} {game}{puzzles}"
    if item.difficulty:
        what += f", {their_words(item.difficulty, 16)}"
    if item.own:
        what += f", {'all' if item.own == item.count else item.own} from your own games' mistakes"
    done = f", {item.done} of {item.count} done" if 0 < item.done < item.count else ""
    return f"{what}, due {due_words(item.due)}{done}"


def listing_lines(items: list[Assignment], how: str) -> list[str]:
    """The open homework, a line each, with `how` to do it ("type homework {name}")."""
    if not items:
        return ["You have no homework to do."]
    return [
        f"{assignment_words(item)}: every puzzle is answered."
        if item.count and item.done >= item.count
        else f"{assignment_words(item)}: {how.format(name=their_words(item.name, 40))} to do it."
        for item in items
    ]
