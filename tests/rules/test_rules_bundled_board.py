"""The bundled board and cards keep every constraint of docs/rulings.md §1 ("The board
(reconstructed)"), checked on the compiled rules ``load_rules("west-of-africa", n)``."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from woa_core.rules import load_rules

COUNTS = (2, 3, 4, 5)
SETTLEMENT_ISLANDS = ("tenerife", "gran_canaria", "fuerteventura", "lanzarote")


def rules(n: int = 4):
    return load_rules("west-of-africa", n)


def island(r, name):
    i = r.island_id(name)
    assert i >= 0, f"no island {name}"
    return r.islands[i]


def spaces(r, name):
    return [r.spaces[s] for s in island(r, name).spaces]


def fields(r, name):
    """The goods of an island's fields (dual spaces included), in board order."""
    return [r.goods[s.good] for s in spaces(r, name) if s.good >= 0]


def costs(r, name):
    return [s.cost for s in spaces(r, name) if s.cost >= 0]


def six_cost_spaces(r):
    return [i for i, s in enumerate(r.spaces) if s.cost == 6]


# -------------------------------------------------------------------------- the table


# rulings §1, the board table: (region, fields, settlement costs); duals count in both.
TABLE = {
    "la_palma": ("west", ["wine", "wine", "sugar_cane", "sugar_cane"], []),
    "la_gomera": ("west", ["grain", "grain", "sugar_cane", "wine"], []),
    "el_hierro": ("west", ["grain", "sugar_cane", "wine"], []),
    "tenerife": ("center", ["sugar_cane", "sugar_cane", "wine", "grain"], [6, 6, 9, 12]),
    "gran_canaria": ("center", ["grain", "wine", "sugar_cane"], [6, 6, 9, 12]),
    "fuerteventura": ("east", [], [6, 6, 9, 9, 12, 12]),
    "lanzarote": ("east", [], [6, 6, 9, 9, 12, 12]),
}


@pytest.mark.parametrize("n", COUNTS)
def test_rulings_s1_island_table_fields_costs_regions(n):
    """rulings §1 board table: the seven islands, each with its region, fields and costs."""
    r = rules(n)
    assert {i.id for i in r.islands} == set(TABLE)
    for name, (region, goods, settle) in TABLE.items():
        assert island(r, name).region == region, name
        assert Counter(fields(r, name)) == Counter(goods), name
        assert sorted(costs(r, name)) == settle, name


def test_rulings_s1_island_names():
    """rulings §1: the islands' display names."""
    assert [i.name for i in rules().islands] == [
        "La Palma",
        "El Hierro",
        "La Gomera",
        "Tenerife",
        "Gran Canaria",
        "Fuerteventura",
        "Lanzarote",
    ]


def test_rulings_s1_regions_and_prices_6_9_12():
    """rulings §1: West 6 (La Palma, La Gomera, El Hierro), Center 9 (Tenerife, Gran Canaria),
    East 12 (Lanzarote, Fuerteventura)."""
    r = rules()
    prices = {i.id: i.price for i in r.islands}
    assert prices == {
        "la_palma": 6,
        "la_gomera": 6,
        "el_hierro": 6,
        "tenerife": 9,
        "gran_canaria": 9,
        "fuerteventura": 12,
        "lanzarote": 12,
    }
    regions = r.document["board"]["regions"]
    assert {k: v["price"] for k, v in regions.items()} == {"west": 6, "center": 9, "east": 12}


# ---------------------------------------------------------------- settlement spaces


@pytest.mark.parametrize("n", COUNTS)
def test_rulings_s1_twenty_settlement_spaces(n):
    """rulings §1 / R16: 20 settlement spaces in all, and 20 settlements in the game."""
    r = rules(n)
    assert sum(1 for s in r.spaces if s.cost >= 0) == 20
    assert r.settlements_total == 20


def test_rulings_s1_exactly_eight_spaces_cost_6():
    """rulings §1: exactly 8 spaces cost 6 (the 2-player setup fills all of them)."""
    assert len(six_cost_spaces(rules())) == 8


def test_rulings_s1_costs_are_6_9_or_12():
    """rulings §1 / 5. Found Settlement: settlement costs are 6, 9 or 12."""
    assert {s.cost for s in rules().spaces if s.cost >= 0} == {6, 9, 12}


def test_rulings_s1_each_settlement_island_has_a_6_cost_space():
    """rulings §1: each of the four settlement islands has a 6-cost space (3-player setup)."""
    r = rules()
    with_spaces = {island(r, n).id for n in TABLE if costs(r, n)}
    assert with_spaces == set(SETTLEMENT_ISLANDS)
    for name in SETTLEMENT_ISLANDS:
        assert 6 in costs(r, name), name


def test_rulings_s1_tenerife_two_dual_sugar_cane_spaces():
    """rulings §1 (example "Found Settlement"): Tenerife has two dual sugar-cane spaces (cost 6)."""
    r = rules()
    duals = [s for s in spaces(r, "tenerife") if s.good >= 0 and s.cost >= 0]
    assert len(duals) == 2
    assert all(r.goods[s.good] == "sugar_cane" and s.cost == 6 for s in duals)


def test_rulings_s1_gran_canaria_duals_grain_and_wine():
    """rulings §1 table: Gran Canaria's duals are grain + 6 and wine + 6."""
    r = rules()
    duals = sorted((r.goods[s.good], s.cost) for s in spaces(r, "gran_canaria") if s.good >= 0 and s.cost >= 0)
    assert duals == [("grain", 6), ("wine", 6)]


def test_rulings_s1_only_center_has_dual_spaces():
    """rulings §1: dual spaces exist on the Center islands only."""
    r = rules()
    dual_islands = {r.islands[s.island].id for s in r.spaces if s.good >= 0 and s.cost >= 0}
    assert dual_islands == {"tenerife", "gran_canaria"}


def test_rulings_s1_lanzarote_has_a_6_and_a_9():
    """rulings §1 (example "Found Settlement"): Lanzarote has a 6 and a 9."""
    c = costs(rules(), "lanzarote")
    assert 6 in c and 9 in c


def test_rulings_s1_la_palma_two_wine_and_a_sugar_cane_field():
    """rulings §1 (example "Cultivate Goods"): La Palma has two wine and a sugar-cane field."""
    f = Counter(fields(rules(), "la_palma"))
    assert f["wine"] >= 2 and f["sugar_cane"] >= 1


def test_rulings_s1_la_gomera_has_a_grain_field():
    """rulings §1 (example "Cultivate Goods"): La Gomera has a grain field."""
    assert "grain" in fields(rules(), "la_gomera")


# ------------------------------------------------------------------------- moorings


@pytest.mark.parametrize("n", COUNTS)
def test_rulings_s1_one_mooring_la_palma_la_gomera_fuerteventura(n):
    """rulings §1: La Palma, La Gomera and Fuerteventura have one mooring (any player count)."""
    r = rules(n)
    for name in ("la_palma", "la_gomera", "fuerteventura"):
        assert island(r, name).moorings == 1, name


@pytest.mark.parametrize("n", COUNTS)
def test_rulings_s1_el_hierro_lanzarote_room_for_all_ships(n):
    """rulings §1: El Hierro and Lanzarote have room for all ships (5 moorings, >= 5 players max)."""
    r = rules(n)
    for name in ("el_hierro", "lanzarote"):
        assert island(r, name).moorings >= max(COUNTS) >= n, name
        assert island(r, name).moorings == 5, name


@pytest.mark.parametrize(("n", "expected"), [(2, 1), (3, 1), (4, 2), (5, 2)])
def test_rulings_s1_tenerife_gran_canaria_second_mooring_4_5_players(n, expected):
    """rulings §1: Tenerife and Gran Canaria have 2 moorings with 4-5 players, 1 with 2-3."""
    r = rules(n)
    assert island(r, "tenerife").moorings == expected
    assert island(r, "gran_canaria").moorings == expected


# ------------------------------------------------------------- sea links and ships


def test_rulings_s1_sea_links_as_listed():
    """rulings §1: the six sea links, and no others."""
    r = rules()
    links = {frozenset((a.id, r.islands[b].id)) for a in r.islands for b in a.neighbors}
    assert links == {
        frozenset(p)
        for p in [
            ("la_palma", "la_gomera"),
            ("el_hierro", "la_gomera"),
            ("la_gomera", "tenerife"),
            ("tenerife", "gran_canaria"),
            ("gran_canaria", "fuerteventura"),
            ("fuerteventura", "lanzarote"),
        ]
    }


def test_rulings_s1_r1_la_gomera_tenerife_one_step_distances():
    """rulings §1 / R1: La Gomera-Tenerife is one step; La Gomera to Fuerteventura is 3 steps."""
    r = rules()
    d = r.distance
    assert d[r.island_id("la_gomera")][r.island_id("tenerife")] == 1
    assert d[r.island_id("la_gomera")][r.island_id("fuerteventura")] == 3
    assert d[r.island_id("la_palma")][r.island_id("el_hierro")] == 2
    assert d[r.island_id("la_palma")][r.island_id("lanzarote")] == 5


def test_rulings_s1_worker_ship_entry_islands():
    """rulings §1 / R4: the west ship enters La Gomera, the east ship Fuerteventura."""
    r = rules()
    entries = {ship: r.islands[r.ship_entry[i]].id for i, ship in enumerate(r.worker_ships)}
    assert entries == {"west": "la_gomera", "east": "fuerteventura"}


def test_rulings_s1_west_to_east_x_order():
    """rulings §1: west to east La Palma and El Hierro < La Gomera < Tenerife < Gran Canaria <
    Fuerteventura < Lanzarote (x of `at`)."""
    r = rules()
    x = {i.id: i.at[0] for i in r.islands}
    assert max(x["la_palma"], x["el_hierro"]) < x["la_gomera"]
    assert x["la_gomera"] < x["tenerife"] < x["gran_canaria"] < x["fuerteventura"] < x["lanzarote"]


# --------------------------------------------------------------------------- cards

CARD_TABLE = {
    "La Palma": ("island", 0),
    "El Hierro": ("island", 1),
    "La Gomera": ("island", 2),
    "Tenerife": ("island", 4),
    "Gran Canaria": ("island", 5),
    "Fuerteventura": ("island", 7),
    "Lanzarote": ("island", 8),
    "Move Workers": ("action", 1),
    "Move Ship": ("action", 2),
    "Cultivate Goods": ("action", 3),
    "Sell Goods": ("action", 5),
    "Found Settlement": ("action", 6),
    "Minus": ("minus", -4),
}


def test_rulings_s1_card_values_table():
    """rulings §1 player cards: 13 cards per player with the listed kinds and values."""
    r = rules()
    assert len(r.cards) == 13
    assert {c.name: (c.kind, c.value) for c in r.cards} == CARD_TABLE


def test_rulings_s1_island_cards_name_their_islands_and_actions_are_distinct():
    """rulings §1: one island card per island; the five action cards name the five actions; the
    Minus Card is the one card passed to the left neighbour (R7)."""
    r = rules()
    for c in r.cards:
        if c.kind == "island":
            assert r.islands[c.island].name == c.name
    assert all(r.island_card[i] >= 0 for i in range(len(r.islands)))
    assert set(r.action_card) == {"move_workers", "move_ship", "cultivate", "sell", "found"}
    assert [r.cards[i].name for i in r.passing_cards] == ["Minus"]  # R7


def test_rulings_s1_card_values_range_0_to_8_and_minus_4():
    """rulings §1: values 0-8, and -4."""
    values = {c.value for c in rules().cards}
    assert values <= set(range(9)) | {-4}
    assert {0, 8, -4} <= values


@pytest.mark.parametrize(("cards", "total"), [(4, 9), (3, 10), (5, 4)])
def test_rulings_s1_rulebook_card_sum_examples_reachable(cards, total):
    """rulings §1: the rulebook's card-sum examples are reachable with one player's cards
    (9 with 4 cards, 10 with 3, 4 with 5)."""
    values = [c.value for c in rules().cards]
    assert any(sum(combo) == total for combo in combinations(values, cards))


def test_rulings_s1_card_sum_example_not_trivially_reachable():
    """Guard for the check above: an impossible sum (4 cards summing to 40) is not reachable."""
    values = [c.value for c in rules().cards]
    assert not any(sum(combo) == 40 for combo in combinations(values, 4))


# ------------------------------------------------------------ player-count overlays


@pytest.mark.parametrize(("n", "track"), [(2, 4), (3, 4), (4, 6), (5, 6)])
def test_rulings_r17_settlement_track_4_or_6(n, track):
    """R17 / 4. Game Preparations and 7. Changes in Two- or Three-Player Games: the settlement
    track holds 6 (2-3 players: 4)."""
    assert rules(n).track_size == track


def test_rulings_r17_two_players_preplaced_on_all_eight_6_cost_spaces():
    """R17 / rulings §1 / 7. Changes in Two- or Three-Player Games: with 2 players a settlement
    stands on every 6-cost space."""
    r = rules(2)
    assert sorted(r.preplaced) == sorted(six_cost_spaces(r))
    assert len(r.preplaced) == 8


def test_rulings_r13_two_players_gold_majority_top_one():
    """R13: gold VP with 2 players goes to the top one only ([1]); 3-5 players the top two."""
    assert rules(2).gold_vp_by_rank == (1,)
    for n in (3, 4, 5):
        assert rules(n).gold_vp_by_rank == (1, 1)


def test_rulings_r17_three_players_one_6_cost_space_per_settlement_island():
    """R17: with 3 players one settlement on one 6-cost space of each settlement island."""
    r = rules(3)
    placed = [r.spaces[s] for s in r.preplaced]
    assert len(placed) == 4
    assert all(s.cost == 6 for s in placed)
    assert sorted(r.islands[s.island].id for s in placed) == sorted(SETTLEMENT_ISLANDS)


@pytest.mark.parametrize("n", (4, 5))
def test_rulings_r17_four_five_players_nothing_preplaced(n):
    """R17: with 4-5 players no settlement is pre-placed."""
    assert rules(n).preplaced == ()


@pytest.mark.parametrize("n", COUNTS)
def test_rulings_r17_preplaced_plus_track_fit_in_the_box(n):
    """R17 / R16: pre-placed settlements plus the track never exceed the 20 settlements."""
    r = rules(n)
    assert len(r.preplaced) + r.track_size <= r.settlements_total


# ----------------------------------------------------------------------- provenance


@pytest.mark.parametrize("section", ["board", "cards"])
def test_rulings_s1_board_and_cards_say_reconstructed(section):
    """rulings §1: the reconstructed data is marked as such in the rule files (`provenance`)."""
    provenance = rules().document[section]["provenance"]
    assert "reconstructed" in provenance.lower()
