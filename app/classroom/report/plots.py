"""The report's figures a teacher reads better as a picture, as data (no drawing here):
the class's rating history (each pupil's rating in the game they played most, after each
rated game) and each pupil's accuracy over time (the share of their moves that kept the
best value, game by game). The Report screen draws them with textual-plotext, the PDF
report with fpdf2 (app.classroom.report.pdf)."""

from __future__ import annotations

from dataclasses import dataclass

from app.classroom.report.gather import PlayerReport, Report


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float, ...]


@dataclass(frozen=True)
class Plot:
    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]


def _main_game(p: PlayerReport) -> str | None:
    """The game the pupil played most that has a rating history."""
    rated = [game for game in p.game_ratings if len(p.game_ratings[game]) > 1]
    if not rated:
        return None
    return max(rated, key=lambda g: (p.games[g].played if g in p.games else 0, g))


def rating_plot(report: Report) -> Plot:
    series = []
    for p in report.players:
        game = _main_game(p)
        if game is not None:
            history = p.game_ratings[game]
            series.append(Series(f"{p.name} ({game})", tuple(float(r) for r in history)))
    return Plot("The class's ratings", "rated games", "rating", tuple(series))


def accuracy_series(p: PlayerReport) -> Series | None:
    """The pupil's accuracy game by game (%), when two or more games were judged."""
    values = tuple(round(100 * kept / moves) for _, kept, moves in p.accuracy_history if moves)
    return Series(p.name, tuple(float(v) for v in values)) if len(values) > 1 else None


def accuracy_plot(report: Report) -> Plot:
    found = (accuracy_series(p) for p in report.players)
    return Plot(
        "Accuracy over time", "games judged", "% of moves best", tuple(s for s in found if s)
    )
