"""Loading rules: resolve a spec, apply ``--set`` overrides, validate, compile for a player count.

>>> rules = load_rules("west-of-africa", players=3)
>>> rules.track_size, len(rules.preplaced), rules.islands[rules.island_id("tenerife")].moorings
(4, 4, 1)
>>> load_rules("west-of-africa", 4, overrides=["economy.gold.cap=60"]).gold_cap
60

A run reads its rules once, with ``read_rules``, and hands the ``RulesSource`` it gets (plain,
picklable data) to its worker processes; each process compiles a ruleset once per player count,
keyed by the resolved content, so an edit to a file during the run cannot leak in and no game
pays for loading.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import RulesError
from woa_core.kernel.compiled import PACK_FINDER, CompiledRules, thaw
from woa_core.kernel.pack import Pack, load_pack
from woa_core.rules.digest import content_hash, document_hash
from woa_core.rules.overrides import apply_overrides
from woa_core.rules.resolve import ResolvedDoc, bundled_rulesets, data_root, for_players, pack_name, resolve
from woa_core.rules.source import Located
from woa_core.rules.validate import validate

__all__ = [
    "DEFAULT_RULES",
    "CompiledRules",
    "ResolvedDoc",
    "RulesError",
    "RulesSource",
    "bundled_rulesets",
    "compile_document",
    "data_root",
    "load_document",
    "load_rules",
    "portable_spec",
    "read_rules",
    "thaw",
]


_COMPILED_KEPT = 64  # compiled rulesets kept per process (a sweep may visit many)


@dataclass(frozen=True, slots=True, eq=False)
class RulesSource:
    """A ruleset read and validated once: what a run plays, and what travels to its workers.

    ``document`` is the resolved document (variants and overrides merged, before the
    player-count overlay) as plain data; ``spec`` and ``overrides`` say how to get it again
    (``spec`` is a bundled name or a path relative to the working directory, never absolute
    when it can be helped).

    >>> source = read_rules("west-of-africa", ["economy.gold.cap=60"])
    >>> source.overrides, source.compile(2).gold_cap, source.compile(2) is source.compile(2)
    (('economy.gold.cap=60',), 60, True)
    """

    spec: str
    overrides: tuple[str, ...]
    name: str
    variant: str | None
    content_hash: str
    document: dict[str, Any]
    pack_dir: str | None = None  # where a pack beside the ruleset is found (``woa_core.kernel.pack``)
    document_hash: str = ""  # the whole document's, words included (``digest.document_hash``); made if not given

    def __post_init__(self) -> None:
        if not self.document_hash:
            object.__setattr__(self, "document_hash", document_hash(self.document))

    @property
    def counts(self) -> tuple[int, ...]:
        """The player counts these rules support."""
        return tuple(self.document["players"]["counts"])

    @property
    def pack(self) -> Pack:
        """The rule pack these rules are for (``ruleset.pack``).

        >>> read_rules("west-of-africa").pack.name
        'west_of_africa'
        """
        return load_pack(pack_name(self.document), self.pack_dir)

    def compile(self, players: int) -> Any:
        """The compiled rules for ``players`` (compiled once per process, keyed by content, the
        words for people included: ``document_hash``)."""
        key = (self.document_hash, self.name, self.variant, players)
        rules = _COMPILED.get(key)
        if rules is None:
            doc = ResolvedDoc(
                name=self.name, located=Located(self.document), variant=self.variant, pack_dir=self.pack_dir
            )
            rules = compile_document(doc, players)
            _COMPILED[key] = rules
            while len(_COMPILED) > _COMPILED_KEPT:
                _COMPILED.popitem(last=False)
        else:
            _COMPILED.move_to_end(key)
        return rules

    def describe(self) -> dict[str, Any]:
        """The manifest fields that say which rules these are and how to get them again.

        >>> read_rules("west-of-africa", ["economy.gold.cap=60"]).describe()["overrides"]
        ['economy.gold.cap=60']
        """
        return {
            "rules": self.name,
            "rules_spec": self.spec,
            "overrides": list(self.overrides),
            "rules_hash": self.content_hash,
            "variant": self.variant,
        }


_COMPILED: OrderedDict[tuple[str, str, str | None, int], Any] = OrderedDict()
_VALID: set[str] = set()  # document hashes (words included) of documents that passed validation in this process


def read_rules(spec: str | os.PathLike[str] = DEFAULT_RULES, overrides: Iterable[str] = ()) -> RulesSource:
    """Read, merge and validate a ruleset now; ``RulesError`` listing every problem.

    The bundled rulesets are read once per process; a variant file is read at each call (that
    is what lets a new run see an edit), so a run calls this once and keeps the result.

    >>> source = read_rules("rules/variants/rich-islands.yaml", ["economy.gold.start=20"])
    >>> source.name, source.spec, source.document["economy"]["gold"]
    ('rich-islands', 'rules/variants/rich-islands.yaml', {'start': 20, 'cap': 60})
    """
    spec = str(spec)
    overrides = tuple(overrides)
    if spec in bundled_rulesets() and not Path(spec).exists():
        base = _bundled_source(spec)
        if not overrides:
            return base
    doc = load_document(spec, overrides)
    return RulesSource(
        spec=portable_spec(spec),
        overrides=overrides,
        name=doc.name,
        variant=doc.variant,
        content_hash=content_hash(doc.located.data),
        document=doc.located.data,
        pack_dir=doc.pack_dir,
    )


def load_document(spec: str | os.PathLike[str] = DEFAULT_RULES, overrides: Iterable[str] = ()) -> ResolvedDoc:
    """Resolve a rules spec, apply overrides and validate; raise ``RulesError`` listing every problem.

    >>> load_document("west-of-africa", ["economy.gold.cap=50"]).files[-1]
    '--set economy.gold.cap=50'
    """
    overrides = tuple(overrides)
    spec = str(spec)
    if spec in bundled_rulesets() and not Path(spec).exists() and overrides:
        doc = apply_overrides(_bundled_document(spec), overrides, keep_going=True)
    else:
        doc = apply_overrides(resolve(spec, keep_going=True), overrides, keep_going=True)
    digest = document_hash(doc.located.data)  # the words too: each wording is checked
    if doc.problems or digest not in _VALID:  # problems met while reading are not in the content
        problems = validate(doc)
        if problems:
            raise RulesError(problems)
        _VALID.add(digest)
    return doc


def load_rules(spec: str | os.PathLike[str] = DEFAULT_RULES, players: int = 4, overrides: Iterable[str] = ()) -> Any:
    """Compiled rules for a game of ``players``, with ``PATH=VALUE`` overrides merged in.

    Compiling happens once per process for each content; reading a variant file happens per
    call (use ``read_rules`` once per run to read it once)."""
    return read_rules(spec, overrides).compile(players)


def compile_document(doc: ResolvedDoc, players: int) -> Any:
    """Compile a validated document for one player count with its pack (``RulesError`` if it has
    no such count); the result is the pack's own rules class, a ``CompiledRules``."""
    located = for_players(doc, players)
    rules = doc.pack.compile(doc.name, located.data, players, content_hash(doc.located.data), doc.variant)
    # ``CompiledRules.pack``: by the name resolved here (an old log's rules name none), through the registry
    rules.derived[PACK_FINDER] = partial(load_pack, pack_name(doc.located.data))
    return rules


def portable_spec(spec: str) -> str:
    """How a log or manifest names rules so that they can be found again on another machine:
    a bundled name as is, a path relative to the working directory.

    >>> portable_spec("west-of-africa")
    'west-of-africa'
    >>> portable_spec(os.path.abspath("rules/variants/rich-islands.yaml"))
    'rules/variants/rich-islands.yaml'
    """
    if spec in bundled_rulesets() and not Path(spec).exists():
        return spec
    path = Path(spec)
    if not path.is_absolute():
        return path.as_posix()
    try:
        return Path(os.path.relpath(path, Path.cwd())).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return path.as_posix()


@cache
def _bundled_source(name: str) -> RulesSource:
    doc = _bundled_document(name)
    return RulesSource(
        spec=name,
        overrides=(),
        name=doc.name,
        variant=doc.variant,
        content_hash=content_hash(doc.located.data),
        document=doc.located.data,
        pack_dir=doc.pack_dir,
    )


@cache
def _bundled_document(name: str) -> ResolvedDoc:
    return load_document(name)
