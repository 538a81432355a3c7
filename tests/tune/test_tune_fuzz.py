"""Tune files of any shape get a sentence (issue 39, done when: bad tune files never give a traceback)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from woa_core.errors import TuneError, UsageError
from woa_core.rules.source import YamlProblem, parse_yaml
from woa_core.tune.tune_file import tune_from_located

NUMBERS = st.one_of(
    st.integers(-(10**25), 10**25), st.floats(allow_nan=True, allow_infinity=True), st.just(0), st.just(1)
)
VALUES = st.one_of(NUMBERS, st.text(max_size=6), st.booleans(), st.none(), st.lists(NUMBERS, max_size=3))
FIGURES = st.sampled_from(["rounds", "length", "first_player_wins", "seat-spread", "winner-top-source", "vp_gold", "x"])
BAND_KEYS = st.sampled_from(["between", "at_most", "at_least", "within", "of", "stat", "weight", "name", "bogus"])
TARGET = st.dictionaries(BAND_KEYS, VALUES, max_size=4).flatmap(
    lambda d: st.one_of(st.just(d), FIGURES.map(lambda f: d | {"figure": f}))
)
PARAMETERS = st.dictionaries(
    st.sampled_from(["economy.gold.cap", "economy.game_end.vp_threshold", "no.such[0]", "economy..x"]),
    st.one_of(
        st.lists(st.integers(-5, 80), min_size=0, max_size=3),
        st.fixed_dictionaries({"min": NUMBERS, "max": NUMBERS}, optional={"step": NUMBERS}),
        VALUES,
    ),
    max_size=2,
)
FILE = st.fixed_dictionaries(
    {},
    optional={
        "players": st.one_of(st.integers(-1, 9), st.lists(st.integers(0, 9), max_size=3), VALUES),
        "games": st.one_of(st.integers(-1, 10), VALUES),
        "trials": st.integers(-1, 5),
        "parameters": PARAMETERS,
        "targets": st.one_of(st.lists(TARGET, max_size=3), VALUES),
        "bots": st.one_of(st.sampled_from(["random", "nobot", "random,random,random"]), VALUES),
        "rules": st.one_of(st.sampled_from(["west-of-africa", "africa", "nowhere"]), VALUES),
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FILE)
def test_any_tune_file_is_read_or_refused_with_a_sentence(data):
    """issue 39 (done when): a tune file of any shape is read, or refused as a TuneError/UsageError."""
    text = json.dumps(data, allow_nan=True, ensure_ascii=False)
    try:
        located = parse_yaml(text, "t.yaml")
    except YamlProblem:
        return
    try:
        tune = tune_from_located(located, "t.yaml")
    except (TuneError, UsageError) as e:
        assert str(e) and "Traceback" not in str(e)
    else:
        assert tune.targets and tune.parameters


@pytest.mark.parametrize("text", ["[1, 2]", "targets: 3", "parameters: {}\ntargets: [{}]", "''"])
def test_a_tune_file_that_is_not_a_mapping_of_the_right_things_is_refused(text):
    """issue 39.1: a tune file that is a list, a number or empty targets is a located TuneError."""
    with pytest.raises(TuneError) as e:
        tune_from_located(parse_yaml(text, "t.yaml"), "t.yaml")
    assert "t.yaml:" in str(e.value)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(TARGET, min_size=1, max_size=3),
    st.one_of(st.integers(2, 5), st.lists(st.integers(2, 5), min_size=1, max_size=2, unique=True)),
)
def test_any_target_of_a_good_file_is_read_or_refused_with_a_sentence(targets, players):
    """issue 39.1: with good rules and parameters, any targets are read (each with a band) or refused."""
    data = {"players": players, "parameters": {"economy.gold.cap": [40, 60]}, "targets": targets}
    try:
        located = parse_yaml(json.dumps(data, allow_nan=True, ensure_ascii=False), "t.yaml")
    except YamlProblem:  # text YAML cannot hold (a lone surrogate): not a tune file at all
        return
    try:
        tune = tune_from_located(located, "t.yaml")
    except (TuneError, UsageError) as e:
        assert "t.yaml" in str(e)
    else:
        for t in tune.targets:
            for p in tune.players:
                low, high = t.band(p)
                assert low <= high
