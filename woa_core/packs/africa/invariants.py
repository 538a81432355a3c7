"""Africa's own invariants, checked by ``woa check`` after every action beside the kernel's
(``Pack.invariants``): each takes (rules, state, state before the last action or None) and
returns None or a sentence saying what is wrong.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("africa", 3), seed=2)
>>> [name for name, check in INVARIANTS.items() if check(game.rules, game.state, None)]
[]
>>> game.state.display[0][0] += 1
>>> tiles_conserved(game.rules, game.state, None)
'the tiles on the board, face down and in the displays are not the mix: monument 12 of 11'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, State
from woa_core.packs.africa.steps import CITY


def tiles_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """Every tile of the mix is in exactly one place: face up on the board, face down (its face in
    ``hidden``, and only there), or in a display; the fields without a face-down tile are the
    start cities and those revealed, each once."""
    opened = [*rules.cities, *s.revealed]
    if len(set(opened)) != len(opened) or set(opened) != {f for f, t in enumerate(s.tile) if t != DOWN}:
        return f"the fields revealed ({[rules.fields[f] for f in s.revealed]}) are not those face up or emptied"
    counts = [0] * len(rules.face_names)
    for f, (t, h) in enumerate(zip(s.tile, s.hidden, strict=True)):
        if (t == DOWN) != (h != EMPTY):
            return f"{rules.fields[f]} is {'face down' if t == DOWN else 'not face down'} but hides {h}"
        if t >= 0:
            counts[t] += 1
        if h != EMPTY:
            counts[h] += 1
    for held in s.display:
        for face, n in enumerate(held):
            if n < 0:
                return f"a display holds {n} {rules.face_names[face]}"
            counts[face] += n
    if counts != list(rules.mix_counts):
        pairs = enumerate(zip(counts, rules.mix_counts, strict=True))
        wrong = [f"{rules.face_names[i]} {n} of {m}" for i, (n, m) in pairs if n != m]
        return f"the tiles on the board, face down and in the displays are not the mix: {', '.join(wrong)}"
    return None


def vp_never_decrease(rules: Rules, s: State, prev: State | None) -> str | None:
    """VP only grow (A29), and each seat's VP are the sum of its VP by source."""
    for p in range(s.players):
        if s.vp[p] != sum(s.vp_from[p].values()):
            return f"p{p + 1} has {s.vp[p]} VP but {sum(s.vp_from[p].values())} by source"
        if prev is not None and s.vp[p] < prev.vp[p]:
            return f"p{p + 1}'s VP fell from {prev.vp[p]} to {s.vp[p]}"
    return None


def face_down_only_falls(rules: Rules, s: State, prev: State | None) -> str | None:
    """A face-down tile never appears: their number only falls (A11)."""
    if prev is not None and s.tile.count(DOWN) > prev.tile.count(DOWN):
        return f"face-down tiles rose from {prev.tile.count(DOWN)} to {s.tile.count(DOWN)}"
    return None


def camps_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """Every camp is in the general supply, a player's supply or built, and a built camp stands
    alone on its field (A2, A17, A20)."""
    for f, (t, owner) in enumerate(zip(s.tile, s.camp, strict=True)):
        if (t == CAMP) != (owner != NOBODY):
            return f"{rules.fields[f]} shows {'a camp' if t == CAMP else 'no camp'} owned by {owner}"
    built = s.tile.count(CAMP)
    total = s.supply + sum(s.camps) + built
    start = rules.supply_camps + rules.player_camps * s.players
    if total != start or s.supply < 0 or min(s.camps) < 0:
        return f"{s.supply} camps in the supply, {s.camps} with the players and {built} built: not the {start} dealt"
    return None


def explorers_apart(rules: Rules, s: State, prev: State | None) -> str | None:
    """No two explorers share a field, and none stands on a face-down tile (A2)."""
    placed = [f for f in s.at if f != EMPTY]
    if len(set(placed)) != len(placed):
        return f"two explorers share a field: {[rules.fields[f] for f in placed]}"
    for f in placed:
        if s.tile[f] == DOWN:
            return f"an explorer stands on the face-down tile of {rules.fields[f]}"
    if s.step != CITY and EMPTY in s.at:
        return "a player has no explorer on the board after the setup"
    return None


INVARIANTS: dict[str, Callable[[Any, Any, Any], str | None]] = {
    "tiles_conserved": tiles_conserved,
    "vp_never_decrease": vp_never_decrease,
    "face_down_only_falls": face_down_only_falls,
    "camps_conserved": camps_conserved,
    "explorers_apart": explorers_apart,
}
"""Africa's invariants, by name."""
