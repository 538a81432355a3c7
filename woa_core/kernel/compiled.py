"""What every pack's compiled rules have in common, and the read-only document they carry.

A pack compiles a validated document for one player count into its own frozen, indexed rules
(``Pack.compile``). The kernel's tools read only the fields of ``CompiledRules`` from them; a
pack's rules class subclasses it (a frozen, slotted dataclass) and adds its own.

>>> doc = freeze({"a": [1, {"b": 2}]})
>>> doc["a"][1]["b"], thaw(doc)
(2, {'a': [1, {'b': 2}]})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType, MemberDescriptorType
from typing import TYPE_CHECKING, TypeVar, overload

from woa_core.kernel.aliases import JSON, FrozenJSON, Memo, PackGame
from woa_core.kernel.flow import NO_FLOW, Flow
from woa_core.kernel.native import mypyc_attr

if TYPE_CHECKING:
    from woa_core.kernel.pack import SomePack

T = TypeVar("T")
"""What a memo holds."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a pack that is not compiled subclasses it in Python
@dataclass(frozen=True, slots=True)
class CompiledRules:
    """The rules of one game of a ruleset at one player count, as the kernel sees them."""

    name: str  # the ruleset's (or variant's) name
    players: int
    content_hash: str  # the resolved document's hash (``woa_core.rules.digest``)
    variant: str | None  # the variant file given by the user, if any
    document: FrozenJSON  # the resolved document for this player count (read-only view)
    flow: Flow[PackGame] = field(default=NO_FLOW, compare=False, repr=False, kw_only=True)
    """How a game of these rules runs, as they declare it (``Pack.flow``'s ``FlowPrimitives.compile``,
    once, when the pack compiles them); ``NO_FLOW`` for a pack that declares none."""
    derived: Memo = field(default_factory=dict, compare=False, repr=False, kw_only=True)
    """Data derived from these rules on first use (a bot's tables, say), kept with them: ``key``
    by the name of what computes it. It lives and dies with the rules, never keyed by ``id()``."""

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """``derived[key]``, made by ``make()`` the first time.

        >>> from woa_core.rules import load_rules
        >>> rules = load_rules("west-of-africa", 2)
        >>> rules.memo("answer", lambda: 42), rules.memo("answer", lambda: 0)
        (42, 42)
        """
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = make()
        return found  # what ``make`` of this key made (``derived`` holds any type)

    @property
    def pack(self) -> SomePack:
        """The pack the rules are for, found by its name as this process has it loaded (a test may
        install a double there): the name ``woa_core.rules`` resolved as it compiled them
        (``derived[PACK_FINDER]``; the packed rules of an old log name none), else their ruleset's
        ``pack``. A bundled or installed pack's rules class need not say it again; a pack found
        only beside its ruleset does (its rules class's ``pack`` returns its ``PACK``).

        >>> from woa_core.rules import load_rules
        >>> load_rules("go-west", 2).pack.name
        'go_west'
        """
        find = self.derived.get(PACK_FINDER)
        if find is None:  # rules compiled by a pack's compile called directly
            from woa_core.kernel.pack import load_pack  # (that module imports this one)

            ruleset: FrozenJSON = self.document["ruleset"]
            return load_pack(ruleset["pack"])
        pack: SomePack = find()
        return pack


PACK_FINDER = "kernel.pack_finder"
"""The key of ``CompiledRules.derived`` under which ``woa_core.rules`` keeps how to find the pack
it compiled the rules with: ``load_pack`` of its name, called each time (``CompiledRules.pack``;
no import on that path, which the notation asks for every action)."""

_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(CompiledRules))


def _unshadow(cls: type, /, **kwargs: object) -> None:
    """A subclass made in plain Python drops the slots its ``@dataclass(slots=True)`` made for the
    fields of ``CompiledRules``, so those fields are the compiled base's (see below)."""
    for name in _FIELDS:
        if isinstance(vars(cls).get(name), MemberDescriptorType):
            delattr(cls, name)


if not hasattr(CompiledRules, "__slots__"):
    # Compiled, the class is native: its fields live in its C struct and it lists no
    # ``__slots__``, so a pack's ``@dataclass(slots=True)`` subclass in plain Python makes slots
    # of its own for the inherited fields, which hide the native ones from compiled code (it then
    # reads them as undefined). Each such subclass drops them as it is made. (``__slots__`` named
    # on the base instead would stop the compiled packs' subclasses from being made at all.)
    setattr(CompiledRules, "__init_subclass__", classmethod(_unshadow))  # noqa: B010


@overload
def freeze(value: Mapping[str, object]) -> FrozenJSON: ...
@overload
def freeze(value: object) -> object: ...
def freeze(value: object) -> object:
    """A read-only view of nested dicts and lists (for ``CompiledRules.document``)."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


@overload
def thaw(value: FrozenJSON) -> JSON: ...
@overload
def thaw(value: object) -> object: ...
def thaw(value: object) -> object:
    """Plain JSON data back from ``freeze``."""
    if isinstance(value, MappingProxyType | dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value
