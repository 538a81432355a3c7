"""Africa's scenario setups and expectations (``woa_core.packs.africa.scenario``): a setup
that names what cannot be (a face or field that does not exist, two things on one field, more
tiles or camps than the game has) is an error at its line, saying what is wrong; a setup keeps
every tile and camp in one place, so the invariants hold and views stay sound."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from woa_core.check.scenario import apply_setup, load_scenario, run_scenario
from woa_core.errors import ScenarioError
from woa_core.kernel.contract import new_game
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.invariants import INVARIANTS
from woa_core.packs.africa.state import DOWN


def _run(tmp_path: Path, setup: str, players: int = 2) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(f"rules: africa\nplayers: {players}\nsetup:\n{setup}")
    return run_scenario(load_scenario(path)).message


@pytest.mark.parametrize(
    ("setup", "where", "what"),
    [
        (
            "  fields: {h02_07: elefant}\n",
            ":4:",
            "'elefant' is not a tile (one of: monument, statue, kettle, clothing, mask, gold_1, gold_2, gem_1, gem_2, "
            "elephant, giraffe, zebra, lion, nomad)",
        ),
        ("  fields:\n    h02_07: down unicorn\n", ":5:", "'unicorn' is not a tile"),
        ("  fields:\n    h99_00: empty\n", ":5:", "'h99_00' is not a field of the board"),
        ("  explorers: {p1: h02_06, p2: h02_06}\n", ":4:", "two explorers on h02_06: a field holds one explorer"),
        ("  explorers: {p3: h02_06}\n", ":4:", "'p3' is not a player: write p1 to p2"),
        (
            "  fields: {h02_06: down}\n  explorers: {p1: h02_06}\n",
            ":5:",
            "h02_06 holds a face-down tile, where no explorer",
        ),
        ("  fields: {h00_04: down elephant}\n", ":4:", "h00_04 is a start city, where no face-down tile ever lies"),
        ("  fields: {h00_04: gold_1}\n", ":4:", "only an animal or a nomad lies on a start city"),
        ("  fields: {h02_07: statue}\n", ":4:", "a trade good never lies face up on the board"),
        ("  fields: {h02_07: camp p7}\n", ":4:", "'p7' is not a player"),
        ("  displays: {p1: {elephant: 1}}\n", ":4:", "a display holds trade goods, gold and gems, not elephant"),
        ("  displays:\n    p1: {mask: 6}\n", ":5:", "the setup names 6 mask tiles; the game has 5"),
        ("  displays: {p2: {statue: 100000000000000000000}}\n", ":4:", "the game has 5 (tiles.yaml)"),
        (
            "  fields: {h01_02: elephant, h01_03: elephant, h01_04: elephant, h01_05: elephant, h01_06: elephant,"
            " h01_07: elephant, h01_08: elephant, h01_09: elephant, h01_10: down elephant}\n",
            ":4:",
            "the setup names 9 elephant tiles; the game has 8",
        ),
        ("  displays:\n    p1: {gold_1: 2}\n", ":5:", "2 tile(s) too many: the displays (and any tiles on start"),
        ("  camps: {p1: 3}\n", ":4:", "13 camps in the game (8 in the general supply, 5 with the players, 0 built)"),
        ("  supply: 0\n", ":4:", "4 camps in the game"),
        (
            "  fields: {h02_07: camp p1}\n",
            ":4:",
            "13 camps in the game (8 in the general supply, 4 with the players, 1 built)",
        ),
        ("  vp_from: {p1: {luck: 3}}\n", ":4:", "'luck' is no source of VP (one of: reveals, animals,"),
        ("  vp_from: {p1: {animals: 5}}\n  vp: {p1: 3}\n", ":5:", "p1 has 5 VP by source (vp_from), more than 3"),
    ],
)
def test_a_bad_setup_is_refused_at_its_line(tmp_path: Path, setup: str, where: str, what: str) -> None:
    message = _run(tmp_path, setup)
    assert f"s.yaml{where}" in message and what in message, message


@pytest.mark.parametrize(
    ("setup", "where", "what"),
    [
        ("  fields: {h02_07: down  elephant x}\n", ":4:", "does not match"),
        ("  camps: {p1: -1}\n", ":4:", "less than the minimum of 0"),
        ("  fields: [h02_07]\n", ":4:", "expected an object, got list"),
        ("  explorers: {p1: 7}\n", ":4:", "expected a string"),
        ("  turns: 3\n", ":4:", "unknown key 'turns'"),
    ],
)
def test_a_malformed_setup_is_refused_by_the_schema(tmp_path: Path, setup: str, where: str, what: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"rules: africa\nplayers: 2\nsetup:\n{setup}")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert f"s.yaml{where}" in str(info.value) and what in str(info.value), str(info.value)


def test_a_setup_keeps_every_tile_and_camp_and_views_stay_sound(tmp_path: Path) -> None:
    """The tiles a setup takes off the board and gives nobody lie aside (public): every
    invariant holds, and a game sampled from a player's view is one the view could be of
    (africa-rulings §4)."""
    path = tmp_path / "s.yaml"
    path.write_text(
        "rules: africa\nplayers: 3\nsetup:\n"
        "  explorers: {p1: h02_06, p2: h08_04}\n"
        "  fields: {h02_07: down elephant, h02_08: empty, h05_05: camp p3}\n"
        "  camps: {p3: 1}\n"
        "  displays: {p2: {kettle: 1}}\n"
    )
    scenario = load_scenario(path)
    game = new_game(scenario.source.compile(3), seed=0)
    apply_setup(game, scenario.data["setup"], scenario)
    s = game.state
    # four fields opened (C, D, h02_08, the camp's), one of their tiles in p2's display
    assert s.tile.count(DOWN) == 92 and sum(s.aside) == 3
    assert [name for name, check in INVARIANTS.items() if check(game.rules, s, None)] == []
    view = game.observation(0)
    assert sum(view.unseen) == 92 and view.to_json()["aside"] == s.aside
    sampled = Game.determinize(view, random.Random(3))
    assert sampled.observation(0).to_json() == view.to_json()


def test_naming_explorers_or_the_active_player_ends_the_choice_of_cities(tmp_path: Path) -> None:
    """The seats not named choose, in turn order, the first start city that is free and named
    for nobody; without explorers or active, the steps choose the cities (A30)."""
    path = tmp_path / "s.yaml"
    path.write_text(
        "rules: africa\nplayers: 3\nsetup:\n  explorers: {p2: h00_04}\n  active: p2\n"
        "expect:\n  explorers: {p1: h00_10, p2: h00_04, p3: h03_00}\n  decider: p2\n  step: turn\n"
    )
    assert run_scenario(load_scenario(path)).message == ""
    path.write_text("rules: africa\nplayers: 3\nsetup:\n  fields: {h02_07: elephant}\nexpect:\n  step: city\n")
    assert run_scenario(load_scenario(path)).message == ""
