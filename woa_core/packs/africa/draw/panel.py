"""The panel beside Africa's map, in words and small pictures: where the game stands, the general
supply with the bonus, each seat's VP by source, camps and display; without a state, the rules in
a few lines and the tile mix; and the legend of the pieces. The same position in words alone
(``panel``: lines and a row per seat) is what the replay viewer shows as a table beside the map,
legible at any width.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.africa.game import Game
>>> situation(load_rules("africa", 2), Game(load_rules("africa", 2), seed=1).state)
'Setup: p1 chooses a city'
"""

from __future__ import annotations

from collections.abc import Sequence

from woa_core.packs.africa.compiled import GOODS, MONUMENT, Rules
from woa_core.packs.africa.draw.look import GEM_STONE, NUGGET, SPECIES_COLOURS, good_colour, name
from woa_core.packs.africa.draw.shapes import (
    HEAD_H,
    LEGEND_H,
    MARGIN,
    PANEL_W,
    PLAYER_H,
    TOP,
    Layout,
    hex_points,
    pawn,
    seat_y,
    svg_text,
    tile_svg,
    towers,
)
from woa_core.packs.africa.state import DOWN, NOBODY, State
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK
from woa_core.report.drawing import Panel, seat_colour

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


def supply_words(rules: Rules, s: State) -> str:
    """The general supply and the bonus after it, in words.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 2)
    >>> supply_words(rules, Game(rules, seed=1).state)
    '8 camps, then the +3 bonus'
    """
    if s.bonus != NOBODY:
        return f"the +{rules.bonus_vp} bonus taken by p{s.bonus + 1}"
    return f"{s.supply} camp{'s' * (s.supply != 1)}, then the +{rules.bonus_vp} bonus"


def tiles_words(rules: Rules, s: State) -> str:
    """The face-down tiles left and the monuments face up, in words.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 2)
    >>> tiles_words(rules, Game(rules, seed=1).state)
    '96 face-down tiles · 0 of 11 monuments up'
    """
    shown = sum(1 for t in s.tile if t >= 0 and rules.face_kind[t] == MONUMENT)
    return f"{s.tile.count(DOWN)} face-down tiles · {shown} of {rules.monuments} monuments up"


def sources_words(s: State, p: int) -> str:
    """Seat ``p``'s VP by source, those it has any of (``reveals 13, animals 18``), or ``no VP yet``."""
    return ", ".join(f"{k} {v}" for k, v in s.vp_from[p].items() if v) or "no VP yet"


def seat_name(s: State, p: int, who: str) -> str:
    """Seat ``p`` and who plays it, and whether it won once the game is over (``p2 heuristic · wins``)."""
    line = f"p{p + 1}" + (f" {who}" if who else "")
    if s.ranking and s.vp[p] == max(s.vp):
        line += " · wins" if s.vp.count(s.vp[p]) == 1 else " · shares the win"
    return line


def _goods(rules: Rules, s: State, p: int) -> str:
    held = s.display[p]
    return ", ".join(f"{held[face]} {rules.goods[g]}" for g, face in enumerate(rules.goods_face) if held[face]) or "–"


def _worth(rules: Rules, s: State, p: int, faces: Sequence[int]) -> str:
    return str(sum(s.display[p][f] * rules.face_value[f] for f in faces))


COLUMNS = ("player", "VP (by source)", "camps", "goods", "gold", "gems")
"""The viewer's table headings: a seat's VP with their sources, its camps to build and built,
the goods in its display by kind, its gold nuggets and gems."""


def panel(rules: Rules, s: State, seats: Sequence[str]) -> Panel:
    """The position ``s`` in words (``Viewer.panel``): where the game stands, the tiles and the
    supply, a turn in a few words, and a row per seat under ``COLUMNS``.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 2)
    >>> shown = panel(rules, Game(rules, seed=1).state, ["me", "heuristic"])
    >>> shown.lines[0], shown.rows[1]
    ('Setup: p1 chooses a city', ('p2 heuristic', '0', '2 to build, 0 built', '–', '0', '0'))
    """
    rows = tuple(
        (
            seat_name(s, p, seats[p] if p < len(seats) else ""),
            f"{s.vp[p]} ({sources_words(s, p)})" if any(s.vp_from[p].values()) else str(s.vp[p]),
            f"{s.camps[p]} to build, {s.camp.count(p)} built",
            _goods(rules, s, p),
            _worth(rules, s, p, rules.gold_faces),
            _worth(rules, s, p, rules.gem_faces),
        )
        for p in range(s.players)
    )
    lines = (situation(rules, s), f"{tiles_words(rules, s)} · supply: {supply_words(rules, s)}", turn_words(rules))
    return Panel(lines, COLUMNS, rows)


def head(rules: Rules, lay: Layout, s: State) -> str:
    """The panel's head but its first line: the tiles left, the supply with the bonus, the turn."""
    x0, y = lay.panel_x, TOP + 6
    out = [f'<rect class="panel" x="{x0:.1f}" y="{y - 2:.1f}" width="{PANEL_W:.0f}" height="{HEAD_H:.0f}" rx="6"/>']
    out.append(svg_text(x0 + 10, y + 44, tiles_words(rules, s), "small"))
    out.append(svg_text(x0 + 10, y + 70, "supply", "small", font_weight="700"))
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
        + svg_text(bx + 16, y + 69, f"+{rules.bonus_vp}", "small", "middle", font_weight="700")
        + "</g>"
    )
    note = f"taken by p{s.bonus + 1}" if taken else f"{s.supply} left"
    out.append(svg_text(bx + 38, y + 70, note, "small"))
    out.append(svg_text(x0 + 10, y + 94, turn_words(rules), "tiny"))
    return "".join(out)


def frames(lay: Layout, players: int) -> str:
    """Each seat's frame in the panel, in its colour (the same at every step)."""
    x0, h = lay.panel_x, PLAYER_H - 6
    return "".join(
        f'<rect class="frame" data-player="p{p + 1}" x="{x0:.1f}" y="{seat_y(p):.1f}" width="{PANEL_W:.0f}" '
        f'height="{h:.0f}" rx="6" fill="#fbf8f1" '
        f'stroke="{seat_colour(p)}" stroke-width="1.5"/>'
        f'<rect x="{x0:.1f}" y="{seat_y(p):.1f}" width="8" height="{h:.0f}" fill="{seat_colour(p)}"/>'
        for p in range(players)
    )


def active_mark(lay: Layout, s: State) -> str:
    """The active seat's frame highlighted ("" once the game is over)."""
    p = s.active() if s.order else NOBODY
    if p == NOBODY:
        return ""
    return (
        f'<rect class="active" x="{lay.panel_x + 8:.1f}" y="{seat_y(p) + 1.5:.1f}" width="{PANEL_W - 9.5:.0f}" '
        f'height="{PLAYER_H - 9:.0f}" fill="#fff3c4" stroke="{seat_colour(p)}" stroke-width="3"/>'
    )


SOURCES_LINE = 48
"""The most characters of VP by source on one line of a seat's frame (12.5 px text in 380 px)."""


def wrapped(words: str, most: int = SOURCES_LINE) -> list[str]:
    """``words`` (a list joined by ``, ``) in lines of at most ``most`` characters, broken after
    a comma (a single item longer than ``most`` keeps its own line).

    >>> wrapped("reveals 13, animals 18, nomads 16, research 9, goods 6, gold 8, gems 10")
    ['reveals 13, animals 18, nomads 16, research 9,', 'goods 6, gold 8, gems 10']
    """
    lines: list[str] = []
    for item in words.split(", "):
        if lines and len(lines[-1]) + 2 + len(item) <= most:
            lines[-1] += ", " + item
        else:
            if lines:
                lines[-1] += ","
            lines.append(item)
    return lines


def seat_words(rules: Rules, lay: Layout, s: State, p: int, who: str) -> str:
    """A seat's words in the panel: who plays it (and whether it won), VP by source (on two lines
    when they are many), camps."""
    x0, y = lay.panel_x, seat_y(p)
    sources = "".join(
        svg_text(x0 + 16, y + 42 + 15 * k, line, "tiny") for k, line in enumerate(wrapped(sources_words(s, p))[:2])
    )
    return (
        f'<g class="player" data-player="p{p + 1}">'
        + svg_text(x0 + 16, y + 22, seat_name(s, p, who), "head")
        + svg_text(x0 + PANEL_W - 10, y + 24, f"{s.vp[p]} VP", "vp", "end")
        + sources
        + svg_text(x0 + 16, y + 78, f"camps: {s.camps[p]} to build, {s.camp.count(p)} built", "small")
        + "</g>"
    )


def display(rules: Rules, lay: Layout, s: State, p: int) -> str:
    """A seat's display: its trade goods by kind, its gold nuggets and gems."""
    x0, y = lay.panel_x, seat_y(p) + 87
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
        out.append(svg_text(gx + 14, y + 10, words, "tiny", fill="#222" if n else "#999"))
        gx += 24 + 6.4 * len(words)
    gold = sum(held[f] * rules.face_value[f] for f in rules.gold_faces)
    gems = sum(held[f] * rules.face_value[f] for f in rules.gem_faces)
    out.append(
        "<g><title>gold nuggets and gems in the display</title>"
        f'<path d="M{gx:.1f} {y + 8:.1f}l3 -5h5l3 5l-2 4h-7z" fill="{NUGGET}" stroke="#5a3d00" stroke-width=".8"/>'
        + svg_text(gx + 14, y + 10, str(gold), "tiny", font_weight="700")
        + f'<path d="M{gx + 34:.1f} {y - 1:.1f}l5 5l-5 7l-5 -7z" fill="{GEM_STONE}" stroke="#0b3550" '
        'stroke-width=".8"/>' + svg_text(gx + 43, y + 10, str(gems), "tiny", font_weight="700") + "</g></g>"
    )
    return "".join(out)


def rules_panel(rules: Rules, lay: Layout) -> str:
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
    out += [svg_text(x0 + 10, y + 22 + 20 * k, text, cls) for k, (cls, text) in enumerate(lines)]
    y += high + 28
    out.append(svg_text(x0 + 10, y, "the tiles, face up", "head"))
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
        out.append(svg_text(tx + 26, ty + 5, f"{r.mix_counts[face]} × {name(r, face)}", "tiny"))
    return "".join(out)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def legend(rules: Rules, lay: Layout) -> str:
    """What the pieces mean, at the foot of the panel: a face-down tile, a start city, a camp, an
    explorer, and the species' bands."""
    x0, y = lay.panel_x, lay.height - MARGIN - LEGEND_H
    out = [
        f'<g class="legend"><rect class="panel" x="{x0:.1f}" y="{y:.1f}" width="{PANEL_W:.0f}" height="{LEGEND_H:.0f}" '
        'rx="6"/>',
        f'<polygon class="back" points="{hex_points(x0 + 24, y + 21, 12)}"/>',
        svg_text(x0 + 46, y + 26, "face-down tile", "small"),
        f'<path d="M{x0 + 170:.1f} {y + 32:.1f}l11 -20l11 20z" fill="#999" stroke="#222"/>',
        svg_text(x0 + 198, y + 26, "camp (owner's colour)", "small"),
        towers(x0 + 24, y + 52),
        svg_text(x0 + 46, y + 58, "start city", "small"),
        pawn(x0 + 181, y + 54, "#999"),
        svg_text(x0 + 198, y + 58, "explorer (seat's colour)", "small"),
    ]
    x = x0 + 10
    out.append(svg_text(x, y + 86, "animals", "small"))
    x += 58
    for k, species in enumerate(rules.species):
        colour = SPECIES_COLOURS[k % len(SPECIES_COLOURS)]
        out.append(
            f'<circle cx="{x + 6:.1f}" cy="{y + 81:.1f}" r="6" fill="#b5d99c" stroke="{colour}" stroke-width="3"/>'
        )
        out.append(svg_text(x + 15, y + 86, species.replace("_", " "), "tiny"))
        x += 26 + 6.6 * len(species)
    out.append("</g>")
    return "".join(out)
