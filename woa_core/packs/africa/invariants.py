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
'the tiles on the board, face down, in the displays and set aside are not the mix: monument 12 of 11'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, MONUMENT, NOMAD, TILE_OFFSET, Rules
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, VP_SOURCES, State
from woa_core.packs.africa.steps import CITY, OVER, PLACE, SWAP


def tiles_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """Every tile of the mix is in exactly one place: face up on the board, face down (its face in
    ``hidden``, and only there), in a display, or set aside by a scenario's setup
    (``State.aside``); the fields without a face-down tile are the start cities and those
    revealed, each once."""
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
    for face, n in enumerate(s.aside):
        if n < 0:
            return f"{n} {rules.face_names[face]} tiles are set aside"
        counts[face] += n
    if counts != list(rules.mix_counts):
        pairs = enumerate(zip(counts, rules.mix_counts, strict=True))
        wrong = [f"{rules.face_names[i]} {n} of {m}" for i, (n, m) in pairs if n != m]
        return f"the tiles on the board, face down, in the displays and set aside are not the mix: {', '.join(wrong)}"
    return None


def tiles_where_they_may_be(rules: Rules, s: State, prev: State | None) -> str | None:
    """A display holds trade goods, gold and gems only (4.B1, 4.B5), and no trade good lies face
    up on the board (it goes into a display at once, A13, A21)."""
    kept = rules.memo(_NOT_HELD, lambda: tuple(f for f, k in enumerate(rules.face_kind) if k not in (GOODS, GOLD, GEM)))
    for p, held in enumerate(s.display):
        if any(map(held.__getitem__, kept)):
            face = next(f for f in kept if held[f])
            return f"p{p + 1}'s display holds {held[face]} {rules.face_names[face]}"
    if any(map(s.tile.count, rules.goods_face)):
        face = next(g for g in rules.goods_face if g in s.tile)
        return f"the trade good {rules.face_names[face]} lies face up on {rules.fields[s.tile.index(face)]}"
    return None


_NOT_HELD = "africa.faces_not_held"
"""The key (``Rules.memo``) of the faces no display may hold: monuments, animals, nomads."""


def deal_fixed(rules: Rules, s: State, prev: State | None) -> str | None:
    """The deal never changes: a face-down tile keeps its face until it is revealed, the fields
    revealed only grow (in order), and the tiles set aside stay as they are (africa-rulings §4)."""
    if prev is None:
        return None
    if s.revealed[: len(prev.revealed)] != prev.revealed:
        return "a field revealed before is no longer among the revealed fields"
    if s.aside != prev.aside:
        return f"the tiles set aside changed from {prev.aside} to {s.aside}"
    if s.hidden != prev.hidden:  # a reveal: only its field may change, to no face
        for f, (h, was) in enumerate(zip(s.hidden, prev.hidden, strict=True)):
            if h != EMPTY and h != was:
                return f"the face-down tile on {rules.fields[f]} changed from {was} to {h}"
    return None


def found_tiles_stay(rules: Rules, s: State, prev: State | None) -> str | None:
    """Monuments, gold and gems stay where they were found: a monument for good (A17), gold and
    gems until a camp beside them mines them (A22), which empties their field. Only animals and
    nomads move (A14-A19)."""
    if prev is None or s.tile == prev.tile:
        return None
    kind = rules.face_kind
    for f, (t, was) in enumerate(zip(s.tile, prev.tile, strict=True)):
        if was < 0 or t == was or kind[was] in (ANIMAL, NOMAD) or (kind[was] != MONUMENT and t == EMPTY):
            continue  # nothing found here, still there, free to move, or mined
        return f"the {rules.face_names[was]} on {rules.fields[f]} left its field (it shows {t} now)"
    return None


def vp_never_decrease(rules: Rules, s: State, prev: State | None) -> str | None:
    """VP only grow (A29), and each seat's VP are the sum of its VP by source (``VP_SOURCES``, and
    ``setup`` for the VP a scenario's setup gives)."""
    for p in range(s.players):
        by_source = s.vp_from[p]
        if not _SOURCES.issuperset(by_source):
            return f"p{p + 1} has VP from {sorted(set(by_source) - _SOURCES)}, which is no source of VP"
        if s.vp[p] != sum(by_source.values()):
            return f"p{p + 1} has {s.vp[p]} VP but {sum(by_source.values())} by source"
        if prev is None or by_source == prev.vp_from[p]:
            continue
        if s.vp[p] < prev.vp[p]:
            return f"p{p + 1}'s VP fell from {prev.vp[p]} to {s.vp[p]}"
        if any(v < prev.vp_from[p].get(k, 0) for k, v in by_source.items()):
            return f"p{p + 1}'s VP by source fell: {prev.vp_from[p]} to {by_source}"
    return None


_SOURCES = frozenset({*VP_SOURCES, "setup"})


def face_down_only_falls(rules: Rules, s: State, prev: State | None) -> str | None:
    """A face-down tile never appears: their number only falls (A11)."""
    if prev is not None and s.tile.count(DOWN) > prev.tile.count(DOWN):
        return f"face-down tiles rose from {prev.tile.count(DOWN)} to {s.tile.count(DOWN)}"
    return None


def camps_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """Every camp is in the general supply, a player's supply, built or in the box (``State.boxed``,
    out of play: only a scenario's complete setup puts any there), a built camp stands alone
    on its field and stays there, and nothing returns to the general supply (A2, A17, A20)."""
    if list(map(CAMP.__eq__, s.tile)) != list(map(NOBODY.__ne__, s.camp)):
        f = next(f for f, (t, o) in enumerate(zip(s.tile, s.camp, strict=True)) if (t == CAMP) != (o != NOBODY))
        return f"{rules.fields[f]} shows {'a camp' if s.tile[f] == CAMP else 'no camp'} owned by {s.camp[f]}"
    built = s.tile.count(CAMP)
    total = s.supply + sum(s.camps) + built + s.boxed
    start = rules.supply_camps + rules.player_camps * s.players
    if total != start or s.supply < 0 or min(s.camps) < 0 or s.boxed < 0:
        held = f"{s.supply} camps in the supply, {s.camps} with the players" + (f", {s.boxed} boxed" if s.boxed else "")
        return f"{held} and {built} built: not the {start} dealt"
    if prev is None:
        return None
    if s.boxed != prev.boxed:
        return f"the camps in the box changed from {prev.boxed} to {s.boxed} (out of play, they never move)"
    if s.supply > prev.supply:
        return f"the general supply grew from {prev.supply} to {s.supply} camps (nothing returns to it, A17)"
    if s.camp != prev.camp:
        for f, (owner, was) in enumerate(zip(s.camp, prev.camp, strict=True)):
            if was != NOBODY and owner != was:
                return f"p{was + 1}'s camp on {rules.fields[f]} is gone (a camp stays until the end, A20)"
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


def turn_sound(rules: Rules, s: State, prev: State | None) -> str | None:
    """The decision under way is one the rules offer: a revealed animal or nomad waits on its
    field (``place``), a revealed good in its finder's display (``swap``), and a turn has no more
    steps than option B's (A8, A33)."""
    if s.step == PLACE and (s.pending < 0 or rules.tile_kind[s.tile[s.pending] + TILE_OFFSET] not in (ANIMAL, NOMAD)):
        return f"a revealed animal or nomad is to be placed, but the pending field is {s.pending}"
    if s.step == SWAP:
        if not 0 <= s.pending < len(rules.goods):
            return f"a revealed good is to be kept or swapped, but the pending good is {s.pending}"
        if s.display[s.active()][rules.goods_face[s.pending]] < 1:
            return f"p{s.active() + 1} may swap the {rules.goods[s.pending]} just revealed but holds none"
    if s.step != OVER and not 0 <= s.stage < rules.steps:
        return f"step {s.stage + 1} of a turn of {rules.steps}"
    return None


def the_end(rules: Rules, s: State, prev: State | None) -> str | None:
    """The game is over exactly when the bonus has been taken (only from an empty general supply,
    A17, A24) or the turn cap reached (A31); then the seats are ranked by VP, best first."""
    over = s.step == OVER
    if s.bonus != NOBODY and s.supply != 0:
        return f"p{s.bonus + 1} took the bonus while the general supply still held {s.supply} camps"
    if over != (s.bonus != NOBODY or s.turns >= rules.max_turns):
        return f"the game is {'over' if over else 'not over'} after {s.turns} turns, the bonus taken by {s.bonus}"
    if over != bool(s.ranking) or over != bool(s.ended):
        return f"the game is {'over' if over else 'not over'}, but its ranking is {s.ranking} (ended: {s.ended!r})"
    if over and (
        sorted(s.ranking) != list(range(s.players)) or [s.vp[p] for p in s.ranking] != sorted(s.vp, reverse=True)
    ):
        return f"the ranking {s.ranking} is not the seats by VP {s.vp}"
    return None


INVARIANTS: dict[str, Callable[[Any, Any, Any], str | None]] = {
    "tiles_conserved": tiles_conserved,
    "tiles_where_they_may_be": tiles_where_they_may_be,
    "deal_fixed": deal_fixed,
    "found_tiles_stay": found_tiles_stay,
    "vp_never_decrease": vp_never_decrease,
    "face_down_only_falls": face_down_only_falls,
    "camps_conserved": camps_conserved,
    "explorers_apart": explorers_apart,
    "turn_sound": turn_sound,
    "the_end": the_end,
}
"""Africa's invariants, by name."""
