"""A tournament's pairings and standings as text, JSON and CSV (what the command line
prints and exports; the screens show the same words)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from rules.tournament.model import Pairing, Round, Tournament
from rules.tournament.standings import SHORT, SYSTEM_WORDS, SYSTEMS, Standing, standings

FORMAT_WORDS = {"round-robin": "round robin", "swiss": "Swiss"}
#: How a pairing stands, as `pairings --json` says it (the words the text uses).
STATUS_WORDS = {
    "pending": "to play",
    "played": "played",
    "postponed": "postponed",
    "forfeit": "forfeit",
}


def pairing_state(pairing: Pairing, shown: Callable[[str], str] = str) -> str:
    """How a pairing stands, in words (the winner's name as `shown` writes it)."""
    winner = shown(pairing.winner_name or "")
    said = {"played": f"{winner} won", "forfeit": f"{winner} won by forfeit"}
    return said.get(pairing.status, STATUS_WORDS[pairing.status])


def round_lines(tournament: Tournament, rnd: Round) -> list[str]:
    lines = [f"Round {rnd.number} of {tournament.rounds_planned}"]
    if tournament.rotation:
        lines[0] += f": {tournament.game_of(rnd.number)}"
    width = max((len(p.p1) + len(p.p2) for p in rnd.pairings), default=0) + 3
    for board, pairing in enumerate(rnd.pairings, 1):
        label = f"{pairing.p1} - {pairing.p2}"
        # A result typed in, not a game played here: it counts in the tournament only.
        typed = pairing.status == "played" and pairing.record_id is None
        by_hand = " (entered by hand)" if typed else ""
        lines.append(f"  {board}. {label.ljust(width)}  {pairing_state(pairing)}{by_hand}")
    if rnd.bye is not None:
        lines.append(f"  bye: {rnd.bye}")
    if rnd.absent:
        lines.append(f"  absent: {', '.join(rnd.absent)}")
    return lines


def pairings_text(tournament: Tournament, number: int | None = None) -> str:
    """Every round's pairings (or round `number`'s), and the postponed ones still to play."""
    rounds = [r for r in tournament.rounds if number is None or r.number == number]
    lines = [
        f"{tournament.name}: {FORMAT_WORDS[tournament.format]}, {tournament.games_text}, "
        f"best of {tournament.best_of}, {len(tournament.players)} players"
    ]
    for rnd in rounds:
        lines += ["", *round_lines(tournament, rnd)]
    postponed = [
        (r.number, p) for r in tournament.rounds for p in r.pairings if p.status == "postponed"
    ]
    if postponed:
        lines += ["", "Postponed, still to play"]
        lines += [f"  round {n}: {p.p1} - {p.p2}" for n, p in postponed]
    if len(tournament.rounds) < tournament.rounds_planned:
        lines += ["", f"Round {len(tournament.rounds) + 1} is paired when this one is complete."]
    return "\n".join(lines)


def pairings_json(tournament: Tournament, number: int | None = None) -> list[dict[str, object]]:
    """A list of rounds, each its pairs ({"p1", "p2", ...}) and its "bye"."""
    return [
        {
            "round": rnd.number,
            "pairs": [
                {
                    "p1": p.p1,
                    "p2": p.p2,
                    "status": STATUS_WORDS[p.status],
                    "winner": p.winner_name,
                    "record": p.record_id,
                }
                for p in rnd.pairings
            ],
            "bye": rnd.bye,
            "absent": list(rnd.absent),
        }
        for rnd in tournament.rounds
        if number is None or rnd.number == number
    ]


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def standings_title(tournament: Tournament) -> str:
    """`NAME: standings after 4 of 5 rounds`, saying what is still to play."""
    done = sum(
        1 for r in tournament.rounds if all(p.status in ("played", "forfeit") for p in r.pairings)
    )
    postponed = sum(1 for r in tournament.rounds for p in r.pairings if p.status == "postponed")
    title = f"{tournament.name}: standings after {done} of {tournament.rounds_planned} rounds"
    if postponed:
        title += f" ({postponed} postponed pairing{'s' if postponed > 1 else ''} still to play)"
    return title


def standings_text(tournament: Tournament, rows: list[Standing] | None = None) -> str:
    rows = standings(tournament) if rows is None else rows
    system = SYSTEMS[tournament.format]
    header = ("place", "name", "points", *(SHORT[t] for t in system), "won", "lost", "byes")
    table = [list(header)]
    for r in rows:
        figures = (r.points, *(value for _, value in r.tiebreaks))
        table.append(
            [str(r.place), r.name, *map(_number, figures), *map(str, (r.won, r.lost, r.byes))]
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = [standings_title(tournament)]
    for row in table:
        parts = [c.ljust(widths[i]) if i == 1 else c.rjust(widths[i]) for i, c in enumerate(row)]
        lines.append("  " + "  ".join(parts).rstrip())
    lines.append(SYSTEM_WORDS[tournament.format])
    return "\n".join(lines)


def export_standings(tournament: Tournament) -> Path:
    """The standings as CSV in the data folder's `exports/` (the screen's export): the
    file's path. OSError when it cannot be written."""
    from app.store.atomic_files import write_file
    from app.store.exports import exports_dir

    folder = exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", tournament.name).strip("-").lower()[:40] or "tournament"
    return write_file(folder / f"tournament-{slug}-standings.csv", standings_csv(tournament))


def standings_csv(tournament: Tournament) -> str:
    from app.store.exports import spreadsheet_csv

    system = SYSTEMS[tournament.format]
    columns = [t.lower().replace("-", "_").replace(" ", "_") for t in system]
    header = ["place", "name", "points", *columns, "played", "won", "lost", "byes"]
    rows = []
    for r in standings(tournament):
        figures = map(_number, (r.points, *(value for _, value in r.tiebreaks)))
        rows.append([r.place, r.name, *figures, r.played, r.won, r.lost, r.byes])
    return spreadsheet_csv(header, rows)
