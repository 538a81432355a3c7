"""What a deck written as rules data must meet, checked by the kernel from a pack's declaration.

A deck is a list of entries, each a card with an ``id``, ``count: k`` standing for k cards alike
(``woa_core.kernel.deck``). ``unique_ids`` checks every such deck: each card its own id, once
``count`` is written out; ``deck_size`` checks one that declares its size. Beyond that, a
designer's deck often has to meet constraints no schema can say, of a few kinds any card game
knows. A rules file writes them as a mapping of numbers, patterns and switches
(``constraints: {free: 2, max_cost: 6, every_card_acts: true}``); the pack declares what each key
is (``Constraints``: key -> constraint, with its pattern or field and the rule it comes from), and
the kernel checks those the file gives: a key left out is not asked, so a designer may relax one.
Each constraint, given the key's value:

- ``AtLeast(pattern, words, cite)``: at least that many cards match ``pattern``;
- ``AtMost(field, one, many, cite, reached_by)``: no entry's ``field`` exceeds the value, and at
  least as many cards as the key ``reached_by`` says (1 when it is not given) reach it;
- ``EachExists(cite)``: for each pattern of the list, a card matching it;
- ``NoneMatch(pattern, words, cite)``: when true, no entry matches ``pattern``;
- ``GroupsAlike(field, cite)``: when true, the groups of cards by ``field`` hold the same cards in
  their other fields (id and count apart), as many of each.

A card matches a pattern when it has each of the pattern's fields with the pattern's value. Each
problem is located (``woa_core.rules.checks``): at the entry that breaks it, else at the deck.

>>> from woa_core.rules.checks import Checks
>>> from woa_core.rules.source import parse_yaml
>>> RULES = Constraints({
...     "free": AtLeast({"cost": 0}, "are free", "R1"),
...     "max_cost": AtMost("cost", "costs", "cost", "R2", reached_by="at_max_cost"),
...     "must_exist": EachExists("R3"),
... })
>>> CHECKS = Checks()
>>> @CHECKS.add
... def _deck(located, d):
...     deck = Deck(d["deck"], ("deck",))
...     yield from unique_ids(deck)
...     yield from RULES.check(deck, d.get("constraints", {}))
>>> text = '''\\
... constraints: {free: 2, max_cost: 3, must_exist: [{cost: 2}]}
... deck:
...   - {id: C2, cost: 4}
...   - {id: C1, cost: 0, count: 2}
... '''
>>> for p in CHECKS.run(parse_yaml(text, "x.yaml"), None):
...     print(p.line, p.message)
4 two cards have the id C2 (C1 with count 2 is C1-C2): each card needs its own
3 C2 costs 4, more than constraints.max_cost, 3 (R2)
3 0 card(s) cost constraints.max_cost, 3, but R2 asks for at least 1
3 no card shows cost 2, which constraints.must_exist asks for (R3)

It is rules-loading work, once per ruleset: not among the modules the build compiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from woa_core.kernel.deck import card_ids
from woa_core.rules.checks import Found, Item, counted, repeated
from woa_core.rules.source import Path_

KEPT_APART = ("id", "count")
"""The fields of an entry that say which cards it is, not what they show (``woa_core.kernel.deck``)."""


def in_words(card: Item) -> str:
    """A card's (or a pattern's) fields in words, as ``Deck`` says them unless told otherwise.

    >>> in_words({"moves": 2, "cost": 3})
    'moves 2, cost 3'
    """
    return ", ".join(f"{name} {value}" for name, value in card.items())


def matches(card: Item, pattern: Item) -> bool:
    """Whether ``card`` has each field of ``pattern`` with the pattern's value.

    >>> matches({"cost": 0, "moves": 1}, {"cost": 0}), matches({"cost": 0}, {"moves": 0})
    (True, False)
    """
    return all(name in card and card[name] == value for name, value in pattern.items())


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck as its checks see it: the entries as written (``count: k`` not written out), the
    path of their list, how a card or a pattern is said, and for a field the groups
    ``GroupsAlike`` compares (each value, in order, with its name); without them, every value the
    deck holds, named by itself."""

    entries: Sequence[Item]
    at: Path_
    describe: Callable[[Item], str] = in_words
    groups: Mapping[str, Mapping[Hashable, str]] = field(default_factory=dict)

    @property
    def cards(self) -> list[Item]:
        """The cards, an entry with ``count: k`` k times."""
        return counted(self.entries)


def unique_ids(deck: Deck) -> Found:
    """Each card its own id, ``count: k`` taking k from the entry's on (``card_ids``): an entry
    whose ids repeat an earlier entry's is named at its id.

    >>> list(unique_ids(Deck([{"id": "A2"}, {"id": "A1", "count": 2}], ("deck",))))
    [(('deck', 1, 'id'), 'two cards have the id A2 (A1 with count 2 is A1-A2): each card needs its own')]
    """
    entries = deck.entries
    for i, twice, _ in repeated(card_ids(entry) for entry in entries):
        ids = card_ids(entries[i])
        written = f" ({entries[i]['id']} with count {len(ids)} is {ids[0]}-{ids[-1]})" if len(ids) > 1 else ""
        yield (*deck.at, i, "id"), f"two cards have the id {twice}{written}: each card needs its own"


def deck_size(deck: Deck, want: int, rule: str, cards: str = "cards") -> Found:
    """The deck's cards, ``count`` written out, are ``want`` (its declared size), else a problem
    at the deck citing ``rule`` (``cards``: what the message calls them).

    >>> deck = Deck([{"id": "A1", "count": 2}, {"id": "A3"}], ("deck",))
    >>> list(deck_size(deck, 3, "R1")), list(deck_size(deck, 4, "R1", cards="trump cards"))
    ([], [(('deck',), 'the deck holds 3 trump cards, but deck_size is 4 (R1)')])
    """
    have = len(deck.cards)
    if have != want:
        yield deck.at, f"the deck holds {have} {cards}, but deck_size is {want} ({rule})"


class Constraint(Protocol):
    """One kind of deck constraint: the problems of ``deck`` for the value a rules file gives a
    key (``named``: the key as a message names it; ``given``: every constraint the file gives)."""

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found: ...


@dataclass(frozen=True, slots=True)
class AtLeast:
    """At least ``value`` cards match ``pattern`` (``words``: what they do, said of them all)."""

    pattern: Item
    words: str
    cite: str

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found:
        have = sum(matches(card, self.pattern) for card in deck.cards)
        if have < value:
            yield deck.at, f"{have} card(s) {self.words}, fewer than {named}, {value} ({self.cite})"


@dataclass(frozen=True, slots=True)
class AtMost:
    """No entry's ``field`` exceeds ``value``, and at least as many cards as the key ``reached_by``
    gives (1 if it is not given) reach it; ``one`` and ``many``: the verb said of a card, of cards."""

    field: str
    one: str
    many: str
    cite: str
    reached_by: str

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found:
        for i, entry in enumerate(deck.entries):
            if entry[self.field] > value:
                said = f"{entry['id']} {self.one} {entry[self.field]}, more than {named}, {value}"
                yield (*deck.at, i, self.field), f"{said} ({self.cite})"
        reached, fewest = sum(card[self.field] == value for card in deck.cards), given.get(self.reached_by, 1)
        if reached < fewest:
            yield deck.at, f"{reached} card(s) {self.many} {named}, {value}, but {self.cite} asks for at least {fewest}"


@dataclass(frozen=True, slots=True)
class EachExists:
    """For each pattern of the list ``value``, a card matching it."""

    cite: str

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found:
        for pattern in value:
            if not any(matches(card, pattern) for card in deck.cards):
                yield deck.at, f"no card shows {deck.describe(pattern)}, which {named} asks for ({self.cite})"


@dataclass(frozen=True, slots=True)
class NoneMatch:
    """When ``value`` is true, no entry matches ``pattern`` (``words``: what such a card does)."""

    pattern: Item
    words: str
    cite: str

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found:
        for i, entry in enumerate(deck.entries):
            if value and matches(entry, self.pattern):
                yield (*deck.at, i), f"{entry['id']} {self.words} ({self.cite})"


@dataclass(frozen=True, slots=True)
class GroupsAlike:
    """When ``value`` is true, the groups of cards by ``field`` (``Deck.groups``) hold the same
    cards in their other fields as the most common holding does, as many of each. A group that
    differs is named at its first entry of a kind too many (else its first entry, else the deck)."""

    field: str
    cite: str

    def rest(self, card: Item) -> tuple[tuple[str, Any], ...]:
        """What ``card`` shows but for ``field`` (its id and count apart too), in a fixed order."""
        return tuple(sorted((k, v) for k, v in card.items() if k != self.field and k not in KEPT_APART))

    def problems(self, deck: Deck, named: str, value: Any, given: Mapping[str, Any]) -> Found:
        found = {card.get(self.field): str(card.get(self.field)) for card in deck.entries}
        groups = deck.groups.get(self.field, found)
        if not value or not groups:
            return
        of = {g: Counter(self.rest(card) for card in deck.cards if card.get(self.field) == g) for g in groups}
        usual = Counter(frozenset(kinds.items()) for kinds in of.values()).most_common(1)[0][0]
        model = next(g for g in groups if frozenset(of[g].items()) == usual)
        for g in groups:
            more, fewer = of[g] - of[model], of[model] - of[g]
            said = [f"{n} more {deck.describe(dict(kind))}" for kind, n in more.items()]
            said += [f"{n} fewer {deck.describe(dict(kind))}" for kind, n in fewer.items()]
            firsts = [i for i, entry in enumerate(deck.entries) if entry.get(self.field) == g]
            at = next((i for i in firsts if self.rest(deck.entries[i]) in more), firsts[0] if firsts else None)
            if said:
                differ = f"the {groups[g]} cards differ from those of {groups[model]}: {'; '.join(said)}"
                yield (*deck.at, *([] if at is None else [at])), f"{differ} ({self.cite})"


@dataclass(frozen=True, slots=True)
class Constraints:
    """What each key of a rules file's constraints mapping is (a pack's declaration), checked in
    the table's order; ``named``: how a message names the mapping (``constraints.free``)."""

    table: Mapping[str, Constraint]
    named: str = "constraints"

    def check(self, deck: Deck, given: Mapping[str, Any]) -> Found:
        """The problems of ``deck`` for each constraint ``given`` (a key left out is not asked)."""
        for key, constraint in self.table.items():
            if key in given:
                yield from constraint.problems(deck, f"{self.named}.{key}", given[key], given)
