"""Loading rules: resolve a spec, validate it, compile it for a player count.

>>> rules = load_rules("west-of-africa", players=3)
>>> rules.track_size, len(rules.preplaced), rules.islands[rules.island_id("tenerife")].moorings
(4, 4, 1)
"""

from __future__ import annotations

import os
from functools import cache

from woa_core.errors import RulesError
from woa_core.rules.compile import compile_rules, content_hash
from woa_core.rules.compiled import Card, Island, Rules, Space, thaw
from woa_core.rules.resolve import ResolvedDoc, bundled_rulesets, data_root, for_players, resolve
from woa_core.rules.validate import validate

__all__ = [
    "Card",
    "Island",
    "ResolvedDoc",
    "Rules",
    "RulesError",
    "Space",
    "bundled_rulesets",
    "data_root",
    "load_document",
    "load_rules",
    "thaw",
]

DEFAULT_RULES = "west-of-africa"


def load_document(spec: str | os.PathLike[str] = DEFAULT_RULES) -> ResolvedDoc:
    """Resolve and validate a rules spec; raise ``RulesError`` listing every problem."""
    doc = resolve(spec)
    problems = validate(doc)
    if problems:
        raise RulesError(problems)
    return doc


def load_rules(spec: str | os.PathLike[str] = DEFAULT_RULES, players: int = 4) -> Rules:
    """Compiled rules for a game of ``players``; bundled rulesets are compiled once per process."""
    spec = str(spec)
    if spec in bundled_rulesets():
        return _bundled(spec, players)
    return compile_document(load_document(spec), players)


def compile_document(doc: ResolvedDoc, players: int) -> Rules:
    """Compile a validated document for one player count (``RulesError`` if it has no such count)."""
    located = for_players(doc, players)
    return compile_rules(doc.name, located.data, players, content_hash(doc.located.data), doc.variant)


@cache
def _bundled(name: str, players: int) -> Rules:
    return compile_document(_bundled_document(name), players)


@cache
def _bundled_document(name: str) -> ResolvedDoc:
    return load_document(name)
