"""An assignment's report (the console's `report NAME [--csv FILE]`): per student done /
right first time / right after a retry / missed / not answered and the time taken; per
puzzle the class's success rate and the most common wrong move with why it loses (the
hub's own verdict, kept with the answer). The CSV goes through the project's one file
writer (`app.store.atomic_files.write_file`: no FIFO, device or link is written)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from app.hub.homework_judge import puzzle_from
from app.hub.homework_words import due_words
from app.hub.live_store import kept_projectors
from app.hub.store_sql import AnswerRow, HubStore
from app.store.atomic_files import write_file
from app.store.exports import spreadsheet_csv
from rules.puzzles.model import Puzzle
from rules.puzzles.words import move_words
from rules.registry import GAME_INFO

#: Puzzles drawn in the PDF at most (an assignment from each student's mistakes has many).
PDF_PUZZLES = 60

COLUMNS = (
    "student",
    "puzzles",
    "done",
    "right first time",
    "right after a retry",
    "missed",
    "a try left",
    "not answered",
    "seconds",
)
PUZZLE_COLUMNS = (
    "puzzle",
    "game",
    "difficulty",
    "puzzle id",
    "students given it",
    "answered",
    "right first time",
    "right after a retry",
    "missed",
    "success rate",
    "most common wrong move",
    "played by",
    "why it loses",
    "winning moves",
)


@dataclass
class StudentFigures:
    name: str
    puzzles: int
    first: int = 0
    retry: int = 0
    missed: int = 0
    #: Puzzles answered wrong once, with a try left.
    try_left: int = 0
    seconds: float = 0.0

    @property
    def not_answered(self) -> int:
        return self.puzzles - self.first - self.retry - self.missed - self.try_left

    @property
    def done(self) -> bool:
        return self.not_answered == 0

    def row(self) -> list[str]:
        figures = (self.puzzles, "yes" if self.done else "no", self.first, self.retry)
        rest = (self.missed, self.try_left, self.not_answered, f"{self.seconds:.0f}")
        return [self.name, *map(str, figures), *map(str, rest)]


@dataclass
class PuzzleFigures:
    """A puzzle (by its position) across the class."""

    first_number: int
    words: str
    puzzle: Puzzle
    #: Students given it; who answered it (a first try); right first time, after a
    #: retry; missed (wrong twice).
    given: int = 0
    tried: int = 0
    right: int = 0
    first: int = 0
    missed: int = 0
    #: Each wrong move by how many students played it (a student counts once a puzzle:
    #: their first wrong move, not its retry).
    wrong: Counter[str] = field(default_factory=Counter)
    wrong_by: set[str] = field(default_factory=set)
    why: dict[str, str] = field(default_factory=dict)

    @property
    def retry(self) -> int:
        return self.right - self.first

    def rate(self) -> str:
        """`20 of 25 right` (who answered it), or `not tried yet`."""
        return f"{self.right} of {self.tried} right" if self.tried else "not tried yet"

    def most_common(self) -> tuple[str, str, int] | None:
        """The most common wrong move in words, why it loses, how many played it."""
        if not self.wrong:
            return None
        move, times = self.wrong.most_common(1)[0]
        return move_words(self.puzzle.game, self.puzzle.state(), move), self.why[move], times


def figures(store: HubStore, name: str) -> tuple[list[StudentFigures], list[PuzzleFigures]]:
    """The report's figures for assignment `name` (ValueError when there is none)."""
    row = store.assignment(name)
    if row is None:
        names = [kept.name for kept in store.assignments()]
        known = f"the assignments: {', '.join(names[-12:])}" if names else "none is set yet"
        raise ValueError(f"there is no assignment called {name[:40]} ({known})")
    answers = store.answers(row.name)
    answered = {answer.student for answer in answers}
    projectors = kept_projectors(store)  # (given it before they were known: left out)
    rows = [
        kept
        for kept in store.homework_puzzles(row.name)
        if kept.student in answered or kept.student.casefold() not in projectors
    ]
    students: dict[str, StudentFigures] = {}
    puzzles: dict[str, PuzzleFigures] = {}
    ids: dict[tuple[str, int], str] = {}
    for kept in rows:
        student = students.setdefault(kept.student, StudentFigures(kept.student, 0))
        student.puzzles += 1
        puzzle = puzzle_from(kept.puzzle)
        ids[kept.student, kept.number] = puzzle.id
        words = f"{GAME_INFO[puzzle.game].name}, {puzzle.difficulty}, {puzzle.id}"
        puzzles.setdefault(puzzle.id, PuzzleFigures(kept.number, words, puzzle)).given += 1
    for answer in answers:
        _count(students[answer.student], puzzles[ids[answer.student, answer.number]], answer)
    ordered = sorted(students.values(), key=lambda s: s.name.casefold())
    return ordered, sorted(puzzles.values(), key=lambda p: p.first_number)


def _count(student: StudentFigures, puzzle: PuzzleFigures, answer: AnswerRow) -> None:
    student.seconds += answer.seconds
    if answer.attempt == 1:
        puzzle.tried += 1
    student.try_left += 1 if answer.attempt == 1 and not answer.right else 0
    student.try_left -= 1 if answer.attempt >= 2 else 0  # (after a wrong first try)
    if answer.right:
        puzzle.right += 1
        if answer.attempt == 1:
            student.first += 1
            puzzle.first += 1
        else:
            student.retry += 1
        return
    if answer.student not in puzzle.wrong_by:
        puzzle.wrong_by.add(answer.student)
        puzzle.wrong[answer.move] += 1
        puzzle.why.setdefault(answer.move, answer.why)
    if answer.attempt >= 2:
        student.missed += 1
        puzzle.missed += 1


def report_lines(store: HubStore, name: str) -> list[str]:
    try:
        students, puzzles = figures(store, name)
    except ValueError as error:
        return [f"No report: {error}."]
    row = store.assignment(name)
    assert row is not None
    done = sum(s.done for s in students)
    lines = [
        f"{row.name}: {row.what}, due {due_words(row.due)}. Done by {done} of {len(students)}."
    ]
    for s in students:
        lines.append(
            f"{s.name}: {'done' if s.done else 'not done'}; right first time {s.first}, "
            f"right after a retry {s.retry}, missed {s.missed}, "
            + (f"wrong once with a try left {s.try_left}, " if s.try_left else "")
            + f"not answered {s.not_answered}, in {_time(s.seconds)}."  # (one "; ", no list)
        )
    for number, p in enumerate(puzzles, 1):
        line = f"Puzzle {number} ({p.words}): {p.rate()}."
        common = p.most_common()
        if common is not None:
            line += f" Most common wrong move ({common[2]}×): {common[1]}"
        lines.append(line)
    return lines


def _time(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def csv_text(store: HubStore, name: str) -> str:
    """The CSV of the students: a row a student."""
    students, _ = figures(store, name)
    return spreadsheet_csv(COLUMNS, [student.row() for student in students])


def puzzles_csv_text(store: HubStore, name: str) -> str:
    """The CSV of the puzzles: a row a puzzle, its moves in words."""
    from app.classroom.worksheet.sheet import winning_choices

    rows = []
    for number, p in enumerate(figures(store, name)[1], 1):
        state = p.puzzle.state()
        common = p.most_common() or ("", "", 0)
        wins = [move_words(p.puzzle.game, state, move) for move in winning_choices(p.puzzle)]
        rate = f"{round(100 * p.right / p.tried)}%" if p.tried else ""
        figures_ = (p.given, p.tried, p.first, p.retry, p.missed)
        head = [str(number), GAME_INFO[p.puzzle.game].name, p.puzzle.difficulty, p.puzzle.id]
        tail = [rate, common[0], str(common[2] or ""), common[1], "; or ".join(wins)]
        rows.append([*head, *map(str, figures_), *tail])
    return spreadsheet_csv(PUZZLE_COLUMNS, rows)


def puzzles_path(path: Path) -> Path:
    """Where the puzzles' CSV goes: beside the students', `week1.csv` -> `week1-puzzles.csv`."""
    return path.with_name(f"{path.stem}-puzzles{path.suffix}")


def write_csv(store: HubStore, name: str, path: Path) -> str:
    """Write the students' CSV to `path` and the puzzles' beside it; what happened, in words."""
    beside = puzzles_path(path)
    try:
        students, puzzles = csv_text(store, name), puzzles_csv_text(store, name)
        write_file(path, students)
        write_file(beside, puzzles)
    except (ValueError, OSError) as error:
        return f"The CSV was not written: {getattr(error, 'strerror', None) or error}."
    return (  # (where, in full: the hub's folder is not where a teacher looks)
        f"The report of {name} is written to {path.absolute()} (a row a student) and "
        f"{beside.absolute()} (a row a puzzle)."
    )


def report_pdf(store: HubStore, name: str) -> bytes:
    """The report as a PDF: its lines, then each puzzle drawn as the worksheets draw it,
    with the class's results for it and its winning moves (fpdf2, the classroom extra)."""
    from app.classroom.worksheet.pdf import Sheet, worksheet_pdf
    from app.classroom.worksheet.sheet import sheet_puzzles

    students, every = figures(store, name)
    puzzles = every[:PDF_PUZZLES]
    table = [[c.capitalize() for c in COLUMNS[:-1]] + ["Time"]] if students else []
    table += [[*s.row()[:-1], _time(s.seconds)] for s in students]
    items = sheet_puzzles([p.puzzle for p in puzzles])
    pairs = zip(puzzles, items, strict=True)
    results = [results_lines(p, item.answers, item.reason) for p, item in pairs]
    sheet = Sheet(f"Homework {name}: the results")
    heading = report_lines(store, name)[:1]  # (each puzzle's line is in its box)
    if len(every) > len(puzzles):
        heading.append(
            f"The puzzles drawn here are the first {len(puzzles)} of {len(every)}; the "
            "report's CSV has every one."
        )
    return worksheet_pdf(items, sheet, summary=heading, results=results, table=table)[0]


def results_lines(p: PuzzleFigures, wins: tuple[str, ...], reason: str) -> list[str]:
    """A puzzle's box on the teacher's report: the class's shares, its most common wrong
    move with why it loses, and the winning moves in words."""
    given = f"{p.given} student{'s were' if p.given != 1 else ' was'} given it"
    if not p.tried:
        lines = [f"The class: {given}; no one has answered it yet."]
    else:
        shares = [
            f"{_share(p.first, p.tried)} right first time",
            f"{_share(p.retry, p.tried)} right after a retry",
            f"{_share(p.missed, p.tried)} missed",
        ]
        waiting = p.tried - p.right - p.missed
        if waiting:
            shares.append(f"{_share(waiting, p.tried)} wrong once, with a try left")
        lines = [f"The class: {given}, {p.tried} answered it: " + ", ".join(shares) + "."]
    common = p.most_common()
    if common is not None:
        times = f"{common[2]} student{'s' if common[2] != 1 else ''}"
        lines.append(f"The most common wrong move ({times}): {common[1]}")
    rest = [win[:1].lower() + win[1:] for win in wins[1:]]
    lines.append("Wins: " + "; or ".join([*wins[:1], *rest]) + f". Why: {reason}")
    return lines


def _share(count: int, of: int) -> str:
    return f"{count} ({round(100 * count / of)}%)"


def write_pdf(store: HubStore, name: str, path: Path) -> str:
    """Write the PDF to `path`; what happened, in words."""
    try:
        import fpdf  # noqa: F401
    except ImportError:
        return "The PDF needs fpdf2: pip install 'equation-duel[classroom]'."
    try:
        write_file(path, report_pdf(store, name))
    except (ValueError, OSError) as error:
        return f"The PDF was not written: {getattr(error, 'strerror', None) or error}."
    return f"The report of {name} is drawn in {path.absolute()}."
