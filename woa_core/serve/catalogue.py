"""The rulesets ``woa serve`` offers, and the one it watches.

A page names a ruleset by its key in this catalogue, never by a path: the server reads only the
rules it was started with (``--rules``, repeatable), the bundled rulesets and the bundled example
variants. A ruleset given with ``--watch`` is read again whenever one of its files changes (the
server compares their modification times when the page asks, every half second while it shows
them); the others are read once.

>>> catalogue = Catalogue([])
>>> entry = catalogue.entries[0]
>>> entry.key, entry.label
('west-of-africa', 'west-of-africa (bundled)')
>>> state = entry.state()
>>> state.problems, state.source is not None
((), True)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import FileProblems, UsageError, WoaError
from woa_core.rules import RulesSource, bundled_rulesets, data_root, read_rules


@dataclass(frozen=True, slots=True)
class RulesState:
    """A ruleset as last read: its source (None while it has problems), its problems as
    ``FILE:LINE:COL: what is wrong`` lines, and a version that grows with every change seen."""

    version: int
    source: RulesSource | None
    problems: tuple[str, ...]


class Entry:
    """One ruleset on offer: ``key`` (what a page names it by), ``label``, its ``spec`` and
    whether it is watched."""

    def __init__(self, key: str, label: str, spec: str, watch: bool = False) -> None:
        self.key, self.label, self.spec, self.watch = key, label, spec, watch
        self._lock = threading.Lock()
        self._stamp: tuple[tuple[str, int, int], ...] | None = None
        self._state = RulesState(0, None, ())

    def state(self) -> RulesState:
        """The ruleset now: read the first time, and again when a watched file has changed."""
        with self._lock:
            if self._stamp is None or (self.watch and self._stamp != self._stamps()):
                self._stamp = self._stamps()
                self._state = self._read(self._state.version + 1)
            return self._state

    def source(self, overrides: Sequence[str] = ()) -> RulesSource:
        """The ruleset with ``--set`` overrides (``RulesError`` listing their problems, or the
        ruleset's own while it has some)."""
        state = self.state()
        if state.source is None:
            raise UsageError(f"{self.label} has problems:\n" + "\n".join(state.problems))
        if not overrides:
            return state.source
        return read_rules(self.spec, overrides)

    def _read(self, version: int) -> RulesState:
        try:
            return RulesState(version, read_rules(self.spec), ())
        except FileProblems as e:
            return RulesState(version, None, tuple(str(p) for p in e.problems))
        except WoaError as e:
            return RulesState(version, None, (str(e),))

    def _stamps(self) -> tuple[tuple[str, int, int], ...]:
        """When each file of the ruleset last changed (a folder: its YAML files, and its pack)."""
        path = Path(self.spec)
        files = sorted(path.glob("*.yaml")) + sorted(path.glob("*.py")) if path.is_dir() else [path]
        stamps = []
        for file in files:
            try:
                info = file.stat()
            except OSError:
                stamps.append((str(file), -1, -1))
            else:
                stamps.append((str(file), info.st_mtime_ns, info.st_size))
        return tuple(stamps)


class Catalogue:
    """The rulesets on offer: those given (``specs``, in order, the first the default), the
    bundled rulesets and the bundled example variants; ``watch``: the given ones are watched."""

    def __init__(self, specs: Sequence[str], watch: bool = False) -> None:
        entries = [Entry(f"given-{k}", f"{spec} (given)", spec, watch) for k, spec in enumerate(specs)]
        given = set(specs)
        names = sorted(bundled_rulesets(), key=lambda name: name != DEFAULT_RULES)
        entries += [Entry(name, f"{name} (bundled)", name) for name in names if name not in given]
        variants = data_root() / "rules" / "variants"
        if variants.is_dir():
            for file in sorted(variants.glob("*.yaml")):
                entries.append(Entry(f"variant-{file.stem}", f"{file.stem} (bundled variant)", str(file)))
        self.entries = entries
        self._by_key = {entry.key: entry for entry in entries}

    def get(self, key: str) -> Entry:
        """The entry of ``key``; ``KeyError`` if there is none."""
        return self._by_key[key]

    @property
    def watched(self) -> Entry | None:
        """The first watched entry, if any."""
        return next((entry for entry in self.entries if entry.watch), None)


def check_given(specs: Sequence[str], watch: bool) -> None:
    """Refuse, before the server starts, rules it could not offer: without ``--watch``, given
    rules with problems (``RulesError``, as every command); with it, a name that is no file or
    folder (a watched file may have problems: the page shows them)."""
    for spec in specs:
        if not watch:
            read_rules(spec)
        elif not os.path.exists(spec):
            raise UsageError(f"--rules {spec}: --watch needs a rules file or folder, and there is none there")
