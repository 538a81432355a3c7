"""Scenarios: rule tests written as YAML, replayable by anyone with ``woa scenario``.

A scenario names rules and a player count, optionally sets up a position from a short partial
description, plays steps in the action notation (each may expect to be refused), and checks
expectations on the resulting state. See ``docs/scenarios.md`` and ``schema/scenario.schema.json``.

>>> from woa_core.rules.source import parse_yaml
>>> text = '''
... players: 2
... steps:
...   - p1 select move_workers
...   - action: p1 select sell
...     refused: already selected
... expect:
...   decider: p2
... '''
>>> run_scenario(scenario_from_located(parse_yaml(text, "s.yaml"), "s.yaml")).passed
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import IllegalAction, InvalidNotation, Problem, RulesError, ScenarioError, WoaError
from woa_core.kernel.notation import format_action, parse_action, parse_player
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.notation import parse_card, parse_good, parse_island, parse_location
from woa_core.packs.west_of_africa.state import NEUTRAL, NOBODY
from woa_core.packs.west_of_africa.validate import selection_bound
from woa_core.rules import load_rules
from woa_core.rules.overrides import parse_override
from woa_core.rules.source import Located, Pos, YamlProblem, display_path, load_yaml
from woa_core.rules.validate import explain_schema_error, schema_validator

SCHEMA = "scenario"


@dataclass(slots=True)
class Scenario:
    """A loaded scenario: its data and where each part of it stands in its file."""

    file: str
    data: dict[str, Any]
    located: Located
    base_dir: Path = field(default_factory=Path.cwd)

    @property
    def name(self) -> str:
        """The scenario's name, or its file's stem."""
        return str(self.data.get("name") or Path(self.file).stem)

    def where(self, path: tuple) -> str:
        """``FILE:LINE`` of a part of the scenario (for messages)."""
        pos = self.located.where(path) or Pos(self.file, 0, 0)
        return f"{pos.file}:{pos.line}"


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """Whether a scenario passed; if not, the first difference in words, with its line."""

    scenario: Scenario
    passed: bool
    message: str = ""


class Failure(Exception):
    """Raised inside a run: the scenario did not go as written."""


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file; ``ScenarioError`` lists every problem with its line."""
    try:
        located = load_yaml(path)
    except YamlProblem as e:
        raise ScenarioError(e.problems) from None
    scenario = scenario_from_located(located, display_path(path))
    scenario.base_dir = Path(path).resolve().parent
    return scenario


def scenario_from_located(located: Located, file: str) -> Scenario:
    """A scenario from parsed YAML (``ScenarioError`` if it breaks the scenario schema)."""
    problems: list[Problem] = []
    if not isinstance(located.data, dict):
        raise ScenarioError([Problem(file, 1, 1, "a scenario is a mapping (players, steps, expect, ...)")])
    for error in schema_validator(SCHEMA).iter_errors(located.data):
        problems.extend(explain_schema_error(located, tuple(error.absolute_path), error))
    if problems:
        raise ScenarioError(sorted(problems, key=lambda p: (p.line, p.column)))
    for i, text in enumerate(located.data.get("overrides", [])):
        try:  # read as --set reads them (bounded paths and values); checked against the rules when run
            parse_override(text)
        except RulesError as e:
            pos = located.where(("overrides", i)) or Pos(file, 0, 0)
            problems.append(Problem(pos.file, pos.line, pos.column, e.problems[0].message, f"overrides[{i}]"))
    if problems:
        raise ScenarioError(problems)
    return Scenario(file, located.data, located)


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play a scenario and check its expectations."""
    data = scenario.data
    spec = data.get("rules", DEFAULT_RULES)
    if spec.endswith((".yaml", ".yml")) or "/" in spec:
        spec = str((scenario.base_dir / spec).resolve()) if not Path(spec).is_absolute() else spec
    try:
        rules = load_rules(spec, data["players"], data.get("overrides", []))
    except RulesError as e:
        return ScenarioResult(scenario, False, f"{scenario.where(('rules',))}: cannot load rules: {e}")
    game = Game(rules, seed=data.get("seed", 0))
    check = data.get("check_invariants", False)
    try:
        if "setup" in data:
            apply_setup(game, data["setup"], scenario)
        for i, step in enumerate(data.get("steps", [])):
            prev = game.state.copy() if check else None
            run_step(game, step, scenario, ("steps", i))
            if check:
                _check_invariants(game, prev, scenario.where(("steps", i)))
        if "expect" in data:
            check_expectations(game, data["expect"], scenario, ("expect",))
    except Failure as e:
        return ScenarioResult(scenario, False, str(e))
    except WoaError as e:  # e.g. a log or rules error met on the way: this scenario fails, the run goes on
        return ScenarioResult(scenario, False, f"{scenario.where(())}: {e}")
    return ScenarioResult(scenario, True)


def _check_invariants(game: Game, prev: GameState | None, where: str) -> None:
    from woa_core.check.invariants import violations

    for name, problem in violations(game.rules, game.state, prev):
        raise Failure(f"{where}: invariant '{name}' fails: {problem}")


def run_step(game: Game, step: Any, scenario: Scenario, path: tuple) -> None:
    """Play one step: an action, an action expected to be refused, or a mid-way expectation."""
    if isinstance(step, dict) and "expect" in step:
        check_expectations(game, step["expect"], scenario, (*path, "expect"))
        return
    text = step if isinstance(step, str) else step["action"]
    refused = step.get("refused") if isinstance(step, dict) else None
    where = scenario.where(path)
    before = game.state.to_json()
    reason: str | None = None
    try:
        game.apply(parse_action(game.rules, text))
    except (InvalidNotation, IllegalAction) as e:
        reason = str(e)
    if reason is not None:
        if refused is None:
            raise Failure(f"{where}: '{text}' was refused: {reason}")
        if game.state.to_json() != before:
            raise Failure(f"{where}: '{text}' was refused but changed the state")
        missing = [w for w in str(refused).lower().split() if w not in reason.lower()]
        if missing:
            lacking = " ".join(missing)
            raise Failure(f"{where}: '{text}' was refused as expected, but the reason '{reason}' lacks: {lacking}")
        return
    if refused is not None:
        raise Failure(f"{where}: '{text}' was expected to be refused ({refused}), but it was played")


# ------------------------------------------------------------------------------- setup


def _space(rules: Rules, island: int, number: int, where: str) -> int:
    for space in rules.islands[island].spaces:
        if rules.spaces[space].number == number:
            return space
    raise Failure(f"{where}: {rules.islands[island].id} has no space {number}")


def _check_space_kind(rules: Rules, space: int, key: str, where: str) -> None:
    """A crop needs a field, a settlement a settlement space (the board says which each is)."""
    sp = rules.spaces[space]
    island = rules.islands[sp.island].id
    if key == "crops" and sp.good < 0:
        raise Failure(f"{where}: space {sp.number} of {island} is not a field: no crop can grow there")
    if key == "settlements" and sp.cost < 0:
        raise Failure(f"{where}: space {sp.number} of {island} is not a settlement space")


def apply_setup(game: Game, setup: dict[str, Any], scenario: Scenario) -> None:
    """Change the fresh game's state as ``setup`` describes (only what it names)."""
    r, s = game.rules, game.state

    def at(*path: Any) -> str:
        return scenario.where(("setup", *path))

    def word(parse: Callable[[Rules, str], int], text: str, *path: Any) -> int:
        """An id read with the notation's parser; a bad one fails at its line."""
        try:
            return parse(r, text)
        except InvalidNotation as e:
            raise Failure(f"{at(*path)}: {e}") from None

    for key, value in setup.items():
        if key == "round":
            s.round = value
        elif key == "gold":
            for who, amount in value.items():
                s.gold[word(parse_player, who, key, who)] = amount
        elif key == "vp":
            for who, amount in value.items():
                p = word(parse_player, who, key, who)
                # VP from before the scenario starts are booked as "setup", so that
                # vp == sum(vp_from) still holds.
                s.vp_from[p]["setup"] = s.vp_from[p].get("setup", 0) + amount - s.vp[p]
                s.vp[p] = amount
        elif key == "gold_order":
            for rank, who in enumerate(value):
                s.gold_time[word(parse_player, who, key, rank)] = rank - len(value)
        elif key == "workers":
            for who, places in value.items():
                p = word(parse_player, who, key, who)
                s.workers[p] = [0] * len(s.workers[p])
                for place, n in places.items():
                    s.workers[p][word(parse_location, place, key, who, place)] = n
        elif key == "ships":
            for who, place in value.items():
                island = NOBODY if place is None else word(parse_island, place, key, who)
                s.ship[word(parse_player, who, key, who)] = island
        elif key == "warehouses":
            for island, owners in value.items():
                i = word(parse_island, island, key, island)
                for who, goods in owners.items():
                    p = word(parse_player, who, key, island, who)
                    for good, n in goods.items():
                        s.warehouse[i][p][word(parse_good, good, key, island, who, good)] = n
        elif key == "supply":
            for who, goods in value.items():
                p = word(parse_player, who, key, who)
                for good, n in goods.items():
                    s.supply[p][word(parse_good, good, key, who, good)] = n
        elif key in ("crops", "settlements"):
            for i, item in enumerate(value):
                island = word(parse_island, item["island"], key, i)
                space = _space(r, island, item["space"], at(key, i))
                _check_space_kind(r, space, key, at(key, i))
                if key == "crops":
                    if "player" not in item:
                        raise Failure(f"{at(key, i)}: a crop needs the player whose good it is")
                    s.crop[space] = word(parse_player, item["player"], key, i)
                else:
                    s.settlement[space] = word(parse_player, item["player"], key, i) if item.get("player") else NEUTRAL
        elif key == "alcaldes":
            for island, who in value.items():
                holder = NOBODY if who is None else word(parse_player, who, key, island)
                s.alcalde[word(parse_island, island, key, island)] = holder
        elif key == "hands":
            for who, cards in value.items():
                p = word(parse_player, who, key, who)
                for card, n in cards.items():
                    s.hand[p][word(parse_card, card, key, who, card)] = n
                too_many = selection_bound(s.hand[p], r.min_cards, r.max_cards)  # as rule files are bounded
                if too_many:
                    raise Failure(f"{at(key, who)}: {who} holds too many cards to choose among: {too_many}")
        elif key == "track":
            s.reserve += s.track - value
            s.track = value
        elif key == "reserve":
            s.reserve = value
        elif key == "last_round":
            s.last_round = value


# ------------------------------------------------------------------------ expectations


def observed(game: Game, key: str, arg: Any = None) -> Any:
    """The value of an expectation ``key`` in the game, in the words a scenario uses."""
    r, s = game.rules, game.state

    def name(p: int) -> str | None:
        return f"p{p + 1}" if p >= 0 else None

    if key in ("gold", "vp"):
        return {f"p{p + 1}": v for p, v in enumerate(getattr(s, key))}
    if key == "vp_from":
        return {f"p{p + 1}": dict(v) for p, v in enumerate(s.vp_from)}
    if key == "order":
        return [name(p) for p in s.order]
    if key == "gold_rank":
        return [name(p) for p in s.gold_rank()]
    if key == "ships":
        return {f"p{p + 1}": (r.islands[i].id if i >= 0 else None) for p, i in enumerate(s.ship)}
    if key == "alcaldes":
        return {i.id: name(s.alcalde[k]) for k, i in enumerate(r.islands)}
    if key == "workers":
        return {
            f"p{p + 1}": {r.location_name(loc): n for loc, n in enumerate(s.workers[p]) if n} for p in range(s.players)
        }
    if key == "warehouses":
        out: dict[str, Any] = {}
        for i, island in enumerate(r.islands):
            for p in range(s.players):
                goods = {r.goods[g]: n for g, n in enumerate(s.warehouse[i][p]) if n}
                if goods:
                    out.setdefault(island.id, {})[f"p{p + 1}"] = goods
        return out
    if key == "supply":
        return {f"p{p + 1}": {r.goods[g]: n for g, n in enumerate(s.supply[p])} for p in range(s.players)}
    if key == "crops":
        return sorted(
            f"{name(owner)} {r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"
            for sp, owner in enumerate(s.crop)
            if owner >= 0
        )
    if key == "settlements":
        return sorted(
            f"{name(owner) or 'neutral'} {r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"
            for sp, owner in enumerate(s.settlement)
            if owner != NOBODY
        )
    if key == "hands":
        return {f"p{p + 1}": {c.id: s.hand[p][i] for i, c in enumerate(r.cards)} for p in range(s.players)}
    if key == "decider":
        return name(game.decider())
    if key == "winner":
        return name(s.winner)
    if key == "ranking":
        return [name(p) for p in s.ranking]
    if key == "over":
        return game.over
    if key == "legal":
        return sorted(format_action(r, a) for a in game.legal_actions())
    if key in ("round", "track", "reserve", "step", "last_round", "end_reason"):
        return getattr(s, key)
    raise Failure(f"unknown expectation '{key}'")


def _nothing(value: Any) -> bool:
    """Whether an expected value says "none here" (0, null, or a mapping of such)."""
    if isinstance(value, dict):
        return all(_nothing(v) for v in value.values())
    return value is None or value == 0


def _differs(expected: Any, actual: Any, what: str) -> str | None:
    """The first difference between an expected (partial) value and the actual one, in words."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k, v in expected.items():
            if k not in actual:
                if _nothing(v):
                    continue
                return f"{what}.{k}: expected {v!r}, but there is none"
            diff = _differs(v, actual[k], f"{what}.{k}")
            if diff:
                return diff
        return None
    if expected != actual:
        return f"{what}: expected {expected!r}, got {actual!r}"
    return None


def check_expectations(game: Game, expect: dict[str, Any], scenario: Scenario, path: tuple) -> None:
    """Compare each expectation; the first difference fails the scenario."""
    for key, value in expect.items():
        if key == "legal_includes" or key == "legal_excludes":
            legal = set(observed(game, "legal"))
            for text in value:
                try:
                    canonical = format_action(game.rules, parse_action(game.rules, text))
                except InvalidNotation as e:
                    raise Failure(f"{scenario.where((*path, key))}: {e}") from None
                if (canonical in legal) != (key == "legal_includes"):
                    verb = "is not" if key == "legal_includes" else "is"
                    raise Failure(f"{scenario.where((*path, key))}: '{text}' {verb} a legal action now")
            continue
        actual = observed(game, key)
        if key in ("crops", "settlements", "legal"):
            value = sorted(value)
        diff = _differs(value, actual, key)
        if diff:
            raise Failure(f"{scenario.where((*path, key))}: {diff}")


def find_scenarios(paths: list[str]) -> list[Path]:
    """Scenario files in ``paths`` (directories are searched for ``*.yaml``, sorted)."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(x for x in p.rglob("*.y*ml") if x.suffix in (".yaml", ".yml"))
        else:
            found.append(p)
    return found
