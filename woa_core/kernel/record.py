"""A dataclass state's copy, JSON and view, made once from its declared fields.

A pack's state is often a dataclass of plain data: numbers, strings and booleans, lists of them,
lists of such lists, and a few *components*, objects that copy themselves and go to and from JSON
(``copy()``, ``to_json()``, ``from_json()``: the card component ``woa_core.kernel.cards.Cards`` is
one). ``Record(cls, what)`` reads the class's fields once (``dataclasses.fields``; their types may
be strings, ``from __future__ import annotations``), classifies each (``Slot``), and gives:

- ``copy(obj)``: an independent copy. Search copies states constantly, so the function is written
  once for the class, as ``dataclasses`` writes ``__init__`` (``exec``): each field copied as its
  kind needs, no loop; a class with its own ``__new__`` (one compiled with mypyc: it runs ``__init__``) is
  copied through its constructor, any other without calling ``__init__``;
- ``to_json(obj)``: a JSON-ready dict, deep (written once too); ``equal(a, b)``: field by field;
- ``from_json(data)``: the object ``to_json`` wrote, each field's shape checked by its declared
  type (and by ``checks``, for a field narrower than its type): another shape is a ``ValueError``
  whose sentence says what is not ``what`` and names the field;
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
...     scores: list[int] = field(default_factory=list)
...     turn: int = 0
>>> TABLE = Record(Table, "a table", hidden={"seed": [0, 0]}, in_part={"cards": Cards([], [])}, localns=globals())
>>> t = Table(Cards([[1], [2]], [3]), [7, 1], [0, 0])
>>> twin = TABLE.copy(t)
>>> twin.scores[0] = 5
>>> t.scores, TABLE.equal(TABLE.from_json(TABLE.to_json(t)), t), TABLE.equal(twin, t)
([0, 0], True, False)
>>> seen = TABLE.view(t, 1)
>>> list(seen), seen["cards"]["hand"], TABLE.from_view(SimpleNamespace(**seen)).seed
(['scores', 'turn', 'cards'], [2], [0, 0])
>>> TABLE.from_json({**TABLE.to_json(t), "turn": "2"})
Traceback (most recent call last):
...
ValueError: not a table: its turn is not a whole number
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from woa_core.kernel.aliases import JSON

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")
"""The dataclass a ``Record`` is made for."""

PLAIN, LIST, NESTED, COMPONENT = "plain", "list", "nested", "component"
"""The kinds of field: a plain value, a list of plain values, a list of such lists, a component."""

PLAIN_TYPES: dict[type, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}
"""The plain values a field may hold, with what a sentence calls each."""


class PartlySeen(Protocol):
    """A component a view shows in part: what ``seat`` may see of it."""

    def public(self, seat: int) -> object:
        """What ``seat`` may see (plain data, a copy)."""
        ...


@dataclasses.dataclass(frozen=True, slots=True)
class Slot:
    """One field as a ``Record`` reads it: its ``name``, its ``kind`` (``PLAIN``, ``LIST``,
    ``NESTED`` or ``COMPONENT``), ``item`` (the plain type of the value or of the lists' items,
    or the component's class) and whether ``from_json`` needs it (``required``: no default)."""

    name: str
    kind: str
    item: type
    required: bool

    def what(self) -> str:
        """What a valid value is, for a sentence.

        >>> Slot("blocks", NESTED, int, False).what()
        'a list of lists of whole numbers'
        """
        if self.kind == COMPONENT:
            return f"a {self.item.__name__} component"
        plain = PLAIN_TYPES[self.item]
        if self.kind == PLAIN:
            return plain
        items = plain.removeprefix("a ").replace("true or false", "booleans") + ("" if plain.endswith("false") else "s")
        return f"a list of {items}" if self.kind == LIST else f"a list of lists of {items}"

    def fits(self, value: object) -> bool:
        """Whether ``value`` (read from JSON) has this field's shape (a component checks its own).

        >>> Slot("vp", LIST, int, False).fits([1, 2]), Slot("vp", LIST, int, False).fits([1, True])
        (True, False)
        """
        if self.kind == COMPONENT:
            return True
        if self.kind == PLAIN:
            return self._plain(value)
        if self.kind == LIST:
            return isinstance(value, list) and all(self._plain(v) for v in value)
        return isinstance(value, list) and all(isinstance(v, list) and all(self._plain(x) for x in v) for v in value)

    def _plain(self, value: object) -> bool:
        if self.item is float:
            return type(value) in (int, float)
        return type(value) is self.item  # a boolean is no whole number here


def slots_of(cls: type[DataclassInstance], localns: Mapping[str, object] | None = None) -> tuple[Slot, ...]:
    """Each field of the dataclass ``cls``, classified by its declared type (``localns``: names a
    string annotation may use besides those of the class's module, as for ``typing.get_type_hints``).
    A type that is none of the four kinds is a ``TypeError``.

    >>> @dataclasses.dataclass
    ... class Board:
    ...     rows: list[list[int]]
    ...     turn: int = 0
    >>> [(s.name, s.kind, s.item.__name__, s.required) for s in slots_of(Board)]
    [('rows', 'nested', 'int', True), ('turn', 'plain', 'int', False)]
    """
    hints = declared(cls, localns)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: a record's fields are all set by __init__")
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append(_slot(cls.__name__, f.name, hints[f.name], required))
    return tuple(out)


def declared(cls: type, localns: Mapping[str, object] | None = None) -> dict[str, object]:
    """The declared type of each annotated name of ``cls`` (``typing.get_type_hints``). A list whose
    items the build erased (mypyc keeps ``list`` for ``list[int]`` in a compiled class) is read
    again from the annotation in the class's source, the ``.py`` file installed beside the
    compiled module (the pure build runs from it).

    >>> declared(Slot)["required"]
    <class 'bool'>
    """
    names = dict(localns) if localns is not None else None
    hints: dict[str, object] = typing.get_type_hints(cls, localns=names)
    erased = {name for name, hint in hints.items() if hint is list}
    if not erased:
        return hints
    module = sys.modules[cls.__module__]
    compiled = Path(module.__file__ or "")
    source = compiled.with_name(compiled.name.split(".")[0] + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.target.id in erased:
                    # what get_type_hints does with a string annotation: evaluate it in the module's names
                    hints[item.target.id] = eval(ast.unparse(item.annotation), vars(module), names)
    return hints


def _slot(owner: str, name: str, hint: object, required: bool) -> Slot:
    depth = 0
    while typing.get_origin(hint) is list and depth < 2:
        hint, depth = typing.get_args(hint)[0], depth + 1
    if isinstance(hint, type) and hint in PLAIN_TYPES:
        return Slot(name, (PLAIN, LIST, NESTED)[depth], hint, required)
    if depth == 0 and isinstance(hint, type) and all(hasattr(hint, m) for m in ("copy", "to_json", "from_json")):
        return Slot(name, COMPONENT, hint, required)
    raise TypeError(
        f"{owner}.{name}: a record holds plain values ({', '.join(t.__name__ for t in PLAIN_TYPES)}), lists of "
        f"them, lists of such lists and components (copy, to_json, from_json), not {hint}"
    )


_COPY = {PLAIN: "o.{n}", LIST: "o.{n}[:]", NESTED: "[v[:] for v in o.{n}]", COMPONENT: "o.{n}.copy()"}
"""How the written ``copy`` copies a field of each kind (``o``: the object copied)."""
_JSON = {**_COPY, COMPONENT: "o.{n}.to_json()"}
"""How the written ``to_json`` writes a field of each kind."""


class Component(Protocol):
    """A field's object that copies itself and goes to and from JSON (``woa_core.kernel.cards.Cards``)."""

    def copy(self) -> Self:
        """An independent copy."""
        ...

    def to_json(self) -> object:
        """JSON-ready data (a copy)."""
        ...


def copied(kind: str, value: object) -> object:
    """An independent copy of a field's ``value`` of ``kind``.

    >>> rows = [[1], [2]]
    >>> copied(NESTED, rows) == rows and copied(NESTED, rows)[0] is not rows[0]
    True
    """
    if kind == PLAIN:
        return value
    if kind == COMPONENT:
        return typing.cast(Component, value).copy()
    assert isinstance(value, list)
    return value[:] if kind == LIST else [v[:] for v in value]


class Record(Generic[T]):
    """The copy, JSON and view of the dataclass ``cls`` (see the module docstring): ``what`` names
    one in a sentence (``"a table"``); ``hidden`` maps each field no view shows to its placeholder,
    ``in_part`` each component a view shows by its ``public(seat)`` to its placeholder; ``checks``
    maps a field to a test its JSON value must pass and the sentence that says it does not.

    ``copy``, ``to_json`` and ``equal`` are functions written for the class (attributes, called
    as methods are: ``RECORD.copy(state)``), and so is the copy of the shown fields ``view`` makes."""

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
        self.slots = slots_of(cls, localns)
        self.by_name = {s.name: s for s in self.slots}
        self.placeholders: dict[str, object] = {**(hidden or {}), **(in_part or {})}
        self.in_part = tuple(in_part or ())
        self.checks = dict(checks or {})
        unknown = (set(self.placeholders) | set(self.checks)) - set(self.by_name)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        self.shown = tuple(s.name for s in self.slots if s.name not in self.placeholders)
        """The fields a view shows as they are."""
        self.copy = typing.cast("Callable[[T], T]", self._written("copy", "o", self._copy_lines()))
        json = ", ".join(f'"{s.name}": ' + _JSON[s.kind].format(n=s.name) for s in self.slots)
        self.to_json = typing.cast("Callable[[T], JSON]", self._written("to_json", "o", [f"return {{{json}}}"]))
        shown = ", ".join(f'"{n}": ' + _COPY[self.by_name[n].kind].format(n=n) for n in self.shown)
        self._shown = typing.cast(
            "Callable[[T], dict[str, object]]", self._written("shown", "o", [f"return {{{shown}}}"])
        )
        same = " and ".join(f"o.{s.name} == p.{s.name}" for s in self.slots) or "True"
        self.equal = typing.cast("Callable[[T, T], bool]", self._written("equal", "o, p", [f"return {same}"]))

    def from_json(self, data: object) -> T:
        """The object ``to_json`` wrote (its values copied); another shape is a ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"not {self.what}: a JSON object of its fields is expected")
        unknown = sorted(str(k) for k in data if k not in self.by_name)
        missing = [s.name for s in self.slots if s.required and s.name not in data]
        if unknown or missing:
            said = [f"it has no field {', '.join(unknown)}"] if unknown else []
            said += [f"it lacks {', '.join(missing)}"] if missing else []
            raise ValueError(f"not {self.what}: {'; '.join(said)}")
        values = {}
        for name, value in data.items():
            slot = self.by_name[name]
            test, sentence = self.checks.get(name, (slot.fits, f"its {name} is not {slot.what()}"))
            if not test(value):
                raise ValueError(f"not {self.what}: {sentence}")
            if not slot.fits(value):
                raise ValueError(f"not {self.what}: its {name} is not {slot.what()}")
            if slot.kind == COMPONENT:  # its class reads (and checks) its own JSON
                values[name] = getattr(slot.item, "from_json")(value)  # noqa: B009 (any class: no attribute to mypy)
            else:
                values[name] = copied(slot.kind, value)
        return self.cls(**values)

    def view(self, obj: T, seat: int, shown: tuple[str, ...] | None = None) -> dict[str, object]:
        """What ``seat`` may see of ``obj``: the ``shown`` fields (default: all but the hidden and
        in-part ones) copied, then each in-part component's ``public(seat)``."""
        if shown is None or shown is self.shown:  # the usual split: by a function written for it
            out = self._shown(obj)
        else:
            out = {name: copied(self.by_name[name].kind, getattr(obj, name)) for name in shown}
        for name in self.in_part:
            part: PartlySeen = getattr(obj, name)
            out[name] = part.public(seat)
        return out

    def from_view(self, view: object) -> T:
        """An object with the shown fields of ``view`` (read as its attributes, copied) and a copy
        of each placeholder for the others."""
        values = {name: copied(self.by_name[name].kind, getattr(view, name)) for name in self.shown}
        for name, placeholder in self.placeholders.items():
            values[name] = copied(self.by_name[name].kind, placeholder)
        return self.cls(**values)

    # ------------------------------------------------------------------ the written functions

    def _copy_lines(self) -> list[str]:
        """The body of ``copy(o)``: through the constructor when the class (or a base but ``object``)
        has its own ``__new__`` (one compiled with mypyc, whose ``__new__`` runs ``__init__``), else
        a new object (``cls.__new__(cls)``, as ``copy.copy`` makes one) whose fields are set one by one."""
        if any("__new__" in vars(c) for c in self.cls.__mro__[:-1]):
            keyword = {f.name for f in dataclasses.fields(self.cls) if f.kw_only}
            args = ", ".join(
                (f"{s.name}=" if s.name in keyword else "") + _COPY[s.kind].format(n=s.name) for s in self.slots
            )
            return [f"return cls({args})"]
        sets = [f"new.{s.name} = {_COPY[s.kind].format(n=s.name)}" for s in self.slots]
        return ["new = new_object(cls)", *sets, "return new"]

    def _written(self, name: str, args: str, lines: list[str]) -> object:
        """The function ``name(args)`` of ``lines``, compiled once for the class."""
        source = f"def {name}({args}):\n" + "".join(f"    {line}\n" for line in lines)
        scope: dict[str, object] = {"cls": self.cls, "new_object": self.cls.__new__}
        exec(compile(source, f"<record {self.cls.__name__}.{name}>", "exec"), scope)
        return scope[name]
