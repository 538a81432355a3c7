"""The engine's own rulings (docs/rulings.md) that no scenario shows: R23, R24, R25, R28."""

from __future__ import annotations

from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.view import PlayerView
from woa_core.rules import load_rules


def _play(game: Game, *lines: str) -> None:
    for line in lines:
        game.apply(parse_action(game.rules, line))


def test_r23_hands_are_public_selections_are_not() -> None:
    """R23: which cards a player holds is public (minus cards move in the open); what it
    selected stays secret until its turn (R18)."""
    rules = load_rules("west-of-africa", 3)
    game = Game(rules, seed=1)
    _play(game, "p2 select minus sell lanzarote")
    view = PlayerView(game, 0)
    assert view.hand[1][rules.card_id("minus")] == 1
    assert view.selection(1) == "hidden" and view.selection(2) is None  # chosen / not chosen yet
    game.state.selection[1] = None  # the view is a snapshot: it does not follow the game
    assert view.selection(1) == "hidden"
    assert not hasattr(view, "_game")


def test_r24_no_chance_after_setup() -> None:
    """R24: the seed only decides the initial gold-track order; the same actions from two
    seeds give the same game apart from that order."""
    rules = load_rules("west-of-africa", 2)
    a, b = Game(rules, seed=1), Game(rules, seed=2)
    b.state.gold_time = list(a.state.gold_time)
    lines = [
        "p1 select move_workers",
        "p2 select move_ship",
        "p1 place tenerife",
        "p1 worker west la_gomera",
        "p1 done",
        "p1 end",
    ]
    _play(a, *lines)
    _play(b, *lines)
    sa, sb = a.state.to_json(), b.state.to_json()
    assert sa.pop("seed") != sb.pop("seed")
    assert sa == sb


def test_r25_selling_at_the_cap_is_allowed_and_the_excess_lost() -> None:
    """R25 with R10: a sale at 45 gold is legal; the gold stays at the cap."""
    rules = load_rules("west-of-africa", 2)
    game = Game(rules, seed=0)
    s = game.state
    s.round = 2
    s.ship = [rules.island_id("tenerife"), rules.island_id("lanzarote")]
    s.gold[0] = rules.gold_cap
    lanzarote = rules.island_id("lanzarote")
    s.warehouse[lanzarote][0][rules.good_id("wine")] = 1
    s.supply[0][rules.good_id("wine")] -= 1
    _play(game, "p1 select sell lanzarote", "p2 select move_ship minus")
    _play(game, "p2 end", "p1 sell lanzarote wine")
    assert s.gold[0] == rules.gold_cap
    assert s.warehouse[lanzarote][0] == [0, 0, 0]


def test_r28_players_select_in_any_order() -> None:
    """R28: selections may come in any order; the outcome does not depend on it."""
    rules = load_rules("west-of-africa", 3)
    picks = ["p1 select sell tenerife", "p2 select move_workers", "p3 select found lanzarote minus"]
    games = []
    for order in (picks, picks[::-1], [picks[1], picks[2], picks[0]]):
        game = Game(rules, seed=5)
        _play(game, *order)
        games.append(game.state.to_json())
    assert games[0] == games[1] == games[2]
    assert games[0]["order"] == [1, 0, 2]  # sums 1, 9, 10


def test_r29_move_ship_allowed_in_round_1_after_placing() -> None:
    """R29 (5.II First game turn, Move Ship): in round 1 a player places its ship, then may sail
    it in the same turn; a variant listing move_ship in first_round.forbidden_actions forbids it."""
    rules = load_rules("west-of-africa", 2)
    game = Game(rules, seed=1)
    _play(game, "p1 select move_ship", "p2 select move_workers lanzarote")
    assert game.step == "place"
    assert not any(a[1] == "sail" for a in game.legal_actions())  # placing comes first
    _play(game, "p1 place la_gomera")
    assert (0, "sail", rules.island_id("tenerife")) in game.legal_actions()
    _play(game, "p1 sail tenerife", "p1 done")
    assert game.state.ship[0] == rules.island_id("tenerife")
