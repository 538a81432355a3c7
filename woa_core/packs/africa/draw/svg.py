"""Africa's board as SVG: a hex map drawn from the compiled rules, and a game state on top of it.

Every field stands at its axial coordinates (pointy-top hexes, africa-rulings §1, A1) with its id;
the start cities are marked and named. A state adds what lies on the fields — face-down tiles as
backs (all alike: a picture never shows what a face-down tile hides, A23), face-up tiles by face
(a colour by kind, a label, nuggets or gems by count, a band by species), camps in their owner's
colour —, the explorers in their seat's colour, and a panel: the turn, the general supply with
the bonus, and each seat's VP by source, camps, goods, gold and gems. Without a state, the map
shows the setup (a face-down tile on every field but the cities) and a panel of the rules.

The picture has two layers, ``board_layer`` (what the rules fix) and the pieces (what a state
adds), so the replay viewer draws the board once and swaps the pieces. Every field's element
carries its id as ``data-field`` and every city's marker its key as ``data-city``: the words of
the notation.

>>> from woa_core.rules import load_rules
>>> svg = board_svg(load_rules("africa", 4))
>>> svg.startswith("<svg"), svg.count('<polygon class="field'), svg.count('class="tile down"')
(True, 101, 96)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from woa_core.kernel.drawing import seat_colour
from woa_core.packs.africa.compiled import GEM, GOLD, GOODS, MONUMENT, Rules
from woa_core.packs.africa.draw.look import GEM_STONE, NUGGET, SPECIES_COLOURS, band, fill, good_colour, label, name
from woa_core.packs.africa.state import CAMP, DOWN, NOBODY, State
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK

R = 34.0
"""A hex's circumradius, in px."""
W = math.sqrt(3) * R
"""A pointy-top hex's width."""
MARGIN = 16.0
TOP = 44.0
PANEL_W = 380.0
PLAYER_H = 98.0
HEAD_H = 106.0
LEGEND_H = 96.0

STYLE = """
svg.africa text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#222}
svg.africa .title{font-size:16px;font-weight:600}svg.africa .head{font-size:17px;font-weight:600}
svg.africa .small{font-size:14px}svg.africa .tiny{font-size:12.5px}svg.africa .id{font-size:8px;fill:#6b5636}
svg.africa .field{fill:#ecdcb0;stroke:#b39a68;stroke-width:1}
svg.africa .field.city{fill:#fbf6ea;stroke:#9b2f1f;stroke-width:3}
svg.africa .sea{fill:#cde3f0}svg.africa .cityname{font-size:11px;font-weight:700;fill:#7a2417}
svg.africa .halo{paint-order:stroke;stroke:#fbf6ea;stroke-width:3px;stroke-linejoin:round}
svg.africa .label{font-size:13px;font-weight:700}svg.africa .word{font-size:9px;font-weight:700}
svg.africa .vp{font-size:24px;font-weight:700}
svg.africa .disc,svg.africa .back{stroke:#5a4630;stroke-width:1.2}svg.africa .back{fill:#8a6a47}
svg.africa .backrim{fill:none;stroke:#b8956a;stroke-width:1.5}svg.africa .panel{fill:#fbf8f1;stroke:#c9b994}
"""


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
    panel_h = _seat_y(rules.players) + 8 + LEGEND_H + MARGIN
    return Layout(
        centres,
        map_w,
        map_h,
        map_w + 8,
        map_w + 8 + PANEL_W + MARGIN,
        max(map_h, panel_h),
        tuple(tuple(fs) for _, fs in sorted(rows.items())),
    )


def _text(x: float, y: float, text: str, cls: str = "", anchor: str = "start", **attrs: object) -> str:
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


# ------------------------------------------------------------------ the board (what the rules fix)


def board_layer(rules: Rules, lay: Layout) -> str:
    """The sea, every field with its id, the start cities marked and named.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 3)
    >>> layer = board_layer(rules, layout(rules))
    >>> layer.count('data-field="'), layer.count('data-city="')
    (101, 5)
    """
    out = [f'<rect class="sea" x="0" y="{TOP - 12:.0f}" width="{lay.map_w:.0f}" height="{lay.height - TOP + 12:.0f}"/>']
    city_of = {f: c for c, f in enumerate(rules.cities)}
    for f, (x, y) in enumerate(lay.centres):
        c = city_of.get(f)
        what = f"start city {rules.city_names[c]} ({rules.city_keys[c]})" if c is not None else "field"
        cls = "field city" if c is not None else "field"
        out.append(
            f'<polygon class="{cls}" data-field="{rules.fields[f]}" points="{hex_points(x, y, R - 0.6)}">'
            f"<title>{escape(rules.fields[f])}: {escape(what)}</title></polygon>"
        )
        out.append(_text(x, y - R * 0.58, rules.fields[f], "id", "middle"))
    for c, f in enumerate(rules.cities):
        x, y = lay.centres[f]
        out.append(
            f'<g class="citymark" data-city="{rules.city_keys[c]}"><title>start city {escape(rules.city_names[c])}'
            f"</title>{_towers(x, y - 4)}"
            + _text(x, y + R * 0.62, rules.city_names[c], "cityname halo", "middle")
            + "</g>"
        )
    out.append(legend(rules, lay))
    return "".join(out)


def legend(rules: Rules, lay: Layout) -> str:
    """What the pieces mean, at the foot of the panel: a face-down tile, a start city, a camp, an
    explorer, and the species' bands."""
    x0, y = lay.panel_x, lay.height - MARGIN - LEGEND_H
    out = [
        f'<g class="legend"><rect class="panel" x="{x0:.1f}" y="{y:.1f}" width="{PANEL_W:.0f}" height="{LEGEND_H:.0f}" '
        'rx="6"/>',
        f'<polygon class="back" points="{hex_points(x0 + 24, y + 21, 12)}"/>',
        _text(x0 + 46, y + 26, "face-down tile", "small"),
        f'<path d="M{x0 + 170:.1f} {y + 32:.1f}l11 -20l11 20z" fill="#999" stroke="#222"/>',
        _text(x0 + 198, y + 26, "camp (owner's colour)", "small"),
        _towers(x0 + 24, y + 52),
        _text(x0 + 46, y + 58, "start city", "small"),
        pawn(x0 + 181, y + 54, "#999"),
        _text(x0 + 198, y + 58, "explorer (seat's colour)", "small"),
    ]
    x = x0 + 10
    out.append(_text(x, y + 86, "animals", "small"))
    x += 58
    for k, species in enumerate(rules.species):
        colour = SPECIES_COLOURS[k % len(SPECIES_COLOURS)]
        out.append(
            f'<circle cx="{x + 6:.1f}" cy="{y + 81:.1f}" r="6" fill="#b5d99c" stroke="{colour}" stroke-width="3"/>'
        )
        out.append(_text(x + 15, y + 86, species.replace("_", " "), "tiny"))
        x += 26 + 6.6 * len(species)
    out.append("</g>")
    return "".join(out)


def _towers(x: float, y: float) -> str:
    """A small walled city: three towers with battlements."""
    merlons = "h3v2h2v-2h3"  # a tower's top, 8 wide
    path = (
        f"M{x - 15:.1f} {y + 10:.1f}V{y - 6:.1f}{merlons}V{y:.1f}h3V{y - 10:.1f}{merlons}V{y:.1f}h3"
        f"V{y - 6:.1f}{merlons}V{y + 10:.1f}Z"
    )
    return f'<path d="{path}" fill="#c0573e" stroke="#6e2414" stroke-width="1.2"/>'


# ------------------------------------------------------------------ what a state adds


def tile_svg(rules: Rules, f: int, t: int, x: float, y: float) -> str:
    """What lies on field ``f`` (``State.tile`` value ``t``) drawn at (x, y); "" for nothing or a
    camp (drawn apart). A face-down tile is a back like every other: its face is never drawn."""
    field = rules.fields[f]
    if t == DOWN:
        return (
            f'<g class="tile down" data-field="{field}"><title>{field}: a face-down tile</title>'
            f'<polygon class="back" points="{hex_points(x, y + 5, R * 0.58)}"/>'
            f'<polygon class="backrim" points="{hex_points(x, y + 5, R * 0.4)}"/></g>'
        )
    if t < 0:
        return ""
    kind = rules.face_kind[t]
    cy = y + 5
    parts = [
        f'<g class="tile up" data-field="{field}" data-face="{rules.face_names[t]}">'
        f"<title>{field}: {escape(name(rules, t))}</title>",
        f'<circle class="disc" cx="{x:.1f}" cy="{cy:.1f}" r="{R * 0.6:.1f}" fill="{fill(rules, t)}"/>',
    ]
    ring = band(rules, t)
    if ring is not None:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="{R * 0.6 - 3.5:.1f}" fill="none" stroke="{ring}" stroke-width="5"/>'
        )
    value = rules.face_value[t]
    if kind in (GOLD, GEM):
        for k in range(value):
            dx = (k - (value - 1) / 2) * 14
            if kind == GOLD:
                parts.append(
                    f'<path d="M{x + dx - 6:.1f} {cy - 3:.1f}l4 -5h5l3 5l-2 5h-8z" fill="{NUGGET}" stroke="#5a3d00"/>'
                )
            else:
                parts.append(
                    f'<path d="M{x + dx:.1f} {cy - 12:.1f}l6 6l-6 8l-6 -8z" fill="{GEM_STONE}" stroke="#0b3550"/>'
                )
        parts.append(_text(x, cy + 13, "gold" if kind == GOLD else "gems", "word", "middle"))
    elif kind == MONUMENT:
        parts.append(
            f'<path d="M{x - 4.5:.1f} {cy + 9:.1f}l2 -20l2.5 -4l2.5 4l2 20z M{x - 11:.1f} {cy + 9:.1f}h22v4h-22z" '
            'fill="#6a5a8c" stroke="#332a4d"/>'
        )
    else:
        parts.append(_text(x, cy + 5, label(rules, t), "label", "middle"))
    parts.append("</g>")
    return "".join(parts)


def camp_svg(rules: Rules, f: int, seat: int, x: float, y: float) -> str:
    """A camp of ``seat`` on field ``f``: a tent in its colour, the seat's number on it."""
    return (
        f'<g class="camp" data-field="{rules.fields[f]}" data-player="p{seat + 1}">'
        f"<title>{rules.fields[f]}: camp of p{seat + 1}</title>"
        f'<path d="M{x - 20:.1f} {y + 14:.1f}L{x:.1f} {y - 16:.1f}L{x + 20:.1f} {y + 14:.1f}Z" '
        f'fill="{seat_colour(seat)}" stroke="#222" stroke-width="1.5" stroke-linejoin="round"/>'
        f'<path d="M{x - 5:.1f} {y + 14:.1f}L{x:.1f} {y + 2:.1f}L{x + 5:.1f} {y + 14:.1f}Z" fill="#222"/>'
        + _text(x, y - 1, str(seat + 1), "small", "middle", fill="#fff", font_weight="700")
        + "</g>"
    )


def explorer_svg(rules: Rules, f: int, seat: int, x: float, y: float, who: str = "") -> str:
    """The explorer of ``seat`` on field ``f``: a pawn in its colour at the field's lower right."""
    title = f"explorer of p{seat + 1}" + (f" ({who})" if who else "") + f" on {rules.fields[f]}"
    return (
        f'<g class="explorer" data-field="{rules.fields[f]}" data-player="p{seat + 1}"><title>{escape(title)}</title>'
        + pawn(x + R * 0.55, y + R * 0.3, seat_colour(seat), str(seat + 1))
        + "</g>"
    )


def pawn(x: float, y: float, colour: str, mark: str = "") -> str:
    """An explorer's pawn standing at (x, y): a body and a head, ``mark`` on the body."""
    return (
        f'<path d="M{x - 10:.1f} {y + 12:.1f}Q{x - 10:.1f} {y - 3:.1f} {x:.1f} {y - 3:.1f}'
        f'Q{x + 10:.1f} {y - 3:.1f} {x + 10:.1f} {y + 12:.1f}Z" fill="{colour}" stroke="#fff" stroke-width="2"/>'
        f'<circle cx="{x:.1f}" cy="{y - 9:.1f}" r="6.5" fill="{colour}" stroke="#fff" stroke-width="2"/>'
        + (_text(x, y + 9.5, mark, "tiny", "middle", fill="#fff", font_weight="700") if mark else "")
    )


def pieces_parts(rules: Rules, lay: Layout, state: State, seats: Sequence[str] = ()) -> list[str]:
    """What a state adds, in parts, so that a replay stores each part once for all the steps it
    does not change: a part per board row (its tiles and camps), per explorer, the panel's head
    (its frame and the supply; the line saying where the game stands), the seats' frames, the
    mark of the active seat, and per seat its words (VP by source, camps) and its display.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 2)
    >>> parts = pieces_parts(rules, layout(rules), Game(rules, seed=1).state)
    >>> len(parts), sum(p.count('class="tile down"') for p in parts)  # 13 rows, 2 explorers, 4, 2 × 2
    (23, 96)
    """
    s = state
    out: list[str] = []
    for row in lay.rows:
        drawn = []
        for f in row:
            x, y = lay.centres[f]
            t = s.tile[f]
            drawn.append(camp_svg(rules, f, s.camp[f], x, y) if t == CAMP else tile_svg(rules, f, t, x, y))
        out.append("".join(drawn))
    for p, f in enumerate(s.at):
        out.append(explorer_svg(rules, f, p, *lay.centres[f], seats[p] if p < len(seats) else "") if f >= 0 else "")
    out += [_head(rules, lay, s), _text(lay.panel_x + 10, TOP + 28, situation(rules, s), "head")]
    out += [_frames(lay, s.players), _active(lay, s)]
    for p in range(s.players):
        out += [_seat(rules, lay, s, p, seats[p] if p < len(seats) else ""), _display(rules, lay, s, p)]
    return out


STEP_WORDS = {
    CITY: "chooses a city",
    TURN: "relocates or walks",
    WALK: "walks",
    ACT: "acts",
    PLACE: "places the tile",
    SWAP: "keeps or swaps",
}
"""What the active seat is deciding, by step, in a few words."""


def situation(rules: Rules, s: State) -> str:
    """Where the game stands, in a few words (the panel's first line, the text's too).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> situation(load_rules("africa", 2), Game(load_rules("africa", 2), seed=1).state)
    'Setup: p1 chooses a city'
    """
    if s.step == OVER:
        return f"Game over: {s.turns} turns, " + ("the bonus taken" if s.ended == "bonus" else "the turn cap")
    if not s.order:
        return "Setup"
    who = f"p{s.order[s.turn] + 1}"
    if s.step == CITY:
        return f"Setup: {who} {STEP_WORDS[CITY]}"
    stage = f" (step {s.stage + 1} of {rules.steps})" if s.step != TURN and rules.steps > 1 else ""
    return f"Turn {s.turns + 1}: {who} {STEP_WORDS[s.step]}{stage}"


def turn_words(rules: Rules) -> str:
    """A turn in a few words.

    >>> from woa_core.rules import load_rules
    >>> turn_words(load_rules("africa", 2))
    'a turn: relocate, or 2 × walk up to 2 and act'
    """
    return f"a turn: relocate, or {rules.steps} × walk up to {rules.walk_range} and act"


def _head(rules: Rules, lay: Layout, s: State) -> str:
    """The panel's head but its first line: the tiles left, the supply with the bonus, the turn."""
    x0, y = lay.panel_x, TOP + 6
    out = [f'<rect class="panel" x="{x0:.1f}" y="{y - 2:.1f}" width="{PANEL_W:.0f}" height="{HEAD_H:.0f}" rx="6"/>']
    down = s.tile.count(DOWN)
    shown = sum(1 for t in s.tile if t >= 0 and rules.face_kind[t] == MONUMENT)
    out.append(_text(x0 + 10, y + 44, f"{down} face-down tiles · {shown} of {rules.monuments} monuments up", "small"))
    out.append(_text(x0 + 10, y + 70, "supply", "small", font_weight="700"))
    cx, step = x0 + 72, 16
    for k in range(rules.supply_camps):
        look = 'fill="#a08358"' if k < s.supply else 'fill="none" stroke-dasharray="2 2"'
        out.append(
            f'<path d="M{cx + k * step:.1f} {y + 71:.1f}l6.5 -13l6.5 13z" {look} stroke="#6b5636" stroke-width="1.2"/>'
        )
    bx = cx + rules.supply_camps * step + 4
    taken = s.bonus != NOBODY
    out.append(
        f'<g class="bonus"><title>the bonus: +{rules.bonus_vp} VP to whoever reveals a monument when the '
        "supply is empty; taking it ends the game</title>"
        f'<rect x="{bx:.1f}" y="{y + 54:.1f}" width="32" height="20" rx="4" '
        f'fill="{seat_colour(s.bonus) if taken else "#f5c842"}" stroke="#5a4630"/>'
        + _text(bx + 16, y + 69, f"+{rules.bonus_vp}", "small", "middle", font_weight="700")
        + "</g>"
    )
    note = f"taken by p{s.bonus + 1}" if taken else f"{s.supply} left"
    out.append(_text(bx + 38, y + 70, note, "small"))
    out.append(_text(x0 + 10, y + 94, turn_words(rules), "tiny"))
    return "".join(out)


def _seat_y(p: int) -> float:
    return TOP + 6 + HEAD_H + 8 + p * PLAYER_H


def _frames(lay: Layout, players: int) -> str:
    """Each seat's frame in the panel, in its colour (the same at every step)."""
    x0, h = lay.panel_x, PLAYER_H - 6
    return "".join(
        f'<rect x="{x0:.1f}" y="{_seat_y(p):.1f}" width="{PANEL_W:.0f}" height="{h:.0f}" rx="6" fill="#fbf8f1" '
        f'stroke="{seat_colour(p)}" stroke-width="1.5"/>'
        f'<rect x="{x0:.1f}" y="{_seat_y(p):.1f}" width="8" height="{h:.0f}" fill="{seat_colour(p)}"/>'
        for p in range(players)
    )


def _active(lay: Layout, s: State) -> str:
    """The active seat's frame highlighted ("" once the game is over)."""
    p = s.active() if s.order else NOBODY
    if p == NOBODY:
        return ""
    return (
        f'<rect class="active" x="{lay.panel_x + 8:.1f}" y="{_seat_y(p) + 1.5:.1f}" width="{PANEL_W - 9.5:.0f}" '
        f'height="{PLAYER_H - 9:.0f}" fill="#fff3c4" stroke="{seat_colour(p)}" stroke-width="3"/>'
    )


def _seat(rules: Rules, lay: Layout, s: State, p: int, who: str) -> str:
    """A seat's words in the panel: who plays it (and whether it won), VP by source, camps."""
    x0, y = lay.panel_x, _seat_y(p)
    name_line = f"p{p + 1}" + (f" {who}" if who else "")
    if s.ranking and s.vp[p] == max(s.vp):
        name_line += " · wins" if s.vp.count(s.vp[p]) == 1 else " · shares the win"
    sources = ", ".join(f"{k} {v}" for k, v in s.vp_from[p].items() if v) or "no VP yet"
    return (
        f'<g class="player" data-player="p{p + 1}">'
        + _text(x0 + 16, y + 22, name_line, "head")
        + _text(x0 + PANEL_W - 10, y + 24, f"{s.vp[p]} VP", "vp", "end")
        + _text(x0 + 16, y + 43, sources, "tiny")
        + _text(x0 + 16, y + 63, f"camps: {s.camps[p]} to build, {s.camp.count(p)} built", "small")
        + "</g>"
    )


def _display(rules: Rules, lay: Layout, s: State, p: int) -> str:
    """A seat's display: its trade goods by kind, its gold nuggets and gems."""
    x0, y = lay.panel_x, _seat_y(p) + 72
    out = [f'<g class="display" data-player="p{p + 1}">']
    held = s.display[p]
    gx = x0 + 16
    for g, face in enumerate(rules.goods_face):
        n = held[face]
        words = f"{n} {rules.goods[g]}"
        out.append(
            f'<rect x="{gx:.1f}" y="{y:.1f}" width="11" height="11" fill="{good_colour(g)}" '
            f'opacity="{1 if n else 0.25}" stroke="#333" stroke-width=".6"/>'
        )
        out.append(_text(gx + 14, y + 10, words, "tiny", fill="#222" if n else "#999"))
        gx += 24 + 6.4 * len(words)
    gold = sum(held[f] * rules.face_value[f] for f in rules.gold_faces)
    gems = sum(held[f] * rules.face_value[f] for f in rules.gem_faces)
    out.append(
        "<g><title>gold nuggets and gems in the display</title>"
        f'<path d="M{gx:.1f} {y + 8:.1f}l3 -5h5l3 5l-2 4h-7z" fill="{NUGGET}" stroke="#5a3d00" stroke-width=".8"/>'
        + _text(gx + 14, y + 10, str(gold), "tiny", font_weight="700")
        + f'<path d="M{gx + 34:.1f} {y - 1:.1f}l5 5l-5 7l-5 -7z" fill="{GEM_STONE}" stroke="#0b3550" '
        'stroke-width=".8"/>' + _text(gx + 43, y + 10, str(gems), "tiny", font_weight="700") + "</g></g>"
    )
    return "".join(out)


# ------------------------------------------------------------------ the rules, for `woa board`


def setup_parts(rules: Rules, lay: Layout) -> str:
    """Without a state: a face-down tile on every field but the cities, and the rules' panel."""
    out = [tile_svg(rules, f, DOWN, *lay.centres[f]) for f in range(len(rules.fields)) if not rules.is_city[f]]
    out.append(_rules_panel(rules, lay))
    return "".join(out)


def _rules_panel(rules: Rules, lay: Layout) -> str:
    """The rules in a few lines: the turn, the camps and the end, the scoring, the tile mix."""
    r = rules
    x0, y = lay.panel_x, TOP + 6
    lines = [
        ("head", f"{r.players} players · {len(r.fields)} fields, {len(r.mix)} tiles"),
        ("small", turn_words(r)),
        ("small", f"camps: {r.player_camps} each, {r.supply_camps} in the supply"),
        ("small", f"then the +{r.bonus_vp} bonus: the end (cap {r.max_turns} turns)"),
        ("small", "goods sets: " + ", ".join(f"{n}: {vp}" for n, vp in enumerate(r.goods_vp) if n)),
        ("small", "gold, gems majorities: " + ", ".join(f"{_ordinal(k + 1)} {vp}" for k, vp in enumerate(r.prizes))),
    ]
    high = 20 + 20 * len(lines)
    out = [f'<rect class="panel" x="{x0:.1f}" y="{y - 2:.1f}" width="{PANEL_W:.0f}" height="{high}" rx="6"/>']
    out += [_text(x0 + 10, y + 22 + 20 * k, text, cls) for k, (cls, text) in enumerate(lines)]
    y += high + 28
    out.append(_text(x0 + 10, y, "the tiles, face up", "head"))
    for face in range(len(r.face_names)):
        col, row = face % 2, face // 2
        tx, ty = x0 + 30 + col * 190, y + 30 + row * 46
        if r.face_kind[face] == GOODS:
            g = r.face_sub[face]
            out.append(
                f'<rect x="{tx - 13:.1f}" y="{ty - 13:.1f}" width="26" height="26" rx="4" fill="{good_colour(g)}" '
                'stroke="#333"/>'
            )
        else:
            out.append(tile_svg(r, 0, face, tx, ty - 5).replace(f'data-field="{r.fields[0]}" ', ""))
        out.append(_text(tx + 26, ty + 5, f"{r.mix_counts[face]} × {name(r, face)}", "tiny"))
    return "".join(out)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ------------------------------------------------------------------ the whole picture


def board_title(rules: Rules) -> str:
    """The caption: ruleset, hash, variant and player count.

    >>> from woa_core.rules import load_rules
    >>> board_title(load_rules("africa", 3))
    'Africa · rules africa (c19f4085bcdc81fa) · 3 players · board reconstructed'
    """
    variant = f" · variant {rules.variant}" if rules.variant else ""
    return (
        f"Africa · rules {rules.name} ({rules.content_hash}){variant} · {rules.players} players · board reconstructed"
    )


def svg_document(rules: Rules, lay: Layout, board: str, pieces: str, title: str) -> str:
    """A complete SVG file from the two layers."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board africa" viewBox="0 0 {lay.width:.0f} {lay.height:.0f}" '
        f'width="{lay.width:.0f}" height="{lay.height:.0f}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>"
        + _text(MARGIN, 24, title, "title")
        + f'<g id="board">{board}</g><g id="pieces">{pieces}</g></svg>\n'
    )


def board_svg(rules: Rules, state: State | None = None, seats: Sequence[str] = ()) -> str:
    """The map of ``rules`` as a complete SVG document, with ``state``'s pieces if given."""
    lay = layout(rules)
    pieces = setup_parts(rules, lay) if state is None else "".join(pieces_parts(rules, lay, state, seats))
    return svg_document(rules, lay, board_layer(rules, lay), pieces, board_title(rules))
