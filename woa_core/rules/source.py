"""Read a YAML file into plain JSON-like data while remembering where each value stood.

Positions are kept as a map from a path (a tuple of keys and list indices) to a ``Pos``, so
that an error found later, after merging and validating, can still name ``FILE:LINE:COL``.

>>> doc = parse_yaml("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data
{'a': {'b': [1, 2]}}
>>> doc.positions[("a", "b", 1)]
Pos(file='x.yaml', line=2, column=10)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from woa_core.errors import Problem

Path_ = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Pos:
    """Where a value stands: file, 1-based line and column."""

    file: str
    line: int
    column: int


@dataclass(slots=True)
class Located:
    """Data read from YAML, with the position of every key's value and every list item.

    ``key_positions`` holds where a mapping key itself stands (for "unknown key" errors)."""

    data: Any
    positions: dict[Path_, Pos] = field(default_factory=dict)
    key_positions: dict[Path_, Pos] = field(default_factory=dict)

    def where(self, path: Path_, *, key: bool = False) -> Pos | None:
        """The position of ``path`` or of its nearest ancestor that has one."""
        if key and path in self.key_positions:
            return self.key_positions[path]
        p = tuple(path)
        while True:
            if p in self.positions:
                return self.positions[p]
            if not p:
                return None
            p = p[:-1]


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as a user would like to read it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


class YamlProblem(Exception):
    """Raised by ``parse_yaml`` with the problems (malformed YAML, duplicate keys) found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text into a ``Located``; raise ``YamlProblem`` for malformed YAML or duplicate keys.

    Mapping keys that are not strings (``2:``) become strings, so the data is JSON."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        out = Located(None)
        problems: list[Problem] = []
        if node is not None:
            out.data = _build(loader, node, (), file, out, problems)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        context = e.context or ""
        if e.context and e.context_mark and e.problem_mark and e.context_mark.line != e.problem_mark.line:
            context += f" (opened at line {e.context_mark.line + 1}, column {e.context_mark.column + 1})"
        what = " ".join(x for x in (context, e.problem) if x) or "malformed YAML"
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise YamlProblem([Problem(file, line, col, f"malformed YAML: {what}")]) from None
    except yaml.YAMLError as e:
        raise YamlProblem([Problem(file, 0, 0, f"malformed YAML: {e}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise YamlProblem(problems)
    return out


def load_yaml(path: str | os.PathLike[str]) -> Located:
    """Read and parse a YAML file (see ``parse_yaml``); an unreadable file is a ``YamlProblem``."""
    name = display_path(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YamlProblem([Problem(name, 0, 0, "file not found")]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise YamlProblem([Problem(name, 0, 0, f"cannot read file: {e}")]) from None
    return parse_yaml(text, name)


def _pos(node: yaml.Node, file: str) -> Pos:
    return Pos(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _build(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: Path_,
    file: str,
    out: Located,
    problems: list[Problem],
) -> Any:
    out.positions[path] = _pos(node, file)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves YAML merge keys (<<)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                key = "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
            if key in result:
                p = _pos(key_node, file)
                problems.append(Problem(file, p.line, p.column, f"duplicate key '{key}'", dotted(path + (key,))))
            out.key_positions[path + (key,)] = _pos(key_node, file)
            result[key] = _build(loader, value_node, path + (key,), file, out, problems)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, path + (i,), file, out, problems) for i, item in enumerate(node.value)]
    value = loader.construct_object(node, deep=True)
    if not isinstance(value, (str, int, float, bool, type(None))):
        value = str(value)  # dates and the like: keep JSON-compatible, the schema will complain
    return value


def dotted(path: Path_) -> str:
    """A path as ``a.b[2].c`` for messages.

    >>> dotted(("board", "islands", "la_palma", "spaces", 0))
    'board.islands.la_palma.spaces[0]'
    """
    s = ""
    for part in path:
        s += f"[{part}]" if isinstance(part, int) else (f".{part}" if s else str(part))
    return s
