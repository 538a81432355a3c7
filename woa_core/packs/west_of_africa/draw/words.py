"""West of Africa's words for a person at the game's page (``Drawing.words`` and
``Drawing.key_numbers``): what each card, island and worker ship is, and the ruleset's key
numbers, all read from the compiled rules (a variant shows its own).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 3)
>>> words(rules)["minus"], words(rules)["tenerife"]
('Minus: a minus card, value -4', 'Tenerife: an island card, value 4; the island Tenerife (1 mooring)')
"""

from __future__ import annotations

from woa_core.packs.west_of_africa.compiled import Rules


def words(rules: Rules) -> dict[str, str]:
    """Each word of the notation a person picks (a card, an island, a worker ship) with a short
    description from the rules data: its name, its kind and value, the island's moorings."""
    out: dict[str, str] = {}
    for island in rules.islands:
        out[island.id] = f"the island {island.name} ({island.moorings} mooring{'s' * (island.moorings != 1)})"
    for card in rules.cards:
        said = f"{card.name}: {'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind} card, value {card.value}"
        out[card.id] = said + (f"; {out[card.id]}" if card.id in out else "")
    for ship in rules.worker_ships:
        out[ship] = f"the {ship.replace('_', ' ')} worker ship"
    return out


def key_numbers(rules: Rules) -> list[str]:
    """The ruleset's key numbers, in a few lines.

    >>> from woa_core.rules import load_rules
    >>> key_numbers(load_rules("west-of-africa", 3))[0]
    '3 players · 15 gold to start, at most 45'
    """
    r = rules
    return [
        f"{r.players} players · {r.start_gold} gold to start, at most {r.gold_cap}",
        f"cards a round: {r.min_cards} to {r.max_cards}, {r.free_cards} free, then {r.extra_card_cost} gold each",
        f"cultivation: {r.cultivation_cost} gold a good, {r.worker_discount} less per helping worker",
        f"ship: {r.ship_range} harbors a move, {r.ship_capacity} goods aboard · {r.action_points} worker moves",
        f"a settlement: {r.settlement_vp} VP · {r.alcalde_vp} VP per alcalde at a round end",
        f"the end: {r.vp_threshold} VP (then {r.extra_rounds} more round), at most {r.max_rounds} rounds",
        f"final scoring: 1 VP per {r.gold_per_vp} gold",
    ]
