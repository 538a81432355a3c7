"""issue 43, done-when: hostile scenario files using the new keys (branches, ``legal`` per verb,
``refused: any``, moments, ``complete``, bundled variant names) give a sentence, never a
traceback: loading them is a ``ScenarioError`` with a line, or running them a result (a failure
with its message). A small hypothesis budget; ``benchmarks/fuzz_inputs.py`` fuzzes the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from woa_core.check.scenario import load_scenario, run_scenario
from woa_core.errors import WoaError

WORDS = st.sampled_from(
    ["p1", "p2", "p9", "walk", "relocate", "place", "stay", "any", "h02_06", "h02_07", "h99_99", "", " ", "\t"]
)
ACTIONS = st.sampled_from(
    [
        "p1 walk h02_06",
        "p1 reveal h02_07",
        "p1 relocate h02_06",
        "p1 camp research",
        "p1 stay",
        "p2 walk h00_10",
        "p1 walk",
        "p1 walk h02_06 h02_07",
        "p1 fly h02_06",
        "p9 walk h02_06",
        "p1 select sell",
    ]
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 10**30), st.floats(allow_nan=True), WORDS, ACTIONS, st.text(max_size=12)
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(WORDS, st.text(max_size=8)), inner, max_size=4)
    ),
    max_leaves=12,
)
VERBS = st.sampled_from(["walk", "relocate", "reveal", "place", "stay", "camp", "swap", "fly", "WALK", "sail"])
LEGAL = st.one_of(
    st.lists(ACTIONS, max_size=4),
    st.dictionaries(
        VERBS,
        st.one_of(
            st.lists(ACTIONS, max_size=3),
            st.fixed_dictionaries(
                {},
                optional={
                    "includes": st.lists(ACTIONS, max_size=3),
                    "excludes": st.lists(ACTIONS, max_size=3),
                    "count": st.integers(-1, 50),
                },
            ),
            JUNK,
        ),
        max_size=3,
    ),
    JUNK,
)
EXPECT = st.fixed_dictionaries(
    {},
    optional={
        "legal": LEGAL,
        "vp": st.one_of(st.dictionaries(WORDS, st.integers(-1, 40), max_size=3), JUNK),
        "score_now": JUNK,
        "boxed": st.one_of(st.integers(-1, 30), JUNK),
        "decider": st.one_of(WORDS, JUNK),
    },
)
STEP = st.one_of(
    ACTIONS,
    st.fixed_dictionaries(
        {"action": ACTIONS},
        optional={
            "refused": st.one_of(st.just("any"), st.just("ANY "), WORDS, JUNK),
            "at": st.one_of(st.dictionaries(st.sampled_from(["before_final_scoring", "noon", "x"]), EXPECT), JUNK),
        },
    ),
    st.fixed_dictionaries({"expect": EXPECT}),
    JUNK,
)
STEPS = st.lists(STEP, max_size=5)
BRANCHES = st.one_of(
    st.dictionaries(
        st.one_of(st.sampled_from(["a", "b-1", "c.d", "-x", "é", ""]), st.text(max_size=6)),
        st.one_of(st.fixed_dictionaries({}, optional={"steps": STEPS, "expect": EXPECT, "description": JUNK}), JUNK),
        max_size=4,
    ),
    JUNK,
)
SETUP = st.fixed_dictionaries(
    {},
    optional={
        "complete": st.one_of(st.booleans(), JUNK),
        "explorers": st.one_of(st.just({"p1": "h02_06"}), JUNK),
        "displays": st.one_of(st.just({"p1": {"statue": 3}, "p2": {"mask": 90}}), JUNK),
        "supply": st.one_of(st.integers(-2, 40), JUNK),
        "camps": st.one_of(st.dictionaries(WORDS, st.integers(-2, 40), max_size=3), JUNK),
        "fields": st.one_of(st.just({"h02_07": "down monument", "h02_06": "gold_1"}), JUNK),
    },
)
RULES = st.sampled_from(
    [
        "africa",
        "africa-simple",
        "africa-simple.yaml",
        "rich-islands",
        "no-such",
        "../africa",
        "",
        "variants/x",
        "a\x00b",
    ]
)
SCENARIO = st.fixed_dictionaries(
    {"players": st.one_of(st.sampled_from([2, 3, 4]), JUNK)},
    optional={
        "rules": st.one_of(RULES, JUNK),
        "setup": st.one_of(SETUP, JUNK),
        "steps": st.one_of(STEPS, JUNK),
        "branches": BRANCHES,
        "expect": st.one_of(EXPECT, JUNK),
        "check_invariants": st.booleans(),
    },
)


def _outcome(path: Path) -> str:
    """ "error" (a located sentence) or "ran" (a result; a failure says why); anything else escapes."""
    try:
        result = run_scenario(load_scenario(path))
    except WoaError as e:
        assert str(e).strip()
        return "error"
    assert result.passed or result.message.strip()
    for branch in result.branches:
        assert branch.passed or branch.message.strip()
    return "ran"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=SCENARIO)
def test_hostile_scenarios_with_the_new_keys_are_sentences(tmp_path: Path, data: dict[str, Any]) -> None:
    """issue 43: branches, per-verb legal sets, refusals, moments and complete setups of any
    shape give a located error or a result, never an escaping exception."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert _outcome(path) in ("error", "ran")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(branches=BRANCHES, legal=LEGAL, at=st.dictionaries(st.sampled_from(["before_final_scoring", "x"]), EXPECT))
def test_hostile_branches_over_a_real_africa_case(
    tmp_path: Path, branches: Any, legal: Any, at: dict[str, Any]
) -> None:
    """issue 43: the same, over a case that plays (so the new keys are run, not only refused)."""
    data = {
        "rules": "africa",
        "players": 2,
        "setup": {"complete": True, "explorers": {"p1": "h02_06"}, "fields": {"h02_07": "down monument"}, "supply": 0},
        "steps": ["p1 walk h02_06", {"expect": {"legal": legal}}, {"action": "p1 reveal h02_07", "at": at}],
        "branches": branches,
    }
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert _outcome(path) in ("error", "ran")
