"""Africa as text, for a terminal (``woa play``, ``woa replay --at``, PettingZoo's ``render``).

The map is printed row by row, each row half a field to the east of the row above (pointy-top
axial rows, A1), a row starting with the id of its first field (the next field of the row is one
``q`` further: ``h02_01``, ``h02_02``, ...). Each field is three characters: what lies there, or
the explorer standing on it. Face-down tiles all look alike (``░░░``): the text never shows what a
face-down tile hides (A23), whoever looks.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.africa.game import Game
>>> game = Game(load_rules("africa", 2), seed=1)
>>> game.apply((0, "start", 0))
>>> lines = render(game, 1).splitlines()
>>> lines[0]
'Africa · Setup: p2 chooses a city'
>>> lines[3]
'h00_04       @1  ░░░ ░░░ ░░░ ░░░ ░░░ ALE ░░░'
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.look import label, name
from woa_core.packs.africa.draw.panel import situation, sources_words, supply_words, tiles_words
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, State

BACK = "░░░"
"""A face-down tile on the text map."""


def token(rules: Rules, s: State, f: int) -> str:
    """Field ``f`` on the text map, three characters: an explorer (``@2``), a camp (``^1``), a
    face-up tile's label (``Ele``), a face-down tile (``░░░``), a start city (``TAN``) or an
    empty field (`` · ``)."""
    if f in s.at:
        return f"@{s.at.index(f) + 1}".ljust(3)
    t = s.tile[f]
    if t == DOWN:
        return BACK
    if t == CAMP:
        return f"^{s.camp[f] + 1}".ljust(3)
    if t >= 0:
        return label(rules, t).ljust(3)
    if rules.is_city[f]:
        return rules.city_keys[rules.cities.index(f)][:3].upper()
    return " · "


def text_map(rules: Rules, s: State) -> list[str]:
    """The map, a line per board row."""
    xs = [2 * q + r for q, r in zip(rules.q, rules.r, strict=True)]  # twice q + r/2: whole numbers
    low = min(xs)
    rows: dict[int, list[int]] = {}
    for f, r in enumerate(rules.r):
        rows.setdefault(r, []).append(f)
    width = max(len(rules.fields[f]) for f in range(len(rules.fields)))
    lines = []
    for _, fields in sorted(rows.items()):
        line = ""
        for f in fields:
            column = 2 * (xs[f] - low)
            line = line.ljust(column) + token(rules, s, f) + " "
        lines.append(f"{rules.fields[fields[0]]:<{width}} " + line.rstrip())
    return lines


def legend(rules: Rules) -> str:
    """What the map's tokens mean, in lines of 100 characters at most."""
    faces = []
    for face in range(len(rules.face_names)):
        if face not in rules.goods_face:  # goods never lie face up on the board (A13)
            faces.append(f"{label(rules, face)} {name(rules, face)}")
    cities = [f"{key[:3].upper()} {city}" for key, city in zip(rules.city_keys, rules.city_names, strict=True)]
    words = [f"{BACK} face-down tile", "· empty field", "@1 explorer of p1", "^1 camp of p1", *cities, *faces]
    lines = ["a row starts with its first field's id; the next field east is one q more (h02_01, h02_02, ...)"]
    line = ""
    for word in words:
        if line and len(line) + 3 + len(word) > 100:
            lines.append(line)
            line = ""
        line += (" | " if line else "") + word
    return "\n".join([*lines, line])


def seat_line(rules: Rules, s: State, p: int) -> str:
    """One seat in two lines: VP by source and camps; its explorer and what it stands on, goods,
    gold, gems."""
    sources = sources_words(s, p) if any(s.vp_from[p].values()) else ""
    held = s.display[p]
    goods = ", ".join(f"{held[face]} {rules.goods[g]}" for g, face in enumerate(rules.goods_face) if held[face])
    gold = sum(held[f] * rules.face_value[f] for f in rules.gold_faces)
    gems = sum(held[f] * rules.face_value[f] for f in rules.gem_faces)
    where = "not on the board yet"
    if s.at[p] != EMPTY:
        f = s.at[p]
        t = s.tile[f]
        under = (
            f"a camp of p{s.camp[f] + 1}"
            if t == CAMP
            else name(rules, t)
            if t >= 0
            else f"start city {rules.city_names[rules.cities.index(f)]}"
            if rules.is_city[f]
            else "an empty field"
        )
        where = f"at {rules.fields[f]} ({under})"
    return (
        f"p{p + 1}: {s.vp[p]} VP" + (f" ({sources})" if sources else "") + f" · camps: {s.camps[p]} to build, "
        f"{s.camp.count(p)} built\n    explorer {where} · goods: {goods or 'none'} · gold {gold} · gems {gems}"
    )


def render(game: Any, viewer: int | None) -> str:
    """The map and every seat (``Drawing.text``): everything in Africa but the face-down tiles
    is public (A23), so every seat sees the same; ``viewer`` is told when it is its decision."""
    rules, s = game.rules, game.state
    lines = [
        f"Africa · {situation(rules, s)}",
        f"{tiles_words(rules, s)} · supply: {supply_words(rules, s)}",
        "",
        *text_map(rules, s),
        "",
        legend(rules),
        *(seat_line(rules, s, p) for p in range(s.players)),
    ]
    if viewer is not None and s.ranking == [] and s.order and s.order[s.turn] == viewer:
        lines.append(f"Your decision (p{viewer + 1}): type ? for your legal actions")
    return "\n".join(lines)
