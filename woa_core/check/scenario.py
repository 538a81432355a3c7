"""Scenarios: rule tests written as YAML, replayable by anyone with ``woa scenario``.

A scenario names rules and a player count, optionally sets up a position from a short partial
description, plays steps in the action notation (each may expect to be refused), and checks
expectations on the resulting state. See ``docs/scenarios.md``. The kernel knows the keys every
game shares (rules, players, seed, steps, and the expectations ``KERNEL_EXPECT``); what a setup
and the other expectations may say is the game's (``Pack.scenario``, with its schema merged over
``woa_core/kernel/schema/scenario.schema.json``: West of Africa's is ``schema/scenario.schema.json``).

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from woa_core.errors import IllegalAction, InvalidNotation, Problem, RulesError, ScenarioError, WoaError
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.notation import format_action, parse_action
from woa_core.kernel.pack import Pack, PackError
from woa_core.kernel.scenario import declared_expect
from woa_core.rules import DEFAULT_RULES, RulesSource, read_rules
from woa_core.rules.bundled import data_root
from woa_core.rules.data import scenario_validator
from woa_core.rules.overrides import parse_override
from woa_core.rules.resolve import bundled_rulesets
from woa_core.rules.source import Located, Pos, YamlProblem, display_path, load_yaml
from woa_core.rules.validate import explain_schema_error

KERNEL_EXPECT = ("decider", "winner", "ranking", "over", "legal", "legal_count")
"""The ``expect`` keys of every game (``legal_includes`` and ``legal_excludes`` too); the rest
are its pack's (``Pack.scenario``)."""


@dataclass(slots=True)
class Scenario:
    """A loaded scenario: its data, where each part of it stands in its file, and its rules if
    they could be read when it was loaded."""

    file: str
    data: dict[str, Any]
    located: Located
    base_dir: Path = field(default_factory=Path.cwd)
    source: RulesSource | None = None

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
    """Whether a scenario passed; if not, the first difference in words, with its line.
    ``notes``: what a ``complete`` setup placed itself; ``branches``: the result of each named
    branch (``branches:``), each on its own (the scenario passes when all of them do)."""

    scenario: Scenario
    passed: bool
    message: str = ""
    notes: tuple[str, ...] = ()
    branches: tuple[BranchResult, ...] = ()


@dataclass(frozen=True, slots=True)
class BranchResult:
    """Whether one named branch of a scenario passed, and if not its first difference."""

    name: str
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
    return scenario_from_located(located, display_path(path), Path(path).resolve().parent)


def scenario_from_located(located: Located, file: str, base_dir: Path | None = None) -> Scenario:
    """A scenario from parsed YAML (``ScenarioError`` if it breaks the scenario schema of its
    game: the kernel's keys and its pack's, ``woa_core.rules.data.scenario_validator``).
    ``base_dir``: where the rules it names are looked for (default: the working directory)."""
    problems: list[Problem] = []
    if not isinstance(located.data, dict):
        raise ScenarioError([Problem(file, 1, 1, "a scenario is a mapping (players, steps, expect, ...)")])
    base = base_dir if base_dir is not None else Path.cwd()
    source = _rules_of(located.data, base)
    pack = _pack_of(source)
    for error in scenario_validator(pack).iter_errors(located.data):
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
    return Scenario(file, located.data, located, base, source)


def rules_spec(data: dict[str, Any], base_dir: Path) -> str:
    """The rules a scenario names (default: the bundled ``west-of-africa``): a bundled name, or a
    path relative to the scenario's folder (a variant file, or a rules directory).

    >>> rules_spec({}, Path("tests/scenarios"))
    'west-of-africa'
    """
    spec = str(data.get("rules", DEFAULT_RULES))
    if spec.endswith((".yaml", ".yml")) or "/" in spec or (base_dir / spec).is_dir():
        spec = str((base_dir / spec).resolve()) if not Path(spec).is_absolute() else spec
    elif spec not in bundled_rulesets() and bundled_variant(spec) is not None:
        spec = str(bundled_variant(spec))
    return spec


def bundled_variant(name: str) -> Path | None:
    """The variant file shipped with woa under ``name`` (``rules/variants/NAME.yaml``, inside
    the package once installed), or None.

    >>> bundled_variant("africa-simple").name, bundled_variant("no-such-variant")
    ('africa-simple.yaml', None)
    """
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        return None
    path = data_root() / "rules" / "variants" / f"{name}.yaml"
    return path if path.is_file() else None


def _rules_of(data: dict[str, Any], base_dir: Path) -> RulesSource | None:
    """The rules a scenario names, read now; None if they cannot be (running it will say why)."""
    overrides = data.get("overrides", [])
    if not isinstance(data.get("rules", ""), str) or not isinstance(overrides, list):
        return None  # the schema says what is wrong
    try:
        return read_rules(rules_spec(data, base_dir), [str(o) for o in overrides])
    except WoaError:
        return None


def _pack_of(source: RulesSource | None) -> Pack | None:
    if source is None:
        return None
    try:
        return source.pack
    except PackError:
        return None


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play a scenario and check its expectations: its setup, its steps, then each of its named
    ``branches`` (steps and expectations of their own, from where the shared steps left the
    game), each reported on its own."""
    data = scenario.data
    try:
        source = scenario.source or read_rules(rules_spec(data, scenario.base_dir), data.get("overrides", []))
        rules = source.compile(data["players"])
    except RulesError as e:
        return ScenarioResult(scenario, False, f"{scenario.where(('rules',))}: cannot load rules: {e}")
    game = new_game(rules, seed=data.get("seed", 0))
    notes: tuple[str, ...] = ()
    try:
        if "setup" in data:
            notes = tuple(apply_setup(game, data["setup"], scenario))
        if data.get("check_invariants", False):
            _check_invariants(game, None, scenario.where(("setup",) if "setup" in data else ()))
        _play_line(game, data, scenario, ())
    except Failure as e:
        return ScenarioResult(scenario, False, str(e), notes)
    except WoaError as e:  # e.g. a log or rules error met on the way: this scenario fails, the run goes on
        return ScenarioResult(scenario, False, f"{scenario.where(())}: {e}", notes)
    branches = tuple(
        _run_branch(game.copy(), name, branch, scenario) for name, branch in data.get("branches", {}).items()
    )
    failed = [b for b in branches if not b.passed]
    message = "\n".join(f"branch {b.name}: {b.message}" for b in failed)
    return ScenarioResult(scenario, not failed, message, notes, branches)


def _play_line(game: Game, line: dict[str, Any], scenario: Scenario, path: tuple) -> None:
    """Play a line of steps (the scenario's own, or a branch's) and check its ``expect``."""
    check = scenario.data.get("check_invariants", False)
    for i, step in enumerate(line.get("steps", [])):
        prev = game.state.copy() if check else None
        run_step(game, step, scenario, (*path, "steps", i))
        if check:
            _check_invariants(game, prev, scenario.where((*path, "steps", i)))
    if "expect" in line:
        check_expectations(game, line["expect"], scenario, (*path, "expect"))


def _run_branch(game: Game, name: str, branch: dict[str, Any], scenario: Scenario) -> BranchResult:
    """One named branch, played on its own copy of the game."""
    try:
        _play_line(game, branch, scenario, ("branches", name))
    except Failure as e:
        return BranchResult(name, False, str(e))
    except WoaError as e:
        return BranchResult(name, False, f"{scenario.where(('branches', name))}: {e}")
    return BranchResult(name, True)


def _check_invariants(game: Game, prev: Any, where: str) -> None:
    from woa_core.check.invariants import violations

    for name, problem in violations(game.rules, game.state, prev):
        raise Failure(f"{where}: invariant '{name}' fails: {problem}")


REFUSED_ANY = "any"
"""``refused: any``: the action must be refused, for any reason the engine gives."""


def run_step(game: Game, step: Any, scenario: Scenario, path: tuple) -> None:
    """Play one step: an action, an action expected to be refused, or a mid-way expectation. A
    refused action must leave the state as it was and must not be among the legal actions; an
    action may check ``at`` named moments inside it (``ScenarioHooks.moments``)."""
    if isinstance(step, dict) and "expect" in step:
        check_expectations(game, step["expect"], scenario, (*path, "expect"))
        return
    text = step if isinstance(step, str) else step["action"]
    refused = step.get("refused") if isinstance(step, dict) else None
    moments = step.get("at", {}) if isinstance(step, dict) else {}
    where = scenario.where(path)
    before = game.state.to_json()
    earlier = game.copy() if moments else None
    reason: str | None = None
    try:
        action = parse_action(game.rules, text)
    except InvalidNotation as e:
        reason, action = str(e), None
    if action is not None:
        try:
            game.apply(action)
        except IllegalAction as e:
            reason = str(e)
    if reason is not None:
        if refused is None:
            raise Failure(f"{where}: '{text}' was refused: {reason}")
        if game.state.to_json() != before:
            raise Failure(f"{where}: '{text}' was refused but changed the state")
        if action is not None and _listed(game, action):
            raise Failure(f"{where}: '{text}' was refused ({reason}), yet it is among the legal actions")
        _check_reason(text, reason, str(refused), where)
        return
    if refused is not None:
        raise Failure(f"{where}: '{text}' was expected to be refused ({refused}), but it was played")
    if earlier is not None:
        _check_moments(earlier, game, moments, scenario, (*path, "at"))


def _listed(game: Game, action: Any) -> bool:
    """Whether ``action`` is among the legal actions now, as the notation writes them."""
    text = format_action(game.rules, action)
    return any(format_action(game.rules, a) == text for a in game.legal_actions())


def _check_reason(text: str, reason: str, refused: str, where: str) -> None:
    """A refusal's reason holds the words expected (``refused: any``: any reason, but one)."""
    if refused.strip().lower() == REFUSED_ANY:
        if not reason.strip():
            raise Failure(f"{where}: '{text}' was refused without a reason")
        return
    missing = [w for w in refused.lower().split() if w not in reason.lower()]
    if missing:
        lacking = " ".join(missing)
        raise Failure(f"{where}: '{text}' was refused as expected, but the reason '{reason}' lacks: {lacking}")


def _check_moments(
    before: Game, after: Game, moments: dict[str, Any], scenario: Scenario, path: tuple[Any, ...]
) -> None:
    """The expectations at each named moment inside the action just played."""
    declared = after.rules.pack.scenario.moments if after.rules.pack.scenario is not None else {}
    for name, expect in moments.items():
        moment = declared.get(name)
        if moment is None:
            known = ", ".join(declared) or "none"
            raise Failure(f"{scenario.where((*path, name))}: no moment '{name}' in this game (it declares: {known})")
        game = moment(before.copy(), after.copy())
        if game is None:
            raise Failure(f"{scenario.where((*path, name))}: the action did not pass the moment '{name}'")
        check_expectations(game, expect, scenario, (*path, name))


def apply_setup(game: Game, setup: dict[str, Any], scenario: Scenario) -> list[str]:
    """Change the fresh game's state as ``setup`` describes (only what it names), by its pack's
    ``ScenarioHooks.setup``; a value the game cannot take fails at its line. Returns the pack's
    notes on what it placed itself (``complete: true``: what the case did not mention)."""
    hooks = game.rules.pack.scenario

    def fail(path: tuple[Any, ...], message: str) -> NoReturn:
        raise Failure(f"{scenario.where(('setup', *path))}: {message}")

    if hooks is not None:
        return list(hooks.setup(game, setup, fail) or ())
    if setup:
        fail((), f"the rule pack {game.rules.pack.name} declares no scenario setup")
    return []


def observed(game: Game, key: str) -> Any:
    """The value of an expectation ``key`` in the game, in the words a scenario uses: the
    kernel's keys (``KERNEL_EXPECT``) here, the others from the game's pack."""

    def name(p: int) -> str:
        return f"p{p + 1}"

    if key == "decider":
        deciders = game.deciders()
        return name(deciders[0]) if deciders else None
    if key == "winner":
        winners = [name(p) for p in game.rules.pack.winners(game)] if game.over else []
        return None if not winners else winners[0] if len(winners) == 1 else winners
    if key == "ranking":
        return [name(p) for p in game.state.ranking]
    if key == "over":
        return game.over
    if key == "legal":
        return sorted(format_action(game.rules, a) for a in game.legal_actions())
    if key == "legal_count":
        return len(game.legal_actions())
    hooks = game.rules.pack.scenario
    try:
        if hooks is None:
            raise KeyError(key)
        if key in hooks.fields | hooks.seat_fields:
            return declared_expect(hooks, game, key)
        return hooks.expect(game, key)
    except KeyError:
        raise Failure(f"unknown expectation '{key}'") from None


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
        where = scenario.where((*path, key))
        if key == "legal_includes" or key == "legal_excludes":
            _check_listed(game, value, key == "legal_includes", where)
            continue
        if key == "legal" and isinstance(value, dict):
            for verb, wanted in value.items():
                _check_verb(game, verb, wanted, scenario, (*path, key, verb))
            continue
        actual = observed(game, key)
        hooks = game.rules.pack.scenario
        if key == "legal" or (hooks is not None and key in hooks.unordered):
            value = sorted(value)
        diff = _differs(value, actual, key)
        if diff:
            raise Failure(f"{where}: {diff}")


def _canonical(game: Game, text: str, where: str) -> str:
    """An action as the notation writes it (a text it refuses fails at ``where``)."""
    try:
        return format_action(game.rules, parse_action(game.rules, text))
    except InvalidNotation as e:
        raise Failure(f"{where}: {e}") from None


def _check_listed(game: Game, texts: list[str], wanted: bool, where: str) -> None:
    """Each action is (``wanted``) or is not a legal action now."""
    legal = set(observed(game, "legal"))
    for text in texts:
        if (_canonical(game, text, where) in legal) != wanted:
            raise Failure(f"{where}: '{text}' {'is not' if wanted else 'is'} a legal action now")


def _check_verb(game: Game, verb: str, wanted: Any, scenario: Scenario, path: tuple[Any, ...]) -> None:
    """``legal: {VERB: ...}``: the legal actions of one verb, exactly (a list), or ``includes``,
    ``excludes`` and ``count`` (a mapping); the actions of the other verbs are not compared."""
    where = scenario.where(path)
    verbs = game.rules.pack.verbs
    if verb not in verbs:
        raise Failure(f"{where}: unknown verb '{verb}' (one of: {', '.join(verbs)})")
    legal = sorted(a for a in observed(game, "legal") if a.split()[1] == verb)
    named = wanted if isinstance(wanted, list) else [*wanted.get("includes", []), *wanted.get("excludes", [])]
    for text in named:
        if _canonical(game, text, where).split()[1] != verb:
            raise Failure(f"{where}: '{text}' is not a '{verb}' action")
    if isinstance(wanted, list):
        expected = sorted(_canonical(game, text, where) for text in wanted)
        if expected != legal:
            missing, extra = sorted(set(expected) - set(legal)), sorted(set(legal) - set(expected))
            raise Failure(f"{where}: legal {verb}: expected {expected}, got {legal} (missing {missing}, extra {extra})")
        return
    _check_listed(game, wanted.get("includes", []), True, scenario.where((*path, "includes")))
    _check_listed(game, wanted.get("excludes", []), False, scenario.where((*path, "excludes")))
    if "count" in wanted and wanted["count"] != len(legal):
        raise Failure(f"{scenario.where((*path, 'count'))}: legal {verb}: expected {wanted['count']}, got {len(legal)}")


def find_scenarios(paths: list[str]) -> list[Path]:
    """Scenario files in ``paths`` (directories are searched for ``*.yaml``, sorted)."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(x for x in p.rglob("*.y*ml") if x.suffix in (".yaml", ".yml"))
        else:
            found.append(p)
    return found
