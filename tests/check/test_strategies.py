"""The public hypothesis strategies (woa_core.check.strategies) as a user would use them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from woa_core.check import strategies as ws
from woa_core.check.invariants import violations
from woa_core.engine import Game
from woa_core.rules import Rules


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ws.games())
def test_drawn_games_keep_every_invariant(game: Game) -> None:
    assert violations(game.rules, game.state, None) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.rule_variants())
def test_rule_variants_stay_within_their_schemas(rules: Rules) -> None:
    assert rules.name.endswith("~perturbed")
    assert rules.players in (2, 3, 4, 5)
    assert rules.gold_cap >= 1 and 0 <= rules.start_gold <= rules.gold_cap
    assert rules.vp_threshold >= 1 and rules.gold_per_vp >= 1


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.games(rules=ws.rule_variants()))
def test_games_under_perturbed_rules_keep_every_invariant(game: Game) -> None:
    assert violations(game.rules, game.state, None) == []
