"""The engine's core contracts: random games end, states round-trip, legal actions apply,
refusals leave no trace, observations hide what they must (R18)."""

from __future__ import annotations

import json
import random

import pytest

from woa_core.errors import IllegalAction, InvalidNotation
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.rules import load_rules


def _random_game(players: int, seed: int, check=None) -> Game:
    game = Game(load_rules("west-of-africa", players), seed=seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        action = rng.choice(legal)
        if check:
            check(game, legal, action)
        game.apply(action)
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_run_to_the_end(players: int) -> None:
    """Random games at each player count end by R16 with a full ranking."""
    for seed in range(5):
        game = _random_game(players, seed)
        s = game.state
        assert s.step == "over" and sorted(s.ranking) == list(range(players))
        assert s.end_reason in ("vp_threshold", "settlements", "vp_threshold+settlements")
        assert s.round == s.last_round


@pytest.mark.parametrize("players", [2, 5])
def test_state_round_trips_through_json(players: int) -> None:
    """state.to_json() / from_json() is exact on states from random games (engine issue, item 1)."""

    def check(game: Game, legal: list, action: tuple) -> None:
        data = json.loads(json.dumps(game.state.to_json()))
        assert GameState.from_json(data) == game.state

    _random_game(players, 3, check)


def test_every_legal_action_prints_and_parses_back() -> None:
    """One notation: format and parse are inverse on every legal action."""

    def check(game: Game, legal: list, action: tuple) -> None:
        for a in legal:
            assert parse_action(game.rules, format_action(game.rules, a)) == a

    _random_game(4, 8, check)


def test_same_seed_and_actions_same_game() -> None:
    a, b = _random_game(3, 21), _random_game(3, 21)
    assert a.state == b.state


def test_refused_action_changes_nothing() -> None:
    """4. Illegal means refused, nothing lost: compared as serialised states."""
    game = Game(load_rules("west-of-africa", 3), seed=1)
    before = game.state.to_json()
    for text in ["p1 sell tenerife wine", "p1 select", "p2 end", "p1 select sell sell"]:
        with pytest.raises(IllegalAction):
            game.apply(parse_action(game.rules, text))
        assert game.state.to_json() == before
    with pytest.raises(IllegalAction):
        game.apply((3, "end"))  # no fourth player in a 3-player game
    with pytest.raises(InvalidNotation, match="'p4' is not a player: write p1 to p3"):
        parse_action(game.rules, "p4 end")  # not even an action under these rules
    assert game.state.to_json() == before


def test_refusals_say_why() -> None:
    """Refusals are sentences: 5.I (R6), 5. Sell Goods (R11), 5. Cultivate Goods (R5)."""
    rules = load_rules("west-of-africa", 2)
    game = Game(rules, seed=1)
    game.state.gold[0] = 3
    with pytest.raises(IllegalAction, match="5 cards cost 4 gold; you have 3"):
        game.apply(parse_action(rules, "p1 select la_palma el_hierro la_gomera move_ship sell"))
    game.apply(parse_action(rules, "p1 select cultivate la_palma sell"))
    game.apply(parse_action(rules, "p2 select move_workers"))
    assert game.decider() == 1  # p2's sum 1 < p1's 8
    game.apply(parse_action(rules, "p2 place tenerife"))
    game.apply(parse_action(rules, "p2 end"))
    game.apply(parse_action(rules, "p1 place la_palma"))
    with pytest.raises(IllegalAction, match="Sell Goods is not allowed in round 1"):
        game.apply(parse_action(rules, "p1 sell la_palma wine"))
    game.state.gold[0] = 2
    with pytest.raises(IllegalAction, match="you have 2 gold, cultivating here costs 3"):
        game.apply(parse_action(rules, "p1 cultivate la_palma wine"))
    with pytest.raises(IllegalAction, match="you did not select the La Gomera card"):
        game.apply(parse_action(rules, "p1 cultivate la_gomera grain"))


def test_selection_is_simultaneous_and_secret() -> None:
    """R18: all players choose at once; a player sees only its own choice until the sums are
    announced, and others' cards once their turn starts."""
    rules = load_rules("west-of-africa", 3)
    game = Game(rules, seed=2)
    assert game.deciders() == [0, 1, 2]
    game.apply(parse_action(rules, "p3 select move_ship"))
    assert game.deciders() == [0, 1]
    obs = game.observation(0).to_json()
    assert obs["selection"] == [None, None, "hidden"] and obs["card_sums"] is None
    assert game.observation(2).to_json()["selection"][2] == list(game.card_counts("move_ship"))
    game.apply(parse_action(rules, "p1 select sell lanzarote"))
    game.apply(parse_action(rules, "p2 select move_workers"))
    obs = game.observation(0).to_json()
    assert obs["card_sums"] == [13, 1, 2]
    assert obs["selection"][1] == list(game.card_counts("move_workers"))  # p2 acts first: revealed
    assert obs["selection"][2] == "hidden"


def test_displaced_owner_decides_where_to_go() -> None:
    """R3: at the La Gomera fork the displaced ship's owner is the decider."""
    rules = load_rules("west-of-africa", 4)
    game = Game(rules, seed=0)
    s = game.state
    s.round = 2
    s.ship = [
        rules.island_id("tenerife"),
        rules.island_id("la_gomera"),
        rules.island_id("lanzarote"),
        rules.island_id("lanzarote"),
    ]
    for text in [
        "p1 select move_ship",
        "p2 select found lanzarote",
        "p3 select found lanzarote",
        "p4 select found lanzarote",
    ]:
        game.apply(parse_action(rules, text))
    game.apply(parse_action(rules, "p1 sail la_gomera"))
    game.apply(parse_action(rules, "p1 done"))
    assert game.step == "retreat" and game.deciders() == [1]
    assert sorted(format_action(rules, a) for a in game.legal_actions()) == [
        "p2 retreat el_hierro",
        "p2 retreat la_palma",
    ]
    game.apply(parse_action(rules, "p2 retreat el_hierro"))
    assert s.ship[1] == rules.island_id("el_hierro") and game.deciders() == [0]


def test_state_copy_is_independent() -> None:
    """GameState.copy shares nothing with the original, selections included."""
    game = Game(load_rules("west-of-africa", 3), seed=1)
    game.apply(parse_action(game.rules, "p2 select sell tenerife"))
    copy = game.state.copy()
    assert copy == game.state
    copy.selection[1][0] = 9
    copy.warehouse[0][0][0] = 9
    copy.vp_from[0]["alcalde"] = 9
    assert game.state.selection[1][0] == 0
    assert game.state.warehouse[0][0][0] == 0
    assert game.state.vp_from[0]["alcalde"] == 0
