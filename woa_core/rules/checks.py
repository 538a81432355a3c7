"""Helpers for a pack's semantic checks (``Pack.check``: what its schemas cannot say), each about
lists of mappings as rules files hold them (regions, cards, cities), naming no game.

- ``Checks``: a pack's checks, registered in order by a decorator, run as its ``Pack.check``;
- ``first_index(items, field)``: each value of a field, with the index of the first item holding it
  (what a reference to an item by that field finds);
- ``repeated(groups)`` and ``repeats(items, field)``: values that should be each their own but
  are not (keys, short words, ids), with where each was first;
- ``each_its_own(items, at, fields)``: those repeats, located and said by the items' names;
- ``misflagged(items, field, wanted)``: items whose flag (``exit: true``) is not where their place
  in the list says it is (the last, say), or missing there;
- ``no_such(value, known, kind)``: the sentence for a reference to nothing, with a did-you-mean;
- ``references(keys, at, known, kind, why, refused)``: a list of keys naming items, each located
  where it names nothing or an item it may not (``refused``: such keys, with the reason);
- ``numbered(items, at, field, thing, rule)``: items numbered 1, 2, ... in order, the first that
  is not located;
- ``counted(entries)``: a list whose entries may say ``count: k``, written out.

Each check yields ``(path, message)`` pairs, located by ``run_checks`` (``woa_core.rules.validate``).

>>> CHECKS = Checks()
>>> @CHECKS.add
... def _keys(located, d):
...     places = d["board"]["places"]
...     for i, value, j in repeats(places, "key"):
...         yield ("board", "places", i, "key"), f"'{value}' is already place {j + 1}'s key"
...     known = first_index(places, "key")
...     for n, key in enumerate(d["board"]["start"]):
...         said = no_such(key, known, "place")
...         if said:
...             yield ("board", "start", n), said
>>> from woa_core.rules.source import parse_yaml
>>> text = "board:\\n  places: [{key: well}, {key: dune}, {key: well}]\\n  start: [dune, wel]\\n"
>>> [(p.line, p.column, p.message) for p in CHECKS.run(parse_yaml(text, "x.yaml"), None)]
[(2, 44, "'well' is already place 1's key"), (3, 17, "'wel' is no place: did you mean 'well'?")]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from woa_core.errors import Problem
from woa_core.rules.source import Located, Path_
from woa_core.rules.validate import Check, run_checks
from woa_core.suggest import with_suggestion

Found = Iterator[tuple[Path_, str]]
"""What a check yields: ``(path, message)`` for each problem."""

V = TypeVar("V", bound=Hashable)
"""A value that should be each item's own (a key, a word, an id), or one naming an item by it."""

Item = Mapping[str, Any]
"""An entry of a rules list (a region, a card): a mapping of the schema's shape."""

Entry = TypeVar("Entry", bound=Item)
"""The entries of one list."""


class Checks:
    """A pack's semantic checks, in the order they are registered (``@CHECKS.add``); ``run`` is
    the pack's ``Pack.check``: every problem of them all, located."""

    __slots__ = ("checks",)

    def __init__(self) -> None:
        self.checks: list[Check] = []

    def add(self, check: Check) -> Check:
        """Register ``check`` (a decorator: the function is returned as it is)."""
        self.checks.append(check)
        return check

    def run(self, located: Located, players: int | None) -> list[Problem]:
        """Every problem the checks find in ``located`` (``players``: one count, or None for every)."""
        return run_checks(self.checks, located, players)


def first_index(items: Sequence[Item], field: str) -> dict[Any, int]:
    """Each value of ``field`` in ``items``, with the index of the first item holding it.

    >>> first_index([{"key": "a"}, {"key": "b"}, {"key": "a"}], "key")
    {'a': 0, 'b': 1}
    """
    index: dict[Any, int] = {}
    for i, item in enumerate(items):
        index.setdefault(item[field], i)
    return index


def repeated(groups: Iterable[Iterable[V]]) -> Iterator[tuple[int, V, int]]:
    """For each group of values (an item's: a deck entry's card ids) holding one an earlier group
    holds too: the group's index, the first such value, and the index of the first group holding it.

    >>> list(repeated([["A1", "A2"], ["A3"], ["A2", "A3"]]))
    [(2, 'A2', 0)]
    """
    first: dict[V, int] = {}
    for i, group in enumerate(groups):
        values = list(group)
        twice = [value for value in values if value in first]
        if twice:
            yield i, twice[0], first[twice[0]]
        for value in values:
            first.setdefault(value, i)


def repeats(items: Sequence[Item], field: str) -> Iterator[tuple[int, Any, int]]:
    """For each item whose ``field`` repeats an earlier item's: its index, the value, the first's index.

    >>> list(repeats([{"key": "a"}, {"key": "b"}, {"key": "a"}], "key"))
    [(2, 'a', 0)]
    """
    return repeated([item[field]] for item in items)


def each_its_own(items: Sequence[Item], at: Path_, fields: Mapping[str, str], name: str = "name") -> Found:
    """For each of ``fields`` (with the word for it) whose values should be each item's own, each
    item (of the list at ``at``) repeating an earlier one's, located at its field and said by the
    items' ``name``: ``NAME: 'VALUE' is already FIRST's WORD: each its own``.

    >>> places = [{"name": "Well", "key": "w"}, {"name": "Dune", "key": "w"}]
    >>> list(each_its_own(places, ("places",), {"key": "key"}))
    [(('places', 1, 'key'), "Dune: 'w' is already Well's key: each its own")]
    """
    for field, word in fields.items():
        for i, value, j in repeats(items, field):
            yield (*at, i, field), f"{items[i][name]}: '{value}' is already {items[j][name]}'s {word}: each its own"


def misflagged(items: Sequence[Item], field: str, wanted: Callable[[int], bool]) -> Iterator[tuple[int, bool]]:
    """Each item whose flag ``field`` (true when written true) is not what ``wanted(index)`` says:
    its index, and whether it has the flag (then it should not) or not (then it should).

    >>> track = [{"start": True}, {}, {"start": True}]
    >>> list(misflagged(track, "start", lambda i: i == 0)), list(misflagged(track, "goal", lambda i: i == 2))
    ([(2, True)], [(2, False)])
    """
    for i, item in enumerate(items):
        if bool(item.get(field)) != wanted(i):
            yield i, bool(item.get(field))


def no_such(value: object, known: Collection[object], kind: str) -> str | None:
    """None when ``value`` is one of ``known``, else ``'VALUE' is no KIND`` with a did-you-mean
    among ``known`` (``woa_core.suggest``).

    >>> no_such("east", {"east", "west"}, "region") is None
    True
    >>> no_such("wset", {"east", "west"}, "region")
    "'wset' is no region: did you mean 'west'?"
    """
    if value in known:
        return None
    return with_suggestion(f"'{value}' is no {kind}", value, known)


def references(
    keys: Sequence[V],
    at: Path_,
    known: Collection[object],
    kind: str,
    why: str,
    refused: Mapping[V, str] | None = None,
) -> Found:
    """Each of ``keys`` (a list at ``at``, each naming an item of ``known`` by its key) that names
    no item (``no_such``), or one this list may not name (``refused``: those keys, each with the
    reason), located at its place: ``SAID: WHY``.

    >>> known = {"well": 0, "dune": 1, "gate": 2}
    >>> for found in references(["dune", "wel", "gate"], ("start",), known, "place", "start on a place",
    ...                         {"gate": "the gate is the exit"}):
    ...     print(found)
    (('start', 1), "'wel' is no place: did you mean 'well'?: start on a place")
    (('start', 2), 'the gate is the exit: start on a place')
    """
    for j, key in enumerate(keys):
        said = no_such(key, known, kind) or (refused or {}).get(key)
        if said:
            yield (*at, j), f"{said}: {why}"


def numbered(items: Sequence[Item], at: Path_, field: str, thing: str, rule: str) -> Found:
    """The first item (of the list at ``at``) whose ``field`` is not its place in the list counted
    from 1, located at that field: ``THING J is numbered N (RULE)``; the ones after it are not
    named, as each would be off by the same mistake.

    >>> rounds = [{"number": 1}, {"number": 3}, {"number": 4}]
    >>> list(numbered(rounds, ("rounds",), "number", "round", "R2"))
    [(('rounds', 1, 'number'), 'round 2 is numbered 3 (R2)')]
    """
    for j, item in enumerate(items):
        if item[field] != j + 1:
            yield (*at, j, field), f"{thing} {j + 1} is numbered {item[field]} ({rule})"
            return


def counted(entries: Iterable[Entry], field: str = "count") -> list[Entry]:
    """The entries of a list in which an entry may stand for several (``count: k``), each as many
    times as it counts (once without the field).

    >>> [e["id"] for e in counted([{"id": "a", "count": 2}, {"id": "b"}])]
    ['a', 'a', 'b']
    """
    return [entry for entry in entries for _ in range(entry.get(field, 1))]
