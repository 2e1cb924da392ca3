"""The statistics as text: the tables `equation-duel stats` prints, and the words the
statistics screen shares with them (a streak, the rows left out)."""

from __future__ import annotations

from collections.abc import Sequence

from app.store.stats_rows import Summary


def unreadable_text(count: int) -> str:
    """`2 unreadable results left out` (empty for none)."""
    if count <= 0:
        return ""
    return f"{count} unreadable {'result' if count == 1 else 'results'} left out"


def streak_text(streak: int) -> str:
    """`W3` for three wins in a row, `L2` for two losses, `-` for none."""
    if streak == 0:
        return "-"
    return f"W{streak}" if streak > 0 else f"L{-streak}"


def format_summary(stats: Summary) -> str:
    """The statistics as plain text tables (what `equation-duel stats` prints)."""
    left_out = unreadable_text(stats.unreadable)
    if stats.games == 0:
        return "\n".join(["No games recorded yet.", *([left_out] if left_out else [])])
    lines = [f"Games recorded: {stats.games}", *([left_out] if left_out else [])]
    for heading, computer in (("Players", False), ("Computer players", True)):
        rows = [p for p in stats.players if (p.name in stats.computers) == computer]
        if not rows and computer:
            continue
        lines += ["", heading]
        lines += _table(
            ("name", "game", "played", "won", "win rate", "streak"),
            [
                (
                    p.shown,
                    p.game,
                    p.played,
                    p.won,
                    f"{round(p.win_rate * 100)}%",
                    streak_text(p.streak),
                )
                for p in rows
            ],
        )
    if stats.head_to_head:
        lines += ["", "Head to head"]
        lines += _table(
            ("players", "game", "played", "score"),
            [
                (f"{h.first} vs {h.second}", h.game, h.played, f"{h.first_won}-{h.second_won}")
                for h in stats.head_to_head
            ],
        )
    if stats.against_computer:
        lines += ["", "Against the computer"]
        lines += _table(
            ("name", "game", "level", "played", "won", "lost"),
            [(a.name, a.game, a.level, a.played, a.won, a.lost) for a in stats.against_computer],
        )
    return "\n".join(lines)


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    numeric = [
        all(_numeric(row[i]) for row in cells[1:]) and bool(rows) for i in range(len(header))
    ]
    lines = []
    for row in cells:
        parts = [
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  " + "  ".join(parts).rstrip())
    return lines


def _numeric(text: str) -> bool:
    return text.rstrip("%").replace("-", "").isdigit()
