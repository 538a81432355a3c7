"""A designer's YAML change changes the game with no Python edit (rules-as-data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from woa_core.errors import IllegalAction
from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa import Game
from woa_core.rules import load_rules


def _variant(tmp_path: Path, text: str) -> str:
    path = tmp_path / "variant.yaml"
    path.write_text("extends: west-of-africa\n" + text)
    return str(path)


def _at_turn(rules, *selections: str) -> Game:
    game = Game(rules, seed=0)
    game.state.round = 2
    game.state.ship = list(range(rules.players))
    for line in selections:
        game.apply(parse_action(rules, line))
    return game


def test_selling_anywhere_when_sell_is_no_island_action(tmp_path: Path) -> None:
    """R12 as data: with `sell` out of `turn.island_actions`, Sell Goods needs no island card."""
    base = load_rules("west-of-africa", 2)
    free = load_rules(_variant(tmp_path, "turn: {island_actions: [cultivate, found]}\n"), 2)
    for rules, allowed in ((base, False), (free, True)):
        game = _at_turn(rules, "p1 select sell", "p2 select move_workers minus")
        game.state.warehouse[rules.island_id("lanzarote")][0][0] = 1
        game.state.supply[0][0] -= 1
        game.apply(parse_action(rules, "p2 end"))
        if allowed:
            game.apply(parse_action(rules, "p1 sell lanzarote sugar_cane"))
            assert game.state.gold[0] == 15 + 12
        else:
            with pytest.raises(IllegalAction, match="Sell Goods needs an island card"):
                game.apply(parse_action(rules, "p1 sell lanzarote sugar_cane"))


def test_round_end_steps_follow_the_data(tmp_path: Path) -> None:
    """R13 as data: dropping `alcalde_vp` from `turn.round_end` means no Alcalde VP."""
    steps = "[gold_majority_vp, harvest, determine_alcaldes, refill_settlement_track]"
    rules = load_rules(_variant(tmp_path, f"turn: {{round_end: {steps}}}\n"), 3)
    game = _at_turn(rules, "p1 select move_workers", "p2 select move_workers", "p3 select move_workers")
    for p in game.state.order:
        game.apply(parse_action(rules, f"p{p + 1} end"))
    assert all(v["alcalde"] == 0 for v in game.state.vp_from)
    assert any(a >= 0 for a in game.state.alcalde)


def test_player_count_changes_are_config(tmp_path: Path) -> None:
    """7. Changes in Two- or Three-Player Games, as data: a variant gives 2 players a track of 6."""
    text = 'players: {overlays: {"2": {setup: {settlements: {track: 6}}}}}\n'
    assert load_rules(_variant(tmp_path, text), 2).track_size == 6
    assert load_rules("west-of-africa", 2).track_size == 4


def test_round_1_move_ship_can_be_forbidden_in_yaml(tmp_path: Path) -> None:
    """R29 as data: with move_ship in `turn.first_round.forbidden_actions`, a placed ship may not
    sail in round 1 (the bundled rules allow it)."""
    text = "turn: {first_round: {place_ships: true, forbidden_actions: [sell, found, move_ship]}}\n"
    rules = load_rules(_variant(tmp_path, text), 2)
    game = Game(rules, seed=1)
    for line in ("p1 select move_ship", "p2 select move_workers lanzarote", "p1 place la_gomera"):
        game.apply(parse_action(rules, line))
    with pytest.raises(IllegalAction, match="Move Ship is not allowed in round 1"):
        game.apply(parse_action(rules, "p1 sail tenerife"))
