"""How far apart two colours look with and without red-green colour blindness: the least
CIELAB distance (ΔE*ab) over normal vision, protanopia and deuteranopia, simulated with
the matrices of Machado, Oliveira & Fernandes (2009) at severity 1.0 (linear RGB)."""

from __future__ import annotations

from textual.color import Color

Matrix = tuple[tuple[float, float, float], ...]

PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
#: The ways of seeing checked, by name.
VISIONS: dict[str, Matrix] = {
    "normal": NORMAL,
    "protanopia": PROTANOPIA,
    "deuteranopia": DEUTERANOPIA,
}

#: The least ΔE*ab at which the players' colours count as apart (~2.3 is just noticeable).
APART = 40.0


def _linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def simulated(color: Color, matrix: Matrix) -> tuple[float, float, float]:
    rgb = (_linear(color.r), _linear(color.g), _linear(color.b))
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(one: Color, two: Color, matrix: Matrix) -> float:
    a, b = lab(simulated(one, matrix)), lab(simulated(two, matrix))
    return float(sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5)


def apart(one: Color, two: Color) -> float:
    return min(distance(one, two, matrix) for matrix in VISIONS.values())
