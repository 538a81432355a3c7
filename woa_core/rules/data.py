"""Reading the bundled data against its JSON Schemas: the schema validators and the sentences
that explain a schema violation at its place in a file (where the data is: ``bundled``).

A module of its own so that reading a variant (``resolve``) and validating rules (``validate``)
both use it without importing each other.

>>> schema_validator("scenario").schema["title"]
'woa scenario'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from woa_core.errors import Problem
from woa_core.jsontext import read_json
from woa_core.kernel.pack import Pack
from woa_core.rules.bundled import data_root
from woa_core.rules.source import Located, Path_, dotted
from woa_core.suggest import with_suggestion

KERNEL_SCHEMAS = Path(__file__).resolve().parents[1] / "kernel" / "schema"
"""The kernel's own schemas for the files every ruleset has (``ruleset``, ``players``) and for
variant files, used where a pack brings none of its own."""


def schema_validator(name: str, pack: Pack | None = None) -> jsonschema.protocols.Validator:
    """The validator for the schema ``NAME``: a pack's (``pack.schema_dir/NAME.schema.json``, else
    the kernel's own for ``ruleset``, ``players`` and ``variant``), or without a pack one of the
    tools' schemas bundled in ``schema/`` (scenarios, sweep spaces). Loaded once per process.

    >>> from woa_core.kernel.pack import load_pack
    >>> schema_validator("turn", load_pack("west_of_africa")).schema["title"]
    'woa turn'
    """
    if pack is None:
        return _validator(data_root() / "schema" / f"{name}.schema.json", ())
    path = pack.schema_dir / f"{name}.schema.json"
    if not path.is_file() and (KERNEL_SCHEMAS / f"{name}.schema.json").is_file():
        path = KERNEL_SCHEMAS / f"{name}.schema.json"
    names = tuple((definition, tuple(declared())) for definition, declared in pack.schema_names.items())
    if pack.flow is not None:
        names += tuple(pack.flow.schema_names())
    return _validator(path, names)


@cache
def _validator(path: Path, names: tuple[tuple[str, tuple[str, ...]], ...]) -> jsonschema.protocols.Validator:
    schema = _with_kernel_fragments(_read_json(path))
    for definition, declared in names:  # names the pack declares in code, not copied into its schemas
        if definition in schema.get("$defs", {}):
            schema["$defs"][definition]["enum"] = list(declared)
    return _strict(schema)


KERNEL_FRAGMENTS = ("flow",)
"""The kernel's schemas that a pack's schema refers to for a part of its file (``{"$ref":
"PATH/flow.schema.json"}``, the path relative to the pack's schema, for editors): the kernel puts
its own fragment in place of the reference, wherever the pack is installed."""


def _with_kernel_fragments(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with each reference to a kernel fragment replaced by the fragment (its ``$defs``
    joining the schema's own).

    >>> schema = _with_kernel_fragments({"properties": {"flow": {"$ref": "../x/flow.schema.json"}}})
    >>> schema["properties"]["flow"]["title"], "flow_phase" in schema["$defs"]
    ('woa flow', True)
    """
    defs: dict[str, Any] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, list):
            return [walk(v) for v in value]
        if not isinstance(value, dict):
            return value
        ref = value.get("$ref")
        name = ref.rpartition("/")[2].removesuffix(".schema.json") if isinstance(ref, str) else ""
        if name in KERNEL_FRAGMENTS:
            fragment = _read_json(KERNEL_SCHEMAS / f"{name}.schema.json")
            defs.update(fragment.pop("$defs", {}))
            for key in ("$schema", "$id"):
                fragment.pop(key, None)
            return {**fragment, **{k: v for k, v in value.items() if k != "$ref"}}
        return {k: walk(v) for k, v in value.items()}

    out: dict[str, Any] = walk(schema)
    if defs:
        out["$defs"] = {**out.get("$defs", {}), **defs}
    return out


SCENARIO = "scenario"
"""The scenario schema's name: the kernel's keys, with a pack's own merged over them."""

_OPEN_SCENARIO = {"$defs": {"setup": {"additionalProperties": True}, "expect": {"additionalProperties": True}}}
"""What a scenario may hold when its game is not known: any setup and expectations."""


def scenario_schema_path(pack: Pack | None) -> Path:
    """The file a scenario of ``pack``'s games names for editors: the pack's own scenario schema if
    it ships one (West of Africa's is complete; a pack's may hold only what it adds), else the
    kernel's.

    >>> from woa_core.kernel.pack import load_pack
    >>> scenario_schema_path(load_pack("west_of_africa")).parent.name
    'schema'
    """
    own = pack.schema_dir / f"{SCENARIO}.schema.json" if pack is not None else None
    if own is not None and own.is_file():
        return own
    return KERNEL_SCHEMAS / f"{SCENARIO}.schema.json"


def scenario_validator(pack: Pack | None) -> jsonschema.protocols.Validator:
    """The validator of a scenario of ``pack``'s games: the kernel's scenario schema
    (``woa_core/kernel/schema/scenario.schema.json``) with the pack's
    ``schema_dir/scenario.schema.json`` merged over it (a JSON Merge Patch: what its ``setup``
    and ``expect`` may say); without a pack (its rules cannot be read), any setup and
    expectations pass, and running the scenario says what is wrong with its rules.

    >>> from woa_core.kernel.pack import load_pack
    >>> "crops" in scenario_validator(load_pack("west_of_africa")).schema["$defs"]["setup"]["properties"]
    True
    >>> scenario_validator(None).schema["$defs"]["setup"]["additionalProperties"]
    True
    """
    return _scenario_validator(pack.schema_dir if pack is not None else None)


@cache
def _scenario_validator(schema_dir: Path | None) -> jsonschema.protocols.Validator:
    schema = _read_json(KERNEL_SCHEMAS / f"{SCENARIO}.schema.json")
    own = schema_dir / f"{SCENARIO}.schema.json" if schema_dir is not None else None
    patch = _read_json(own) if own is not None and own.is_file() else _OPEN_SCENARIO if own is None else {}
    return _strict(_merged(schema, patch))


def _read_json(path: Path) -> dict[str, Any]:
    """A schema file of woa or of a pack, read by the one bounded JSON reader (a pack's author
    gets ``JsonProblem``, a located sentence, for a mistake in it)."""
    data: dict[str, Any] = read_json(path.read_text(encoding="utf-8"), str(path))
    return data


def _merged(target: Any, patch: Any) -> Any:
    """JSON Merge Patch (RFC 7396) of plain data (``woa_core.rules.merge`` does it for located data)."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = _merged(out.get(key), value)
    return out


def _strict(schema: dict[str, Any]) -> jsonschema.protocols.Validator:
    base = jsonschema.validators.validator_for(schema)
    # JSON Schema counts 6.0 as an integer; the engine needs real ones.
    strict_integers = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return jsonschema.validators.extend(base, type_checker=strict_integers)(schema)


def explain_schema_errors(
    located: Located, prefix: Path_, errors: Iterable[jsonschema.ValidationError]
) -> Iterator[Problem]:
    """``explain_schema_error`` for each of ``errors`` (at ``prefix`` + its path), the required
    keys missing from one mapping said in one problem:
    ``'name', 'region' and 'at' are missing (required)``."""
    said: set[Path_] = set()
    for error in errors:
        path = (*prefix, *error.absolute_path)
        if error.validator == "required" and isinstance(error.instance, dict):
            if path not in said:
                said.add(path)
                absent = [key for key in error.validator_value if key not in error.instance]
                yield located_problem(located, path, _missing(located, path, absent))
            continue
        yield from explain_schema_error(located, path, error)


def explain_schema_error(located: Located, path: Path_, error: jsonschema.ValidationError) -> Iterator[Problem]:
    """One located problem per thing wrong in ``error`` (an unknown key each, etc.), in words."""
    kind = error.validator
    if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
        name = error.instance
        if kind == "enum" and isinstance(error.validator_value, list):  # a key that names a declared thing
            message = with_suggestion(error.message, name, error.validator_value)
            yield located_problem(located, (*path, name), message, key=True)
            return
        message = f"'{name}' is not a valid name here: ids are snake_case (lowercase letters, digits, underscores)" + (
            ", and a sea link joins two ids with one hyphen" if "-" in name else ""
        )
        yield located_problem(
            located, (*path, name), with_suggestion(message, name, _siblings(located, (*path, name))), key=True
        )
        return
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        patterns = list(error.schema.get("patternProperties", {}))
        for key in error.instance:
            if key in allowed or any(re.search(p, key) for p in patterns):
                continue
            hint = f" (allowed: {', '.join(allowed)})" if allowed else ""
            message = with_suggestion(f"unknown key '{key}'", key, allowed)
            yield located_problem(located, (*path, key), message + hint, key=True)
        return
    if kind == "required":
        absent = [key for key in error.validator_value if key not in error.instance]
        yield located_problem(located, path, _missing(located, path, absent or [error.message]))
        return
    if kind == "enum" and isinstance(error.validator_value, list):
        yield located_problem(located, path, with_suggestion(error.message, error.instance, error.validator_value))
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


def _missing(located: Located, path: Path_, keys: list[str]) -> str:
    """The sentence for required ``keys`` missing at ``path``; when the entry lacking them is
    named like another entry of its mapping (a misspelt card id in a variant, which makes a new
    card), that name is suggested.

    >>> _missing(Located({"cards": {"tenerife": {}, "tenerif": {}}}), ("cards", "tenerif"), ["kind"])
    "'kind' is missing (required): did you mean 'tenerife'?"
    >>> _missing(Located({}), ("board",), ["name", "region", "at"])
    "'name', 'region' and 'at' are missing (required)"
    """
    quoted = [f"'{key}'" for key in keys]
    if len(quoted) == 1:
        message = f"{quoted[0]} is missing (required)"
    else:
        message = f"{', '.join(quoted[:-1])} and {quoted[-1]} are missing (required)"
    entry = path[-1] if path else None
    return with_suggestion(message, entry, _siblings(located, path))


def _siblings(located: Located, path: Path_) -> list[str]:
    """The keys beside the last key of ``path`` in its mapping (none if it is not in one).

    >>> _siblings(Located({"cards": {"tenerife": {}, "tenerif": {}}}), ("cards", "tenerif"))
    ['tenerife']
    """
    if not path or not isinstance(path[-1], str):
        return []
    node: Any = located.data
    for part in path[:-1]:
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (in_list or (isinstance(node, dict) and part in node)):
            return []
        node = node[part]
    return [key for key in node if key != path[-1]] if isinstance(node, dict) else []


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
