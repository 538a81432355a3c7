"""The public hypothesis strategies (woa_core.check.strategies) as a user would use them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from woa_core.check import strategies as ws
from woa_core.check.invariants import violations
from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.rules import load_rules


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ws.games())
def test_drawn_games_keep_every_invariant(game: Game) -> None:
    assert violations(game.rules, game.state, None) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.rule_variants())
def test_rule_variants_stay_within_their_schemas(rules: Rules) -> None:
    """Every tunable number is drawn within its schema's range (or twice the bundled value)."""
    assert rules.name.endswith("~perturbed") and rules.players in (2, 3, 4, 5)
    base = load_rules("west-of-africa", rules.players).document
    for path in ws.TUNABLE:
        value, bundled = rules.document, base
        for key in path:
            value, bundled = value[key], bundled[key]
        low, high = ws.schema_range(path, bundled)
        assert low <= value <= high, (path, value)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.games(rules=ws.rule_variants()))
def test_games_under_perturbed_rules_keep_every_invariant(game: Game) -> None:
    assert violations(game.rules, game.state, None) == []
