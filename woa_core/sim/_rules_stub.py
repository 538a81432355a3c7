"""TEMPORARY stand-in for the designer's ``read_rules``/``RulesSource``/``RunSpec(rules=source)``
until they land on main; deleted then."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from woa_core.errors import Problem, RulesError
from woa_core.rules import Rules, compile_document
from woa_core.rules.compile import content_hash
from woa_core.rules.resolve import ResolvedDoc, resolve
from woa_core.rules.source import Located
from woa_core.rules.validate import validate
from woa_core.sim.backends import Backend
from woa_core.sim.runner import GameRecord, game_seed, play_game

_COMPILED: dict[tuple[str, int], Rules] = {}


@dataclass(frozen=True, slots=True, eq=False)
class RulesSource:
    spec: str
    overrides: tuple[str, ...]
    name: str
    variant: str | None
    content_hash: str
    document: dict[str, Any]

    def compile(self, players: int) -> Rules:
        key = (self.content_hash, players)
        if key not in _COMPILED:
            doc = ResolvedDoc(name=self.name, located=Located(self.document), variant=self.variant)
            _COMPILED[key] = compile_document(doc, players)
        return _COMPILED[key]

    def describe(self) -> dict[str, Any]:
        return {
            "rules": self.name,
            "rules_spec": self.spec,
            "overrides": list(self.overrides),
            "rules_hash": self.content_hash,
            "variant": self.variant,
        }


def read_rules(spec: str, overrides: Iterable[str] = ()) -> RulesSource:
    overrides = tuple(overrides)
    doc = resolve(spec)
    data = copy.deepcopy(doc.located.data)
    for text in overrides:
        path, _, value = text.partition("=")
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        v = yaml.safe_load(value)
        if v is None:
            node.pop(keys[-1], None)
        else:
            node[keys[-1]] = v
    located = Located(data)
    new = ResolvedDoc(doc.name, located, doc.files, doc.variant)
    problems = validate(new)
    if problems:
        label = f"--set {overrides[-1]}" if overrides else spec
        raise RulesError([Problem(label, 0, 0, p.message, p.path) for p in problems])
    return RulesSource(spec, overrides, doc.name, doc.variant, content_hash(data), data)


def _chunk(task: tuple[RulesSource, int, tuple[str, ...], int, bool, int, int]) -> list[GameRecord]:
    source, players, bots, seed, rotate, start, stop = task
    rules = source.compile(players)
    out = []
    for i in range(start, stop):
        seat = bots[i % players :] + bots[: i % players] if rotate else bots
        out.append(play_game(rules, game_seed(seed, i), seat, i))
    return out


def run_range(
    source: RulesSource,
    players: int,
    bots: tuple[str, ...],
    seed: int,
    rotate: bool,
    start: int,
    stop: int,
    backend: Backend,
) -> Iterator[GameRecord]:
    source.compile(players)
    chunk = 1 if backend.workers == 1 else max(1, min(50, (stop - start) // (backend.workers * 8) or 1))
    tasks = [(source, players, bots, seed, rotate, a, min(a + chunk, stop)) for a in range(start, stop, chunk)]
    for records in backend.map(_chunk, tasks):
        yield from records
