"""The content hash of a resolved rules document: what every result names its rules by.

>>> content_hash({"a": 1}) == content_hash({"a": 1}) != content_hash({"a": 2})
True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

WORDS = frozenset({"description", "descriptions"})
"""Keys that hold words for people, not rules: a card's or an action's ``description``, a
section's ``descriptions`` of things without an entry of their own (what ``woa serve``'s
tooltips and move log say). Outside the ``ruleset`` section they are left out of the hash."""


def content_hash(document: dict[str, Any]) -> str:
    """A stable hash of a resolved rules document (key order and YAML layout do not matter).

    The pack named in ``ruleset.pack`` is left out: the hash says what the rules *are*; which
    code plays them is said beside it (the pack, the engine version), as it was before packs.
    So are the words for people of the other sections (``WORDS``): rewording a card's
    description changes no rule and no result, and the logs written before the words existed
    name the same rules (the ruleset's own ``description`` is hashed, as it always was).

    >>> content_hash({"a": 1, "b": [2]}) == content_hash({"b": [2], "a": 1})
    True
    >>> content_hash({"ruleset": {"name": "x", "pack": "p"}}) == content_hash({"ruleset": {"name": "x"}})
    True
    >>> card = {"cards": {"sell": {"value": 5}}}
    >>> content_hash(card) == content_hash({"cards": {"sell": {"value": 5, "description": "sells goods"}}})
    True
    >>> content_hash({"ruleset": {"description": "a"}}) == content_hash({"ruleset": {"description": "b"}})
    False
    """
    ruleset = document.get("ruleset")
    if isinstance(ruleset, dict) and "pack" in ruleset:
        document = {**document, "ruleset": {k: v for k, v in ruleset.items() if k != "pack"}}
    document = without_words(document)
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def document_hash(document: dict[str, Any]) -> str:
    """A stable hash of the whole document, its words for people included: what the caches of
    validated and compiled documents are keyed by (two documents of one ``content_hash`` may
    word a card differently, and each is checked and shown as it is).

    >>> a, b = {"cards": {"description": "x"}}, {"cards": {"description": "y"}}
    >>> content_hash(a) == content_hash(b), document_hash(a) == document_hash(b)
    (True, False)
    """
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def without_words(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` without its words for people (the keys of ``WORDS`` in every section but
    ``ruleset``), key order kept: what a rule is, without what it says to people — what a log
    carries (``rules_packed``) and the archive keeps (``woa_core.rules.history``), so neither
    changes when a description is reworded. A copy; the document itself is left as it is.

    >>> without_words({"ruleset": {"description": "kept"}, "cards": {"a": {"description": "x", "b": 1}}})
    {'ruleset': {'description': 'kept'}, 'cards': {'a': {'b': 1}}}
    """
    return {k: (v if k == "ruleset" else _without_words(v)) for k, v in document.items()}


def _without_words(value: Any) -> Any:
    """``value`` without the keys of ``WORDS`` in any mapping it holds (a copy where it has any).

    >>> _without_words({"a": [{"description": "x", "b": 1}], "descriptions": {"c": "y"}})
    {'a': [{'b': 1}]}
    """
    if isinstance(value, dict):
        return {k: _without_words(v) for k, v in value.items() if k not in WORDS}
    if isinstance(value, list):
        return [_without_words(v) for v in value]
    return value
