"""One game's score over time as a small SVG line chart (the replay viewer's), drawn without
matplotlib so the viewer needs nothing installed, in the seats' colours every picture shares
(``woa_core.report.drawing.SEAT_COLOURS``).

>>> svg = score_chart([[0, 0], [2, 1], [3, 5]], "round", ["p1", "p2"])
>>> svg.startswith("<svg") and svg.count('class="seat"') == 2 and 'id="cursor"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from woa_core.report.drawing import SEAT_COLOURS

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 112, 28, 40
"""The chart's size and margins, in px (the page shows it at this size, never scaled down below
its own text size)."""


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks over ``span``.

    >>> nice_step(33), nice_step(7), nice_step(0)
    (10, 2, 1)
    """
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power if factor * power >= 1 else 1
    return 10 * power


def x_of(position: float, last: int) -> float:
    """The x of a position on the time axis (0: the start, ``last``: the last reading)."""
    return LEFT + (WIDTH - LEFT - RIGHT) * position / max(last, 1)


def score_chart(readings: Sequence[Sequence[float]], after: str, seats: Sequence[str], lower: bool = False) -> str:
    """Each seat's score at the start (``readings[0]``) and after each round or turn (``after``:
    the word), a line per seat, labelled ``seats`` with its last score; ``lower``: the lowest
    score wins (``Pack.score_wins``), which the title says. A vertical line ``#cursor`` is the
    page's to move (``x_of``).

    >>> "Score after each turn (the lowest wins)" in score_chart([[0, 0], [2, 1]], "turn", ["p1", "p2"], lower=True)
    True
    """
    last = len(readings) - 1
    top = max([*(max(r) for r in readings), 1])
    low = min([*(min(r) for r in readings), 0])
    step = nice_step(top - low)
    y_min, y_max = math.floor(low / step) * step, math.ceil(top / step) * step
    height = HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return TOP + height * (y_max - value) / ((y_max - y_min) or 1)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="score after each {escape(after)}">',
        f'<text x="{LEFT}" y="16" class="title">Score after each {escape(after)}'
        f"{' (the lowest wins)' if lower else ''}</text>",
    ]
    y = y_min
    while y <= y_max + 1e-9:
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y_of(y):.1f}" y2="{y_of(y):.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y_of(y) + 4:.1f}" text-anchor="end">{y:g}</text>'
        )
        y += step
    every = max(1, math.ceil(last / 12))
    for i in range(0, last + 1, every):
        out.append(f'<text x="{x_of(i, last):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{i}</text>')
    out.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle">{escape(after)} '
        "(0: the start)</text>"
    )
    for p, name in enumerate(seats):
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        points = " ".join(f"{x_of(i, last):.1f},{y_of(r[p]):.1f}" for i, r in enumerate(readings))
        ly = TOP + 8 + 20 * p
        out.append(
            f'<g class="seat" data-seat="p{p + 1}"><polyline points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5"/><line x1="{WIDTH - RIGHT + 14}" x2="{WIDTH - RIGHT + 34}" y1="{ly}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="3"/><text x="{WIDTH - RIGHT + 40}" y="{ly + 4}">{escape(name)} '
            f"{readings[-1][p]:g}</text></g>"
        )
    out.append(f'<line id="cursor" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>')
    out.append("</svg>")
    return "".join(out)
