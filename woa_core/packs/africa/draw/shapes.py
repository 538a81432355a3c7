"""The shapes of Africa's pictures: where every field and panel goes (``layout``), and the pieces
drawn on a field — a face-down tile's back (all alike, A23), a face-up tile by face, a camp, an
explorer —, shared by the map (``svg``) and the panel (``panel``).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 2)
>>> tile_svg(rules, 7, -2, 0, 0).count("<polygon")  # a back: the same for every face
2
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from html import escape

from woa_core.packs.africa.compiled import GEM, GOLD, MONUMENT, Rules
from woa_core.packs.africa.draw.look import GEM_STONE, NUGGET, band, fill, kind_words, label, name
from woa_core.packs.africa.state import DOWN
from woa_core.report.drawing import seat_colour

R = 34.0
"""A hex's circumradius, in px."""

W = math.sqrt(3) * R
"""A pointy-top hex's width."""

MARGIN = 16.0

TOP = 62.0
"""Where the sea starts under the title, and above the first row a band of it, where a city on
the top coast has its name."""

DOWN_Y = 10.0
"""How far below a field's centre a tile, a camp or a back sits: the field's id above it, clear
of the row above's pieces (a field's id, its tile's label and an explorer never overlap)."""

DISC = 18.0
"""A face-up tile's radius."""

SHIFT = 8.0
"""How far left a face-up tile sits when an explorer stands on its field (the pawn at the right)."""

PANEL_W = 380.0

PLAYER_H = 112.0

HEAD_H = 106.0

LEGEND_H = 96.0


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes: each field's centre, the map's and the panel's place, the size."""

    centres: tuple[tuple[float, float], ...]
    map_w: float
    map_h: float
    panel_x: float
    width: float
    height: float
    rows: tuple[tuple[int, ...], ...]  # the fields of each board row, in board order


def layout(rules: Rules) -> Layout:
    """Place every field at its axial coordinates (x grows with q + r/2, y with r), the panel to
    the right of the map.

    >>> from woa_core.rules import load_rules
    >>> lay = layout(load_rules("africa", 4))
    >>> len(lay.centres), len(lay.rows), lay.width > lay.map_w > 0
    (101, 13, True)
    """
    xs = [q + r / 2 for q, r in zip(rules.q, rules.r, strict=True)]
    low_x, low_r = min(xs), min(rules.r)
    centres = tuple(
        (MARGIN + W / 2 + (x - low_x) * W, TOP + R + (r - low_r) * 1.5 * R) for x, r in zip(xs, rules.r, strict=True)
    )
    map_w = MARGIN * 2 + (max(xs) - low_x + 1) * W
    map_h = TOP + (max(rules.r) - low_r) * 1.5 * R + 2 * R + MARGIN
    rows: dict[int, list[int]] = {}
    for f, r in enumerate(rules.r):
        rows.setdefault(r, []).append(f)
    panel_h = seat_y(rules.players) + 8 + LEGEND_H + MARGIN
    return Layout(
        centres,
        map_w,
        map_h,
        map_w + 8,
        map_w + 8 + PANEL_W + MARGIN,
        max(map_h, panel_h),
        tuple(tuple(fs) for _, fs in sorted(rows.items())),
    )


def map_layout(rules: Rules) -> Layout:
    """The map alone, without the panel (the replay viewer shows the panel as words): the
    legend goes under the map, on the sea.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 4)
    >>> lay, full = map_layout(rules), layout(rules)
    >>> lay.width == full.map_w < full.width, lay.panel_x, lay.height - full.map_h == LEGEND_H + 8
    (True, 16.0, True)
    """
    lay = layout(rules)
    return replace(lay, panel_x=MARGIN, width=lay.map_w, height=lay.map_h + LEGEND_H + 8)


def seat_y(p: int) -> float:
    return TOP + 6 + HEAD_H + 8 + p * PLAYER_H


def svg_text(x: float, y: float, text: str, cls: str = "", anchor: str = "start", **attrs: object) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    c = f' class="{cls}"' if cls else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{c}{a}{extra}>{escape(text)}</text>'


def hex_points(x: float, y: float, radius: float) -> str:
    """The corners of a pointy-top hex around (x, y), for ``points``.

    >>> hex_points(0, 0, 2).split()[:2]
    ['1.7,-1.0', '1.7,1.0']
    """
    corners = [(math.radians(-30 + 60 * k)) for k in range(6)]
    return " ".join(f"{x + radius * math.cos(a):.1f},{y + radius * math.sin(a):.1f}" for a in corners)


def towers(x: float, y: float) -> str:
    """A small walled city: three towers with battlements."""
    merlons = "h3v2h2v-2h3"  # a tower's top, 8 wide
    path = (
        f"M{x - 15:.1f} {y + 10:.1f}V{y - 6:.1f}{merlons}V{y:.1f}h3V{y - 10:.1f}{merlons}V{y:.1f}h3"
        f"V{y - 6:.1f}{merlons}V{y + 10:.1f}Z"
    )
    return f'<path d="{path}" fill="#c0573e" stroke="#6e2414" stroke-width="1.2"/>'


def tile_svg(rules: Rules, f: int, t: int, x: float, y: float, beside: bool = False) -> str:
    """What lies on field ``f`` (``State.tile`` value ``t``) drawn at (x, y); "" for nothing or a
    camp (drawn apart). A face-down tile is a back like every other: its face is never drawn.
    ``beside``: an explorer stands on the field (at its right), so a face-up tile sits to the
    left, its words clear of the pawn."""
    field = rules.fields[f]
    cy = y + DOWN_Y
    if t == DOWN:
        return (
            f'<g class="tile down" data-field="{field}"><title>{field}: a face-down tile</title>'
            f'<polygon class="back" points="{hex_points(x, cy, R * 0.5)}"/>'
            f'<polygon class="backrim" points="{hex_points(x, cy, R * 0.34)}"/></g>'
        )
    if t < 0:
        return ""
    kind = rules.face_kind[t]
    x -= SHIFT if beside else 0.0
    parts = [
        f'<g class="tile up" data-field="{field}" data-face="{rules.face_names[t]}">'
        f"<title>{field}: {escape(_told(rules, t))}</title>",
        f'<circle class="disc" cx="{x:.1f}" cy="{cy:.1f}" r="{DISC:.1f}" fill="{fill(rules, t)}"/>',
    ]
    ring = band(rules, t)
    if ring is not None:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="{DISC - 3:.1f}" fill="none" stroke="{ring}" stroke-width="4"/>'
        )
    value = rules.face_value[t]
    if kind in (GOLD, GEM):
        for k in range(value):
            dx = (k - (value - 1) / 2) * 12
            if kind == GOLD:
                parts.append(
                    f'<path d="M{x + dx - 5:.1f} {cy - 5:.1f}l3 -4h4l3 4l-2 4h-6z" fill="{NUGGET}" stroke="#5a3d00"/>'
                )
            else:
                parts.append(
                    f'<path d="M{x + dx:.1f} {cy - 13:.1f}l5 5l-5 6l-5 -6z" fill="{GEM_STONE}" stroke="#0b3550"/>'
                )
        parts.append(svg_text(x, cy + 9, "gold" if kind == GOLD else "gems", "word", "middle"))
    elif kind == MONUMENT:
        parts.append(
            f'<path d="M{x - 4.5:.1f} {cy + 9:.1f}l2 -20l2.5 -4l2.5 4l2 20z M{x - 11:.1f} {cy + 9:.1f}h22v4h-22z" '
            'fill="#6a5a8c" stroke="#332a4d"/>'
        )
    else:
        parts.append(svg_text(x, cy + 4.5, label(rules, t), "label", "middle"))
    parts.append("</g>")
    return "".join(parts)


def _told(rules: Rules, face: int) -> str:
    """A face-up tile's tooltip: its name and what its kind does (``tiles.yaml``'s words).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 2)
    >>> _told(rules, rules.face_names.index("monument")).split(":")[0]
    'monument — stays where it lies; its revealer takes the next item of the general supply'
    """
    said = kind_words(rules, rules.face_kind[face])
    return name(rules, face) + (f" — {said}" if said else "")


def camp_svg(rules: Rules, f: int, seat: int, x: float, y: float) -> str:
    """A camp of ``seat`` on field ``f``: a tent in its colour, the seat's number on it."""
    y += DOWN_Y - 3  # under the field's id
    return (
        f'<g class="camp" data-field="{rules.fields[f]}" data-player="p{seat + 1}">'
        f"<title>{rules.fields[f]}: camp of p{seat + 1}</title>"
        f'<path d="M{x - 18:.1f} {y + 14:.1f}L{x:.1f} {y - 13:.1f}L{x + 18:.1f} {y + 14:.1f}Z" '
        f'fill="{seat_colour(seat)}" stroke="#222" stroke-width="1.5" stroke-linejoin="round"/>'
        f'<path d="M{x - 4:.1f} {y + 14:.1f}L{x:.1f} {y + 5:.1f}L{x + 4:.1f} {y + 14:.1f}Z" fill="#222"/>'
        + svg_text(x, y + 4, str(seat + 1), "small", "middle", fill="#fff", font_weight="700")
        + "</g>"
    )


def explorer_svg(rules: Rules, f: int, seat: int, x: float, y: float, who: str = "") -> str:
    """The explorer of ``seat`` on field ``f``: a pawn in its colour at the field's right, under
    its id (a face-up tile there sits to the left, ``tile_svg``'s ``beside``)."""
    title = f"explorer of p{seat + 1}" + (f" ({who})" if who else "") + f" on {rules.fields[f]}"
    return (
        f'<g class="explorer" data-field="{rules.fields[f]}" data-player="p{seat + 1}"><title>{escape(title)}</title>'
        + pawn(x + 21, y + 8, seat_colour(seat), str(seat + 1), 7.5)
        + "</g>"
    )


def pawn(x: float, y: float, colour: str, mark: str = "", half: float = 10) -> str:
    """An explorer's pawn standing at (x, y): a body ``2 * half`` wide and a head, ``mark`` on
    the body."""
    return (
        f'<path d="M{x - half:.1f} {y + 12:.1f}Q{x - half:.1f} {y - 3:.1f} {x:.1f} {y - 3:.1f}'
        f'Q{x + half:.1f} {y - 3:.1f} {x + half:.1f} {y + 12:.1f}Z" fill="{colour}" stroke="#fff" stroke-width="2"/>'
        f'<circle cx="{x:.1f}" cy="{y - 9:.1f}" r="{min(6.5, half - 1.5):.1f}" fill="{colour}" stroke="#fff" '
        'stroke-width="2"/>'
        + (svg_text(x, y + 9.5, mark, "tiny", "middle", fill="#fff", font_weight="700") if mark else "")
    )
