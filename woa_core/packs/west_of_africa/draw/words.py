"""West of Africa's words for a person at the game's page (``Drawing.words``, ``Drawing.said`` and
``Drawing.key_numbers``): what each card, island and worker ship is, each action of the move log
as a sentence, and the ruleset's key numbers, all read from the compiled rules (a variant shows
its own). What a card lets its player do is its ``description`` in ``cards.yaml``; an island
card's is made from ``turn.yaml``'s ``island_actions``.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 3)
>>> words(rules)["minus"]
'Minus: a minus card, value -4: lowers your card sum, so you act earlier in the round; it allows no action and \
passes on after your turn'
>>> words(rules)["tenerife"]
'Tenerife: an island card, value 4: Cultivate Goods, Sell Goods and Found Settlement act there; the island \
Tenerife (1 mooring)'
>>> said(rules, "p2 sell fuerteventura wine")
'p2 sells wine on Fuerteventura, at 12 gold'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from woa_core.packs.west_of_africa.actions import STEP_OF_VERB, VERBS
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.report.drawing import Sentence, told


def _described(rules: Rules) -> dict[str, str]:
    """Each card's ``description`` from the rules data, by card id."""
    cards = rules.document["cards"]["cards"]
    return {card.id: str(cards[card.id]["description"]) for card in rules.cards if "description" in cards[card.id]}


def _names(words: list[str]) -> str:
    """Words joined as a person lists them: ``a``, ``a and b``, ``a, b and c``.

    >>> _names(["a"]), _names(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def words(rules: Rules) -> dict[str, str]:
    """Each word of the notation a person picks (a card, an island, a worker ship, a step verb)
    with a short description from the rules data: a card's name, kind, value and what it lets
    its player do, an island's moorings, the action card a step verb belongs to."""
    out: dict[str, str] = {}
    described = _described(rules)
    acting = _names([c.name for c in rules.cards if c.kind == "action" and c.action in rules.island_actions])
    for island in rules.islands:
        out[island.id] = f"the island {island.name} ({island.moorings} mooring{'s' * (island.moorings != 1)})"
    for card in rules.cards:
        said = f"{card.name}: {'an' if card.kind[0] in 'aeiou' else 'a'} {card.kind} card, value {card.value}"
        if card.id in described:
            said += f": {described[card.id]}"
        elif card.kind == "island" and acting:
            said += f": {acting} act there"
        out[card.id] = said + (f"; {out[card.id]}" if card.id in out else "")
    for ship in rules.worker_ships:
        out[ship] = f"the {_ship_name(rules, ship)}, a worker ship"
    for verb, action in STEP_OF_VERB.items():
        owner = next((c for c in rules.cards if c.action == action), None)
        if verb not in out and owner is not None and owner.id in described:
            out[verb] = f"{VERBS[verb].summary} — {owner.name}: {described[owner.id]}"
    return out


def _ship_name(rules: Rules, ship: str) -> str:
    return str(rules.document["board"]["worker_ships"][ship].get("name", ship))


def said(rules: Rules, text: str) -> str | None:
    """An action written in the notation (as the history holds it) told as a sentence, its names
    from the rules data (``Drawing.said``); None for a text it does not know.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 3)
    >>> said(rules, "p1 select el_hierro minus minus")
    'p1 chooses El Hierro, Minus and Minus (sum -7)'
    >>> said(rules, "p3 help la_gomera east east")
    'p3 has 2 workers on La Gomera help, then go to the East ship'
    >>> said(rules, "p2 worker east fuerteventura")
    'p2 moves a worker from the East ship to Fuerteventura'
    >>> said(rules, "p2 select (secret until the round is over)"), said(rules, "p2 dance")
    ('p2 chooses cards (secret until the round is over)', None)
    """
    return told(text, lambda who, verb, rest: _told(rules, who, verb, rest))


def _told(rules: Rules, who: str, verb: str, rest: list[str]) -> str:
    if any(word.startswith("(") for word in rest):  # a secret, as the viewer is shown it
        if verb != "select":
            raise ValueError("only a selection is secret")
        return f"{who} chooses cards {' '.join(rest)}"
    return SENTENCES[verb](rules, who, rest)


def _island(rules: Rules, word: str) -> str:
    return rules.islands[_index(rules.island_id(word))].name


def _good(rules: Rules, word: str) -> str:
    return rules.good_names[_index(rules.good_id(word))].lower()


def _place(rules: Rules, word: str) -> str:
    """A worker's place: a worker ship (``the West ship``) or an island."""
    return f"the {_ship_name(rules, word)}" if word in rules.worker_ships else _island(rules, word)


def _selected(rules: Rules, who: str, rest: list[str]) -> str:
    cards = [rules.cards[_index(rules.card_id(w))] for w in rest]
    return f"{who} chooses {_names([c.name for c in cards])} (sum {sum(c.value for c in cards)})"


def _helped(rules: Rules, who: str, rest: list[str]) -> str:
    ships = Counter(rest[1:])
    if not ships:
        return f"{who} has no worker help on {_island(rules, rest[0])}"
    n = len(rest) - 1
    to = _names(
        [f"the {_ship_name(rules, s)}" + (f" ({k})" if k > 1 and len(ships) > 1 else "") for s, k in ships.items()]
    )
    return f"{who} has {n} worker{'s' * (n != 1)} on {_island(rules, rest[0])} help, then go to {to}"


def _sold(rules: Rules, who: str, rest: list[str]) -> str:
    at = rules.islands[_index(rules.island_id(rest[0]))]
    return f"{who} sells {_good(rules, rest[1])} on {at.name}, at {at.price} gold"


def _founded(rules: Rules, who: str, rest: list[str]) -> str:
    kind = f" ({_good(rules, rest[2])} field)" if len(rest) > 2 else ""
    return f"{who} founds a settlement on {_island(rules, rest[0])}, on a space of cost {int(rest[1])}{kind}"


SENTENCES: Mapping[str, Sentence[Rules]] = MappingProxyType(
    {
        "select": _selected,
        "place": lambda r, who, rest: f"{who} puts its ship in the harbor of {_island(r, rest[0])}",
        "sail": lambda r, who, rest: f"{who} sails to {_island(r, rest[0])}",
        "load": lambda r, who, rest: f"{who} loads {_good(r, rest[0])} onto its ship",
        "unload": lambda r, who, rest: f"{who} unloads {_good(r, rest[0])} from its ship",
        "displace": lambda r, who, rest: f"{who} has {rest[0]}'s ship make way at the full harbor",
        "retreat": lambda r, who, rest: f"{who} sends its ship, made to make way, on to {_island(r, rest[0])}",
        "worker": lambda r, who, rest: f"{who} moves a worker from {_place(r, rest[0])} to {_place(r, rest[1])}",
        "help": _helped,
        "cultivate": lambda r, who, rest: f"{who} cultivates {_good(r, rest[1])} on {_island(r, rest[0])}",
        "sell": _sold,
        "found": _founded,
        "done": lambda r, who, rest: f"{who} finishes the action",
        "end": lambda r, who, rest: f"{who} ends the turn",
    }
)
"""Each verb's sentence in the move log (``Drawing.said``): one entry per verb of the notation
(``tests/serve/test_move_log.py`` holds the two to the same verbs)."""


def _index(k: int) -> int:
    """An index the rules found (``ValueError`` for -1: a name they do not know)."""
    if k < 0:
        raise ValueError("not in the rules")
    return k


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
