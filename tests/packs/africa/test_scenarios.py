"""Africa's scenario files (tests/scenarios/africa: africa-rulings T1-T20 and the rulebook's
examples): there is one for every test case and worked example, each passes
(tests/check/test_scenarios.py runs them with the others), and every expectation in it can
fail: changed one at a time (a number by one, a word, a player, a list by an item, an expected
refusal's words), each makes its scenario fail."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from woa_core.check.scenario import Scenario, find_scenarios, load_scenario, run_scenario

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "africa"
FILES = find_scenarios([str(FOLDER)])


def test_every_test_case_of_the_rulings_has_a_scenario() -> None:
    cases = {p.name.split("-")[0] for p in FILES if p.name.startswith("t")}
    assert cases == {f"t{n:02d}" for n in range(1, 21)}
    examples = [p.stem for p in FILES if "-example-" in p.stem]
    assert {name.split("-example-")[1].split("-")[0] for name in examples} == {
        "elephant",
        "nomad",
        "swap",
        "goods",
        "gold",
    }


def _mutations(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, changed value) for every leaf of an expectation, changed so that it says another thing."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _mutations(v, (*path, k))
    elif isinstance(value, bool):
        yield path, not value
    elif isinstance(value, int):
        yield path, value + 1
    elif value is None:
        yield path, "p1"
    elif isinstance(value, str):
        yield path, "p2" if value == "p1" else "p1" if value.startswith("p") and len(value) == 2 else value + "x"
    elif isinstance(value, list):
        yield path, value[:-1] if value else ["p1 skip"]


def _checks(data: dict[str, Any]) -> Iterator[tuple[str, tuple[Any, ...], Any]]:
    """Every check of a scenario and of its branches, changed: (what, path in the data, new value)."""
    lines: list[tuple[Any, ...]] = [(), *(("branches", name) for name in data.get("branches", {}))]
    places: list[tuple[Any, ...]] = []
    for line in lines:
        body = _get(data, line)
        places += [(*line, "expect")] if "expect" in body else []
        for i, step in enumerate(body.get("steps", [])):
            if isinstance(step, dict) and "expect" in step:
                places.append((*line, "steps", i, "expect"))
            elif isinstance(step, dict) and "refused" in step:
                yield f"{line}steps[{i}].refused", (*line, "steps", i, "refused"), step["refused"] + " zzz"
            if isinstance(step, dict) and "at" in step:
                places += [(*line, "steps", i, "at", moment) for moment in step["at"]]
    for place in places:
        expect = _get(data, place)
        for key, value in expect.items():
            if key in ("legal_includes", "legal_excludes"):  # an item moved to the other list
                yield from _moved(place, expect, key, "legal_excludes" if key == "legal_includes" else "legal_includes")
                continue
            if key == "legal" and isinstance(value, dict):  # issue 43.3: per verb
                for verb, wanted in value.items():
                    if isinstance(wanted, dict):
                        for which in ("includes", "excludes"):
                            if which in wanted:
                                other = "excludes" if which == "includes" else "includes"
                                yield from _moved((*place, key, verb), wanted, which, other)
                        continue
                    for path, new in _mutations(wanted, (*place, key, verb)):
                        yield ".".join(map(str, path)), path, new
                continue
            for path, new in _mutations(value, (*place, key)):
                yield ".".join(map(str, path)), path, new


def _moved(
    place: tuple[Any, ...], expect: dict[str, Any], key: str, other: str
) -> Iterator[tuple[str, tuple[Any, ...], Any]]:
    """Each item of the list ``expect[key]`` moved to the list ``expect[other]``."""
    value = expect[key]
    for j, item in enumerate(value):
        changed = {**expect, key: value[:j] + value[j + 1 :], other: [*expect.get(other, []), item]}
        yield f"{place}.{key}[{j}]", place, changed


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _changed(scenario: Scenario, path: tuple[Any, ...], value: Any) -> Scenario:
    data = copy.deepcopy(scenario.data)
    _get(data, path[:-1])[path[-1]] = value
    return Scenario(scenario.file, data, scenario.located, scenario.base_dir, scenario.source)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_expectation_can_fail(path: Path) -> None:
    scenario = load_scenario(path)
    assert run_scenario(scenario).passed
    checks = list(_checks(scenario.data))
    assert checks, "a scenario that checks nothing"
    survived = [what for what, where, new in checks if run_scenario(_changed(scenario, where, new)).passed]
    assert survived == [], f"these checks pass whatever they say: {survived}"
