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

from collections.abc import Sequence
from html import escape

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.panel import (
    active_mark,
    display,
    frames,
    head,
    legend,
    rules_panel,
    seat_words,
    situation,
)
from woa_core.packs.africa.draw.shapes import (
    DOWN_Y,
    MARGIN,
    TOP,
    Layout,
    R,
    W,
    camp_svg,
    explorer_svg,
    hex_points,
    layout,
    svg_text,
    tile_svg,
    towers,
)
from woa_core.packs.africa.state import CAMP, DOWN, State

STYLE = """
svg.africa text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#222}
svg.africa .title{font-size:16px;font-weight:600}svg.africa .head{font-size:17px;font-weight:600}
svg.africa .small{font-size:14px}svg.africa .tiny{font-size:12.5px}svg.africa .id{font-size:12.5px;fill:#6b5636}
svg.africa .field{fill:#ecdcb0;stroke:#b39a68;stroke-width:1}
svg.africa .field.city{fill:#fbf6ea;stroke:#9b2f1f;stroke-width:3}
svg.africa .sea{fill:#cde3f0}svg.africa .cityname{font-size:12.5px;font-weight:700;fill:#7a2417}
svg.africa .halo{paint-order:stroke;stroke:#fbf6ea;stroke-width:3px;stroke-linejoin:round}
svg.africa .label{font-size:13px;font-weight:700}svg.africa .word{font-size:12.5px;font-weight:700}
svg.africa .vp{font-size:24px;font-weight:700}
svg.africa .disc,svg.africa .back{stroke:#5a4630;stroke-width:1.2}svg.africa .back{fill:#8a6a47}
svg.africa .backrim{fill:none;stroke:#b8956a;stroke-width:1.5}svg.africa .panel{fill:#fbf8f1;stroke:#c9b994}
"""


def board_layer(rules: Rules, lay: Layout) -> str:
    """The sea, every field with its id, the start cities marked and named.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 3)
    >>> layer = board_layer(rules, layout(rules))
    >>> layer.count('data-field="'), layer.count('data-city="')
    (101, 5)
    """
    out = [f'<rect class="sea" x="0" y="{TOP - 18:.0f}" width="{lay.map_w:.0f}" height="{lay.height - TOP + 18:.0f}"/>']
    city_of = {f: c for c, f in enumerate(rules.cities)}
    for f, (x, y) in enumerate(lay.centres):
        c = city_of.get(f)
        what = f"start city {rules.city_names[c]} ({rules.city_keys[c]})" if c is not None else "field"
        cls = "field city" if c is not None else "field"
        out.append(
            f'<polygon class="{cls}" data-field="{rules.fields[f]}" points="{hex_points(x, y, R - 0.6)}">'
            f"<title>{escape(rules.fields[f])}: {escape(what)}</title></polygon>"
        )
        out.append(svg_text(x, y - ID_ABOVE, rules.fields[f], "id", "middle"))
    for c, f in enumerate(rules.cities):
        x, y = lay.centres[f]
        out.append(
            f'<g class="citymark" data-city="{rules.city_keys[c]}"><title>start city {escape(rules.city_names[c])}'
            f'</title><polygon class="cityarea" points="{hex_points(x, y, R - 0.6)}" fill="#fff" fill-opacity="0"/>'
            f"{towers(x, y + DOWN_Y - 4)}</g>"
        )
        nx, ny, anchor = name_place(lay, f, rules.city_names[c])
        out.append(svg_text(nx, ny, rules.city_names[c], "cityname halo", anchor, data_name=rules.city_keys[c]))
    out.append(legend(rules, lay))
    return "".join(out)


ID_ABOVE = 11.0
"""A field's id: its baseline this far above the field's centre."""

NAME_W = 7.6
"""About how wide a letter of a city's name is (12.5 px, bold), to find the name a place."""


def name_place(lay: Layout, f: int, name: str) -> tuple[float, float, str]:
    """Where the name of the city on field ``f`` goes: on the sea beside its field (left, right,
    above, below, or a corner), clear of every field and on the map, so that no piece in the city
    ever covers it; where none is clear, inside the field under its towers.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 3)
    >>> lay = layout(rules)
    >>> [name_place(lay, f, "Tangier")[2] for f in rules.cities[:1]]
    ['end']
    """
    x, y = lay.centres[f]
    wide, half = len(name) * NAME_W, W / 2
    tries = [
        (x - half - 3, y + 4, "end"),
        (x + half + 3, y + 4, "start"),
        (x, y - R - 3, "middle"),
        (x, y + R + 14, "middle"),
        (x - 1, y - R - 3, "end"),
        (x + 1, y - R - 3, "start"),
        (x - 1, y + R + 14, "end"),
        (x + 1, y + R + 14, "start"),
    ]
    for nx, ny, anchor in tries:
        left = nx - wide if anchor == "end" else nx - wide / 2 if anchor == "middle" else nx
        box = (left, ny - 12, left + wide, ny + 3)
        if box[0] < 2 or box[2] > lay.map_w - 2 or box[1] < TOP - 16 or box[3] > lay.map_h - 2:
            continue
        points = [
            (box[0] + (box[2] - box[0]) * i / 6, box[1] + (box[3] - box[1]) * j / 3) for i in range(7) for j in range(4)
        ]
        if not any(_in_hex(cx, cy, px, py) for cx, cy in lay.centres for px, py in points):
            return nx, ny, anchor
    return x, y + R * 0.62, "middle"


def _in_hex(cx: float, cy: float, px: float, py: float) -> bool:
    """Whether (px, py) lies inside the pointy-top hex of radius ``R`` around (cx, cy)."""
    dx, dy = abs(px - cx), abs(py - cy)
    return dx < W / 2 and dy < R and dy < R - dx * (R / 2) / (W / 2)


def pieces_parts(rules: Rules, lay: Layout, state: State, seats: Sequence[str] = ()) -> list[str]:
    """What a state adds, in parts, so that a replay stores each part once for all the steps it
    does not change: the map's (``map_parts``), then the panel's (``panel_parts``).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 2)
    >>> parts = pieces_parts(rules, layout(rules), Game(rules, seed=1).state)
    >>> len(parts), sum(p.count('class="tile down"') for p in parts)  # 13 rows, 2 explorers, 4, 2 × 2
    (23, 96)
    """
    return map_parts(rules, lay, state, seats) + panel_parts(rules, lay, state, seats)


def map_parts(rules: Rules, lay: Layout, state: State, seats: Sequence[str] = ()) -> list[str]:
    """What a state puts on the map: a part per board row (its tiles and camps), per explorer."""
    s = state
    out: list[str] = []
    explored = set(s.at)
    for row in lay.rows:
        drawn = []
        for f in row:
            x, y = lay.centres[f]
            t = s.tile[f]
            drawn.append(
                camp_svg(rules, f, s.camp[f], x, y) if t == CAMP else tile_svg(rules, f, t, x, y, f in explored)
            )
        out.append("".join(drawn))
    for p, f in enumerate(s.at):
        out.append(explorer_svg(rules, f, p, *lay.centres[f], seats[p] if p < len(seats) else "") if f >= 0 else "")
    return out


def panel_parts(rules: Rules, lay: Layout, state: State, seats: Sequence[str] = ()) -> list[str]:
    """A state's panel beside the map: its head (its frame and the supply; the line saying where
    the game stands), the seats' frames, the mark of the active seat, and per seat its words (VP
    by source, camps) and its display."""
    s = state
    out = [head(rules, lay, s), svg_text(lay.panel_x + 10, TOP + 28, situation(rules, s), "head")]
    out += [frames(lay, s.players), active_mark(lay, s)]
    for p in range(s.players):
        out += [seat_words(rules, lay, s, p, seats[p] if p < len(seats) else ""), display(rules, lay, s, p)]
    return out


def setup_parts(rules: Rules, lay: Layout) -> str:
    """Without a state: a face-down tile on every field but the cities, and the rules' panel."""
    out = [tile_svg(rules, f, DOWN, *lay.centres[f]) for f in range(len(rules.fields)) if not rules.is_city[f]]
    out.append(rules_panel(rules, lay))
    return "".join(out)


def board_title(rules: Rules) -> str:
    """The caption: ruleset, hash, variant and player count.

    >>> from woa_core.rules import load_rules
    >>> board_title(load_rules("africa", 3))
    'Africa · rules africa (ec8ac3d51a1f529a) · 3 players · board reconstructed'
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
        + svg_text(MARGIN, 24, title, "title")
        + f'<g id="board">{board}</g><g id="pieces">{pieces}</g></svg>\n'
    )


def board_svg(rules: Rules, state: State | None = None, seats: Sequence[str] = ()) -> str:
    """The map of ``rules`` as a complete SVG document, with ``state``'s pieces if given."""
    lay = layout(rules)
    pieces = setup_parts(rules, lay) if state is None else "".join(pieces_parts(rules, lay, state, seats))
    return svg_document(rules, lay, board_layer(rules, lay), pieces, board_title(rules))
