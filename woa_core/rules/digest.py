"""The content hash of a resolved rules document: what every result names its rules by.

>>> content_hash({"a": 1}) == content_hash({"a": 1}) != content_hash({"a": 2})
True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def content_hash(document: dict[str, Any]) -> str:
    """A stable hash of a resolved rules document (key order and YAML layout do not matter).

    The pack named in ``ruleset.pack`` is left out: the hash says what the rules *are*; which
    code plays them is said beside it (the pack, the engine version), as it was before packs.

    >>> content_hash({"a": 1, "b": [2]}) == content_hash({"b": [2], "a": 1})
    True
    >>> content_hash({"ruleset": {"name": "x", "pack": "p"}}) == content_hash({"ruleset": {"name": "x"}})
    True
    """
    ruleset = document.get("ruleset")
    if isinstance(ruleset, dict) and "pack" in ruleset:
        document = {**document, "ruleset": {k: v for k, v in ruleset.items() if k != "pack"}}
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
