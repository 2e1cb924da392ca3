"""The hub's records through one narrow interface (`HubStore`) whose SQL both databases
read: SQLite (`app/hub/store.py`) and PostgreSQL (`app/hub/store_pg.py`) only connect and
run a statement. The tables are made on first use.

A name is keyed by its folded form (`Ann` and `ann` are one student). A roster entry
without a token is a name the teacher admitted ahead (`admit NAME`, `--roster`): the
first student to join with it gets its token; a name with a token is refused to anyone
without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.hub.codes import new_class_code, token_fits

#: The tables, in SQL both dialects read; only a game's own number is said apart.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id {game_number}, game_id TEXT NOT NULL,
    player1 TEXT NOT NULL, player2 TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT '', record TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS live_sessions (
    id {game_number}, game_id TEXT NOT NULL, difficulty TEXT NOT NULL,
    seconds REAL NOT NULL, rounds INTEGER NOT NULL, speed_bonus INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS live_rounds (
    id {game_number}, session INTEGER NOT NULL, number INTEGER NOT NULL,
    puzzle TEXT NOT NULL, asked INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS live_answers (
    round INTEGER NOT NULL, student TEXT NOT NULL, move TEXT NOT NULL,
    judgement TEXT NOT NULL, points INTEGER NOT NULL, seconds REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS assignments (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, what TEXT NOT NULL, due TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS homework_puzzles (
    assignment TEXT NOT NULL, student TEXT NOT NULL, name TEXT NOT NULL,
    number INTEGER NOT NULL, puzzle TEXT NOT NULL, PRIMARY KEY (assignment, student, number)
);
CREATE TABLE IF NOT EXISTS homework_answers (
    assignment TEXT NOT NULL, student TEXT NOT NULL, number INTEGER NOT NULL,
    attempt INTEGER NOT NULL, move TEXT NOT NULL, is_right INTEGER NOT NULL,
    why TEXT NOT NULL, seconds REAL NOT NULL,
    PRIMARY KEY (assignment, student, number, attempt)
)
"""

#: What a statement gave: its rows (none for a change) and how many rows it changed.
Rows = tuple[list[tuple[Any, ...]], int]


class StoreProblem(ValueError):
    """The database cannot be used: the text says why, in words."""


@dataclass(frozen=True)
class Student:
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class GameRow:
    id: int
    game_id: str
    names: tuple[str, str]
    #: How it ended, in words ("" while it goes on, or when it stopped before its end).
    result: str


@dataclass(frozen=True)
class AssignmentRow:
    name: str
    #: What it asks, in words ("5 template puzzles, medium").
    what: str
    #: The last day answers are taken (YYYY-MM-DD).
    due: str


@dataclass(frozen=True)
class HomeworkRow:
    """A student's puzzle of an assignment: its number (from 1) and the bank's JSON."""

    student: str
    number: int
    puzzle: str


@dataclass(frozen=True)
class AnswerRow:
    """A try at a homework puzzle, as the hub judged it (`why`: a wrong move's refutation)."""

    number: int
    attempt: int
    move: str
    right: bool
    why: str
    seconds: float
    student: str = ""


def key_of(name: str) -> str:
    return name.casefold()


class HubStore:
    """The hub's records (see the module's docstring). A database's own class connects and
    runs a statement (`_run`, `?` for each parameter); the SQL lives here."""

    #: Where the records are, as the teacher may read it (a file, or a URL without its password).
    where: str
    #: The database driver's errors: they become a StoreProblem in words.
    errors: tuple[type[Exception], ...]

    def _run(self, sql: str, parameters: tuple[object, ...]) -> Rows:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _make_tables(self, game_number: str) -> None:
        for statement in _SCHEMA.format(game_number=game_number).split(";"):
            self._run(statement, ())

    def _execute(self, sql: str, parameters: tuple[object, ...] = ()) -> Rows:
        """Run `sql`; StoreProblem in words when the database fails (a full disk, a
        locked or damaged file, a server gone)."""
        try:
            return self._run(sql, parameters)
        except self.errors as error:
            raise StoreProblem(f"the class's database {self.where} failed: {error}") from None

    def class_code(self) -> str:
        """The class's code (made on the first start, the same ever after)."""
        rows, _ = self._execute("SELECT value FROM meta WHERE key = 'class_code'")
        if rows:
            return str(rows[0][0])
        self._execute(
            "INSERT INTO meta (key, value) VALUES ('class_code', ?) ON CONFLICT DO NOTHING",
            (new_class_code(),),
        )
        return self.class_code()  # (another hub on the same database may have made it first)

    # The roster

    def student(self, name: str) -> Student | None:
        rows, _ = self._execute(
            "SELECT name, token_hash FROM students WHERE key = ?", (key_of(name),)
        )
        return Student(*rows[0]) if rows else None

    def roster(self) -> list[Student]:
        rows, _ = self._execute("SELECT name, token_hash FROM students ORDER BY key")
        return [Student(name, hashed) for name, hashed in rows]

    def admit(self, name: str) -> bool:
        """Put `name` on the roster (without a token yet); False when it was there."""
        _, changed = self._execute(
            "INSERT INTO students (key, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (key_of(name), name),
        )
        return changed > 0

    def give_token(self, name: str, hashed: str) -> None:
        """`name` is on the roster with the token whose hash is `hashed`."""
        self._execute(
            "INSERT INTO students (key, name, token_hash) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET token_hash = excluded.token_hash",
            (key_of(name), name, hashed),
        )

    def token_fits(self, name: str, token: str) -> bool:
        student = self.student(name)
        return (
            student is not None
            and student.token_hash is not None
            and bool(token)
            and (token_fits(token, student.token_hash))
        )

    def remove(self, name: str) -> bool:
        """Take `name` off the roster (its token with it); False when it was not there."""
        _, changed = self._execute("DELETE FROM students WHERE key = ?", (key_of(name),))
        return changed > 0

    # The games

    def new_game(self, game_id: str, names: tuple[str, str]) -> int:
        rows, _ = self._execute(
            "INSERT INTO games (game_id, player1, player2) VALUES (?, ?, ?) RETURNING id",
            (game_id, *names),
        )
        return int(rows[0][0])

    def keep_record(self, game: int, record: str) -> None:
        """Game `game` so far: its record (`rules.records.GameRecord`) as JSON."""
        self._execute("UPDATE games SET record = ? WHERE id = ?", (record, game))

    def game_over(self, game: int, result: str) -> None:
        """Game `game` ended: `result` in words."""
        self._execute("UPDATE games SET result = ? WHERE id = ?", (result, game))

    def games(self) -> list[GameRow]:
        rows, _ = self._execute(
            "SELECT id, game_id, player1, player2, result FROM games ORDER BY id"
        )
        return [GameRow(i, g, (p1, p2), result) for i, g, p1, p2, result in rows]

    def record(self, game: int) -> str:
        rows, _ = self._execute("SELECT record FROM games WHERE id = ?", (game,))
        return str(rows[0][0]) if rows else ""

    # Homework (`app.hub.homework`): an assignment, each student's puzzles, their answers

    def new_assignment(self, name: str, what: str, due: str, puzzles: list[HomeworkRow]) -> bool:
        """Keep the assignment `name` (`what` it asks, in words) and each student's
        puzzles; False when the class has an assignment of that name already."""
        _, changed = self._execute(
            "INSERT INTO assignments (key, name, what, due) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (key_of(name), name, what, due),
        )
        for row in puzzles if changed else ():
            self._execute(
                "INSERT INTO homework_puzzles (assignment, student, name, number, puzzle) "
                "VALUES (?, ?, ?, ?, ?)",
                (key_of(name), key_of(row.student), row.student, row.number, row.puzzle),
            )
        return changed > 0

    def assignments(self) -> list[AssignmentRow]:
        rows, _ = self._execute("SELECT name, what, due FROM assignments ORDER BY due, key")
        return [AssignmentRow(*row) for row in rows]

    def assignment(self, name: str) -> AssignmentRow | None:
        rows, _ = self._execute(
            "SELECT name, what, due FROM assignments WHERE key = ?", (key_of(name),)
        )
        return AssignmentRow(*rows[0]) if rows else None

    def homework_puzzles(self, assignment: str, student: str | None = None) -> list[HomeworkRow]:
        """The puzzles of `assignment` (of one `student`, else of every student)."""
        sql = "SELECT name, number, puzzle FROM homework_puzzles WHERE assignment = ?"
        parameters: tuple[object, ...] = (key_of(assignment),)
        if student is not None:
            sql += " AND student = ?"
            parameters += (key_of(student),)
        rows, _ = self._execute(sql + " ORDER BY student, number", parameters)
        return [HomeworkRow(str(n), int(i), str(p)) for n, i, p in rows]

    def add_answer(self, assignment: str, student: str, answer: AnswerRow) -> bool:
        """Keep `student`'s answer; False when that try was kept already."""
        _, changed = self._execute(
            "INSERT INTO homework_answers (assignment, student, number, attempt, move, "
            "is_right, why, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (
                key_of(assignment),
                key_of(student),
                answer.number,
                answer.attempt,
                answer.move,
                int(answer.right),
                answer.why,
                answer.seconds,
            ),
        )
        return changed > 0

    def answers(self, assignment: str, student: str | None = None) -> list[AnswerRow]:
        """The answers kept for `assignment` (of one `student`, else everyone's), in order."""
        sql = (
            "SELECT a.student, p.name, a.number, a.attempt, a.move, a.is_right, a.why, a.seconds "
            "FROM homework_answers a JOIN homework_puzzles p ON p.assignment = a.assignment "
            "AND p.student = a.student AND p.number = a.number WHERE a.assignment = ?"
        )
        parameters: tuple[object, ...] = (key_of(assignment),)
        if student is not None:
            sql += " AND a.student = ?"
            parameters += (key_of(student),)
        rows, _ = self._execute(sql + " ORDER BY a.student, a.number, a.attempt", parameters)
        return [
            AnswerRow(int(i), int(t), str(m), bool(r), str(w), float(s), str(name))
            for _, name, i, t, m, r, w, s in rows
        ]
