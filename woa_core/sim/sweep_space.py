"""A sweep's search space: the YAML file ``woa sweep`` reads, checked with located errors.

A space names rules paths (as ``--set`` does) and the values to try — a list, or a numeric range
``{min, max, step}`` — and the games every point plays. The points are the grid of all
combinations (first parameter slowest) or, with ``sample: N``, N points drawn with the seed.
Every problem is reported at once as ``FILE:LINE:COL`` (``schema/sweep.schema.json``), including
a value the rules refuse, located at the value.

Checking takes a time independent of the space's size: a space sweeps at most ``MAX_PARAMETERS``
paths, each with at most ``MAX_POINTS`` values, and only ``CHECKED_VALUES`` values of each
parameter (its ends and values evenly between) are tried against the rules when the file is
loaded — each try reads the whole rules (about 30 ms). The ends are where a schema's minimum or
maximum refuses a value; any other value is checked when its point's rules are read, before
that point's first game, and a refusal then stops the sweep naming the point (the points
finished so far are kept for ``--resume``).

>>> from woa_core.rules.source import parse_yaml
>>> text = "players: 2\\ngames: 4\\nparameters:\\n  economy.gold.cap: [40, 60]\\n"
>>> space = space_from_located(parse_yaml(text, "s.yaml"), "s.yaml")
>>> [(p.id, p.values) for p in space.points()]
[('p1', {'economy.gold.cap': 40}), ('p2', {'economy.gold.cap': 60})]
>>> space.points()[1].overrides
('economy.gold.cap=60',)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import Problem, RulesError, SweepError, UsageError
from woa_core.rules import ResolvedDoc, RulesSource, bundled_rulesets, read_rules
from woa_core.rules.overrides import parse_path
from woa_core.rules.resolve import for_players
from woa_core.rules.source import Located, Path_, Pos, YamlProblem, display_path, dotted, load_yaml
from woa_core.rules.validate import explain_schema_error, schema_validator

SCHEMA = "sweep"
DEFAULTS: dict[str, Any] = {"players": 4, "games": 100, "seed": 0, "bots": None, "rotate_seats": False}
"""A space's settings when it gives none; no ``bots``: the rules' pack's (``Pack.default_bots``)."""
MAX_POINTS = 100_000
"""Most points a sweep plays, and most values one range may step through."""
MAX_PARAMETERS = 10
"""Most rules paths one space sweeps (a report draws each figure against the parameters)."""
CHECKED_VALUES = 3
"""Values of each parameter tried against the rules when a space is loaded (all of a list this
short; else the first, the last and values evenly between)."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """One rules path and what to try there: ``values`` (a list or a stepped range), or an
    unstepped range ``low``..``high`` that can only be sampled."""

    path: str
    values: tuple[Any, ...] | None
    low: float = 0.0
    high: float = 0.0
    integer: bool = False

    def draw(self, rng: random.Random) -> Any:
        """One value at random (a sample point)."""
        if self.values is not None:
            return rng.choice(self.values)
        if self.integer:
            return rng.randint(int(self.low), int(self.high))
        return round(rng.uniform(self.low, self.high), 6)


@dataclass(frozen=True, slots=True)
class Point:
    """One combination of values: its id (``p1``, ``p2``, ... in grid order) and its overrides."""

    id: str
    values: dict[str, Any]

    @property
    def overrides(self) -> tuple[str, ...]:
        """The point as ``--set PATH=VALUE`` overrides (values as JSON, which is YAML)."""
        return tuple(f"{path}={json.dumps(value)}" for path, value in self.values.items())


@dataclass(frozen=True, slots=True)
class Space:
    """A checked space file."""

    file: str
    name: str
    rules_spec: str  # bundled name, or a path relative to the working directory
    base_overrides: tuple[str, ...]  # an inline variant, flattened to PATH=VALUE
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]  # one per seat
    rotate_seats: bool
    sample: int | None
    objective: str | None
    parameters: tuple[Parameter, ...]
    digest: str  # of the file's data: a resumed sweep must be of the same space

    def points(self) -> list[Point]:
        """Every point the sweep plays, in a fixed order (the same on every run and resume)."""
        if self.sample is None:
            combos = list(itertools.product(*(p.values or () for p in self.parameters)))
        elif all(p.values is not None for p in self.parameters):
            sizes = [len(p.values or ()) for p in self.parameters]
            rng = random.Random(f"woa-sweep:{self.seed}")  # grid indices drawn without listing the grid
            picked = sorted(_distinct(rng, math.prod(sizes), self.sample))
            combos = [_grid_item(self.parameters, sizes, i) for i in picked]
        else:
            rng = random.Random(f"woa-sweep:{self.seed}")
            combos = [tuple(p.draw(rng) for p in self.parameters) for _ in range(self.sample)]
        width = len(str(len(combos)))
        return [
            Point(f"p{i + 1:0{width}d}", {p.path: v for p, v in zip(self.parameters, combo, strict=True)})
            for i, combo in enumerate(combos)
        ]

    def base_rules(self) -> RulesSource:
        """The rules every point starts from (checked when the space was loaded)."""
        return read_rules(self.rules_spec, self.base_overrides)

    def point_rules(self, point: Point) -> RulesSource:
        """The rules of one point: the base rules with the point's values set."""
        return read_rules(self.rules_spec, self.base_overrides + point.overrides)


def load_space(path: str | os.PathLike[str], overrides: tuple[str, ...] = (), games: int | None = None) -> Space:
    """Read and check a space file; ``SweepError`` lists every problem with its line.

    ``overrides`` (``--set`` on the command line) apply at every point, after the space's rules;
    ``games`` (``--games``) replaces the space's games per point."""
    try:
        located = load_yaml(path)
    except YamlProblem as e:
        raise SweepError(e.problems) from None
    return space_from_located(located, display_path(path), Path(path).resolve().parent, overrides, games)


def space_from_located(
    located: Located,
    file: str,
    base_dir: Path | None = None,
    overrides: tuple[str, ...] = (),
    games: int | None = None,
) -> Space:
    """A space from parsed YAML: the schema, then ranges, bots and every value against the rules;
    ``games``, if given, replaces the space's games per point (``woa sweep --games``)."""
    data = located.data
    if not isinstance(data, dict):
        raise SweepError([Problem(file, 1, 1, "a sweep space is a mapping (players, games, parameters, ...)")])
    problems = [
        p
        for error in schema_validator(SCHEMA).iter_errors(data)
        for p in explain_schema_error(located, tuple(error.absolute_path), error)
    ]
    if problems:
        raise SweepError(sorted(problems, key=lambda p: (p.line, p.column)))
    checker = SpaceChecker(located, file)
    if games is not None and games < 1:
        raise UsageError("--games must be at least 1")
    settings = DEFAULTS | data | ({} if games is None else {"games": games})
    if len(data["parameters"]) > MAX_PARAMETERS:
        message = f"{len(data['parameters'])} parameters are more than the {MAX_PARAMETERS} one sweep may vary"
        raise SweepError([Problem(file, *_line_col(located, ("parameters",)), message + ": split the sweep")])
    found = (checker.parameter(path, spec) for path, spec in data["parameters"].items())
    parameters = tuple(p for p in found if p is not None)
    sample = data.get("sample")
    if sample is None:
        for p in parameters:
            if p.values is None:
                message = "a range without 'step' can only be sampled: add step or 'sample: N'"
                checker.at(("parameters", p.path), message)
    else:
        size = math.prod(len(p.values) for p in parameters if p.values is not None)
        if all(p.values is not None for p in parameters) and sample > size:
            checker.at(("sample",), f"sample: {sample} is more points than the whole grid ({size})")
    size = sample or math.prod(len(p.values or ()) for p in parameters)
    if size > MAX_POINTS:
        checker.at(("parameters",), f"{size} points is more than {MAX_POINTS}: sample some with 'sample: N'")
    players = settings["players"]
    rules_spec, inline = checker.rules(data.get("rules", DEFAULT_RULES), base_dir or Path.cwd())
    base_overrides = inline + tuple(overrides)
    if rules_spec:
        checker.check_rules(rules_spec, base_overrides, players, parameters)
    bots = checker.bots(settings["bots"], [players]).get(players, ())
    if checker.problems:
        raise SweepError(sorted(checker.problems, key=lambda p: (p.line, p.column)))
    played = data if games is None else data | {"games": games}  # --games makes another sweep
    digest = hashlib.sha256(json.dumps([played, list(overrides)], sort_keys=True).encode()).hexdigest()[:16]
    return Space(
        file=file,
        name=str(data.get("name") or Path(file).stem),
        rules_spec=rules_spec,
        base_overrides=base_overrides,
        players=players,
        games=settings["games"],
        seed=settings["seed"],
        bots=bots,
        rotate_seats=settings["rotate_seats"],
        sample=sample,
        objective=data.get("objective"),
        parameters=parameters,
        digest=digest,
    )


class SpaceChecker:
    """Collects located problems while a space is checked."""

    def __init__(self, located: Located, file: str) -> None:
        self.located = located
        self.file = file
        self.problems: list[Problem] = []
        self.where_override: dict[str, Path_] = {}  # override text -> where it stands in the file
        self.source: RulesSource | None = None  # the rules without a parameter's value, once read

    def at(self, path: Path_, message: str, *, key: bool = False) -> None:
        pos = self.located.where(path, key=key) or Pos(self.file, 0, 0)
        self.problems.append(Problem(pos.file, pos.line, pos.column, message, dotted(path)))

    def parameter(self, path: str, spec: Any) -> Parameter | None:
        """The parameter at ``path`` (``None`` if its path is not a rules path)."""
        try:
            parse_path(path)
        except ValueError as e:
            self.at(("parameters", path), str(e), key=True)
            return None
        if isinstance(spec, list):
            return Parameter(path, tuple(spec))
        low, high, step = spec["min"], spec["max"], spec.get("step")
        integer = all(isinstance(x, int) for x in (low, high, step) if x is not None)
        if low > high:
            self.at(("parameters", path, "max"), f"max {high} is below min {low}")
            return Parameter(path, (low,))
        if not math.isfinite(high - low):
            self.at(("parameters", path, "max"), f"the range from {low} to {high} is too wide to compute with")
            return Parameter(path, (low,))
        if step is None:
            return Parameter(path, None, low, high, integer)
        steps = (high - low) // step if integer else (high - low) / step  # an int, or a float (maybe inf)
        if steps >= MAX_POINTS:  # counted before any value is made
            shown = f"{math.floor(steps) + 1:,}" if steps < 10**18 else "more than 10^18"
            self.at(
                ("parameters", path, "step"),
                f"step {step} makes {shown} values; a range may have at most {MAX_POINTS:,}: use a larger step",
            )
            return Parameter(path, (low,))
        count = int(steps) + 1 if integer else math.floor(steps + 1e-9) + 1
        values = tuple(low + k * step if integer else round(low + k * step, 10) for k in range(count))
        return Parameter(path, values)

    def rules(self, spec: Any, base_dir: Path) -> tuple[str, tuple[str, ...]]:
        """The rules spec (relative to the working directory) and the inline variant's overrides."""
        inline: dict[str, Any] = {}
        if isinstance(spec, dict):
            inline = {k: v for k, v in spec.items() if k != "extends"}
            spec = spec["extends"]
            where: Path_ = ("rules", "extends")
        else:
            where = ("rules",)
        if spec in bundled_rulesets() and not (base_dir / spec).exists():
            rules_spec = spec
        else:
            target = base_dir / spec
            if not target.exists():
                self.at(where, f"no such rules: {spec} (a bundled ruleset, or a path relative to the space file)")
                return "", ()
            rules_spec = os.path.relpath(target, Path.cwd())
        overrides: list[str] = []
        for path, value in _leaves(inline, ()):
            text = f"{dotted(path)}={json.dumps(value)}"
            self.where_override[text] = ("rules", *path)
            overrides.append(text)
        return rules_spec, tuple(overrides)

    def bots(self, given: str | list[str] | None, counts: list[int]) -> dict[int, tuple[str, ...]]:
        """The bot of each seat at each player count: ``given`` (the file's ``bots``, as ``--bots``),
        or none given, those the rules' pack declares (``Pack.default_bots``; the rules as
        ``check_rules`` read them); a bot that cannot be had is a problem at ``bots`` (at the rules,
        for the pack's declaration). Rules that could not be read have their problems told."""
        from woa_core.bots import seat_bots

        pack = self.source.pack if self.source is not None else None
        if given is None and pack is None:
            return {}
        text = None if given is None else given if isinstance(given, str) else ",".join(given)
        out: dict[int, tuple[str, ...]] = {}
        for players in counts:
            try:
                out[players] = seat_bots(text, players, pack)
            except UsageError as e:
                self.at(("bots",) if given is not None else ("rules",), str(e).replace("--bots", "bots"))
                break
        return out

    def check_rules(self, spec: str, base: tuple[str, ...], players: int, parameters: tuple[Parameter, ...]) -> None:
        """The rules and each value to try must load (each value is checked on its own)."""
        self.source = self._loads(spec, base, players, ("rules",))
        if not self.source:
            return
        for p in parameters:
            tries: list[tuple[Path_, Any]]
            if p.values is None:
                tries = [((p.path, "min"), p.low), ((p.path, "max"), p.high)]
            else:
                listed = isinstance(self.located.data["parameters"][p.path], list)
                tries = [((p.path, i) if listed else (p.path,), p.values[i]) for i in _spread(len(p.values))]
            games_differ: set[str] = set()  # the rules each value gives at this player count
            for sub, value in tries:
                text = f"{p.path}={json.dumps(value)}"
                self.where_override[text] = ("parameters", *sub)
                source = self._loads(spec, (*base, text), players, ("parameters", *sub))
                if source is None:
                    break  # one bad value per parameter is enough to say what is wrong
                games_differ.add(_played_rules(source, players))
            else:
                if len(tries) > 1 and len(games_differ) == 1:
                    self.at(("parameters", p.path), _no_effect(p.path, players, source), key=True)

    def _loads(self, spec: str, overrides: tuple[str, ...], players: int, fallback: Path_) -> RulesSource | None:
        try:
            source = read_rules(spec, overrides)
            source.compile(players)
        except RulesError as e:
            for problem in e.problems:
                text = problem.file.removeprefix("--set ")
                if problem.file.startswith("--set ") and text in self.where_override:
                    path = self.where_override[text]
                    pos = self.located.where(path) or Pos(self.file, 0, 0)
                    self.problems.append(Problem(pos.file, pos.line, pos.column, f"{text}: {problem.message}"))
                elif fallback == ("rules",):
                    self.problems.append(problem)
                else:  # the value breaks something elsewhere in the rules: say so at the value
                    pos = self.located.where(fallback) or Pos(self.file, 0, 0)
                    self.problems.append(Problem(pos.file, pos.line, pos.column, f"{overrides[-1]}: {problem}"))
            return None
        return source


def _spread(count: int) -> list[int]:
    """Up to ``CHECKED_VALUES`` indices of ``count`` values: all, or the ends and evenly between.

    >>> _spread(2), _spread(100_000)
    ([0, 1], [0, 50000, 99999])
    """
    if count <= CHECKED_VALUES:
        return list(range(count))
    return sorted({round(k * (count - 1) / (CHECKED_VALUES - 1)) for k in range(CHECKED_VALUES)})


def _distinct(rng: random.Random, population: int, count: int) -> list[int]:
    """``count`` distinct integers below ``population``: ``rng.sample`` where it can count the
    population, else (a grid of more than 2^63 points) distinct draws, ``count`` being small.

    >>> sorted(_distinct(random.Random(1), 10**30, 3)) == sorted(set(_distinct(random.Random(1), 10**30, 3)))
    True
    """
    if population <= sys.maxsize:
        return rng.sample(range(population), count)
    found: dict[int, None] = {}
    while len(found) < count:
        found[rng.randrange(population)] = None
    return list(found)


def _grid_item(parameters: tuple[Parameter, ...], sizes: list[int], index: int) -> tuple[Any, ...]:
    """Item ``index`` of the grid of ``parameters`` in ``itertools.product`` order (the first slowest).

    >>> a, b = Parameter("x", (1, 2)), Parameter("y", (10, 20, 30))
    >>> [_grid_item((a, b), [2, 3], i) for i in (0, 2, 3)]
    [(1, 10), (1, 30), (2, 10)]
    """
    combo: list[Any] = []
    for p, size in zip(reversed(parameters), reversed(sizes), strict=True):
        index, at = divmod(index, size)
        combo.append((p.values or ())[at])
    return tuple(reversed(combo))


def _line_col(located: Located, path: Path_) -> tuple[int, int]:
    pos = located.where(path)
    return (pos.line, pos.column) if pos else (0, 0)


def _played_rules(source: RulesSource, players: int) -> str:
    """A digest of the rules a game of ``players`` plays (the player-count overlay applied)."""
    doc = ResolvedDoc(name=source.name, located=Located(source.document), variant=source.variant)
    return hashlib.sha256(json.dumps(for_players(doc, players).data, sort_keys=True).encode()).hexdigest()


def _no_effect(path: str, players: int, source: RulesSource | None) -> str:
    """Why sweeping ``path`` would change nothing, in words."""
    message = f"every value of {path} gives the same {players}-player game"
    overlay = (source.document if source else {}).get("players", {}).get("overlays", {}).get(str(players), {})
    node: Any = overlay
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    if node is not None:
        message += f": players.overlays.{players} sets it; sweep players.overlays.{players}.{path} instead"
    return message


def _leaves(data: dict[str, Any], at: Path_) -> list[tuple[Path_, Any]]:
    """Every leaf of a nested mapping with its path (a list or an empty mapping is a leaf)."""
    out: list[tuple[Path_, Any]] = []
    for key, value in data.items():
        if isinstance(value, dict) and value:
            out += _leaves(value, (*at, key))
        else:
            out.append(((*at, key), value))
    return out
