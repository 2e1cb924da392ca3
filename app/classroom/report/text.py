"""The teacher's report as text (the command line and the Report screen) and as CSV."""

from __future__ import annotations

import re

from app.classroom.report.accuracy import Example, kind_words
from app.classroom.report.gather import DIFFICULTIES, PlayerReport, Report
from rules.names import strip_controls
from rules.registry import GAME_IDS, GAME_INFO, get_game


def where_lines(report: Report) -> list[str]:
    return [
        "Everything in this report stays on this machine. It is read from:",
        f"  games, puzzles and ratings: {report.database}",
        "  moves, for accuracy: each finished game, judged once as it was kept (stored "
        "there too), or read from "
        f"{' and '.join(str(folder) for folder in report.records_folders)} "
        f"({report.records_read} finished {'game' if report.records_read == 1 else 'games'})",
    ]


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _minus(text: str) -> str:
    """A negative number as players read it (−2, never -2)."""
    return re.sub(r"(?<![\w)])-(?=\d)", "−", text)


def try_this(example: Example, name: str) -> str:
    """The position of a mistake as a puzzle to try, with the best move there, in words."""
    from rules.analysis import hint
    from rules.puzzles.words import move_words, position_words

    game = get_game(example.game)
    state = game.new(example.options)
    for move in example.moves:
        state = game.play_text(state, move)
    where = " ".join(_minus(line) for line in position_words(example.game, state))
    quickest = hint(example.game, state).move  # the solver's: the quickest win
    best = move_words(example.game, state, quickest or example.best[0])
    return f"{where} {name} (Player {game.to_move(state)}) to move; best: {_minus(best)}."


def practise_line(p: PlayerReport) -> str | None:
    """What to practise next: the game and the kind of mistake made most, with a
    position from their own games to try (None when no mistake was judged)."""
    top = p.top_mistakes(1)
    if not top:
        return None
    (game_id, kind), count = top[0]
    line = f"  practise next: {kind_words(game_id, kind)} ({_times(count)})"
    example = p.judged.examples.get((game_id, kind)) or next(
        (e for (g, _), e in p.judged.examples.items() if g == game_id), None
    )
    if example is None:
        return line + "."
    title = GAME_INFO[game_id].name if game_id in GAME_INFO else game_id
    try:
        tried = try_this(example, p.name)
    except ValueError:
        return line + "."
    return f"{line}. Try this position from one of their games of {title}: {tried}"


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
        moves = "1 move" if p.judged.moves == 1 else f"{p.judged.moves} moves"
        lines.append(
            f"  accuracy: {round(accuracy * 100)}% of {moves} kept the best value the solver gives"
        )
    top = p.top_mistakes()
    if top:
        lines.append("  mistakes made most often:")
        lines += [f"    {kind_words(*key)} ({_times(n)})" for key, n in top]
    practise = practise_line(p)
    if practise is not None:
        lines.append(practise)
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


def nobody_words(report: Report) -> str:
    """What a report of nobody says: no player yet, or none of the name asked for."""
    if report.asked is None:
        return "No players yet: every game between named players is counted here."
    since = f" since {report.since}" if report.since else ""
    asked = " ".join(strip_controls(report.asked).split())[:40]
    return f"No player called {asked} has a game here{since}."


def report_text(report: Report, *, heading: bool = True) -> str:
    """The report; without `heading` when a screen's title says "Teacher's report"."""
    since = f" since {report.since}" if report.since else ""
    lines = [f"Teacher's report{since}"] if heading else []
    if since and not heading:
        lines.append(f"Games, puzzles and records{since}.")
    lines += where_lines(report)
    if not report.players:
        lines += ["", nobody_words(report)]
    for p in report.players:
        lines += ["", *player_lines(p)]
    return "\n".join(lines)


def report_csv(report: Report) -> str:
    from app.store.exports import spreadsheet_csv

    header = ["name", "games", "won", "lost"]
    for game in GAME_IDS:
        header += [f"{game}_played", f"{game}_won"]
    header += ["moves_judged", "accuracy_percent", "most_frequent_mistake"]
    for difficulty in DIFFICULTIES:
        header += [f"puzzles_{difficulty}_solved", f"puzzles_{difficulty}_tried"]
    header += ["puzzle_rating", "daily_done", "daily_solved"]
    rows = []
    for p in report.players:
        played = sum(g.played for g in p.games.values())
        won = sum(g.won for g in p.games.values())
        row: list[object] = [p.name, played, won, played - won]
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
        rows.append(row)
    return spreadsheet_csv(header, rows)
