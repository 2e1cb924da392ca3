"""The teacher's report as text (the command line and the Report screen) and as CSV."""

from __future__ import annotations

import csv
import io

from app.classroom.report.accuracy import kind_words
from app.classroom.report.gather import DIFFICULTIES, PlayerReport, Report
from rules.registry import GAME_IDS


def where_lines(report: Report) -> list[str]:
    return [
        "Everything in this report stays on this machine. It is read from:",
        f"  games, puzzles and ratings: {report.database}",
        "  moves, for accuracy: the game records in "
        f"{' and '.join(str(folder) for folder in report.records_folders)} "
        f"({report.records_read} finished {'game' if report.records_read == 1 else 'games'})",
    ]


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def player_lines(p: PlayerReport) -> list[str]:
    lines = [p.name]
    if p.games:
        games = "; ".join(
            f"{g.game} {g.played} played, {g.won} won, {g.lost} lost"
            for g in sorted(p.games.values(), key=lambda g: GAME_IDS.index(g.game)
                            if g.game in GAME_IDS else 99)
        )  # fmt: skip
        lines.append(f"  games: {games}")
    else:
        lines.append("  games: none counted")
    accuracy = p.judged.accuracy
    if accuracy is None:
        lines.append("  accuracy: no recorded moves to judge")
    else:
        lines.append(
            f"  accuracy: {round(accuracy * 100)}% of {p.judged.moves} moves kept the best "
            "value the solver gives"
        )
    top = p.top_mistakes()
    if top:
        lines.append("  mistakes made most often:")
        lines += [f"    {kind_words(*key)} ({_times(n)})" for key, n in top]
    if p.puzzles:
        parts = []
        for difficulty in DIFFICULTIES:
            solved, tried = p.puzzles.get(difficulty, [0, 0])
            parts.append(f"{difficulty} {solved} of {tried}")
        lines.append(f"  puzzles solved: {', '.join(parts)}")
    if p.puzzle_rating is not None:
        history = " → ".join(str(r) for r in p.rating_history[-8:])
        lines.append(f"  puzzle rating: {p.puzzle_rating} (history: {history})")
    if p.daily_done:
        lines.append(f"  daily puzzles: {p.daily_done} done, {p.daily_solved} solved")
    return lines


def report_text(report: Report) -> str:
    lines = ["Teacher's report" + (f" since {report.since}" if report.since else "")]
    lines += where_lines(report)
    if not report.players:
        lines += ["", "No players yet: every game between named players is counted here."]
    for p in report.players:
        lines += ["", *player_lines(p)]
    return "\n".join(lines)


def _safe(text: str) -> str:
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def report_csv(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["name", "games", "won", "lost"]
    for game in GAME_IDS:
        header += [f"{game}_played", f"{game}_won"]
    header += ["moves_judged", "accuracy_percent", "most_frequent_mistake"]
    for difficulty in DIFFICULTIES:
        header += [f"puzzles_{difficulty}_solved", f"puzzles_{difficulty}_tried"]
    header += ["puzzle_rating", "daily_done", "daily_solved"]
    writer.writerow(header)
    for p in report.players:
        played = sum(g.played for g in p.games.values())
        won = sum(g.won for g in p.games.values())
        row: list[object] = [_safe(p.name), played, won, played - won]
        for game in GAME_IDS:
            line = p.games.get(game)
            row += [line.played if line else 0, line.won if line else 0]
        accuracy = p.judged.accuracy
        top = p.top_mistakes(1)
        row += [
            p.judged.moves,
            "" if accuracy is None else round(accuracy * 100),
            kind_words(*top[0][0]) if top else "",
        ]
        for difficulty in DIFFICULTIES:
            solved, tried = p.puzzles.get(difficulty, [0, 0])
            row += [solved, tried]
        row += ["" if p.puzzle_rating is None else p.puzzle_rating, p.daily_done, p.daily_solved]
        writer.writerow(row)
    return out.getvalue()
