"""The board as SVG, drawn from the compiled rules alone, and a game state on top of it.

Islands stand in bands from north to south, each band west to east as their ``at:`` coordinates
say (so that the map stays narrow enough for its words to be read on a laptop's page: at least 16
px of the picture's own, about 13 px on screen at 1280 px), coloured by region (the legend gives
each region's sale price); sea links join them; each island shows its moorings (those unusable
at this player count crossed out), and every space with its good and/or settlement cost; the
worker ships sit at the board's edge next to the island they enter, their dashed line never behind
another card. Few words are drawn: what a space or a ship is, is said by its tooltip, and the
players' panel is words beside the map.
A state adds ships, workers, crops, settlements, Alcaldes, warehouses, the gold and settlement
tracks, hands and VP.

The picture has two layers: ``board_layer`` (what the rules fix) and ``pieces_layer`` (what a
state adds), so the replay viewer draws the board once and swaps the pieces.

>>> from woa_core.rules import load_rules
>>> svg = board_svg(load_rules("west-of-africa", 4))
>>> svg.startswith("<svg") and "Tenerife" in svg and 'data-link="la_gomera-tenerife"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.state import NEUTRAL, NOBODY, GameState
from woa_core.packs.west_of_africa.steps import OVER, SELECT
from woa_core.report.drawing import seat_colour

REGION_COLOURS = ("#d9ecd0", "#f6e7b8", "#f5cfae", "#d9d2f1", "#c9e4ef", "#eed5e4")
GOOD_COLOURS = ("#8fd18f", "#9b4f96", "#e6c14d", "#6fa8dc", "#d98c5f", "#a0a0a0")

CARD_W = 150
SPACE = 34  # one space square and its gap
SPACES_PER_ROW = 4
GAP = 24  # at least this much sea between two island cards
SHIP_W, SHIP_H = 104, 62
MARGIN = 16
PER_BAND = 4  # island cards side by side at most: the map's width
TOP = 36.0  # below the title
HEAD = 50  # an island card's name and moorings, above its spaces
WAREHOUSE = 24  # a player's row of goods in an island's warehouse
LEGEND_H = 30


def player_colour(p: int) -> str:
    """The colour of seat ``p`` (0-based; ``woa_core.report.drawing.seat_colour``); neutral
    pieces are grey.

    >>> player_colour(0), player_colour(NEUTRAL)
    ('#d62728', '#777777')
    """
    return seat_colour(p)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes: the top-left corner of each island card and worker ship, sizes."""

    width: float
    height: float
    card_h: float
    space_rows: int
    cards: tuple[tuple[float, float], ...]
    worker_ships: tuple[tuple[float, float], ...]
    panel_y: float  # where the players' panel starts (below the map)
    players: int
    ship_lines: tuple[str, ...] = ()  # each worker ship's dashed line to its island, as SVG path data


def layout(rules: Rules) -> Layout:
    """Place the island cards in bands of at most ``PER_BAND``, from north to south by their
    ``at:`` coordinates, each band west to east at its islands' x, pushed apart just enough that
    no two cards overlap; the worker ships at the edge beside the island they enter, or, where
    another card stands between the edge and that island, beside the sea under its band, their
    dashed line going by that sea (never behind a card).

    >>> from woa_core.rules import load_rules
    >>> lay = layout(load_rules("west-of-africa", 4))
    >>> len(lay.cards), lay.width > lay.height > 0, lay.width < 1000
    (7, True, True)
    >>> any(_overlap(lay, a, b) for a in range(7) for b in range(a))
    False
    """
    islands = rules.islands
    rows = max(1, max(math.ceil(len(i.spaces) / SPACES_PER_ROW) for i in islands))
    card_h = HEAD + rows * SPACE + 30 + WAREHOUSE * rules.players + 4
    n = len(islands)
    bands = max(1, math.ceil(n / PER_BAND))
    north = sorted(range(n), key=lambda i: (islands[i].at[1], islands[i].at[0], i))
    size, extra = divmod(n, bands)
    left = MARGIN + SHIP_W + GAP
    span = PER_BAND * CARD_W + (PER_BAND - 1) * GAP  # the cards' width
    xs = [i.at[0] for i in islands]
    low, wide = min(xs), (max(xs) - min(xs)) or 1.0
    cards: list[tuple[float, float]] = [(0.0, 0.0)] * n
    k = 0
    for b in range(bands):
        band = sorted(north[k : k + size + (b < extra)], key=lambda i: (islands[i].at[0], i))
        k += len(band)
        y = TOP + b * (card_h + GAP)
        at = [left + (islands[i].at[0] - low) / wide * (span - CARD_W) for i in band]
        for j in range(1, len(at)):  # pushed east where they would overlap ...
            at[j] = max(at[j], at[j - 1] + CARD_W + GAP)
        for j in range(len(at) - 1, -1, -1):  # ... and back west of the band's end
            at[j] = min(at[j], left + span - CARD_W - (len(at) - 1 - j) * (CARD_W + GAP))
        for i, x in zip(band, at, strict=True):
            cards[i] = (x, y)
    map_w = left + span + GAP + SHIP_W + MARGIN
    map_h = TOP + bands * (card_h + GAP)
    ships: list[tuple[float, float]] = []
    middle = left + span / 2
    lines: list[str] = []
    for entry in rules.ship_entry:
        ex, ey = cards[entry]
        west = ex + CARD_W / 2 <= middle
        x = MARGIN if west else map_w - MARGIN - SHIP_W
        edge = x + SHIP_W if west else x  # where the ship's line leaves it
        between = [k for k, (cx, cy) in enumerate(cards) if cy == ey and (cx < ex if west else cx > ex)]
        if between:  # another card between the edge and the island: the line goes by the sea below the band
            lane = ey + card_h + GAP / 2
            y = lane - SHIP_H / 2
        else:
            y = ey + (card_h - SHIP_H) / 2
        while (x, y) in ships:
            y += SHIP_H + 8
        ships.append((x, y))
        mid = y + SHIP_H / 2
        if between:
            down = f"V{lane:.1f}" if mid != lane else ""  # a ship stacked under another: down to the lane first
            lines.append(f"M{edge:.1f} {mid:.1f}{down}H{ex + CARD_W / 2:.1f}V{ey + card_h:.1f}")
        else:
            lines.append(f"M{edge:.1f} {mid:.1f}L{ex + CARD_W / 2:.1f} {ey + card_h / 2:.1f}")
    map_h = max(map_h, *(y + SHIP_H + GAP for _, y in ships))
    panel_y = map_h + LEGEND_H + 12
    height = panel_y + 70 + 34 * rules.players + 40
    return Layout(map_w, height, card_h, rows, tuple(cards), tuple(ships), panel_y, rules.players, tuple(lines))


def _overlap(lay: Layout, a: int, b: int) -> bool:
    """Whether island cards ``a`` and ``b`` overlap."""
    (xa, ya), (xb, yb) = lay.cards[a], lay.cards[b]
    return abs(xa - xb) < CARD_W and abs(ya - yb) < lay.card_h


def _text(x: float, y: float, text: str, cls: str = "", anchor: str = "start", **attrs: object) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    c = f' class="{cls}"' if cls else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{c}{a}{extra}>{escape(text)}</text>'


def _space_xy(lay: Layout, island_index: int, k: int) -> tuple[float, float]:
    x, y = lay.cards[island_index]
    return x + 8 + (k % SPACES_PER_ROW) * SPACE, y + HEAD + (k // SPACES_PER_ROW) * SPACE


def _mooring_xy(lay: Layout, island_index: int, m: int) -> tuple[float, float]:
    """Where mooring ``m`` of an island is drawn (a ship there sits on it)."""
    x, y = lay.cards[island_index]
    return x + 16 + m * 20, y + 37


def _link_path(lay: Layout, a: int, b: int) -> str:
    """A straight line between two islands, or a curve around the cards in between."""
    (x1, y1), (x2, y2) = _centre(lay, a), _centre(lay, b)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    others = [k for k in range(len(lay.cards)) if k not in (a, b)]
    for bend in (0, 60, -60, 120, -120, 180, -180, 240, -240):
        cx, cy = (x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend
        points = [_bezier(x1, y1, cx, cy, x2, y2, t / 20) for t in range(1, 20)]
        if not any(_inside(lay, k, px, py) for k in others for px, py in points):
            break
    if bend == 0:
        return f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}"
    # the control point of a quadratic curve passing through (cx, cy) at t = 1/2
    qx, qy = 2 * cx - (x1 + x2) / 2, 2 * cy - (y1 + y2) / 2
    return f"M{x1:.1f} {y1:.1f}Q{qx:.1f} {qy:.1f} {x2:.1f} {y2:.1f}"


def _bezier(x1: float, y1: float, cx: float, cy: float, x2: float, y2: float, t: float) -> tuple[float, float]:
    qx, qy = 2 * cx - (x1 + x2) / 2, 2 * cy - (y1 + y2) / 2
    u = 1 - t
    return u * u * x1 + 2 * u * t * qx + t * t * x2, u * u * y1 + 2 * u * t * qy + t * t * y2


def _inside(lay: Layout, k: int, px: float, py: float) -> bool:
    x, y = lay.cards[k]
    return x - 6 <= px <= x + CARD_W + 6 and y - 6 <= py <= y + lay.card_h + 6


def _centre(lay: Layout, i: int) -> tuple[float, float]:
    x, y = lay.cards[i]
    return x + CARD_W / 2, y + lay.card_h / 2


STYLE = """
svg.board text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#222}
svg.board .name{font-weight:700;font-size:18px}svg.board .small{font-size:10px}svg.board .tiny{font-size:9px}
svg.board .cost{font-size:16px;font-weight:700}svg.board .title{font-size:16px;font-weight:600}
svg.board .word{font-size:16px}svg.board .count{font-size:16px;font-weight:700}
svg.board .chip{font-size:16px;font-weight:700;fill:#fff;paint-order:stroke;stroke:#111;stroke-width:2px}
svg.board .link{stroke:#2f6f9f;stroke-width:4;stroke-linecap:round;opacity:.75}
svg.board .card{stroke:#555;stroke-width:1.2}svg.board .space{stroke:#444;stroke-width:1}
svg.board .mooring{fill:#fff;stroke:#234;stroke-width:1.3}
svg.board .mooring.unusable{fill:none;stroke:#999;stroke-dasharray:2 2}svg.board .sea{fill:#eaf4fb}
"""


def board_layer(rules: Rules, lay: Layout, printed_moorings: Sequence[int] | None = None) -> str:
    """What the rules fix: sea, sea links, island cards with spaces and moorings, worker ships,
    a legend. ``printed_moorings`` (per island, e.g. the most over all player counts) shows the
    moorings unusable at this player count crossed out.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> layer = board_layer(rules, layout(rules), printed_moorings=[1, 5, 1, 2, 2, 1, 5])
    >>> layer.count('class="link"'), layer.count('class="mooring-off"')
    (6, 2)
    """
    r = rules
    regions = r.document["board"]["regions"]
    region_ids = list(regions)
    out = [f'<rect class="sea" x="0" y="0" width="{lay.width:.0f}" height="{lay.panel_y - 8:.0f}"/>']
    for a, island in enumerate(r.islands):
        for b in island.neighbors:
            if a < b:
                label = f"sea link {island.name} – {r.islands[b].name}"
                out.append(
                    f'<path class="link" data-link="{island.id}-{r.islands[b].id}" d="{_link_path(lay, a, b)}" '
                    f'fill="none"><title>{escape(label)}</title></path>'
                )
    for k, (entry, (x, y)) in enumerate(zip(r.ship_entry, lay.worker_ships, strict=True)):
        out.append(
            f'<path class="ship-line" d="{lay.ship_lines[k]}" fill="none" '
            'stroke="#7a5a2f" stroke-width="2" stroke-dasharray="6 4"/>'
        )
        name = r.document["board"]["worker_ships"][r.worker_ships[k]].get("name", r.worker_ships[k])
        out.append(
            f'<g class="worker-ship" data-ship="{r.worker_ships[k]}"><title>{escape(name)}: a worker ship, '
            f"entering {escape(r.islands[entry].name)}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{SHIP_W}" height="{SHIP_H}" rx="14" fill="#e8d2a8" '
            'stroke="#7a5a2f"/>' + _text(x + SHIP_W / 2, y + 20, name, "word", "middle") + "</g>"
        )
    for i, island in enumerate(r.islands):
        x, y = lay.cards[i]
        colour = REGION_COLOURS[region_ids.index(island.region) % len(REGION_COLOURS)]
        region_name = regions[island.region].get("name", island.region)
        parts = [
            f'<g class="island" data-island="{island.id}">',
            f"<title>{escape(island.name)} · {escape(region_name)} region · goods sell for {island.price} gold · "
            f"{island.moorings} mooring(s)</title>",
            f'<rect class="card" x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{lay.card_h:.0f}" rx="8" '
            f'fill="{colour}"/>',
            _text(x + 8, y + 21, island.name, "name"),
        ]
        printed = max(island.moorings, printed_moorings[i] if printed_moorings else 0)
        for m in range(printed):
            cx, cy = _mooring_xy(lay, i, m)
            if m < island.moorings:
                parts.append(
                    f'<circle class="mooring" cx="{cx:.1f}" cy="{cy:.1f}" r="7"><title>a mooring of '
                    f"{escape(island.name)}'s harbor</title></circle>"
                )
            else:
                parts.append(
                    f'<g class="mooring-off"><title>mooring not used with {r.players} players</title>'
                    f'<circle class="mooring unusable" cx="{cx:.1f}" cy="{cy:.1f}" r="7"/>'
                    f'<path d="M{cx - 5:.1f} {cy - 5:.1f}L{cx + 5:.1f} {cy + 5:.1f}" stroke="#999"/></g>'
                )
        for k, sp in enumerate(island.spaces):
            info = r.spaces[sp]
            sx, sy = _space_xy(lay, i, k)
            fill = GOOD_COLOURS[info.good % len(GOOD_COLOURS)] if info.good >= 0 else "#ffffff"
            what = []
            if info.good >= 0:
                what.append(f"{r.good_names[info.good]} field")
            if info.cost >= 0:
                what.append(f"settlement {info.cost} gold")
            parts.append(
                f'<rect class="space" data-space="{sp}" x="{sx:.1f}" y="{sy:.1f}" width="{SPACE - 4}" '
                f'height="{SPACE - 4}" rx="3" fill="{fill}"><title>{escape(island.name)} space {info.number}: '
                f"{escape(' + '.join(what))}</title></rect>"
            )
            if info.cost >= 0:
                parts.append(_text(sx + (SPACE - 4) / 2, sy + 21, str(info.cost), "cost", "middle"))
        parts.append("</g>")
        out.append("".join(parts))
    out.append(_legend(rules, lay, region_ids))
    return "".join(out)


def _legend(rules: Rules, lay: Layout, region_ids: list[str]) -> str:
    """The key under the map: each good's colour, each region's colour and sale price, what a
    number and a circle mean."""
    r = rules
    x: float = MARGIN
    y = lay.panel_y - 20
    out = []
    for g, name in enumerate(r.good_names):
        colour = GOOD_COLOURS[g % len(GOOD_COLOURS)]
        out.append(f'<rect x="{x:.1f}" y="{y - 13:.1f}" width="15" height="15" fill="{colour}" stroke="#444"/>')
        out.append(_text(x + 20, y, name, "word"))
        x += 34 + 8.6 * len(name)
    regions = r.document["board"]["regions"]
    for k, region in enumerate(region_ids):
        words = f"{regions[region].get('name', region)} {regions[region]['price']}g"
        colour = REGION_COLOURS[k % len(REGION_COLOURS)]
        out.append(f'<rect x="{x:.1f}" y="{y - 13:.1f}" width="15" height="15" fill="{colour}" stroke="#555"/>')
        out.append(_text(x + 20, y, words, "word"))
        x += 34 + 8.6 * len(words)
    out.append(_text(x, y, "9: settlement cost", "word"))
    return "".join(out)


def pieces_layer(rules: Rules, lay: Layout, state: GameState | None, seats: Sequence[str] = (), note: str = "") -> str:
    """What a state adds to the board: ships, workers, crops, settlements, Alcaldes, warehouses,
    and the panel with round, tracks, gold, VP, supply, selections and hands. ``seats`` names
    who plays each seat (bots); ``note`` is a line shown above the panel (e.g. the last action).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> rules = load_rules("west-of-africa", 3)
    >>> layer = pieces_layer(rules, layout(rules), new_state(rules, seed=1), ["me", "bot", "bot"])
    >>> layer.count('class="worker"'), layer.count('class="player"'), layer.count('class="settlement"')
    (6, 3, 4)
    """
    if state is None:
        return _preplaced(rules, lay) + _rules_panel(rules, lay)
    return "".join(pieces_parts(rules, lay, state, seats, note))


def pieces_parts(rules: Rules, lay: Layout, state: GameState, seats: Sequence[str] = (), note: str = "") -> list[str]:
    """``pieces_layer`` in parts — one per island, the worker ships, the panel — so a replay
    stores each part once for all the steps it does not change.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> rules = load_rules("west-of-africa", 2)
    >>> len(pieces_parts(rules, layout(rules), new_state(rules, seed=1)))  # 7 islands, ships, panel
    9
    """
    r, s = rules, state
    parts: list[str] = []
    out: list[str] = []
    for i, island in enumerate(r.islands):
        if i:
            parts.append("".join(out))
            out = []
        x, y = lay.cards[i]
        for k, sp in enumerate(island.spaces):
            sx, sy = _space_xy(lay, i, k)
            owner = s.settlement[sp]
            if owner != NOBODY:
                out.append(_house(sx, sy, owner))
            elif s.crop[sp] != NOBODY:
                out.append(
                    f'<circle class="crop" data-player="p{s.crop[sp] + 1}" cx="{sx + 15:.1f}" cy="{sy + 15:.1f}" '
                    f'r="9" fill="{player_colour(s.crop[sp])}" stroke="#fff" stroke-width="2">'
                    f"<title>p{s.crop[sp] + 1} grows {escape(r.good_names[r.spaces[sp].good])}</title></circle>"
                )
        ships = [p for p in range(s.players) if s.ship[p] == i]
        for m, p in enumerate(ships):
            cx, cy = _mooring_xy(lay, i, m)
            cy += 3
            out.append(
                f'<path class="ship" data-player="p{p + 1}" d="M{cx - 9:.1f} {cy:.1f}h18l-4 7h-10z'
                f'M{cx:.1f} {cy:.1f}v-12l8 9z" fill="{player_colour(p)}" stroke="#111" stroke-width="1">'
                f"<title>ship of p{p + 1}</title></path>"
            )
        if s.alcalde[i] != NOBODY:
            ax = x + CARD_W - 30
            out.append(
                f'<g class="alcalde" data-player="p{s.alcalde[i] + 1}"><title>Alcalde: p{s.alcalde[i] + 1}</title>'
                f'<rect x="{ax:.1f}" y="{y + 26:.1f}" width="22" height="22" rx="4" '
                f'fill="{player_colour(s.alcalde[i])}" stroke="#111"/>'
                + _text(ax + 11, y + 43, "A", "chip", "middle")
                + "</g>"
            )
        wy = y + HEAD + lay.space_rows * SPACE + 14
        wx = x + 8
        for p in range(s.players):
            n = s.workers[p][i]
            if n:
                out.append(_worker(wx, wy, p, n))
                wx += 28
        for row, p in enumerate(q for q in range(s.players) if any(s.warehouse[i][q])):
            ly = wy + 18 + row * WAREHOUSE
            out.append(
                f'<g class="warehouse" data-player="p{p + 1}"><title>the warehouse of p{p + 1}</title>'
                f'<rect x="{x + 8:.1f}" y="{ly:.1f}" width="8" height="18" fill="{player_colour(p)}"/>'
            )
            gx = x + 22
            for g, n in enumerate(s.warehouse[i][p]):
                if n:
                    out.append(
                        f'<rect x="{gx:.1f}" y="{ly + 2:.1f}" width="14" height="14" '
                        f'fill="{GOOD_COLOURS[g % len(GOOD_COLOURS)]}" stroke="#444" stroke-width=".8">'
                        f"<title>{n} {escape(r.good_names[g])}</title></rect>"
                        + _text(gx + 17, ly + 15, str(n), "count")
                    )
                    gx += 36
            out.append("</g>")
    parts.append("".join(out))
    out = []
    for k, (x, y) in enumerate(lay.worker_ships):
        loc = len(r.islands) + k
        wx = x + 8
        for p in range(s.players):
            n = s.workers[p][loc]
            if n:
                out.append(_worker(wx, y + 42, p, n))
                wx += 28 if wx + 54 < x + SHIP_W else 0
    parts.append("".join(out))
    parts.append(_state_panel(rules, lay, s, seats, note))
    return parts


def _preplaced(rules: Rules, lay: Layout) -> str:
    """The settlements the rules place before the game (neutral)."""
    out = []
    for i, island in enumerate(rules.islands):
        for k, sp in enumerate(island.spaces):
            if sp in rules.preplaced:
                out.append(_house(*_space_xy(lay, i, k), NEUTRAL))
    return "".join(out)


def _house(sx: float, sy: float, owner: int) -> str:
    who = "neutral" if owner == NEUTRAL else f"p{owner + 1}"
    w = SPACE - 4
    return (
        f'<path class="settlement" data-player="{who}" d="M{sx + 2:.1f} {sy + w - 1:.1f}V{sy + 9:.1f}'
        f'L{sx + w / 2:.1f} {sy + 2:.1f}L{sx + w - 2:.1f} {sy + 9:.1f}V{sy + w - 1:.1f}Z" '
        f'fill="{player_colour(owner)}" stroke="#111"><title>settlement ({who})</title></path>'
    )


def _worker(x: float, y: float, p: int, n: int) -> str:
    """``n`` workers of ``p``: a chip in its colour, centred at (x + 12, y), their number on it."""
    return (
        f'<g class="worker" data-player="p{p + 1}"><title>{n} worker(s) of p{p + 1}</title>'
        f'<circle cx="{x + 12:.1f}" cy="{y:.1f}" r="12" fill="{player_colour(p)}" stroke="#111" stroke-width="1"/>'
        + _text(x + 12, y + 6, str(n), "chip", "middle")
        + "</g>"
    )


def _rules_panel(rules: Rules, lay: Layout) -> str:
    r = rules
    y = lay.panel_y + 14
    regions = r.document["board"]["regions"]
    prices = ", ".join(f"{v.get('name', k)} {v['price']}g" for k, v in regions.items())
    lines = [
        f"{r.players} players · sale prices: {prices} · start gold {r.start_gold} (cap {r.gold_cap})",
        f"settlements: {r.settlements_total} ({len(r.preplaced)} pre-placed), settlement track {r.track_size}; "
        f"game ends at {r.vp_threshold} VP" + (" or when every settlement is placed" if r.end_when_all_settled else ""),
        "round end: " + " → ".join(r.round_end),
        "cards: " + ", ".join(f"{c.id} {c.value}" for c in r.cards),
    ]
    return "".join(_text(MARGIN, y + 16 * k, line, "small") for k, line in enumerate(lines))


def _state_panel(rules: Rules, lay: Layout, s: GameState, seats: Sequence[str], note: str) -> str:
    r = rules
    x0, y = MARGIN, lay.panel_y + 12
    step = {SELECT: "selecting cards", OVER: "game over"}.get(s.step, s.step)
    active = s.order[s.turn] if s.step not in (SELECT, OVER) and s.order else NOBODY
    head = f"Round {s.round} · {step}" + (f" · p{active + 1} to act" if active != NOBODY else "")
    if s.last_round:
        head += f" · last round {s.last_round}"
    out = [_text(x0, y, head, "title")]
    if note:
        out.append(_text(x0 + 330, y, note, "small"))
    # settlement track
    ty = y + 16
    out.append(_text(x0, ty + 9, "settlement track", "small"))
    for k in range(r.track_size):
        fill = "#8a6a3a" if k < s.track else "#fff"
        out.append(
            f'<rect class="track" x="{x0 + 92 + k * 13:.1f}" y="{ty:.1f}" width="10" height="10" fill="{fill}" '
            'stroke="#444"/>'
        )
    out.append(_text(x0 + 98 + r.track_size * 13, ty + 9, f"{s.track} on the track, {s.reserve} in reserve", "small"))
    # gold track
    gx, gy, gw = x0 + 400, ty + 5, lay.width - x0 - 440
    cap = max(r.gold_cap, 1)
    out.append(_text(gx - 6, gy + 4, "gold", "small", "end"))
    out.append(
        f'<line x1="{gx:.1f}" y1="{gy:.1f}" x2="{gx + gw:.1f}" y2="{gy:.1f}" stroke="#b8942f" stroke-width="3"/>'
    )
    out.append(_text(gx + gw + 4, gy + 4, str(cap), "tiny"))
    stacked: dict[int, int] = {}
    for p in reversed(s.gold_rank()):
        g = min(s.gold[p], cap)
        h = stacked.get(g, 0)
        stacked[g] = h + 1
        px = gx + gw * g / cap
        out.append(
            f'<rect class="gold-marker" data-player="p{p + 1}" x="{px - 4:.1f}" y="{gy - 5 - 7 * h:.1f}" width="8" '
            f'height="8" fill="{player_colour(p)}" stroke="#111" stroke-width=".6"><title>p{p + 1}: {s.gold[p]} gold'
            "</title></rect>"
        )
    # players
    py = ty + 30
    order = {p: k for k, p in enumerate(s.gold_rank())}
    for p in range(s.players):
        yy = py + 34 * p  # two lines a player: the figures, then the goods and cards
        src = s.vp_from[p]
        vp_parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in src.items() if v)
        supply = " ".join(f"{n}{r.good_names[g][0].lower()}" for g, n in enumerate(s.supply[p]) if n) or "-"
        hand = " ".join(c.id for c, n in zip(r.cards, s.hand[p], strict=True) for _ in range(n))
        sel = s.selection[p]
        chosen = (
            ""
            if sel is None
            else " · chose " + " ".join(c.id for c, n in zip(r.cards, sel, strict=True) for _ in range(n))
        )
        who = f"p{p + 1}" + (f" {seats[p]}" if p < len(seats) and seats[p] else "")
        out.append(
            f'<g class="player" data-player="p{p + 1}"><rect x="{x0:.1f}" y="{yy - 10:.1f}" width="12" height="12" '
            f'fill="{player_colour(p)}"/>'
            + _text(x0 + 18, yy, who, "small", font_weight="700")
            + _text(
                x0 + 120,
                yy,
                f"{s.vp[p]} VP" + (f" ({vp_parts})" if vp_parts else "") + f" · {s.gold[p]} gold (#{order[p] + 1})",
                "small",
            )
            + _text(x0 + 18, yy + 15, f"supply {supply}{chosen} · hand: {hand}", "small")
            + "</g>"
        )
    return "".join(out)


def svg_document(rules: Rules, lay: Layout, board: str, pieces: str, title: str) -> str:
    """A complete SVG file from the two layers.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 4)
    >>> svg_document(rules, layout(rules), "", "", "empty").rstrip().endswith('<g id="pieces"></g></svg>')
    True
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {lay.width:.0f} {lay.height:.0f}" '
        f'width="{lay.width:.0f}" height="{lay.height:.0f}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>"
        + _text(MARGIN, 22, title, "title")
        + f'<g id="board">{board}</g><g id="pieces">{pieces}</g></svg>\n'
    )


def board_title(rules: Rules) -> str:
    """The caption: ruleset, hash, variant and player count.

    >>> from woa_core.rules import load_rules
    >>> board_title(load_rules("west-of-africa", 3)).endswith("· 3 players")
    True
    """
    variant = f" · variant {rules.variant}" if rules.variant else ""
    return f"West of Africa · rules {rules.name} ({rules.content_hash}){variant} · {rules.players} players"


def board_svg(
    rules: Rules,
    state: GameState | None = None,
    printed_moorings: Sequence[int] | None = None,
    seats: Sequence[str] = (),
) -> str:
    """The board of ``rules`` as a complete SVG document, with ``state``'s pieces if given."""
    lay = layout(rules)
    return svg_document(
        rules,
        lay,
        board_layer(rules, lay, printed_moorings),
        pieces_layer(rules, lay, state, seats),
        board_title(rules),
    )
