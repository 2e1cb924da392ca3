"""The teacher's report as a PDF (`report --pdf FILE`, fpdf2: the `classroom` extra):
where its data lives, the class's rating history as a plot, then each pupil's lines (as
`report` prints them) with their accuracy over time as a small plot. The plots are drawn
here with lines and points (no plotting library); the font is the worksheet's
(app.classroom.worksheet.pdf)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from app.classroom.report.gather import Report
from app.classroom.report.plots import Plot, Series, accuracy_series, rating_plot
from app.classroom.report.text import nobody_words, player_lines, where_lines
from app.classroom.worksheet.pdf import FONT_FOLDERS, new_document

#: Each series' colour (red, green, blue), in turn; and a dash pattern after the first
#: round of colours, so a print in grey still tells the lines apart.
COLOURS = ((31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14),
           (23, 190, 207), (140, 86, 75), (227, 119, 194))  # fmt: skip


def scale(low: float, high: float) -> tuple[float, float, float]:
    """A range holding low..high with round ends, and a round step (1, 2 or 5 times a
    power of ten) giving four or five marks."""
    span = max(high - low, 4.0)
    step = 1.0
    while span / step > 5:
        for factor in (2, 2.5, 2):
            step *= factor
            if span / step <= 5:
                break
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return start, max(end, start + step), step


def draw_plot(
    pdf: Any, plot: Plot, x: float, y: float, w: float, h: float, say: Callable[[str], str]
) -> None:
    """`plot` in the box (x, y, w, h): its title, the axes with a few values, a line per
    series with its points, and the legend under it."""
    pdf.set_font(size=10, style="B")
    pdf.set_xy(x, y)
    pdf.cell(w, 5, say(plot.title))
    values = [v for s in plot.series for v in s.values]
    top = y + 7
    legend_rows = (len(plot.series) + 2) // 3 if len(plot.series) > 1 else 0
    inner_h = h - 7 - 8 - 5 * legend_rows
    left, inner_w = x + 14, w - 16
    if plot.y_label.startswith("%"):
        low, high, step = 0.0, 100.0, 25.0
    else:
        low, high, step = scale(min(values), max(values))
    pdf.set_draw_color(0, 0, 0)
    pdf.rect(left, top, inner_w, inner_h)
    pdf.set_font(size=7, style="")
    for index in range(round((high - low) / step) + 1):
        tick = low + index * step
        ty = top + inner_h - (tick - low) / (high - low) * inner_h
        pdf.set_xy(x, ty - 2)
        pdf.cell(13, 4, say(f"{tick:g}"), align="R")
        pdf.line(left - 1, ty, left, ty)
    longest = max(len(s.values) for s in plot.series)
    pdf.set_xy(left, top + inner_h + 1)
    pdf.cell(inner_w, 4, say(f"{plot.x_label} → (vertical: {plot.y_label})"), align="C")

    def at(index: int, value: float) -> tuple[float, float]:
        px = left + 2 + (inner_w - 4) * (index / max(1, longest - 1))
        return px, top + inner_h - (value - low) / (high - low) * inner_h

    for number, series in enumerate(plot.series):
        _series(pdf, series, number, at)
    legend_y = top + inner_h + 6
    for number, series in enumerate(plot.series if len(plot.series) > 1 else ()):
        lx = x + (number % 3) * (w / 3)
        ly = legend_y + (number // 3) * 5
        pdf.set_draw_color(*COLOURS[number % len(COLOURS)])
        pdf.set_line_width(0.6)
        pdf.line(lx, ly + 2, lx + 6, ly + 2)
        pdf.set_line_width(0.2)
        pdf.set_xy(lx + 7, ly)
        pdf.set_font(size=8, style="")
        pdf.cell(w / 3 - 8, 4, say(series.label[:30]))
    pdf.set_draw_color(0, 0, 0)
    pdf.set_y(y + h)


def _series(
    pdf: Any, series: Series, number: int, at: Callable[[int, float], tuple[float, float]]
) -> None:
    pdf.set_draw_color(*COLOURS[number % len(COLOURS)])
    pdf.set_fill_color(*COLOURS[number % len(COLOURS)])
    pdf.set_line_width(0.5)
    if number >= len(COLOURS):
        pdf.set_dash_pattern(dash=1.5, gap=1)
    points = [at(i, v) for i, v in enumerate(series.values)]
    if len(points) > 1:
        pdf.polyline(points)
    for px, py in points:
        pdf.ellipse(px - 0.7, py - 0.7, 1.4, 1.4, style="F")
    pdf.set_dash_pattern()
    pdf.set_line_width(0.2)


def report_pdf(report: Report, folders: Sequence[Path] = FONT_FOLDERS) -> bytes:
    """The report as a PDF's bytes."""
    pdf, family, say = new_document("Teacher's report", folders)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.set_font(family)
    width = pdf.w - pdf.l_margin - pdf.r_margin

    def lines(texts: Sequence[str], size: float, bold: bool = False) -> None:
        pdf.set_font(size=size, style="B" if bold else "")
        for text in texts:
            pdf.multi_cell(width, size * 0.5, say(text), new_x="LMARGIN", new_y="NEXT")

    pdf.add_page()
    since = f" since {report.since}" if report.since else ""
    lines([f"Teacher's report{since}"], 15, bold=True)
    pdf.ln(1)
    lines(where_lines(report), 9)
    pdf.ln(3)
    if not report.players:
        lines([nobody_words(report)], 10)
    ratings = rating_plot(report)
    if ratings.series:
        draw_plot(pdf, ratings, pdf.l_margin, pdf.get_y(), width, 95, say)
        pdf.ln(4)
    for p in report.players:
        body = player_lines(p)
        series = accuracy_series(p)
        needed = 6 + 5 * len(body) + (55 if series else 0)
        if pdf.get_y() + needed > pdf.h - pdf.b_margin:
            pdf.add_page()
        lines(body[:1], 12, bold=True)
        lines([line[2:] for line in body[1:]], 9.5)
        if series is not None:
            pdf.ln(1)
            one = Plot(
                f"{p.name}: accuracy over time", "games judged", "% of moves best", (series,)
            )
            draw_plot(pdf, one, pdf.l_margin + 10, pdf.get_y(), width - 20, 50, say)
        pdf.ln(4)
    return bytes(pdf.output())
