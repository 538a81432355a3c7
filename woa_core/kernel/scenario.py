"""The words every pack's scenario hooks share (``ScenarioHooks``; ``docs/scenarios.md``): how a
setup names a seat or a thing of the rules (``seat_reader``, ``name_reader``) and gives a value
per seat or a plain field (``seat_values``, ``set_seat_fields``, ``set_fields``), how an
expectation writes a value per seat (``by_seat``), and every way to finish a step of several
decisions (``every_finish``).

A seat is ``p1``..``pN`` (the notation's); a pack may give each seat a *mark* besides (its colour's
letter, ``colour_marks``) and other names a setup may use (its colour's name). An expectation
gives a value per seat under both ``pN`` and the mark (``by_seat``), so that a scenario may write
either. A pack's ``ScenarioHooks`` may declare the expect keys that read a state field as it is
(``fields``) or a per-seat list of the state (``seat_fields``, under ``seat_marks``): the kernel
reads those (``declared_expect``), the pack's ``expect`` the rest.

>>> from woa_core.rules import load_rules
>>> def fail(path, message):
...     raise ValueError(f"{path}: {message}")
>>> marks = ("R", "B")
>>> seat = seat_reader(load_rules("africa", 2), fail, marks, ("red", "blue"))
>>> marks, seat("B", "vp", "B"), seat("red"), seat("p2")
(('R', 'B'), 1, 0, 1)
>>> seat_values({"vp": {"R": 3, "p2": 5}}, "vp", seat), by_seat([3, 5], marks)
({0: 3, 1: 5}, {'p1': 3, 'p2': 5, 'R': 3, 'B': 5})
>>> seat("Q", "vp", "Q")
Traceback (most recent call last):
ValueError: ('vp', 'Q'): 'Q' is not a player: write p1 to p2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, Self, TypedDict, TypeVar

from woa_core.kernel.aliases import PackGame
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.notation import parse_player
from woa_core.kernel.pack import ScenarioHooks, SetupFail, setup_words

T = TypeVar("T")


class Coloured(Protocol):
    """Rules that give each seat a colour (``colours``: at least one per seat, seats in order)."""

    @property
    def players(self) -> int: ...

    @property
    def colours(self) -> Sequence[str]: ...


def colour_marks(rules: Coloured) -> tuple[str, ...]:
    """Each seat's mark: its colour's first letter in capitals (``red`` -> ``R``), or ``pN`` for
    every seat where two of the seats' colours share a letter (a ``ScenarioHooks.seat_marks``).

    >>> from types import SimpleNamespace as Rules
    >>> colour_marks(Rules(players=3, colours=("red", "blue", "yellow", "black")))
    ('R', 'B', 'Y')
    >>> colour_marks(Rules(players=2, colours=("blue", "black")))
    ('p1', 'p2')
    """
    first = tuple(c[0].upper() for c in rules.colours[: rules.players])
    return first if len(set(first)) == len(first) else tuple(f"p{p + 1}" for p in range(rules.players))


def seat_reader(rules: CompiledRules, fail: SetupFail, *names: Sequence[str]) -> Callable[..., int]:
    """How a setup reads a seat: ``seat(text, *path)`` is the seat one of ``names`` (each a name
    per seat: the marks, the colours' names) gives ``text``, the first that has it, or else the
    seat of ``p1``..``pN``; another text fails at ``path`` with the notation's sentence.
    (Example: the module docstring.)"""
    word = setup_words(rules, fail)

    def seat(text: str, *path: object) -> int:
        for given in names:
            if text in given[: rules.players]:
                return list(given).index(text)
        return word(parse_player, text, *path)

    return seat


def name_reader(fail: SetupFail, what: str, *names: Sequence[str]) -> Callable[..., int]:
    """How a setup reads a thing of the rules by name: ``read(text, *path)`` is the index ``text``
    has in the first of ``names`` that holds it (its words, then its keys, say); another text fails
    at ``path``, listing the first names.

    >>> def fail(path, message):
    ...     raise ValueError(f"{path}: {message}")
    >>> region = name_reader(fail, "a region", ("NE", "E"), ("new_england", "east"))
    >>> region("E"), region("new_england")
    (1, 0)
    >>> region("ohio", "blocks", "ohio")
    Traceback (most recent call last):
    ValueError: ('blocks', 'ohio'): 'ohio' is not a region (one of: NE, E)
    """

    def read(text: str, *path: object) -> int:
        for given in names:
            if text in given:
                return list(given).index(text)
        fail(path, f"'{text}' is not {what} (one of: {', '.join(names[0])})")

    return read


def seat_values(setup: Mapping[str, Mapping[str, T]], key: str, seat: Callable[..., int]) -> dict[int, T]:
    """The values ``setup[key]`` gives per seat (``{who: value}``, ``who`` as ``seat`` reads it, at
    path ``(key, who)``), by seat index; none when the setup does not name ``key``."""
    return {seat(who, key, who): value for who, value in setup.get(key, {}).items()}


def set_fields(state: object, setup: Mapping[str, object], names: Sequence[str]) -> None:
    """Each of the state's fields ``names`` that the setup names, set to the value it gives, as it
    is (the scenario's schema says what it may be).

    >>> class State:
    ...     turns, acts = 0, 0
    >>> s = State()
    >>> set_fields(s, {"turns": 4, "other": 1}, ("turns", "acts"))
    >>> s.turns, s.acts
    (4, 0)
    """
    for name in names:
        if name in setup:
            setattr(state, name, setup[name])


def set_seat_fields(
    state: object, setup: Mapping[str, Mapping[str, object]], names: Sequence[str], seat: Callable[..., int]
) -> None:
    """For each of the state's per-seat lists ``names`` that the setup names (``{who: value}``),
    each seat's value it gives, as it is; the other seats' kept.

    >>> class State:
    ...     vp = [10, 10]
    >>> s = State()
    >>> set_seat_fields(s, {"vp": {"p2": 14}}, ("vp", "gold"), lambda who, *path: int(who[1:]) - 1)
    >>> s.vp
    [10, 14]
    """
    for name in names:
        for p, value in seat_values(setup, name, seat).items():
            getattr(state, name)[p] = value


def by_seat(values: Sequence[T], marks: Sequence[str] = ()) -> dict[str, T]:
    """A value per seat as an expectation reads it: under ``pN``, and under each seat's mark if
    the pack gives marks (Example: the module docstring.)"""
    return {**{f"p{p + 1}": v for p, v in enumerate(values)}, **dict(zip(marks, values, strict=False))}


def declared_expect(hooks: ScenarioHooks, game: PackGame, key: str) -> object:
    """The value of an expect key the pack declares on its ``ScenarioHooks``: a field of the
    state as it is (``fields``), or a per-seat list of the state by seat (``seat_fields``, under
    the marks ``seat_marks`` gives); ``KeyError`` for a key it does not declare."""
    if key in hooks.fields:
        return getattr(game.state, key)
    if key in hooks.seat_fields:
        marks = hooks.seat_marks(game.rules) if hooks.seat_marks is not None else ()
        return by_seat(list(getattr(game.state, key)), marks)
    raise KeyError(key)


class Walkable(Protocol):
    """A game ``every_finish`` can walk: copied, its legal actions listed and applied."""

    def copy(self) -> Self: ...

    def legal_actions(self) -> Sequence[tuple[object, ...]]: ...

    def apply_legal(self, action: tuple[object, ...]) -> None: ...


W = TypeVar("W", bound=Walkable)


class Finishes(TypedDict):
    """Every way to finish a step (``every_finish``): the number of ways, and the distinct results."""

    paths: int
    distinct: int
    results: list[str]


def every_finish(game: W, going: Callable[[W], bool], result: Callable[[W], str]) -> Finishes:
    """Every way to finish a step of several decisions: from ``game``, each legal action in turn
    while ``going(game)`` holds (on copies; the game itself unchanged), and ``result`` of each game
    reached where it no longer holds. A game where it does not hold has no way to finish.

    >>> class Count:  # two decisions, each adding 1 or 2
    ...     def __init__(self, n=0, left=2):
    ...         self.n, self.left = n, left
    ...     def copy(self):
    ...         return Count(self.n, self.left)
    ...     def legal_actions(self):
    ...         return [(1,), (2,)]
    ...     def apply_legal(self, action):
    ...         self.n, self.left = self.n + action[0], self.left - 1
    >>> every_finish(Count(), lambda g: g.left > 0, lambda g: str(g.n))
    {'paths': 4, 'distinct': 3, 'results': ['2', '3', '4']}
    """
    found: list[str] = []

    def walk(g: W) -> None:
        if not going(g):
            found.append(result(g))
            return
        for action in g.legal_actions():
            then = g.copy()
            then.apply_legal(action)
            walk(then)

    if going(game):
        walk(game)
    return {"paths": len(found), "distinct": len(set(found)), "results": sorted(set(found))}
