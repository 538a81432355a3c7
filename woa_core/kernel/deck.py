"""A deck of cards written as rules data: the ``count`` short form, and cards of one kind.

The rules-file convention for a deck (a list of entries in YAML, each a card with an ``id`` that
ends in a number): an entry with ``count: k`` is the short form of k entries alike, whose ids
count on from the entry's and keep its digits' width (``{id: A09, count: 3}`` is A09, A10 and
A11), so the next entry is A12. Without ``count`` an entry is one card. ``card_ids`` gives one
entry's ids (a validator checks them unique), ``expand`` writes the whole list out, one entry per
card in deck order.

Cards alike by what a pack says matters (a ``key`` of a card: its printed values, say) are
interchangeable in play, so a notation may name only the kind and a list of legal actions hold
one action per kind. ``Kinds.of(cards, key)`` numbers the kinds in first-seen order and names
each by the id of its first card.

>>> deck = expand([{"id": "C1", "cost": 2, "count": 2}, {"id": "C3", "cost": 0}, {"id": "C4", "cost": 2}])
>>> [card["id"] for card in deck]
['C1', 'C2', 'C3', 'C4']
>>> kinds = Kinds.of(deck, key=lambda card: card["cost"])
>>> kinds.kind, kinds.keys, kinds.first_id
((0, 0, 1, 0), (2, 0), ('C1', 'C3'))

It is compile-time work (once per ruleset), so it is not among the modules the build compiles.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from woa_core.kernel.aliases import JSON, Document

NUMBERED = re.compile(r"^(.*?)([0-9]+)$")
"""A card id: a stem, then the number the ids of a ``count`` entry count on from."""

Card = TypeVar("Card", bound=Document)
"""A deck entry, one card (``expand``'s output, say)."""

Key = TypeVar("Key", bound=Hashable)
"""What makes two cards alike (``Kinds.of``'s ``key``)."""


def card_ids(entry: Document) -> list[str]:
    """The ids of a deck entry's cards: its own, and with ``count: k`` the k - 1 that count on from it.

    >>> card_ids({"id": "A09", "count": 3}), card_ids({"id": "x7"}), card_ids({"id": "B099", "count": 2})
    (['A09', 'A10', 'A11'], ['x7'], ['B099', 'B100'])
    """
    match = NUMBERED.match(entry["id"])
    if match is None:
        raise ValueError(f"a card id ends in a number to count on from: {entry['id']!r}")
    stem, number = match.groups()
    return [f"{stem}{int(number) + i:0{len(number)}d}" for i in range(entry.get("count", 1))]


def expand(entries: Sequence[Document]) -> list[JSON]:
    """One entry per card, ``count`` written out: each a copy of its entry with its own ``id``.

    >>> expand([{"id": "A04", "cost": 2, "count": 2}, {"id": "A06", "cost": 0}])
    [{'id': 'A04', 'cost': 2, 'count': 2}, {'id': 'A05', 'cost': 2, 'count': 2}, {'id': 'A06', 'cost': 0}]
    """
    return [{**entry, "id": cid} for entry in entries for cid in card_ids(entry)]


@dataclass(frozen=True, slots=True)
class Kinds(Generic[Key]):
    """A deck's cards sorted into kinds: cards with equal keys are of one kind."""

    kind: tuple[int, ...]  # [card] its kind
    keys: tuple[Key, ...]  # [kind] the key its cards share, kinds in the order first seen in the deck
    first_id: tuple[str, ...]  # [kind] the id of its first card (a name for the kind, in a notation say)

    @classmethod
    def of(cls, cards: Sequence[Card], key: Callable[[Card], Key]) -> Kinds[Key]:
        """The kinds of ``cards`` (each with an ``id``) by ``key``.

        >>> Kinds.of([{"id": "a", "n": 1}, {"id": "b", "n": 1}], key=lambda card: card["n"])
        Kinds(kind=(0, 0), keys=(1,), first_id=('a',))
        """
        found: dict[Key, int] = {}
        first_id: list[str] = []
        kind = []
        for card in cards:
            alike = key(card)
            if alike not in found:
                found[alike] = len(found)
                first_id.append(card["id"])
            kind.append(found[alike])
        return cls(tuple(kind), tuple(found), tuple(first_id))
