"""One-off changes to a ruleset from the command line: ``--set PATH=VALUE``, merged like a variant.

``PATH`` names a value of the resolved rules document with dotted keys, the first being the
rules file (``economy.gold.cap``, ``board.sea_links.el_hierro-tenerife``,
``players.overlays.2.economy.gold_majority.vp_by_rank``); ``[N]`` picks item N of a list
(``economy.gold_majority.vp_by_rank[0]``). ``VALUE`` is read as YAML: a scalar (``60``, ``true``,
``wine``) or a flow collection (``[2, 1]``, ``{cap: 60}``). As in a variant (JSON Merge Patch),
a mapping merges key by key, ``null`` deletes a key, and a list replaces the list whole.
Overrides apply in order, after the variant chain and before the player-count overlay of
``players.yaml`` (so an overlay that sets the same value still wins at its player count).

A path and its value together nest at most ``MAX_DEPTH`` levels, as deep as a rules file may
(``parse_path`` is the one reader of rules paths: ``--set``, a scenario's ``overrides:`` and a
sweep's parameters). A problem in an override — malformed, or a value the schemas or the
semantic checks refuse — is located at the ``--set`` argument itself:

>>> from woa_core.rules import load_document
>>> load_document("west-of-africa", ["economy.gold.start=-1"])
Traceback (most recent call last):
...
woa_core.errors.RulesError: --set economy.gold.start=-1: -1 is less than the minimum of 0 (at economy.gold.start)
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from woa_core.errors import Problem, RulesError
from woa_core.rules.resolve import ResolvedDoc
from woa_core.rules.source import MAX_DEPTH, Located, Path_, Pos, YamlProblem, dotted, parse_yaml
from woa_core.suggest import with_suggestion

_SEGMENT = re.compile(r"([^.\[\]]+)((?:\[\d+\])*)")


@dataclass(frozen=True, slots=True)
class Override:
    """One parsed ``--set PATH=VALUE``: where it points, the value, and the argument's text."""

    text: str
    path: Path_
    value: Any

    @property
    def label(self) -> str:
        """How problems name this override: ``--set PATH=VALUE``."""
        return f"--set {self.text}"


def parse_override(text: str, sections: Sequence[str] | None = None) -> Override:
    """Parse ``PATH=VALUE``; a ``RulesError`` naming the argument if it is malformed.

    >>> parse_override("economy.gold.cap=60")
    Override(text='economy.gold.cap=60', path=('economy', 'gold', 'cap'), value=60)
    >>> parse_override("economy.gold_majority.vp_by_rank[0]=2").path
    ('economy', 'gold_majority', 'vp_by_rank', 0)
    >>> parse_override("players.overlays.2.economy.gold={cap: 30}").value
    {'cap': 30}
    """
    path_text, sep, value_text = text.partition("=")
    path_text = path_text.strip()

    def bad(message: str) -> RulesError:
        return RulesError([Problem(f"--set {_shown(text)}", 0, 0, message)])

    if not sep:
        raise bad("expected PATH=VALUE, e.g. --set economy.gold.cap=60")
    try:
        path = parse_path(path_text, sections)
    except ValueError as e:
        raise bad(str(e)) from None
    try:  # the rules files' own bounded reader: no alias bombs, tags or runaway nesting here either
        value = parse_yaml(value_text, f"--set {text}").data if value_text.strip() else None
    except YamlProblem as e:
        first = e.problems[0]
        problem = first.message.removeprefix("malformed YAML: ")
        raise bad(f"the value is not valid YAML ({_where_in_value(first)}): {problem}") from None
    if not _is_json(value):
        raise bad(f"the value {value_text!r} is not plain data (a number, string, boolean, null, list or mapping)")
    depth = len(path) + _depth(value)
    if depth > MAX_DEPTH:
        raise bad(
            f"the path ({len(path)} keys) and its value nest {depth} levels deep, more than the {MAX_DEPTH} "
            "a rules file may"
        )
    return Override(text, path, _string_keys(value))


def _where_in_value(problem: Problem) -> str:
    """Where in a ``--set`` value its YAML problem stands: ``column C`` (``line L, column C`` if
    the value spans lines).

    >>> _where_in_value(Problem("--set a=[", 1, 3, "nested")), _where_in_value(Problem("x", 2, 1, "bad"))
    ('column 3', 'line 2, column 1')
    """
    return f"column {problem.column}" if problem.line == 1 else f"line {problem.line}, column {problem.column}"


def _shown(text: str, most: int = 80) -> str:
    """An argument as a message shows it: cut to its first ``most`` characters if longer.

    >>> _shown("a.b=" + "[" * 100, 10)
    'a.b=[[[[[[... (104 characters)'
    """
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def parse_path(text: str, sections: Sequence[str] | None = None) -> Path_:
    """The keys of a rules path (dotted keys, ``[N]`` for an item of a list); ``ValueError``
    saying why ``text`` is not one (with ``sections``, also when it names no rules file). A
    path has at most ``MAX_DEPTH`` keys (no rules file nests deeper), so a hostile path costs no
    more than a rules file.

    >>> parse_path("economy.gold_majority.vp_by_rank[0]")
    ('economy', 'gold_majority', 'vp_by_rank', 0)
    >>> parse_path("economy" + ".a" * 999)
    Traceback (most recent call last):
    ValueError: the rules path has 1,000 keys, more than the 64 a rules file may nest
    """
    keys = text.count(".") + text.count("[") + 1
    if keys > MAX_DEPTH:  # counted before anything is built from it
        raise ValueError(f"the rules path has {keys:,} keys, more than the {MAX_DEPTH} a rules file may nest")
    path: list[str | int] = []
    for part in text.split("."):
        match = _SEGMENT.fullmatch(part)
        if not match:
            raise ValueError(
                f"'{text}' is not a rules path: dotted keys such as economy.gold.cap, with [N] for an item of a list"
            )
        path.append(match.group(1))
        path.extend(int(i) for i in re.findall(r"\d+", match.group(2)))
    if sections is not None and path[0] not in sections:
        message = with_suggestion(
            f"a rules path starts with the name of a rules file, not '{path[0]}'", path[0], sections
        )
        raise ValueError(f"{message} (the files: {', '.join(sections)})")
    return tuple(path)


def apply_overrides(doc: ResolvedDoc, overrides: Iterable[str], *, keep_going: bool = False) -> ResolvedDoc:
    """A copy of ``doc`` with every override merged in, in order (``doc`` is left unchanged).

    Every malformed override is reported at once, as a ``RulesError``; with ``keep_going`` they
    join ``doc.problems`` instead and the well-formed ones are merged, so that validating the
    result reports them with every other problem (issue 41.5). Values are checked later, by
    validating the result.

    >>> from woa_core.rules.resolve import resolve
    >>> doc = apply_overrides(resolve("west-of-africa"), ["economy.gold.cap=60", "economy.gold.start=10"])
    >>> doc.located.data["economy"]["gold"], doc.located.where(("economy", "gold", "cap"))
    ({'start': 10, 'cap': 60}, Pos(file='--set economy.gold.cap=60', line=0, column=0))
    """
    texts = list(overrides)
    if not texts:
        return doc
    parsed: list[Override] = []
    problems: list[Problem] = []
    for text in texts:
        try:
            parsed.append(parse_override(text, doc.sections))
        except RulesError as e:
            problems.extend(e.problems)
    if problems and not keep_going:
        raise RulesError(problems)
    located = Located(copy.deepcopy(doc.located.data), dict(doc.located.positions), dict(doc.located.key_positions))
    for override in parsed:
        problem = _apply(located, override)
        if problem:
            problems.append(problem)
    if problems and not keep_going:
        raise RulesError(problems)
    return ResolvedDoc(
        name=doc.name,
        located=located,
        files=[*doc.files, *(o.label for o in parsed)],
        variant=doc.variant,
        pack_dir=doc.pack_dir,
        problems=[*doc.problems, *problems],
        unread=doc.unread,
    )


def _apply(target: Located, override: Override) -> Problem | None:
    pos = Pos(override.label, 0, 0)
    path = override.path
    node = target.data
    for depth, part in enumerate(path[:-1]):
        here = path[: depth + 1]
        if isinstance(node, list):
            if not isinstance(part, int):
                return _problem(override, f"{dotted(path[:depth])} is a list: pick an item with [N]")
            if not 0 <= part < len(node):
                return _problem(override, f"{dotted(path[:depth])} has {len(node)} items, so no item [{part}]")
            child = node[part]
        elif isinstance(part, int):
            return _problem(override, f"{dotted(path[:depth])} is not a list, so it has no item [{part}]")
        else:
            child = node.get(part)
        if not isinstance(child, dict | list) or (isinstance(child, list) and not isinstance(path[depth + 1], int)):
            if isinstance(child, list):
                return _problem(override, f"{dotted(here)} is a list: pick an item with [N]")
            child = {}  # as a merge patch does: a missing or scalar parent becomes a mapping
            node[part] = child
            _drop_positions(target, here)
            target.positions[here] = pos
            target.key_positions[here] = pos
        node = child
    last = path[-1]
    if isinstance(node, list):
        if not isinstance(last, int) or not 0 <= last < len(node):
            return _problem(override, f"{dotted(path[:-1])} has {len(node)} items, so no item {dotted((last,))}")
        if override.value is None:
            return _problem(override, "an item of a list cannot be deleted: set the whole list instead")
    elif isinstance(last, int):
        return _problem(override, f"{dotted(path[:-1])} is not a list, so it has no item [{last}]")
    _merge(target, node, path, override.value, pos)
    return None


def _merge(target: Located, parent: Any, at: Path_, value: Any, pos: Pos) -> None:
    """RFC 7396 of ``value`` onto ``parent[at[-1]]``, positions of what changed set to ``pos``."""
    key = at[-1]
    if value is None:
        if isinstance(parent, dict):
            parent.pop(key, None)
        _drop_positions(target, at)
        return
    current = parent.get(key) if isinstance(parent, dict) else parent[key]
    if isinstance(value, dict) and isinstance(current, dict):
        target.positions[at] = pos
        for sub_key, sub_value in value.items():
            target.key_positions[(*at, sub_key)] = pos
            _merge(target, current, (*at, sub_key), sub_value, pos)
        return
    _drop_positions(target, at)
    parent[key] = _without_nulls(copy.deepcopy(value))
    _position_all(target, at, parent[key], pos)
    if isinstance(parent, dict):
        target.key_positions[at] = pos


def _position_all(target: Located, at: Path_, value: Any, pos: Pos) -> None:
    target.positions[at] = pos
    if isinstance(value, dict):
        for k, v in value.items():
            target.key_positions[(*at, k)] = pos
            _position_all(target, (*at, k), v, pos)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _position_all(target, (*at, i), v, pos)


def _drop_positions(target: Located, at: Path_) -> None:
    n = len(at)
    for table in (target.positions, target.key_positions):
        for path in [p for p in table if p[:n] == at]:
            del table[path]


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    return value


def _string_keys(value: Any) -> Any:
    """Mapping keys as strings (``{2: x}`` -> ``{"2": x}``), as the rules files' loader makes them."""
    if isinstance(value, dict):
        return {_key(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value


def _key(key: Any) -> str:
    if isinstance(key, bool):
        return str(key).lower()
    return "null" if key is None else str(key)


def _depth(value: Any) -> int:
    """How many levels of mappings and lists ``value`` nests (0 for a scalar), without recursion.

    >>> _depth(1), _depth([]), _depth([1, {"a": [2]}])
    (0, 1, 3)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def _is_json(value: Any) -> bool:
    if isinstance(value, dict):
        return all(_is_json(v) for v in value.values())
    if isinstance(value, list):
        return all(_is_json(v) for v in value)
    return isinstance(value, str | int | float | bool | type(None))


def _problem(override: Override, message: str) -> Problem:
    return Problem(override.label, 0, 0, message, dotted(override.path))
