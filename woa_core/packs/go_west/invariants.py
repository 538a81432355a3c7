"""Go West!'s own invariants, checked by ``woa check`` after every action beside the kernel's
(``Pack.invariants``): each takes (rules, state, the state before the last action or None) and
returns None or a sentence saying what is wrong (go-west-rulings T1, §5). Its cards, its chance
stream and its named ends are the kernel's components, with the kernel's invariants
(``woa_core.check.components``: ``cards_conserved``, ``hands_full``, ``chance_never_seen``,
``ended_by_name``).

>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 3), seed=2)
>>> [name for name, check in INVARIANTS.items() if check(game.rules, game.state, None)]
[]
>>> game.state.lid[1] += 1
>>> discs_conserved(game.rules, game.state, None)
'p2 has 30 discs in supply, 1 in the lid and 0 in the blocks: 31, not the 30 of its colour (G10)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.state import State


def discs_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """For each colour: supply + lid + discs in the blocks = its discs, none negative (G10, T1)."""
    for p in range(s.players):
        placed = s.discs_placed(p)
        if s.supply[p] < 0 or s.lid[p] < 0 or s.supply[p] + s.lid[p] + placed != rules.discs:
            held = f"{s.supply[p]} discs in supply, {s.lid[p]} in the lid and {placed} in the blocks"
            return f"p{p + 1} has {held}: {s.supply[p] + s.lid[p] + placed}, not the {rules.discs} of its colour (G10)"
    return None


def wagons_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    """The wagons on the board and those out of play are all the wagons, none negative (3.1, T1)."""
    if min(s.wagons) < 0 or sum(s.wagons) != rules.wagons:
        return f"the wagons by region {s.wagons} are not the {rules.wagons} wagons (T1)"
    return None


def blocks_within_capacity(rules: Rules, s: State, prev: State | None) -> str | None:
    """A block holds at most its capacity, discs of seats at the table only (3.1.1, G4, T1)."""
    for b, queue in enumerate(s.blocks):
        if len(queue) > rules.capacity or any(not 0 <= p < s.players for p in queue):
            region = rules.region_names[rules.block_region[b]]
            return f"the {region} block holds {queue}: more than {rules.capacity} discs or an unknown colour (G4)"
    return None


def vp_not_negative(rules: Rules, s: State, prev: State | None) -> str | None:
    """VP are never below 0 (5.4, G25)."""
    if min(s.vp) < 0:
        return f"VP {s.vp}: below 0 (G25)"
    return None


def wagons_move_west(rules: Rules, s: State, prev: State | None) -> str | None:
    """No wagon moves east: from every region west, the wagons there and further west never fall
    (5.1, G7)."""
    if prev is None or s.wagons == prev.wagons:
        return None
    west = was = 0
    for r in range(rules.exit, 0, -1):  # the sum over every region is wagons_conserved's
        west, was = west + s.wagons[r], was + prev.wagons[r]
        if west < was:
            return f"wagons moved east: from {prev.wagons} to {s.wagons} (G7)"
    return None


def scoring_cards_used(rules: Rules, s: State, prev: State | None) -> str | None:
    """A seat's scoring cards used never fall back and are at most its scoring cards (5.2, G12)."""
    for p, used in enumerate(s.used):
        if not 0 <= used <= len(rules.scoring_costs):
            return f"p{p + 1} has used {used} scoring cards, of {len(rules.scoring_costs)} (G12)"
        if prev is not None and used < prev.used[p]:
            return f"p{p + 1}'s scoring cards used fell from {prev.used[p]} to {used} (G12)"
    return None


INVARIANTS: dict[str, Callable[[Any, Any, Any], str | None]] = {
    check.__name__: check
    for check in (
        discs_conserved,
        wagons_conserved,
        blocks_within_capacity,
        vp_not_negative,
        wagons_move_west,
        scoring_cards_used,
    )
}
"""Go West!'s invariants, by name."""
