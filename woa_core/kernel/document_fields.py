"""Fields of compiled rules read as they are from the rules document, each saying where at its declaration.

A pack's compiled rules copy many settings unchanged (a hand size, the number of wagons, a turn
limit). Such a field of its rules class (a dataclass, ``woa_core.kernel.compiled.CompiledRules``)
names the place it is read from, a dotted path of keys: ``field(metadata=from_document("setup.hand"))``,
with ``default=`` for a key the document may leave out, and ``equals=`` for a flag that says whether
a setting is that word. ``document_fields(cls, document)`` reads
every such field, by name, for the class's constructor; the pack's compile computes only the rest.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Settings:
...     hand: int = field(metadata=from_document("setup.hand"))
...     final: bool = field(metadata=from_document("turn.final_round", default=False))
...     random_start: bool = field(metadata=from_document("turn.start_player", equals="random"))
...     players: int
>>> document = {"setup": {"hand": 5}, "turn": {"start_player": "first"}}
>>> Settings(**document_fields(Settings, document), players=3)
Settings(hand=5, final=False, random_start=False, players=3)

It is compile-time work (once per ruleset and player count), so it is not among the modules the
build compiles; the fields' metadata is kept in a compiled rules class too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING

from woa_core.kernel.aliases import JSON, Document

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

PATH = "woa.document"
"""The metadata key of a field read from the document: its dotted path."""

DEFAULT = "woa.default"
"""The metadata key of the value such a field takes where the document has no such key."""

EQUALS = "woa.equals"
"""The metadata key of the value a flag field compares the document's with."""

REQUIRED = object()
"""``from_document``'s default for what is not given: no default (the document must hold the key),
no comparison."""


def from_document(path: str, default: object = REQUIRED, equals: object = REQUIRED) -> Mapping[str, object]:
    """The metadata of a field read from ``path`` in the document (``default`` where it may be missing);
    with ``equals``, the field is whether the value there is that one (a setting's word as a flag).

    >>> dict(from_document("board.wagons")), dict(from_document("cards.reconstructed", default=False))
    ({'woa.document': 'board.wagons'}, {'woa.document': 'cards.reconstructed', 'woa.default': False})
    >>> dict(from_document("turn.start_player", equals="random"))
    {'woa.document': 'turn.start_player', 'woa.equals': 'random'}
    """
    metadata: dict[str, object] = {PATH: path}
    if default is not REQUIRED:
        metadata[DEFAULT] = default
    if equals is not REQUIRED:
        metadata[EQUALS] = equals
    return metadata


def document_fields(cls: type[DataclassInstance], document: Document) -> JSON:
    """The value of each field of ``cls`` that ``from_document`` declares, by field name, read from ``document``.

    >>> from dataclasses import make_dataclass, field
    >>> Wagons = make_dataclass("Wagons", [("n", int, field(metadata=from_document("board.wagons")))])
    >>> document_fields(Wagons, {"board": {"wagons": 7}})
    {'n': 7}
    >>> document_fields(Wagons, {"board": {}})
    Traceback (most recent call last):
    ...
    KeyError: "the rules document has no board.wagons (field 'n' of Wagons)"
    """
    out = {}
    for f in fields(cls):
        if PATH not in f.metadata:
            continue
        value: object = document
        for key in f.metadata[PATH].split("."):
            if not isinstance(value, Mapping) or key not in value:
                if DEFAULT not in f.metadata:
                    raise KeyError(f"the rules document has no {f.metadata[PATH]} (field {f.name!r} of {cls.__name__})")
                value = f.metadata[DEFAULT]
                break
            value = value[key]
        out[f.name] = value == f.metadata[EQUALS] if EQUALS in f.metadata else value
    return out
