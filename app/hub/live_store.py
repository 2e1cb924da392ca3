"""Live rounds in the hub's records (the tables `live_sessions`, `live_rounds` and
`live_answers` of `app/hub/store_sql.py`), so the report can read a session later: each
round's puzzle (the bank's row) and who was asked, each answer with its judgement, points
and seconds; and the names the class's projectors connected with (`live-project`), so
`assign` and the report leave them out even when they are not connected."""

from __future__ import annotations

import json

from app.hub.live import Answer, LiveOptions, Round
from app.hub.store_sql import HubStore, key_of

#: A projector's name in the table `meta`: this, then its folded name.
PROJECTOR = "projector:"


def new_session(store: HubStore, options: LiveOptions) -> int:
    rows, _ = store._execute(
        "INSERT INTO live_sessions (game_id, difficulty, seconds, rounds, speed_bonus) "
        "VALUES (?, ?, ?, ?, ?) RETURNING id",
        (
            options.game,
            options.difficulty,
            options.seconds,
            options.count,
            int(options.speed_bonus),
        ),
    )
    return int(rows[0][0])


def keep_round(store: HubStore, session: int, live: Round) -> int:
    """The round as it opened: its puzzle and how many were asked; its id."""
    rows, _ = store._execute(
        "INSERT INTO live_rounds (session, number, puzzle, asked) VALUES (?, ?, ?, ?) RETURNING id",
        (session, live.number, json.dumps(live.puzzle.to_bank()), len(live.asked)),
    )
    return int(rows[0][0])


def keep_answer(store: HubStore, round_id: int, answer: Answer) -> None:
    store._execute(
        "INSERT INTO live_answers (round, student, move, judgement, points, seconds) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            round_id,
            answer.name,
            answer.move,
            answer.judgement,
            answer.points,
            round(answer.seconds, 3),
        ),
    )


def keep_projector(store: HubStore, name: str) -> None:
    """`name` connected as the class's projector (kept for good: a projector is not a student)."""
    store._execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
        (PROJECTOR + key_of(name), name),
    )


def kept_projectors(store: HubStore) -> frozenset[str]:
    """The folded names every projector of the class connected with."""
    rows, _ = store._execute("SELECT key FROM meta WHERE key LIKE ?", (PROJECTOR + "%",))
    return frozenset(str(key).removeprefix(PROJECTOR) for (key,) in rows)
