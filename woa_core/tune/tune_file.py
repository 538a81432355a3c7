"""A tune file: the YAML ``woa tune`` reads, checked with located errors (``schema/tune.schema.json``).

It names the rules, the player count(s), the bots and a space of rule values in the sweep
space's forms (lists, stepped ranges, unstepped ranges: continuous bounds), read by the sweep
space's own checker (``woa_core.sim.sweep_space.SpaceChecker``), and the targets
(``woa_core.tune.targets``), each checked against the figures the game declares. Every problem
is reported at once as ``FILE:LINE:COL`` (a ``TuneError``).

>>> from woa_core.rules.source import parse_yaml
>>> text = '''players: 2
... parameters:
...   economy.gold.cap: [40, 60]
... targets:
...   - {figure: length, between: [7, 9]}
... '''
>>> tune = tune_from_located(parse_yaml(text, "t.yaml"), "t.yaml")
>>> [(t.figure, t.band(2)) for t in tune.targets], tune.players, tune.parameters[0].values
([('rounds', (7, 9))], (2,), (40, 60))
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import Problem, RulesError, TuneError
from woa_core.report.figures import Figure, declared, row_figure
from woa_core.rules import RulesSource, read_rules
from woa_core.rules.source import Located, YamlProblem, display_path, load_yaml
from woa_core.rules.validate import explain_schema_error, schema_validator
from woa_core.sim.sweep_space import MAX_PARAMETERS, Parameter, SpaceChecker
from woa_core.tune.targets import MEASURES, SEAT_SPREAD, Target, known_rows, resolve_row

SCHEMA = "tune"
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "games": 60,
    "trials": 30,
    "confirm_games": 200,
    "candidates": 3,
    "seed": 0,
    "bots": None,  # the rules' pack's (``Pack.default_bots``)
    "rotate_seats": False,
    "in_flight": 1,
}


@dataclass(frozen=True, slots=True)
class TuneFile:
    """A checked tune file."""

    file: str
    name: str
    rules_spec: str  # bundled name, or a path relative to the working directory
    base_overrides: tuple[str, ...]
    players: tuple[int, ...]
    bots: dict[int, tuple[str, ...]]  # one per seat, by player count
    rotate_seats: bool
    games: int
    round_games: int
    trials: int
    confirm_games: int
    candidates: int
    seed: int
    parameters: tuple[Parameter, ...]
    targets: tuple[Target, ...]
    digest: str  # of the file's data: a resumed study must be of the same file
    in_flight: int = 1  # trials played side by side (their games share the workers)

    def rules(self, overrides: tuple[str, ...] = ()) -> RulesSource:
        """The rules with a setting's overrides (``PATH=VALUE``) on top of the file's own."""
        return read_rules(self.rules_spec, self.base_overrides + overrides)

    def figures(self, players: int) -> tuple[Figure, ...]:
        """The figures the game declares at ``players`` players."""
        return declared(self.rules().compile(players))


def load_tune(path: str | os.PathLike[str], overrides: tuple[str, ...] = ()) -> TuneFile:
    """Read and check a tune file; ``TuneError`` lists every problem with its line."""
    try:
        located = load_yaml(path)
    except YamlProblem as e:
        raise TuneError(e.problems) from None
    return tune_from_located(located, display_path(path), Path(path).resolve().parent, overrides)


def tune_from_located(
    located: Located, file: str, base_dir: Path | None = None, overrides: tuple[str, ...] = ()
) -> TuneFile:
    """A tune file from parsed YAML: the schema, then the space (as a sweep space's), the bots and
    the targets against the game's figures."""
    data = located.data
    if not isinstance(data, dict):
        raise TuneError([Problem(file, 1, 1, "a tune file is a mapping (rules, players, parameters, targets, ...)")])
    problems = [
        p
        for error in schema_validator(SCHEMA).iter_errors(data)
        for p in explain_schema_error(located, tuple(error.absolute_path), error)
    ]
    if problems:
        raise TuneError(sorted(problems, key=lambda p: (p.line, p.column)))
    settings = DEFAULTS | data
    checker = SpaceChecker(located, file)
    if len(data["parameters"]) > MAX_PARAMETERS:
        checker.at(("parameters",), f"{len(data['parameters'])} parameters are more than the {MAX_PARAMETERS} allowed")
    found = (checker.parameter(path, spec) for path, spec in data["parameters"].items())
    parameters = tuple(p for p in found if p is not None)
    counts = settings["players"] if isinstance(settings["players"], list) else [settings["players"]]
    rules_spec, inline = checker.rules(data.get("rules", DEFAULT_RULES), base_dir or Path.cwd())
    base_overrides = inline + tuple(overrides)
    targets: tuple[Target, ...] = ()
    if rules_spec:
        for players in counts:
            checker.check_rules(rules_spec, base_overrides, players, parameters)
        if not checker.problems:
            targets = _targets(checker, data["targets"], read_rules(rules_spec, base_overrides), counts)
    bots = checker.bots(settings["bots"], counts)
    if checker.problems:
        unique = list(dict.fromkeys(checker.problems))
        raise TuneError(sorted(unique, key=lambda p: (p.line, p.column)))
    games = settings["games"]
    digest = hashlib.sha256(json.dumps([data, list(overrides)], sort_keys=True).encode()).hexdigest()[:16]
    return TuneFile(
        file=file,
        name=str(data.get("name") or Path(file).stem),
        rules_spec=rules_spec,
        base_overrides=base_overrides,
        players=tuple(counts),
        bots=bots,
        rotate_seats=settings["rotate_seats"],
        games=games,
        round_games=min(games, data.get("round_games") or max(10, games // 4)),
        trials=settings["trials"],
        confirm_games=settings["confirm_games"],
        candidates=settings["candidates"],
        seed=settings["seed"],
        parameters=parameters,
        targets=targets,
        digest=digest,
        in_flight=settings["in_flight"],
    )


def _targets(
    checker: SpaceChecker, specs: list[dict[str, Any]], source: RulesSource, counts: list[int]
) -> tuple[Target, ...]:
    """Each target, its figure checked against the game's figures at every player count."""
    out: list[Target] = []
    for i, spec in enumerate(specs):
        target = _target(checker, i, spec)
        if target is None:
            continue
        for players in counts:
            try:
                figures = declared(source.compile(players))
            except RulesError as e:
                checker.problems.extend(e.problems)
                return ()
            row = resolve_row(spec["figure"], figures, players)
            if row is None:
                known = ", ".join(sorted(known_rows(figures, players)))
                checker.at(
                    ("targets", i, "figure"), f"no figure '{spec['figure']}' in a {players}-player game ({known})"
                )
                break
            if target.stat == "median" and row in MEASURES:
                checker.at(("targets", i, "stat"), f"{row} has no median: it is one number for all the games")
                break
            if row not in MEASURES and row_figure(figures, row) is None:
                checker.at(("targets", i, "figure"), f"no figure '{spec['figure']}' in a {players}-player game")
                break
        else:
            out.append(_with_row(target, row or target.figure))
    return tuple(out)


def _with_row(target: Target, row: str) -> Target:
    name = target.name if target.name != target.figure else row
    return Target(name, row, target.stat, target.low, target.high, target.weight, target.within, target.of_even)


def _target(checker: SpaceChecker, i: int, spec: dict[str, Any]) -> Target | None:
    """A target's band from its keys (exactly one form), None after saying what is wrong."""
    forms = [k for k in ("between", "within") if k in spec] + (
        ["at_most/at_least"] if {"at_most", "at_least"} & set(spec) else []
    )
    if "of" in spec and "within" not in spec:
        checker.at(("targets", i, "of"), "'of' is the centre of a 'within' band: add within")
        return None
    if "within" in spec and "of" not in spec:
        checker.at(("targets", i, "within"), "a 'within' band needs its centre: add of (a number, or even)")
        return None
    if len(forms) != 1:
        said = " and ".join(forms) if forms else "no band"
        checker.at(("targets", i), f"give exactly one band (between, at_most/at_least, or within with of): {said}")
        return None
    name = spec.get("name") or spec["figure"]
    stat, weight = spec.get("stat", "mean"), spec.get("weight", 1.0)
    if spec["figure"] == SEAT_SPREAD and "within" in spec and spec.get("of") == "even":
        checker.at(("targets", i, "of"), "the seat spread has no even share: use at_most")
        return None
    if "between" in spec:
        low, high = spec["between"]
        if low > high:
            checker.at(("targets", i, "between"), f"the band [{low}, {high}] is empty: give the lower end first")
            return None
        return Target(name, spec["figure"], stat, low, high, weight)
    if "within" in spec:
        if spec["of"] == "even":
            return Target(name, spec["figure"], stat, weight=weight, within=spec["within"], of_even=True)
        return Target(name, spec["figure"], stat, spec["of"] - spec["within"], spec["of"] + spec["within"], weight)
    low, high = spec.get("at_least", -math.inf), spec.get("at_most", math.inf)
    if low > high:
        checker.at(("targets", i, "at_least"), f"at_least {low} is above at_most {high}: no value meets it")
        return None
    return Target(name, spec["figure"], stat, low, high, weight)
