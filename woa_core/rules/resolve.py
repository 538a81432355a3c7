"""Find a ruleset, read its files, follow a variant's ``extends`` chain and apply overlays.

A *rules spec* is what a user types: a bundled ruleset name (``west-of-africa``), a rules
directory, or a variant file. Resolving it gives one document: ``{section: data}`` with one
section per rules file (``board``, ``cards``, ...), every value located in its source file.

>>> doc = resolve("west-of-africa")
>>> doc.name, sorted(doc.located.data)[:3]
('west-of-africa', ['board', 'cards', 'economy'])
>>> for_players(doc, 2).data["setup"]["settlements"]["track"]
4
"""

from __future__ import annotations

import copy
import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core.errors import CONTROL_CHARACTERS, Problem, RulesError
from woa_core.kernel.pack import Pack, PackError, load_pack
from woa_core.rules.data import data_root, explain_schema_error, schema_validator
from woa_core.rules.digest import without_words
from woa_core.rules.merge import merge_patch
from woa_core.rules.source import Located, YamlProblem, display_path, load_yaml
from woa_core.suggest import close_names, suggestion, with_suggestion

KERNEL_SECTIONS = ("ruleset", "players")
"""The files every rules directory holds, whatever its game: what the rules are and which pack
plays them (``ruleset.yaml``), and the player counts with their overlays (``players.yaml``)."""

VARIANT_META = ("extends", "name", "description")
"""The keys of a variant file beside the sections it overrides."""

MAX_EXTENDS = 32
"""Longest chain of variants extending variants (a chain is read file by file)."""


def bundled_rulesets() -> list[str]:
    """Names of the rulesets shipped with woa.

    >>> "west-of-africa" in bundled_rulesets()
    True
    """
    root = data_root() / "rules"
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.yaml").is_file())


@dataclass(slots=True)
class ResolvedDoc:
    """The merged rules document and where it came from."""

    name: str
    located: Located
    files: list[str] = field(default_factory=list)  # every file read, parents first
    variant: str | None = None  # the variant file given by the user, if any
    pack_dir: str | None = None  # the folder of the ruleset that named the pack (a pack may live there)
    problems: list[Problem] = field(default_factory=list)  # found while reading, for validate to report
    unread: list[str] = field(default_factory=list)  # sections whose file could not be read (a problem says why)

    @property
    def pack(self) -> Pack:
        """The pack these rules are for (``ruleset.pack``)."""
        return load_pack(pack_name(self.located.data), self.pack_dir)

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections of the document: ``ruleset``, the pack's files, ``players``."""
        return sections(self.pack)


def pack_name(document: dict[str, Any]) -> str:
    """The pack a rules document is for: its ``ruleset.pack``. Rules that name none (written
    before packs existed, or logged without it, see ``portable_document``) are for the pack of
    the bundled ruleset of their name; else ``PackError`` says to name one.

    >>> pack_name({"ruleset": {"name": "west-of-africa"}})
    'west_of_africa'
    """
    ruleset = document.get("ruleset")
    if isinstance(ruleset, dict) and "pack" in ruleset:
        return ruleset["pack"]  # type: ignore[no-any-return]  # load_pack checks it
    name = ruleset.get("name") if isinstance(ruleset, dict) else None
    if isinstance(name, str) and name in bundled_rulesets():
        bundled = load_yaml(data_root() / "rules" / name / "ruleset.yaml").data
        if isinstance(bundled, dict) and isinstance(bundled.get("pack"), str):
            return bundled["pack"]  # type: ignore[no-any-return]
    shipped = ", ".join(bundled_packs())
    raise PackError(f"name the rule pack these rules are for in ruleset.yaml: 'pack: NAME' (woa ships: {shipped})")


def portable_document(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` as a log carries it: without its words for people (``digest.without_words``:
    no rule reads them, and a log replays without them), and without ``ruleset.pack`` where
    ``pack_name`` finds the same pack without it (so a log of bundled rules with changes reads as
    it did before packs existed).

    >>> from woa_core.rules import read_rules
    >>> carried = portable_document(read_rules("west-of-africa").document)
    >>> "pack" in carried["ruleset"], "description" in carried["cards"]["cards"]["sell"]
    (False, False)
    """
    document = without_words(document)
    ruleset = document.get("ruleset")
    if not isinstance(ruleset, dict) or "pack" not in ruleset:
        return document
    without = {**document, "ruleset": {k: v for k, v in ruleset.items() if k != "pack"}}
    try:
        return without if pack_name(without) == ruleset["pack"] else document
    except PackError:
        return document


def sections(pack: Pack) -> tuple[str, ...]:
    """The files of a rules directory for ``pack``, ``SECTION.yaml`` each, in reading order.

    >>> sections(load_pack("west_of_africa"))
    ('ruleset', 'board', 'cards', 'economy', 'turn', 'setup', 'players')
    """
    return (KERNEL_SECTIONS[0], *pack.sections, KERNEL_SECTIONS[1])


def resolve(spec: str | os.PathLike[str], *, keep_going: bool = False) -> ResolvedDoc:
    """Resolve a rules spec into one located document; raise ``RulesError`` with every problem.

    With ``keep_going``, a problem that leaves a document to check (an unknown key of a variant, a
    rules file that is no YAML beside others that are) is kept in ``doc.problems`` instead, so that
    ``validate`` reports it together with everything else wrong (issue 41.5); only a problem that
    leaves nothing to check (no such rules, a variant whose ``extends`` leads nowhere) raises.

    >>> resolve("west-of-africa", keep_going=True).problems
    []
    """
    bad = _bad_spec(str(spec))
    if bad:
        raise MissingRules([Problem(repr(str(spec)), 0, 0, bad)])
    doc = _resolve(str(spec), base_dir=Path.cwd(), chain=())
    if doc.problems and not keep_going:
        raise RulesError(doc.problems)
    return doc


def _bad_spec(spec: str) -> str | None:
    """Why ``spec`` cannot name rules at all (control characters, a null byte), or None."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in spec):
        return "a rules name or path cannot hold control characters (or a null byte)"
    return None


def for_players(doc: ResolvedDoc, players: int) -> Located:
    """The document for a game of ``players``: the matching overlay of ``players.yaml`` merged in.

    The caller has validated ``doc``; a player count outside ``players.counts`` is a
    ``RulesError`` naming the counts the rules support."""
    located = Located(copy.deepcopy(doc.located.data), dict(doc.located.positions), dict(doc.located.key_positions))
    players_section = _mapping(located.data.get("players"))
    counts = players_section.get("counts", [])
    counts = counts if isinstance(counts, list) else []
    if players not in counts:
        pos = located.where(("players", "counts"))
        raise RulesError(
            [
                Problem(
                    pos.file if pos else doc.name,
                    pos.line if pos else 0,
                    pos.column if pos else 0,
                    f"these rules are for {_counts(counts)} players, not {players}",
                    "players.counts",
                )
            ]
        )
    overlay_path = ("players", "overlays", str(players))
    overlay = _mapping(_mapping(players_section.get("overlays")).get(str(players)))
    if overlay:  # not a mapping: the schema of players.yaml says so, and the base rules are played
        patch = Located(located.data, located.positions, located.key_positions)
        for section in overlay:
            merge_patch(located, patch_view(patch), (section,), overlay_path + (section,))
    return located


def _mapping(value: Any) -> dict[str, Any]:
    """``value`` if it is a mapping, else an empty one (a document read for validation may hold
    anything where a mapping belongs)."""
    return value if isinstance(value, dict) else {}


def patch_view(doc: Located) -> Located:
    """A frozen copy of ``doc`` to read a patch from while ``doc`` itself is being changed."""
    return Located(copy.deepcopy(doc.data), dict(doc.positions), dict(doc.key_positions))


def _counts(counts: list[int]) -> str:
    if not counts:
        return "no"
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])


class MissingRules(RulesError):
    """The rules a spec names do not exist (so a variant's ``extends`` can say so)."""


def _resolve(spec: str, base_dir: Path, chain: tuple[Path, ...]) -> ResolvedDoc:
    path = Path(spec)
    if not path.is_absolute():
        path = base_dir / path
    try:
        is_dir, is_file = path.is_dir(), path.is_file()
    except (OSError, ValueError) as e:
        raise MissingRules([Problem(spec, 0, 0, f"cannot read: {getattr(e, 'strerror', None) or e}")]) from None
    if is_dir:
        if not any((path / f"{section}.yaml").exists() for section in KERNEL_SECTIONS):  # (extends: .)
            files = ", ".join(f"{section}.yaml" for section in KERNEL_SECTIONS)
            raise MissingRules([Problem(spec, 0, 0, f"a folder without rule files ({files}, and its pack's)")])
        return _read_directory(path)
    if path.suffix in (".yaml", ".yml"):
        if not is_file:
            raise MissingRules([Problem(spec, 0, 0, _with_close_specs("no such variant file", spec, base_dir))])
        return _read_variant(path, chain)
    if spec in bundled_rulesets():
        return _read_directory(data_root() / "rules" / spec)
    known = ", ".join(bundled_rulesets())
    message = f"no such rules: not a rules directory, a variant file, or a bundled ruleset ({known})"
    raise MissingRules([Problem(spec, 0, 0, _with_close_specs(message, spec, base_dir))])


MOST_LISTED = 1000
"""Most entries of a folder compared with a misspelt rules spec (a huge folder costs no more)."""


def _with_close_specs(message: str, spec: str, base_dir: Path) -> str:
    """``message``, then ``did you mean ...?`` naming the specs close to ``spec`` that exist: the
    bundled rulesets and the rules directories and variant files beside where ``spec`` points
    (as it would be typed from ``base_dir``), else the bundled variants.

    >>> _with_close_specs("no such rules", "west-of-afrika", Path.cwd())
    "no such rules: did you mean 'west-of-africa'?"
    """
    typed = Path(spec)
    folder = base_dir / typed.parent
    beside = {name: [name] for name in bundled_rulesets()}
    _add_specs(beside, _listed(folder), lambda entry: (typed.parent / entry.name).as_posix())
    bundled: dict[str, list[str]] = {}
    _add_specs(bundled, _listed(data_root() / "rules" / "variants"), lambda entry: _shown_from(entry, base_dir))
    for options in (beside, bundled):
        close = close_names(typed.name, options) + close_names(typed.stem, options)
        specs = list(dict.fromkeys(shown for name in close for shown in options[name] if shown != spec))
        if specs:
            return f"{message}: {suggestion(specs[:3])}"
    return message


def _add_specs(options: dict[str, list[str]], entries: list[Path], shown: Callable[[Path], str]) -> None:
    """Each rules directory and variant file of ``entries`` in ``options``, under its name and its
    name without the extension, as ``shown`` names it."""
    for entry in entries:
        if entry.suffix in (".yaml", ".yml") or (entry / "ruleset.yaml").is_file():
            for name in dict.fromkeys((entry.name, entry.stem)):
                options.setdefault(name, []).append(shown(entry))


def _shown_from(entry: Path, base_dir: Path) -> str:
    """``entry`` as typed from ``base_dir``: a relative path below it, else the absolute path."""
    try:
        relative = Path(os.path.relpath(entry, base_dir))
    except ValueError:  # another drive (Windows)
        return entry.as_posix()
    return entry.as_posix() if relative.parts[:1] == ("..",) else relative.as_posix()


def _listed(folder: Path) -> list[Path]:
    """The first ``MOST_LISTED`` entries of ``folder`` by name (none if it cannot be read)."""
    try:
        return sorted(itertools.islice(folder.iterdir(), MOST_LISTED)) if folder.is_dir() else []
    except OSError:
        return []


def _read_directory(directory: Path) -> ResolvedDoc:
    located = Located({})
    problems: list[Problem] = []
    files: list[str] = []

    def read(section: str) -> None:
        file = directory / f"{section}.yaml"
        files.append(display_path(file))
        try:
            part = load_yaml(file)
        except YamlProblem as e:
            problems.extend(e.problems)
            return
        located.data[section] = part.data
        for path, pos in part.positions.items():
            located.positions[(section, *path)] = pos
        for path, pos in part.key_positions.items():
            located.key_positions[(section, *path)] = pos

    read("ruleset")
    pack = _pack_named(located, directory, problems)
    if pack is None:  # without its pack, which files the rules have is not known
        raise RulesError(problems)
    for section in sections(pack)[1:]:
        read(section)
    located.positions.setdefault((), located.positions.get(("ruleset",), None) or _nowhere(directory))
    name = located.data.get("ruleset", {}).get("name") if isinstance(located.data.get("ruleset"), dict) else None
    unread = [section for section in sections(pack) if section not in located.data]
    return ResolvedDoc(
        name=str(name or directory.name),
        located=located,
        files=files,
        pack_dir=str(directory),
        problems=problems,
        unread=unread,
    )


def _pack_named(located: Located, directory: Path, problems: list[Problem]) -> Pack | None:
    """The pack ``ruleset.yaml`` names, or None with the problem added."""
    if "ruleset" not in located.data:
        return None  # the file could not be read: its problem is there already
    try:
        return load_pack(pack_name(located.data), directory)
    except PackError as e:
        where = ("ruleset", "pack") if located.where(("ruleset", "pack")) else ("ruleset",)
        pos = located.where(where) or _nowhere(directory / "ruleset.yaml")
        problems.append(Problem(pos.file, pos.line, pos.column, str(e), "ruleset.pack"))
        return None


def bundled_packs() -> list[str]:
    """The names of the rule packs shipped with woa.

    >>> "west_of_africa" in bundled_packs()
    True
    """
    import woa_core.packs

    root = Path(woa_core.packs.__file__).parent
    return sorted(p.name for p in root.iterdir() if (p / "__init__.py").is_file())


def _real(path: Path) -> Path:
    """``path`` made absolute with symbolic links followed (as far as they lead: a loop stops it)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return path.absolute()


def _nowhere(path: Path):
    from woa_core.rules.source import Pos

    return Pos(display_path(path), 0, 0)


def _read_variant(path: Path, chain: tuple[Path, ...]) -> ResolvedDoc:
    resolved_path = _real(path)
    name = display_path(path)
    if resolved_path in chain:
        cycle = " -> ".join(display_path(p) for p in (*chain, resolved_path))
        raise RulesError([Problem(name, 0, 0, f"variants extend each other in a cycle: {cycle}")])
    try:
        variant = load_yaml(path)
    except YamlProblem as e:
        raise RulesError(e.problems) from None
    data = variant.data
    problems: list[Problem] = []

    def problem(key_path: tuple, message: str, *, key: bool = False) -> Problem:
        pos = variant.where(key_path, key=key) or _nowhere(path)
        return Problem(pos.file, pos.line, pos.column, message, ".".join(map(str, key_path)))

    if not isinstance(data, dict):
        raise RulesError([problem((), "a variant file must be a mapping with an 'extends' key")])
    parent_spec = data.get("extends")
    if not isinstance(parent_spec, str) or not parent_spec:
        problems.append(problem(("extends",), "'extends' must name a bundled ruleset or a variant file"))
    elif _bad_spec(parent_spec):
        problems.append(problem(("extends",), str(_bad_spec(parent_spec))))
    elif len(chain) + 1 >= MAX_EXTENDS:
        problems.append(
            problem(("extends",), f"more than {MAX_EXTENDS} variants extend one another here; shorten the chain")
        )
    for key in ("name", "description"):
        if isinstance(data.get(key), str) and CONTROL_CHARACTERS.search(data[key]):
            message = f"the {key} holds a control character (only newlines and tabs are allowed)"
            problems.append(problem((key,), message))
    if any(p.path == "extends" for p in problems):  # without what it extends, nothing else can be checked
        raise RulesError(problems)
    parent_spec = str(parent_spec)
    parent_path = _real(path.parent / parent_spec)
    if parent_path in (*chain, resolved_path):
        cycle = " -> ".join(display_path(p) for p in (*chain, resolved_path, parent_path))
        raise RulesError([problem(("extends",), f"variants extend each other in a cycle: {cycle}")])
    try:
        parent = _resolve(parent_spec, base_dir=path.parent, chain=(*chain, resolved_path))
    except MissingRules as e:
        raise RulesError([problem(("extends",), f"cannot extend '{parent_spec}': {e.problems[0].message}")]) from None
    known = parent.sections
    allowed_keys = (*VARIANT_META, *known)
    for key in data:
        if key not in allowed_keys:
            allowed = ", ".join(sorted(allowed_keys))
            message = with_suggestion(f"unknown key '{key}'", key, allowed_keys)
            problems.append(problem((key,), f"{message} (allowed: {allowed})", key=True))
    for section in known:
        if section in data and not isinstance(data[section], dict):
            problems.append(problem((section,), f"'{section}' must be a mapping of overrides"))
    overrides = {k: v for k, v in data.items() if k in VARIANT_META or (k in known and isinstance(v, dict))}
    for error in schema_validator("variant", parent.pack).iter_errors(overrides):  # the types of name, description
        problems.extend(explain_schema_error(variant, tuple(error.absolute_path), error))
    merged = parent.located
    patch = Located(data, variant.positions, variant.key_positions)
    for section in known:
        if isinstance(data.get(section), dict):  # what is no mapping of overrides is reported, not merged
            merge_patch(merged, patch, (section,), (section,))
    name_value = str(data["name"]) if isinstance(data.get("name"), str) else path.stem
    return ResolvedDoc(
        name=name_value,
        located=merged,
        files=[*parent.files, name],
        variant=name,
        pack_dir=parent.pack_dir,
        problems=[*parent.problems, *problems],
        unread=parent.unread,
    )
