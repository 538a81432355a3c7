"""Where the bundled data is, and reading it against its JSON Schemas: the schema validators and
the sentences that explain a schema violation at its place in a file.

A module of its own so that reading a variant (``resolve``) and validating rules (``validate``)
both use it without importing each other.

>>> schema_validator("turn").schema["title"]
'woa turn'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from woa_core.errors import Problem
from woa_core.rules.source import Located, Path_, dotted


def data_root() -> Path:
    """Where the bundled ``rules/`` and ``schema/`` folders are: inside the installed package,
    or beside ``woa_core`` in a source checkout."""
    packaged = resources.files("woa_core") / "_data"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2]


@cache
def schema_validator(name: str) -> jsonschema.protocols.Validator:
    """The validator for ``schema/NAME.schema.json`` (loaded once per process)."""
    path = data_root() / "schema" / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    base = jsonschema.validators.validator_for(schema)
    # JSON Schema counts 6.0 as an integer; the engine needs real ones.
    strict_integers = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return jsonschema.validators.extend(base, type_checker=strict_integers)(schema)


def explain_schema_error(located: Located, path: Path_, error: jsonschema.ValidationError) -> Iterator[Problem]:
    """One located problem per thing wrong in ``error`` (an unknown key each, etc.), in words."""
    kind = error.validator
    if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
        name = error.instance
        yield located_problem(
            located,
            (*path, name),
            f"'{name}' is not a valid name here: ids are snake_case (lowercase letters, digits, underscores)"
            + (", and a sea link joins two ids with one hyphen" if "-" in name else ""),
            key=True,
        )
        return
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        patterns = list(error.schema.get("patternProperties", {}))
        for key in error.instance:
            if key in allowed or any(re.search(p, key) for p in patterns):
                continue
            hint = f" (allowed: {', '.join(allowed)})" if allowed else ""
            yield located_problem(located, (*path, key), f"unknown key '{key}'{hint}", key=True)
        return
    if kind == "required":
        yield located_problem(located, path, error.message.replace("is a required property", "is missing (required)"))
        return
    if kind == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        yield located_problem(
            located,
            path,
            f"expected {article(expected)}, got {_json_type(error.instance)} {error.instance!r}",
        )
        return
    if kind in ("anyOf", "oneOf") and error.context:
        best = jsonschema.exceptions.best_match(error.context)
        yield from explain_schema_error(located, (*path, *best.relative_path), best)
        return
    yield located_problem(located, path, error.message)


def article(word: str) -> str:
    """``word`` with its indefinite article: ``an integer``, ``a string``."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _json_type(value: Any) -> str:
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}
    return names.get(type(value), "null")


def located_problem(located: Located, path: Path_, message: str, *, key: bool = False) -> Problem:
    """``message`` as a problem at ``path`` in ``located`` (at the key itself if ``key``)."""
    pos = located.where(path, key=key)
    if pos is None:
        return Problem("<rules>", 0, 0, message, dotted(path))
    return Problem(pos.file, pos.line, pos.column, message, dotted(path))
