"""The public hypothesis strategies (woa_core.check.strategies) as a user would use them."""

from __future__ import annotations

from pathlib import Path

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
    for path in ws.tunables():
        value, bundled = rules.document, base
        for key in path:
            value, bundled = value[key], bundled[key]
        low, high = ws.schema_range(path, bundled)
        assert low <= value <= high, (path, value)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.games(rules=ws.rule_variants()))
def test_games_under_perturbed_rules_keep_every_invariant(game: Game) -> None:
    assert violations(game.rules, game.state, None) == []


RACE = str(Path(__file__).resolve().parents[2] / "docs" / "rule-packs" / "race")


def test_a_pack_without_declared_tunables_tunes_every_number_of_its_files() -> None:
    assert ws.tunables(RACE) == (("cards", "hand"),)  # the deck is a list: its cards are no tunable


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ws.games(RACE, rules=ws.rule_variants(RACE)))
def test_the_tiny_packs_drawn_games_keep_every_invariant(game) -> None:
    """The strategies know no game: the race of docs/rule-packs.md, its hand size drawn."""
    assert game.rules.name == "race~perturbed"
    assert violations(game.rules, game.state, None) == []
