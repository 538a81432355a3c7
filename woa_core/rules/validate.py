"""Check a resolved rules document: JSON Schemas first, then what a schema cannot express.

Every problem is collected and located (``FILE:LINE:COL``) so that a designer sees them all at
once: those met while reading (a variant's, a ``--set``'s), the base document's and each player
count's, whatever the others hold. A semantic check that meets data not of the schemas' shape is
skipped (``run_checks``), and a player count whose overlay breaks the schemas gets none.

>>> from woa_core.rules.resolve import resolve
>>> validate(resolve("west-of-africa"))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from woa_core.errors import CONTROL_CHARACTERS, Problem, RulesError, printable
from woa_core.kernel.flow import FlowPrimitives
from woa_core.kernel.pack import Pack, PackError
from woa_core.rules.data import explain_schema_error as explain_schema_error  # re-exported: scenarios, sweeps, tunes
from woa_core.rules.data import explain_schema_errors, located_problem, schema_validator
from woa_core.rules.resolve import ResolvedDoc, for_players, sections
from woa_core.rules.source import Located, Path_


def validate(doc: ResolvedDoc) -> list[Problem]:
    """All problems of ``doc`` in one list, in file order: those found while reading it (a variant's,
    an override's: ``doc.problems``), its schemas and semantics, and each player count's overlay,
    every level checked whatever the others hold (issue 41.5)."""
    try:
        pack = doc.pack
    except PackError as e:  # a variant or --set named another pack
        return _in_file_order([*doc.problems, located_problem(doc.located, ("ruleset", "pack"), str(e))])
    problems = [*doc.problems, *schema_problems(doc.located, pack, doc.unread)]
    if doc.unread:  # the semantic checks weigh the files against each other: all of them are needed
        return _in_file_order([*problems, *player_count_problems(doc, pack, problems, semantics=False)])
    problems += semantic_problems(doc.located, pack)
    return _in_file_order([*problems, *player_count_problems(doc, pack, problems)])


def player_count_problems(
    doc: ResolvedDoc, pack: Pack, known: Iterable[Problem], *, semantics: bool = True
) -> list[Problem]:
    """The problems of each player count's document (``for_players``) not among ``known`` (the
    base document's, which every count shares: the same message at the same path, wherever the
    overlay moved its position), each said once with the counts it holds at when that is not
    all of them. A count whose overlay breaks the schemas is not given to the
    semantic checks, which rely on the schemas' shape (nor is any without ``semantics``).

    >>> from woa_core.rules.resolve import resolve
    >>> doc = resolve("west-of-africa")
    >>> player_count_problems(doc, doc.pack, set())
    []
    """
    counts = declared_counts(doc.located.data)
    seen = {(p.path, p.message) for p in known}
    found: dict[Problem, list[int]] = {}
    for players in counts:
        try:
            located = for_players(doc, players)
        except RulesError as e:
            return list(e.problems)
        new = [p for p in schema_problems(located, pack, doc.unread) if (p.path, p.message) not in seen]
        if not new and semantics:
            new = [p for p in semantic_problems(located, pack, players) if (p.path, p.message) not in seen]
        for problem in new:
            found.setdefault(problem, []).append(players)
    problems = []
    for problem, where in found.items():
        if len(where) < len(counts):
            shown = ", ".join(map(str, where[:-1])) + (" and " if len(where) > 1 else "") + str(where[-1])
            problem = replace(problem, message=f"{problem.message} (with {shown} players)")
        problems.append(problem)
    return problems


def declared_counts(data: dict[str, Any]) -> list[int]:
    """The player counts ``data`` declares (``players.counts``), each once; those that are no
    whole number are left out (the schema says what is wrong with them).

    >>> declared_counts({"players": {"counts": [2, 3, "four", 3, True]}}), declared_counts({})
    ([2, 3], [])
    """
    section = data.get("players")
    counts = section.get("counts") if isinstance(section, dict) else None
    if not isinstance(counts, list):
        return []
    return list(dict.fromkeys(c for c in counts if isinstance(c, int) and not isinstance(c, bool)))


def _in_file_order(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` each once, sorted by file, line and column."""
    return sorted(dict.fromkeys(problems), key=lambda p: (p.file, p.line, p.column))


def schema_problems(located: Located, pack: Pack, unread: Iterable[str] = ()) -> list[Problem]:
    """Schema violations of every section, one problem per violation, in file order; the
    sections ``unread`` (their file could not be read: a problem says why) are not checked."""
    problems = []
    data = located.data
    for section in sections(pack):
        if section in unread:
            continue
        if section not in data:
            problems.append(located_problem(located, (), f"the rules have no '{section}' section"))
            continue
        validator = schema_validator(section, pack)
        problems.extend(explain_schema_errors(located, (section,), validator.iter_errors(data[section])))
    return sorted(problems, key=lambda p: (p.file, p.line, p.column))


Check = Callable[[Located, dict[str, Any]], Iterator[tuple[Path_, str]]]
"""A semantic check: ``check(located, data)`` yields ``(path, message)`` for each problem, where
``data`` is the document with ``data["_players"]`` the player count (None: every count). A path
ending in ``"_key"`` points at the key itself rather than its value."""


def run_checks(checks: Iterable[Check], located: Located, players: int | None) -> list[Problem]:
    """The problems ``checks`` find in ``located``, located. A check that meets data not of the
    schema's shape is skipped (the schema's problems say why): packs run their checks with this.
    """
    data = dict(located.data)
    data["_players"] = players
    problems = []
    for check in checks:
        try:
            found = list(check(located, data))
        except (KeyError, TypeError, AttributeError, ValueError, IndexError):
            continue  # the data is not of the schema's shape here; the schema errors say why
        for path, message in found:
            if path[-1:] == ("_key",):
                problems.append(located_problem(located, path[:-1], message, key=True))
            else:
                problems.append(located_problem(located, path, message))
    return problems


def semantic_problems(located: Located, pack: Pack, players: int | None = None) -> list[Problem]:
    """What a schema cannot see: the kernel's own checks, then the pack's (references, the board,
    pieces adding up, playability). With ``players``, also the checks for one player count."""
    problems = run_checks([_no_control_characters], located, players)
    if pack.flow is not None:
        problems += run_checks([_flow_declared(pack.flow)], located, players)
    if pack.check is not None:
        problems += pack.check(located, players)
    return problems


def _flow_declared(primitives: FlowPrimitives) -> Check:
    """The turn flow the rules declare: each step of the game once, deciders of turn steps
    (``woa_core.kernel.flow.FlowPrimitives.problems``)."""
    return lambda located, d: primitives.problems(d)


def _no_control_characters(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """Names and descriptions are printed on terminals: no escape sequences in them."""
    stack: list[tuple[Path_, Any]] = [((section,), d[section]) for section in d if section != "_players"]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, sub in value.items():
                if CONTROL_CHARACTERS.search(key):
                    yield path + (printable(key), "_key"), "a key holds a control character"
                stack.append((path + (key,), sub))
        elif isinstance(value, list):
            stack.extend((path + (i,), sub) for i, sub in enumerate(value))
        elif isinstance(value, str) and CONTROL_CHARACTERS.search(value):
            yield path, f"{printable(value)!r} holds a control character (only newlines and tabs are allowed)"
