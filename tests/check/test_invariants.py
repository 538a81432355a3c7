"""Each invariant detects the corruption it is about (so none of them can pass vacuously)."""

from __future__ import annotations

import random

import pytest

from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.invariants import INVARIANTS, round_bound, violations
from woa_core.rules import load_rules


def _midgame(players: int = 4, seed: int = 2, steps: int = 150) -> Game:
    game = Game(load_rules("west-of-africa", players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


CORRUPTIONS = {
    "gold_in_range": lambda s: s.gold.__setitem__(0, -1),
    "goods_conserved": lambda s: s.supply[1].__setitem__(0, s.supply[1][0] + 1),
    "settlements_conserved": lambda s: setattr(s, "reserve", s.reserve + 1),
    "workers_accounted": lambda s: s.workers[2].__setitem__(0, s.workers[2][0] + 1),
    "moorings_respected": lambda s: s.ship.__setitem__(slice(None), [0] * s.players),
    "vp_never_decrease": lambda s: s.vp.__setitem__(0, s.vp[0] + 1),
    "cards_conserved": lambda s: s.hand[0].__setitem__(0, 2),
    "game_ends_in_time": lambda s: setattr(s, "round", 999),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_invariant_detects_its_corruption(name: str) -> None:
    game = _midgame()
    assert violations(game.rules, game.state, None) == []
    CORRUPTIONS[name](game.state)
    assert name in {n for n, _ in violations(game.rules, game.state, None)}


def test_helpers_leaving_without_planting_is_caught() -> None:
    """helpers_leave_only_when_planting (Cultivate Goods, R5): a worker moved to a ship during
    Cultivate Goods with no good planted on its island is a violation; with one, it is not."""
    rules = load_rules("west-of-africa", 2)
    game = Game(rules, seed=1)
    la_palma, west = rules.island_id("la_palma"), len(rules.islands)
    game.state.workers[0][la_palma] = 1
    game.state.workers[0][west] -= 1
    prev = game.state.copy()
    game.state.step = "cultivate"
    game.state.workers[0][la_palma] -= 1
    game.state.workers[0][west] += 1
    check = INVARIANTS["helpers_leave_only_when_planting"]
    assert check(rules, game.state, prev) == (
        "1 worker(s) of p1 left La Palma while cultivating, with nothing planted there"
    )
    game.state.crop[rules.islands[la_palma].spaces[0]] = 0
    assert check(rules, game.state, prev) is None


def test_vp_decrease_needs_the_previous_state() -> None:
    game = _midgame()
    prev = game.state.copy()
    game.state.vp[1] -= 1
    game.state.vp_from[1]["alcalde"] -= 1
    assert [n for n, _ in violations(game.rules, game.state, prev)] == ["vp_never_decrease"]


def test_order_and_alcalde_and_scoring_checks_fire_at_their_moments() -> None:
    """order_by_card_sums (R8), alcaldes_after_round_end (R14), final_scoring (R16)."""
    rules = load_rules("west-of-africa", 3)
    game = Game(rules, seed=4)
    rng = random.Random(4)
    seen = set()
    while not game.over:
        prev = game.state.copy()
        game.apply(rng.choice(game.legal_actions()))
        s = game.state
        if prev.step == "select" and s.step != "select":
            s.order.reverse()
            seen |= {n for n, _ in violations(rules, s, prev)}
            s.order.reverse()
        if prev.round < s.round and s.step == "select" and any(a >= 0 for a in s.alcalde):
            held = next(i for i, a in enumerate(s.alcalde) if a >= 0)
            s.alcalde[held] = -1
            seen |= {n for n, _ in violations(rules, s, prev)}
            game.state = prev  # keep playing a correct game
            game.apply(rng.choice(game.legal_actions()))
    s = game.state
    s.winner = s.ranking[-1]
    seen |= {n for n, _ in violations(rules, s, None)}
    assert {"order_by_card_sums", "alcaldes_after_round_end", "final_scoring"} <= seen


def test_round_bound_follows_the_rules() -> None:
    """The bound comes from the VP threshold, the gold-majority VP and the extra rounds."""
    assert round_bound(load_rules("west-of-africa", 4)) == 25 * 4 // 2 + 1
    assert round_bound(load_rules("west-of-africa", 2)) == 25 * 2 // 1 + 1


def test_every_invariant_is_documented() -> None:
    for name, fn in INVARIANTS.items():
        assert fn.__doc__, name


def test_goods_are_counted_on_fields_in_warehouses_and_aboard() -> None:
    """goods_conserved (supply, fields, warehouses, aboard): a good moved from the supply
    to any of the other places is still counted; one created there is caught, naming the player
    and the good."""
    game = _midgame()
    s, rules = game.state, game.rules
    check = INVARIANTS["goods_conserved"]
    s.supply[1][0] -= 1
    s.warehouse[0][1][0] += 1
    assert check(rules, s, None) is None
    s.warehouse[0][1][0] += 1
    assert (
        check(rules, s, None)
        == f"p2 has {rules.start_goods[0] + 1} {rules.goods[0]} in play, the rules give {rules.start_goods[0]}"
    )
    s.warehouse[0][1][0] -= 1
    free = next(sp for sp, owner in enumerate(s.crop) if not 0 <= owner < s.players)
    s.crop[free] = 2
    good = rules.spaces[free].good
    assert check(rules, s, None) == (
        f"p3 has {rules.start_goods[good] + 1} {rules.goods[good]} in play, the rules give {rules.start_goods[good]}"
    )
