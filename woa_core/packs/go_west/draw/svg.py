"""Go West!'s board as SVG, drawn from the compiled rules, and a state on top of it: the regions in
a line as on the printed map (3.1), California on the left, a step moving a wagon one column left
(5.1); each block's 8 circles in 2 rows of 4, numbered clockwise from the top left, the divider in
circle ``pushed % circles`` and the discs after it, oldest first (G4); the score track, the piles,
a row per seat with its hand (faces where the state drawn holds them, else a back and the count).
Two layers, ``board_layer`` (what the rules fix) and ``pieces_parts`` (what a state adds), so the
replay viewer draws the board once. Elements carry the notation's words: ``data-region="GP"`` on a
region, ``data-card`` (its shape's word) and ``data-id`` on a hand's card, ``data-block`` on a block.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("go-west", 4)
>>> svg = board_svg(rules)
>>> svg.count('class="region"'), svg.count('class="circle"'), svg.count('class="back"'), title(rules)[-26:]
(6, 32, 5, 'action cards reconstructed')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.draw.look import (
    CARD_H,
    CARD_W,
    HIDDEN,
    back_svg,
    card_defs,
    card_svg,
    plural,
    region_colour,
    svg_text,
    wagon,
)
from woa_core.packs.go_west.draw.words import COLUMNS, key_numbers, words
from woa_core.packs.go_west.state import State, new_state
from woa_core.report.drawing import Panel, seat_colour

W, MARGIN, COL_W, MAP_Y, MAP_H = 840, 30, 130, 44, 190
TRACK_Y = MAP_Y + MAP_H + 46
LANE, SEAT_H, CARD_STEP, HAND_X = 20, 72, 94, 150

STYLE = """
svg.go-west text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#222}
svg.go-west .t{font-size:15px;font-weight:600}svg.go-west .h{font-size:14px;font-weight:700}
svg.go-west .s{font-size:13px}svg.go-west .n{font-size:22px;font-weight:700}
svg.go-west .d{font-size:13px;font-weight:700;fill:#fff}svg.go-west .circle{fill:#fff;stroke:#8c8372}
"""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the parts go for one player count: the piles' and the seats' rows, the height."""

    piles_y: float
    seats_y: float
    height: float


def layout(rules: Rules) -> Layout:
    """The rows under the map for ``rules.players`` seats."""
    piles = TRACK_Y + 30 + LANE * rules.players + 14
    seats = piles + CARD_H + 16
    return Layout(piles, seats, seats + SEAT_H * rules.players + 8)


def column_x(rules: Rules, region: int) -> float:
    """The left edge of a region's column: the exit on the left, the start on the right."""
    return MARGIN + (rules.exit - region) * COL_W


def circle_at(rules: Rules, region: int, k: int) -> tuple[float, float, float]:
    """Circle ``k`` of the block in ``region``: its centre and radius; circles are numbered
    clockwise from the top left, the top row left to right, the bottom row right to left."""
    top = (rules.circles + 1) // 2
    col, row = (k, 0) if k < top else (rules.circles - 1 - k, 1)
    gap = min(28.0, (COL_W - 34) / max(top - 1, 1))
    x = column_x(rules, region) + (COL_W - 4) / 2 + (col - (top - 1) / 2) * gap
    return x, MAP_Y + 66 + row * 30, min(12.0, gap * 0.43)


def board_layer(rules: Rules, faces: bool = True) -> str:
    """The regions with their names and empty circles, the direction of the moves; ``faces``:
    every card's face, for the pieces to show by reference."""
    said = words(rules)
    out = [card_defs(rules)] if faces else []
    out.append(back_svg(MARGIN, layout(rules).piles_y))  # the draw pile
    for r, short in enumerate(rules.regions):
        x, colour = column_x(rules, r), region_colour(rules, r)
        out.append(
            f'<g class="region" data-region="{short}"><title>{escape(said[short])}</title>'
            f'<rect x="{x:.1f}" y="{MAP_Y}" width="{COL_W - 4}" height="{MAP_H}" rx="8" fill="{colour}" '
            f'fill-opacity=".28" stroke="{colour}" stroke-width="2"/>'
            + svg_text(x + 8, MAP_Y + 20, rules.region_names[r], "h")
            + svg_text(x + 8, MAP_Y + 38, short + (" · start" if r == 0 else " · exit" if r == rules.exit else ""), "s")
        )
        out.append(wagon(x + 10, MAP_Y + MAP_H - 18, 1.1))
        if r == rules.exit:
            out.append(svg_text(x + 10, MAP_Y + MAP_H - 56, "out of play", "s"))
        if rules.region_block[r] >= 0:
            for k in range(rules.circles):
                cx, cy, radius = circle_at(rules, r, k)
                out.append(f'<circle class="circle" cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}"/>')
        out.append("</g>")
    y = MAP_Y + MAP_H + 20
    out.append(
        f'<path d="M{MARGIN + 14} {y - 5}h{W - 2 * MARGIN - 28}M{MARGIN + 14} {y - 5}l10 -6v12z" '
        'stroke="#5a4630" stroke-width="2" fill="#5a4630"/>'
    )
    out.append(
        f'<rect x="{W / 2 - 200:.0f}" y="{y - 16}" width="400" height="22" fill="#fff"/>'
        + svg_text(W / 2, y, "wagons move west, one region a step (5.1)", "s", "middle")
    )
    return "".join(out)


def wagons_part(rules: Rules, s: State, r: int) -> str:
    """Region ``r``'s wagon count beside its wagon (California's are out of play)."""
    x, y = column_x(rules, r) + 10, MAP_Y + MAP_H - 18
    said = f"{rules.region_names[r]}: {plural(s.wagons[r], 'wagon')} " + ("out of play" if r == rules.exit else "here")
    return (
        f'<g class="wagons" data-wagons="{rules.regions[r]}"><rect x="{x - 4:.0f}" y="{y - 30}" width="{COL_W - 16}" '
        f'height="36" fill="none"/><title>{escape(said)}</title>'
        + svg_text(x + 46, y - 2, f"× {s.wagons[r]}", "n")
        + "</g>"
    )


def block_part(rules: Rules, s: State, b: int) -> str:
    """Block ``b``: the divider in circle ``pushed % circles``, the discs in the circles after it,
    oldest first (G4)."""
    r = rules.block_region[b]
    divider = s.pushed[b] % rules.circles
    cx, cy, radius = circle_at(rules, r, divider)
    queue = " ".join(f"p{p + 1}" for p in s.blocks[b]) or "empty"
    out = [
        f'<g class="block" data-block="{rules.regions[r]}">'
        f"<title>{escape(rules.region_names[r])}: {queue} (oldest first)</title>"
        f'<rect class="divider" data-circle="{divider}" x="{cx - radius + 2:.1f}" y="{cy - radius + 2:.1f}" '
        f'width="{2 * radius - 4:.1f}" height="{2 * radius - 4:.1f}" rx="3" fill="#5a4630"/>'
    ]
    for age, p in enumerate(s.blocks[b], start=1):
        k = (divider + age) % rules.circles
        cx, cy, radius = circle_at(rules, r, k)
        out.append(
            f'<g class="disc" data-seat="p{p + 1}" data-age="{age}" data-circle="{k}"><circle cx="{cx:.1f}" '
            f'cy="{cy:.1f}" r="{radius:.1f}" fill="{seat_colour(p)}" stroke="#222"/>'
            + svg_text(cx, cy + 4.5, str(p + 1), "d", "middle")
            + "</g>"
        )
    return "".join(out) + "</g>"


def track_parts(rules: Rules, s: State) -> list[str]:
    """The score track: a lane per seat and the VP marked (the threshold in red, 7.0), wide enough
    for the highest VP (G25); then each seat's marker at its VP."""
    x0, x1 = MARGIN + 40, W - MARGIN - 20
    top = max(rules.vp_threshold + 10, -(-(max(s.vp) + 5) // 10) * 10)
    tick = 10 if top <= 100 else 20 if top <= 200 else 50
    px = (x1 - x0) / top
    lanes_y, n = TRACK_Y + 26, s.players
    out = [
        '<g class="track" data-track="vp">'
        + svg_text(MARGIN, TRACK_Y, "Score track (VP)", "h")
        + svg_text(MARGIN + 142, TRACK_Y, f"the game ends at {rules.vp_threshold} VP after a scoring (7.0)", "s")
    ]
    for p in range(n):
        out.append(
            f'<rect x="{x0 - 10}" y="{lanes_y + LANE * p}" width="{x1 - x0 + 20}" height="{LANE}" '
            f'fill="{"#f4f1ea" if p % 2 else "#fbfaf6"}"/>'
            + svg_text(MARGIN, lanes_y + LANE * p + 15, f"p{p + 1}", "h")
        )
    for v in range(0, top + 1, tick):
        x = x0 + v * px
        out.append(
            f'<path d="M{x:.1f} {lanes_y}v{LANE * n}" stroke="{"#b22" if v == rules.vp_threshold else "#ccc"}"/>'
        )
        out.append(svg_text(x, TRACK_Y + 20, str(v), "s", "middle"))
    markers = []
    for p in range(n):
        x, y = x0 + s.vp[p] * px, lanes_y + LANE * p + LANE / 2
        markers.append(
            f'<g class="marker" data-seat="p{p + 1}" data-vp="{s.vp[p]}"><title>p{p + 1}: {s.vp[p]} VP</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{seat_colour(p)}" stroke="#222"/>'
            + svg_text(x + 12, y + 5, str(s.vp[p]), "h")
            + "</g>"
        )
    return ["".join(out) + "</g>", "".join(markers)]


def piles_parts(rules: Rules, s: State, lay: Layout) -> list[str]:
    """The draw pile's size and the reshuffles so far; the discard pile, its top card face up
    (G30); the card being played, if any, with the steps it still makes."""
    y, c = lay.piles_y, s.cards
    x = MARGIN + CARD_W + 10
    pile = svg_text(x, y + 26, f"draw pile: {len(c.pile)}", "h") + svg_text(
        x, y + 48, plural(c.reshuffles, "reshuffle"), "s"
    )
    x = MARGIN + 270
    top = card_svg(rules, c.discard[-1], x, y, word=False) if c.discard else ""
    discard = f'<g data-slot="discard">{top}</g>' + svg_text(
        x + CARD_W + 10, y + 26, f"discard pile: {len(c.discard)}", "h"
    )
    played = ""
    if s.card >= 0:
        x += 250
        played = (
            f'<g data-slot="played">{card_svg(rules, s.card, x, y, word=False)}</g>'
            + svg_text(x + CARD_W + 10, y + 26, f"p{s.order[s.turn] + 1} plays", "h")
            + (svg_text(x + CARD_W + 10, y + 48, f"{plural(s.left, 'step')} left", "s") if s.left else "")
        )
    return [pile, discard, played]


def seat_part(rules: Rules, s: State, lay: Layout, p: int, who: str) -> str:
    """Seat ``p``'s frame, marked while it acts, its name, token and next scoring cost."""
    y = lay.seats_y + SEAT_H * p
    acting = s.active() == p
    held = rules.tokens and s.token[p]
    token = (
        f'<g data-token="p{p + 1}"><title>double-move token: {"held" if held else "spent"}</title>'
        f'<rect x="{MARGIN + 10}" y="{y + 29}" width="24" height="18" rx="4" '
        + (f'fill="{seat_colour(p)}" stroke="#222"/>' if held else 'fill="none" stroke="#888" stroke-dasharray="3 2"/>')
        + svg_text(MARGIN + 40, y + 43, "2× " + ("held" if held else "spent"), "s")
        + "</g>"
    )
    used = s.used[p]
    nxt = f"next scoring {rules.scoring_costs[used]}" if used < len(rules.scoring_costs) else "scorings used"
    return "".join(
        [
            f'<g class="seat" data-seat="p{p + 1}"><rect x="{MARGIN - 4}" y="{y}" width="{W - 2 * MARGIN + 8}" '
            f'height="{SEAT_H - 4}" rx="6" fill="{"#fff3c4" if acting else "#fbf8f1"}" stroke="{seat_colour(p)}" '
            f'stroke-width="{3 if acting else 1.5}"/><rect x="{MARGIN - 4}" y="{y}" width="7" height="{SEAT_H - 4}" '
            f'fill="{seat_colour(p)}"/>',
            svg_text(MARGIN + 10, y + 20, f"p{p + 1} {who.split(':')[0][:10]}".rstrip(), "h"),
            token if rules.tokens else "",
            svg_text(MARGIN + 10, y + 62, nxt, "s"),
            "</g>",
        ]
    )


def hand_part(rules: Rules, s: State, lay: Layout, p: int) -> str:
    """Seat ``p``'s hand: the faces where the state holds them, else a back and the count."""
    y = lay.seats_y + SEAT_H * p + 3
    hand = s.cards.hands[p]
    if any(card == HIDDEN for card in hand):
        cards = back_svg(HAND_X, y, f"{plural(len(hand), 'card')}, hidden")
    else:
        cards = "".join(card_svg(rules, card, HAND_X + CARD_STEP * k, y) for k, card in enumerate(hand))
    return f'<g class="hand" data-seat="p{p + 1}">{cards}</g>'


HAND_ROW = CARD_H + 14
"""A hand's row on the map-only picture (``map_parts``)."""


def hands_y(rules: Rules) -> float:
    """Where the map-only picture's hands start: under the piles (no seats' rows there)."""
    return layout(rules).piles_y + CARD_H + 16


def map_height(rules: Rules, pieces: str) -> float:
    """The map-only picture's height for its ``pieces``: the map, the track and the piles, and a
    row per hand drawn (a seat's own at ``woa serve``, every hand in a replay).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("go-west", 3)
    >>> map_height(rules, "") + 2 * HAND_ROW == map_height(rules, '<g class="hand" x><g class="hand" y>')
    True
    """
    return hands_y(rules) + HAND_ROW * pieces.count('<g class="hand"') + 4


def shown_hand_part(rules: Rules, s: State, p: int, row: int) -> str:
    """Seat ``p``'s hand in row ``row`` of the map-only picture, framed and named, where the state
    holds its faces; "" for a hand the state hides (its size is told in the panel)."""
    hand = s.cards.hands[p]
    if any(card == HIDDEN for card in hand):
        return ""
    y = hands_y(rules) + HAND_ROW * row
    cards = "".join(card_svg(rules, card, HAND_X + CARD_STEP * k, y + 5) for k, card in enumerate(hand))
    return (
        f'<g class="hand" data-seat="p{p + 1}"><rect class="row" x="{MARGIN - 4}" y="{y}" '
        f'width="{W - 2 * MARGIN + 8}" height="{HAND_ROW - 4}" rx="6" fill="#fbf8f1" stroke="{seat_colour(p)}" '
        f'stroke-width="1.5"/><rect x="{MARGIN - 4}" y="{y}" width="7" height="{HAND_ROW - 4}" '
        f'fill="{seat_colour(p)}"/>'
        + svg_text(MARGIN + 10, y + 24, f"p{p + 1}'s hand", "h")
        + svg_text(MARGIN + 10, y + 44, plural(len(hand), "card"), "s")
        + cards
        + "</g>"
    )


def map_parts(rules: Rules, s: State) -> list[str]:
    """What a state adds to the map-only picture (the page and the replay viewer, which show the
    seats' figures as words beside it, ``panel``): the wagons, the blocks, the track, the piles,
    and the hands whose faces the state holds, no seats' rows.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.go_west.game import Game
    >>> rules = load_rules("go-west", 3)
    >>> parts = map_parts(rules, Game(rules, seed=1).state)
    >>> len(parts), sum(part.count('<g class="hand"') for part in parts), any('class="seat"' in p for p in parts)
    (18, 3, False)
    """
    lay = layout(rules)
    out = [wagons_part(rules, s, r) for r in range(len(rules.regions))]
    out += [block_part(rules, s, b) for b in range(len(rules.block_region))]
    out += [*track_parts(rules, s), *piles_parts(rules, s, lay)]
    row = 0
    for p in range(s.players):
        out.append(shown_hand_part(rules, s, p, row))
        row += bool(out[-1])
    return out


def pieces_parts(rules: Rules, lay: Layout, s: State, seats: Sequence[str] = ()) -> list[str]:
    """What a state adds, in parts (each stored once by the replay viewer): the wagons of each
    region, each block, the track, the piles, each seat's row."""
    out = [wagons_part(rules, s, r) for r in range(len(rules.regions))]
    out += [block_part(rules, s, b) for b in range(len(rules.block_region))]
    out += [*track_parts(rules, s), *piles_parts(rules, s, lay)]
    for p in range(s.players):
        out += [seat_part(rules, s, lay, p, seats[p] if p < len(seats) else ""), hand_part(rules, s, lay, p)]
    return out


def panel_svg(y: float, lines: Sequence[str], table: Panel | None) -> tuple[str, float]:
    """Lines of words and a table (a ``Panel``'s rows) drawn from ``y``; the SVG and its height."""
    out = [svg_text(MARGIN, y + 18 + 20 * k, line, "h" if k == 0 else "s") for k, line in enumerate(lines)]
    high = 20 * len(lines) + 8
    if table is not None:
        cells = [table.columns, *table.rows]
        widths = [max(len(row[c]) for row in cells) * (8.4 if c == 0 else 7.6) + 20 for c in range(len(table.columns))]
        fit = min(1.0, (W - 2 * MARGIN) / sum(widths))
        for k, row in enumerate(cells):
            x: float = MARGIN
            for c, cell in enumerate(row):
                out.append(svg_text(x, y + high + 18 + 20 * k, cell, "h" if k == 0 or c == 0 else "s"))
                x += widths[c] * fit
        high += 20 * len(cells) + 8
    return "".join(out), high


def title(rules: Rules) -> str:
    """The caption: ruleset, hash, variant, player count and whether the cards are reconstructed."""
    variant = f" · variant {rules.variant}" if rules.variant else ""
    made = " · action cards reconstructed" if rules.reconstructed else ""
    return f"Go West! · rules {rules.name} ({rules.content_hash}){variant} · {rules.players} players{made}"


def document(rules: Rules, height: float, board: str, pieces: str) -> str:
    """A complete SVG file from the two layers."""
    caption = title(rules)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board go-west" viewBox="0 0 {W} {height:.0f}" '
        f'width="{W}" height="{height:.0f}" role="img" aria-label="{escape(caption)}">'
        f"<title>{escape(caption)}</title><style>{STYLE}</style>"
        + svg_text(MARGIN, 26, caption, "t")
        + f'<g id="board">{board}</g><g id="pieces">{pieces}</g></svg>\n'
    )


def board_svg(rules: Rules, state: State | None = None, seats: Sequence[str] = ()) -> str:
    """The board of ``rules`` as a complete SVG document with ``state``'s pieces and the table of
    its seats under them; without a state, the setup (every hand a back) and the key numbers."""
    from woa_core.packs.go_west.draw.words import panel

    lay = layout(rules)
    if state is None:
        state = new_state(rules, 0)
        state.cards.hands = [[HIDDEN] * len(h) for h in state.cards.hands]
        extra, high = panel_svg(lay.height, key_numbers(rules), None)
    else:
        shown = panel(rules, state, [who.split(":")[0] for who in seats])  # a bot's name, not its settings
        extra, high = panel_svg(lay.height, shown.lines, Panel((), COLUMNS, shown.rows))
    pieces = "".join(pieces_parts(rules, lay, state, seats)) + extra
    return document(rules, lay.height + high, board_layer(rules, faces="<use " in pieces), pieces)
