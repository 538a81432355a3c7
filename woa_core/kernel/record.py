"""A dataclass state's copy, JSON and view, made once from its fields.

A pack's state is often a dataclass of plain data: whole numbers, numbers, strings and booleans,
lists of them or of such lists, and a few *components*, objects that copy themselves and go to and
from JSON (``copy()``, ``to_json()``, ``from_json()``: the cards, ``woa_core.kernel.cards.Cards``).
``Record(cls, what)`` reads each field's type as both builds know it: a class compiled with mypyc
keeps ``list`` where the source says ``list[list[int]]``, so a field is a plain value (``int``,
``float``, ``str``, ``bool``), a ``list`` or a component (``kinds_of``), and a list is copied and
checked by its shape when it is met (``copied``, ``fits``). A list's items are all plain values or
all lists, as its declared type says (``list[int]``, ``list[list[int]]``): its first item tells which.
The record gives:

- ``copy(obj)``: an independent copy; search copies states constantly, so the function is written
  once for the class, as ``dataclasses`` writes ``__init__`` (``exec``), with no loop over fields;
- ``to_json(obj)``: a JSON-ready dict, deep (written once too); ``equal(a, b)``: field by field;
- ``from_json(data)``: the object ``to_json`` wrote, each field's shape checked (and by ``checks``,
  for a field narrower than its type): another is a ``ValueError`` whose sentence says what is
  not ``what`` and names the field;
- the view split (what one seat may see): ``hidden`` fields no view shows, ``in_part`` components
  of which a view shows ``public(seat)``. ``view(obj, seat)`` is every other field copied, then
  those public parts; ``from_view(view)`` an object with the view's fields and, for the hidden and
  in-part ones, the placeholders declared with them (what a determinizer then deals anew).

>>> from dataclasses import dataclass, field
>>> from types import SimpleNamespace
>>> from woa_core.kernel.cards import Cards
>>> @dataclass
... class Table:
...     cards: Cards
...     seed: list[int]
...     rows: list[list[int]] = field(default_factory=list)
...     turn: int = 0
>>> TABLE = Record(Table, "a table", hidden={"seed": [0, 0]}, in_part={"cards": Cards([], [])}, localns=globals())
>>> t = Table(Cards([[1], [2]], [3]), [7, 1], [[0], [0]])
>>> twin = TABLE.copy(t)
>>> twin.rows[0].append(5)
>>> t.rows, TABLE.equal(TABLE.from_json(TABLE.to_json(t)), t), TABLE.equal(twin, t)
([[0], [0]], True, False)
>>> seen = TABLE.view(t, 1)
>>> list(seen), seen["cards"]["hand"], TABLE.from_view(SimpleNamespace(**seen)).seed
(['rows', 'turn', 'cards'], [2], [0, 0])
>>> TABLE.from_json({**TABLE.to_json(t), "turn": "2"})
Traceback (most recent call last):
...
ValueError: not a table: its turn is not a whole number
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from woa_core.kernel.aliases import JSON

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")
"""The dataclass a ``Record`` is made for."""

PLAIN: dict[type, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}
"""The plain values a field may hold, with what a sentence calls each."""

SAID: dict[type, str] = {**PLAIN, list: "a list of numbers, strings and booleans, or of such lists"}
"""What a sentence calls the value of a field of each kind (a component's class says its own)."""


class Component(Protocol):
    """A field's object that copies itself and goes to and from JSON (its class has ``from_json``)."""

    def copy(self) -> Self:
        """An independent copy."""
        ...


class PartlySeen(Protocol):
    """A component a view shows in part."""

    def public(self, seat: int) -> object:
        """What ``seat`` may see (plain data, a copy)."""
        ...


def kinds_of(cls: type[DataclassInstance], localns: Mapping[str, object] | None = None) -> dict[str, type]:
    """Each field of the dataclass ``cls`` and its kind: its type as both builds know it, ``list``
    for any list (``localns``: names a string annotation may use besides its module's, as for
    ``typing.get_type_hints``). A type that is no plain value, list or component is a ``TypeError``.

    >>> @dataclasses.dataclass
    ... class Board:
    ...     rows: list[list[int]]
    ...     turn: int = 0
    >>> kinds_of(Board)
    {'rows': <class 'list'>, 'turn': <class 'int'>}
    """
    hints = typing.get_type_hints(cls, localns=dict(localns) if localns is not None else None)
    kinds = {}
    for f in dataclasses.fields(cls):
        kind = typing.get_origin(hints[f.name]) or hints[f.name]
        component = isinstance(kind, type) and all(hasattr(kind, m) for m in ("copy", "to_json", "from_json"))
        if not (kind is list or kind in PLAIN or component):
            raise TypeError(
                f"{cls.__name__}.{f.name}: a record holds plain values ({', '.join(t.__name__ for t in PLAIN)}), "
                f"lists and components (copy, to_json, from_json), not {hints[f.name]}"
            )
        kinds[f.name] = kind
    return kinds


def copied(value: list[object]) -> list[object]:
    """An independent copy of a list field's value: a list of lists copied one level deeper,
    recursively (as ``woa_core.kernel.cards`` copies its lists), a list of plain values by a slice.

    >>> rows = [[1], [], [[2]]]
    >>> copied(rows) == rows, copied(rows)[0] is rows[0], copied(rows)[2][0] is rows[2][0]
    (True, False, False)
    """
    if not value or type(value[0]) is not list:
        return value[:]
    # each item as above, the slice written out: a list of short lists is copied without a call per item
    return [v[:] if not v or type(v[0]) is not list else copied(v) for v in typing.cast("list[list[object]]", value)]


def fits(kind: type, value: object) -> bool:
    """Whether ``value``, read from JSON, has the shape of a field of ``kind`` (a component's class
    checks its own): a boolean is no whole number, a whole number is a number; a list holds plain
    values or lists of such values (recursively), its items all of one kind.

    >>> fits(int, 3), fits(int, True), fits(list, [[1], [2, "a"]]), fits(list, [1, [2]]), fits(list, [None])
    (True, False, True, False, False)
    """
    if kind is list:
        if type(value) is not list:
            return False
        if value and type(value[0]) is list:
            return all(fits(list, v) for v in value)
        return all(type(v) in PLAIN for v in value)
    if kind in PLAIN:
        return type(value) is kind or (kind is float and type(value) is int)
    return True


def fresh(kind: type, value: object) -> object:
    """An independent copy of a field's ``value`` of ``kind``."""
    if kind is list:
        return copied(typing.cast("list[object]", value))
    if kind in PLAIN:
        return value
    return typing.cast(Component, value).copy()


def _expression(name: str, kind: type, method: str = "copy") -> str:
    """A copy of the field ``name`` of ``o`` in a written function (a component's by ``method``)."""
    if kind is list:
        return f"copied(o.{name})"
    return f"o.{name}" if kind in PLAIN else f"o.{name}.{method}()"


class Record(Generic[T]):
    """The copy, JSON and view of the dataclass ``cls`` (see the module docstring): ``what`` names
    one in a sentence (``"a table"``); ``hidden`` maps each field no view shows to its placeholder,
    ``in_part`` each component a view shows by its ``public(seat)`` to its placeholder; ``checks``
    maps a field to a test its JSON value must pass and the sentence that says it does not.

    ``copy``, ``to_json`` and ``equal`` are functions written for the class (attributes, called as
    methods are: ``RECORD.copy(state)``), and so is the copy of the shown fields ``view`` makes."""

    def __init__(
        self,
        cls: type[T],
        what: str,
        hidden: Mapping[str, object] | None = None,
        in_part: Mapping[str, PartlySeen] | None = None,
        checks: Mapping[str, tuple[Callable[[object], bool], str]] | None = None,
        localns: Mapping[str, object] | None = None,
    ) -> None:
        self.cls = cls
        self.what = what
        self.kinds = kinds_of(cls, localns)
        fields = dataclasses.fields(cls)
        missing = dataclasses.MISSING
        self.required = [f.name for f in fields if f.default is missing and f.default_factory is missing]
        self.placeholders: dict[str, object] = {**(hidden or {}), **(in_part or {})}
        self.in_part = tuple(in_part or ())
        self.checks = dict(checks or {})
        unknown = (set(self.placeholders) | set(self.checks)) - set(self.kinds)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        self.shown = tuple(name for name in self.kinds if name not in self.placeholders)
        """The fields a view shows as they are."""
        # through the constructor, which a class compiled with mypyc needs (its __new__ runs __init__)
        args = ((f"{f.name}=" if f.kw_only else "") + _expression(f.name, self.kinds[f.name]) for f in fields)
        self.copy = typing.cast("Callable[[T], T]", self._written("copy", "o", f"cls({', '.join(args)})"))
        json = ", ".join(f'"{n}": {_expression(n, kind, "to_json")}' for n, kind in self.kinds.items())
        self.to_json = typing.cast("Callable[[T], JSON]", self._written("to_json", "o", "{" + json + "}"))
        shown = ", ".join(f'"{n}": {_expression(n, self.kinds[n])}' for n in self.shown)
        self._shown = typing.cast("Callable[[T], dict[str, object]]", self._written("shown", "o", "{" + shown + "}"))
        same = " and ".join(f"o.{n} == p.{n}" for n in self.kinds) or "True"
        self.equal = typing.cast("Callable[[T, T], bool]", self._written("equal", "o, p", same))

    def from_json(self, data: object) -> T:
        """The object ``to_json`` wrote (its values copied); another shape is a ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"not {self.what}: a JSON object of its fields is expected")
        unknown = sorted(str(k) for k in data if k not in self.kinds)
        missing = [name for name in self.required if name not in data]
        if unknown or missing:
            said = [f"it has no field {', '.join(unknown)}"] if unknown else []
            said += [f"it lacks {', '.join(missing)}"] if missing else []
            raise ValueError(f"not {self.what}: {'; '.join(said)}")
        values = {}
        for name, value in data.items():
            kind = self.kinds[name]
            if name in self.checks and not self.checks[name][0](value):
                raise ValueError(f"not {self.what}: {self.checks[name][1]}")
            if not fits(kind, value):
                raise ValueError(f"not {self.what}: its {name} is not {SAID[kind]}")
            if kind is list or kind in PLAIN:
                values[name] = fresh(kind, value)
            else:  # a component's class reads (and checks) its own JSON
                values[name] = getattr(kind, "from_json")(value)  # noqa: B009 (any class: no attribute to mypy)
        return self.cls(**values)

    def view(self, obj: T, seat: int, shown: tuple[str, ...] | None = None) -> dict[str, object]:
        """What ``seat`` may see of ``obj``: the ``shown`` fields (default: all but the hidden and
        in-part ones) copied, then each in-part component's ``public(seat)``."""
        if shown is None or shown is self.shown:  # the usual split: by the function written for it
            out = self._shown(obj)
        else:
            out = {name: fresh(self.kinds[name], getattr(obj, name)) for name in shown}
        for name in self.in_part:
            part: PartlySeen = getattr(obj, name)
            out[name] = part.public(seat)
        return out

    def from_view(self, view: object) -> T:
        """An object with the shown fields of ``view`` (read as its attributes, copied) and a copy
        of each placeholder for the others."""
        values = {name: fresh(self.kinds[name], getattr(view, name)) for name in self.shown}
        for name, placeholder in self.placeholders.items():
            values[name] = fresh(self.kinds[name], placeholder)
        return self.cls(**values)

    def _written(self, name: str, args: str, returned: str) -> object:
        """The function ``name(args)`` that returns the expression ``returned``, compiled once for the class."""
        source = f"def {name}({args}):\n    return {returned}\n"
        scope: dict[str, object] = {"cls": self.cls, "copied": copied}
        exec(compile(source, f"<record {self.cls.__name__}.{name}>", "exec"), scope)
        return scope[name]
