"""Every bundled ruleset woa ever shipped, kept by its hash, and how rules written before a key
existed read today: what lets a log of any released version replay in every later one.

A log of bundled rules written before logs carried their rules names them only by name and hash
(``rules_hash``). ``rules/history/HASH.json.gz`` keeps the resolved document (before the
player-count overlay; the ``content_hash`` the logs name) of each bundled ruleset as some
version shipped it, key order kept (the order of a board's islands is the order of their ids),
without its words for people (``digest.without_words``: rewording a card's description changes
neither the hash nor the archive).
The folder ships in the wheel with the rest of ``rules/``.

Rules that old documents lack, added later with the meaning the engine had given them in code,
are filled in by the *upgrades* of the rules' pack, ``rules/history/upgrades/PACK.yaml``: data, in
the order they were made, each one of

- ``{path: turn.flow, since: COMMIT, absent: VALUE}``: a document without ``path`` (whose parent
  mapping exists) gets ``VALUE``;
- ``{path: turn.flow.turn_steps, since: COMMIT, was: OLD, now: NEW}``: a value equal to ``OLD``
  becomes ``NEW``.

A document of today's rules is left as it is, so upgrading is safe for every document.

When a bundled ruleset changes, its new document must be archived before it ships (a test says
so): ``python -m woa_core.rules.history`` archives every bundled ruleset's current document.

>>> from woa_core.rules import read_rules
>>> source = read_rules("west-of-africa")
>>> archived_document(source.content_hash) == without_words(source.document)
True
>>> archived_document("0000000000000000") is None
True
>>> old = archived_document("922b76fbb0188bcc")  # west-of-africa as 9c46eb0 shipped it
>>> "flow" in old["turn"], content_hash(upgraded(old)) == source.content_hash
(False, True)
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

from woa_core.errors import Problem, RulesError
from woa_core.rules.bundled import data_root
from woa_core.rules.digest import content_hash, without_words

HASH = re.compile(r"^[0-9a-f]{16}$")
"""What a rules hash looks like (``content_hash``): the only names looked up in the archive."""

MAX_ARCHIVED_BYTES = 4_000_000
"""Largest archived document read, uncompressed (today's are some 5 kB)."""


def history_dir() -> Path:
    """The folder of the archive: ``rules/history`` among the bundled rules."""
    return data_root() / "rules" / "history"


def archived_path(digest: str) -> Path:
    """Where the document of hash ``digest`` is archived (whether or not it is)."""
    return history_dir() / f"{digest}.json.gz"


def encode_document(document: dict[str, Any]) -> bytes:
    """A document as archived: compact JSON, key order kept, gzip without a timestamp (the same
    document always gives the same bytes).

    >>> decode_document(encode_document({"b": 1, "a": [2]}), "x")
    {'b': 1, 'a': [2]}
    """
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def decode_document(data: bytes, name: str) -> dict[str, Any]:
    """The document ``encode_document`` made (``RulesError`` naming ``name`` if it is not one)."""
    from woa_core.jsontext import JsonProblem, read_json

    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as file:
            raw = file.read(MAX_ARCHIVED_BYTES + 1)
    except (OSError, EOFError) as e:
        raise _archive_problem(name, f"not a gzip file ({e})") from None
    if len(raw) > MAX_ARCHIVED_BYTES:
        raise _archive_problem(name, f"larger than {MAX_ARCHIVED_BYTES:,} bytes uncompressed")
    try:
        value = read_json(raw.decode("utf-8", errors="replace"), name)
    except JsonProblem as e:
        raise _archive_problem(name, e.message) from None
    if not isinstance(value, dict):
        raise _archive_problem(name, "not a rules document (a mapping)")
    return value


def _archive_problem(name: str, message: str) -> RulesError:
    return RulesError([Problem(name, 0, 0, f"an archived rules document is damaged: {message}")])


@cache
def archived_document(digest: str) -> dict[str, Any] | None:
    """The document of a bundled ruleset that some version of woa shipped with hash ``digest``,
    or None if no version did. An archived file whose content does not hash to its name is a
    ``RulesError`` (the archive is damaged)."""
    if not HASH.match(digest):
        return None
    path = archived_path(digest)
    if not path.is_file():
        return None
    name = f"rules/history/{path.name}"
    document = decode_document(path.read_bytes(), name)
    if content_hash(document) != digest:
        raise _archive_problem(name, f"its rules hash to {content_hash(document)}")
    return document


def archived_hashes() -> list[str]:
    """The hashes of every archived document, sorted.

    >>> "922b76fbb0188bcc" in archived_hashes()
    True
    """
    return sorted(p.name.removesuffix(".json.gz") for p in history_dir().glob("*.json.gz"))


def archive(document: dict[str, Any]) -> Path:
    """Add ``document`` to the archive, without its words for people (a no-op when it is there
    already); its path."""
    path = archived_path(content_hash(document))
    if not path.exists():
        path.write_bytes(encode_document(without_words(document)))
    archived_document.cache_clear()
    return path


def upgraded(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with its pack's upgrades applied (see the module's docstring): rules written
    before a key existed, as today's engine reads them. A copy; today's documents come back equal.

    >>> upgraded({"ruleset": {"name": "no-such-game"}, "turn": {}})
    {'ruleset': {'name': 'no-such-game'}, 'turn': {}}
    """
    steps = _upgrades(_pack_of(document))
    if not steps:
        return document
    out = copy.deepcopy(document)
    for step in steps:
        _apply(out, step)
    return out


def _pack_of(document: dict[str, Any]) -> str | None:
    """The pack a document is for, or None if it names none woa can find."""
    from woa_core.kernel.pack import PackError
    from woa_core.rules.resolve import pack_name

    try:
        return pack_name(document)
    except PackError:
        return None


@cache
def _upgrades(pack: str | None) -> tuple[dict[str, Any], ...]:
    """The upgrade steps of ``pack`` (none for a pack without a file of them)."""
    from woa_core.rules.data import schema_validator
    from woa_core.rules.source import YamlProblem, load_yaml

    if pack is None or not re.match(r"^[a-z][a-z0-9_]*$", pack):
        return ()
    path = history_dir() / "upgrades" / f"{pack}.yaml"
    if not path.is_file():
        return ()
    try:
        steps = load_yaml(path).data
    except YamlProblem as e:
        raise RulesError(e.problems) from None
    error = next(iter(schema_validator("upgrades").iter_errors(steps)), None)
    if error is not None:
        raise _archive_problem(f"rules/history/upgrades/{path.name}", f"{error.message} (see upgrades.schema.json)")
    return tuple(steps)


def _apply(document: dict[str, Any], step: dict[str, Any]) -> None:
    """Apply one upgrade step to ``document`` in place."""
    *parents, key = step["path"].split(".")
    holder: Any = document
    for part in parents:
        holder = holder.get(part) if isinstance(holder, dict) else None
    if not isinstance(holder, dict):
        return
    if "absent" in step:
        if key not in holder:
            holder[key] = copy.deepcopy(step["absent"])
    elif key in holder and holder[key] == step["was"]:
        holder[key] = copy.deepcopy(step["now"])


def main(argv: list[str] | None = None) -> int:
    """``python -m woa_core.rules.history``: archive every bundled ruleset's current document
    (run it from a source checkout when a bundled ruleset changes, and commit the new file)."""
    from woa_core.rules import bundled_rulesets, read_rules

    for name in bundled_rulesets():
        source = read_rules(name)
        new = not archived_path(source.content_hash).exists()
        path = archive(source.document)
        print(f"{name}: {source.content_hash} {'archived as' if new else 'already in'} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
