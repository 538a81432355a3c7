"""The one action notation: how actions are written in logs, scenarios, messages and the CLI.

Every action is one line: the player (``p1``..``p5``), a verb, and its words, all ids from the
rules files::

    p1 select tenerife cultivate sell     choose cards (a card may repeat: minus minus)
    p2 place la_palma                     round 1: put the ship at a free mooring
    p1 worker west la_gomera              Move Workers: one worker, one step
    p1 sail tenerife                      Move Ship: one harbor
    p1 load sugar_cane / p1 unload wine   Move Ship: at the harbor the ship is in
    p3 displace p2                        which ship makes way at a full harbor
    p2 retreat el_hierro                  the displaced ship's owner picks at a fork
    p1 help la_palma west east            Cultivate: two workers help, then go to these ships
    p1 cultivate la_palma wine            Cultivate: one good on a free field of that kind
    p1 sell fuerteventura sugar_cane      Sell Goods: one good
    p1 found lanzarote 9                  Found Settlement: a free space of that cost
    p1 done                               finish the action under way
    p1 end                                end the turn

The verbs and what their words are come from the actions' declarations
(``woa_core.packs.west_of_africa.actions``): each verb lists its argument *kinds*; this module
says how each kind is read and written (``ARG_KINDS``), and ``woa_core.kernel.notation`` reads
and writes whole lines. Interchangeable spaces (same island, good and cost) are one target;
where an island has different spaces of the same kind or cost, an extra word tells them apart
(``found gran_canaria 6 wine`` is the dual wine field). ``#`` starts a comment. Text that is not
an action is an ``InvalidNotation`` error saying what was expected.

>>> from woa_core.kernel.notation import format_action, parse_action
>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 4)
>>> ARG_KINDS["field"].parse(rules, ["la_palma", "wine"]), ARG_KINDS["good"].format(rules, 1)
(0, ['wine'])
>>> action = parse_action(rules, "p1 cultivate la_palma wine")
>>> action
(0, 'cultivate', 0)
>>> format_action(rules, action)
'p1 cultivate la_palma wine'
>>> format_action(rules, parse_action(rules, "p2 select sell tenerife minus"))
'p2 select tenerife sell minus'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any

from woa_core.errors import InvalidNotation
from woa_core.kernel.actions import ArgKind
from woa_core.kernel.notation import PLAYER
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.selection import selections
from woa_core.suggest import with_suggestion


def _lookup(rules: Rules, kind: str, word: str, options: tuple[str, ...]) -> int:
    index = rules.index.get(f"{kind}:{word}")
    if index is None:
        what = _KIND[kind]
        article = "an" if what[0] in "aeiou" else "a"
        message = with_suggestion(f"'{word}' is not {article} {what}", word, options)
        raise InvalidNotation(f"{message} (one of: {', '.join(options)})")
    return index


_KIND = {"island": "island", "good": "good", "card": "card", "ship": "worker ship"}


def parse_island(rules: Rules, word: str) -> int:
    """The index of an island id."""
    return _lookup(rules, "island", word, tuple(i.id for i in rules.islands))


def parse_good(rules: Rules, word: str) -> int:
    """The index of a good id."""
    return _lookup(rules, "good", word, rules.goods)


def parse_card(rules: Rules, word: str) -> int:
    """The index of a card id."""
    return _lookup(rules, "card", word, tuple(c.id for c in rules.cards))


def parse_location(rules: Rules, word: str) -> int:
    """Where a worker can stand: an island, or a worker ship (numbered after the islands)."""
    ship = rules.worker_ship_id(word)
    if ship >= 0:
        return len(rules.islands) + ship
    if rules.island_id(word) >= 0:
        return rules.island_id(word)
    places = [i.id for i in rules.islands] + list(rules.worker_ships)
    message = with_suggestion(f"'{word}' is not an island or worker ship", word, places)
    raise InvalidNotation(f"{message} (one of: {', '.join(places)})")


def _cards(rules: Rules, words: list[str]) -> tuple[int, ...]:
    counts = [0] * len(rules.cards)
    for word in words:
        counts[parse_card(rules, word)] += 1
    return tuple(counts)


def _ships(rules: Rules, words: list[str]) -> tuple[int, ...]:
    return tuple(sorted(_lookup(rules, "ship", w, rules.worker_ships) for w in words))


def _space(rules: Rules, words: list[str], cultivate: bool) -> int:
    what = "a good" if cultivate else "a cost"
    if len(words) < 2:
        raise InvalidNotation(f"expected an island and {what}")
    island = parse_island(rules, words[0])
    label = tuple(words[1:])
    labels = []
    for space in rules.islands[island].spaces:
        info = rules.spaces[space]
        own = info.cultivate_label if cultivate else info.found_label
        if own == label:
            return info.group
        if own and " ".join(own) not in labels:
            labels.append(" ".join(own))
    kind = "field" if cultivate else "settlement space"
    name = rules.islands[island].id
    if not labels:
        raise InvalidNotation(f"{name} has no {kind}s")
    raise InvalidNotation(f"{name} has no {kind} '{' '.join(label)}' (one of: {', '.join(labels)})")


def _space_words(rules: Rules, group: int, cultivate: bool) -> list[str]:
    space = rules.spaces[group]
    return [rules.islands[space.island].id, *(space.cultivate_label if cultivate else space.found_label)]


_PARSE: dict[str, Callable[[Rules, list[str]], Any]] = {
    "cards": _cards,
    "island": lambda r, w: parse_island(r, w[0]),
    "location": lambda r, w: parse_location(r, w[0]),
    "good": lambda r, w: parse_good(r, w[0]),
    "ships": _ships,
    "field": lambda r, w: _space(r, w, cultivate=True),
    "settlement_space": lambda r, w: _space(r, w, cultivate=False),
}
"""How each argument kind (``woa_core.kernel.actions.ArgKind``) is read from its words."""

_FORMAT: dict[str, Callable[[Rules, Any], list[str]]] = {
    "cards": lambda r, counts: [r.cards[c].id for c, n in enumerate(counts) for _ in range(n)],
    "island": lambda r, i: [r.islands[i].id],
    "location": lambda r, loc: [r.location_name(loc)],
    "good": lambda r, g: [r.goods[g]],
    "ships": lambda r, ships: [r.worker_ships[s] for s in ships],
    "field": lambda r, g: _space_words(r, g, cultivate=True),
    "settlement_space": lambda r, g: _space_words(r, g, cultivate=False),
}
"""How each argument kind is written (the inverse of ``_PARSE``)."""

_GREEDY = frozenset({"cards", "ships", "field", "settlement_space"})
"""Kinds that take every remaining word (so a verb has at most one, last)."""

_FEWEST = {"cards": 0}
"""Kinds that may have fewer than one word (an empty selection is refused by the game, R6)."""


def _selections(rules: Rules) -> list[tuple[int, ...]]:
    most = tuple(rules.players if c in rules.passing_cards else 1 for c in range(len(rules.cards)))
    return list(selections(most, rules.min_cards, rules.max_cards))


def _helper_ships(rules: Rules) -> list[tuple[int, ...]]:
    ships = range(len(rules.worker_ships))
    return [c for n in range(1, sum(rules.start_workers) + 1) for c in combinations_with_replacement(ships, n)]


_VALUES: dict[str, Callable[[Rules], Sequence[Any]]] = {
    "cards": _selections,
    "island": lambda r: range(len(r.islands)),
    "location": lambda r: range(len(r.islands) + len(r.worker_ships)),
    "good": lambda r: range(len(r.goods)),
    "ships": _helper_ships,
    "field": lambda r: [g for g, s in enumerate(r.spaces) if s.group == g and s.good >= 0],
    "settlement_space": lambda r: [g for g, s in enumerate(r.spaces) if s.group == g and s.cost >= 0],
}
"""Every value of each argument kind under some rules (the PettingZoo action space): card
selections of up to ``max_cards`` (minus cards up to one per player), every multiset of helper
ships, one target per interchangeable field or settlement space."""

_DESCRIBE = {
    "cards": "cards",
    "island": "an island",
    "location": "where from (an island or worker ship)",
    "good": "a good",
    "ships": "one worker ship per helping worker",
    "field": "an island and a good",
    "settlement_space": "an island and a cost",
}
"""What each argument kind is, for the message when words are missing."""


def _card_named(rules: Rules, kind: str, target: str) -> Callable[[tuple[int, ...]], bool] | None:
    """A selection names each card in it, and the island of each island card in it."""
    card = rules.card_id(target) if kind == "card" else -1
    if kind == "island" and rules.island_id(target) >= 0:
        card = rules.island_card[rules.island_id(target)]
    return (lambda counts: counts[card] > 0) if card >= 0 else None


def _island_named(of: Callable[[Rules, int], int]) -> Callable[[Rules, str, str], Callable[[int], bool] | None]:
    """A kind whose values name an island, ``of(rules, value)`` (-1 for none)."""

    def names(rules: Rules, kind: str, target: str) -> Callable[[int], bool] | None:
        island = rules.island_id(target) if kind == "island" else -1
        return (lambda value: of(rules, value) == island) if island >= 0 else None

    return names


def _distance(counts: tuple[int, ...], choice: tuple[int, ...]) -> tuple[int, int]:
    """How far a selection is from another: cards changed, then cards added."""
    added = sum(max(0, n - m) for n, m in zip(counts, choice, strict=True))
    removed = sum(max(0, m - n) for n, m in zip(counts, choice, strict=True))
    return (added + removed, added)


_NAMES: dict[str, Callable[[Rules, str, str], Callable[[Any], bool] | None]] = {
    "cards": _card_named,
    "location": _island_named(lambda r, loc: loc if loc < len(r.islands) else -1),
    "field": _island_named(lambda r, g: r.spaces[g].island),
    "settlement_space": _island_named(lambda r, g: r.spaces[g].island),
}
"""Which components (``ArgKind.names``) the values of a kind name, beyond an island's own kind."""


ARG_KINDS: MappingProxyType[str, ArgKind] = MappingProxyType(
    {
        "player": PLAYER,
        **{
            kind: ArgKind(
                parse=_PARSE[kind],
                format=_FORMAT[kind],
                describe=_DESCRIBE[kind],
                greedy=kind in _GREEDY,
                fewest=_FEWEST.get(kind, 1),
                values=_VALUES[kind],
                component="island" if kind == "island" else None,
                names=_NAMES.get(kind),
                distance=_distance if kind == "cards" else None,
            )
            for kind in _PARSE
        },
    }
)
"""Every argument kind West of Africa's verbs use, by name (``Verb.args`` names them)."""
