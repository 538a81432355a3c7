"""Africa's rulings, one test each (docs/africa-rulings.md A1-A36), most of them on the test cases
T1-T20 of §5, citing the rulebook's sections as its English rendering numbers them (§4.B1).

Positions are set up by hand (``position.Position``): unless a test says otherwise every field not
mentioned holds a face-down tile of no relevance, p1 is to play and stands on C."""

from __future__ import annotations

import random

import pytest

from tests.packs.africa.position import (
    C2E,
    C3E,
    C4E,
    CE,
    CNE,
    CNW,
    CSE,
    CSW,
    CW,
    DE,
    DNW,
    DSW,
    DW,
    C,
    D,
    Position,
)
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.scoring import final_scoring, goods_vp, majority_vp, winners
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY
from woa_core.report.figures import win_shares
from woa_core.rules import load_rules


def at_c(players: int = 2, **kw) -> Position:
    """p1's explorer on C, an empty field; p1 to play."""
    return Position(players, **kw).explorer(0, C)


# --------------------------------------------------------------------------- the board


def test_a1_fields_and_adjacency() -> None:
    """A1: a field's neighbours are the six axial ones on the board, never itself; a coastal field
    has fewer, and places off the board count nothing (a nomad on the coast, §4.B1)."""
    pos = Position(2)
    r = pos.rules
    assert [r.fields[g] for g in r.neighbours[pos.f(C)]] == [CE, CNE, CNW, CW, CSW, CSE]
    tangier = pos.f("h00_04")
    assert [r.fields[g] for g in r.neighbours[tangier]] == ["h00_05", "h01_03", "h01_04"]
    pos.explorer(0, "h01_03").empty("h00_05").down("nomad", "h01_04")  # Tangier: p1 left it, so it is empty
    pos.play("p1 walk h01_03", "p1 reveal h01_04", "p1 stay")
    assert pos.vp() == 3  # Tangier, h01_03 (p1's explorer) and h00_05; off the board counts nothing


def test_a2_a_field_holds_one_thing_and_one_explorer() -> None:
    """A2: tiles are placed and camps built only on empty fields; explorers never share a field."""
    pos = at_c().up("gold_1", CW)
    pos.play("p1 walk h02_05")  # onto the face-up gold: allowed, the explorer shares the field
    assert pos.state.at[0] == pos.f(CW) and pos.legal("camp") == set()  # a camp on a face-up tile: never
    pos = at_c().explorer(1, CE).empty(C2E)
    assert CE not in pos.targets("walk") and CE not in pos.targets("relocate")
    assert "not possible now" in pos.refused("p1 walk h02_07")


def test_a3_start_cities_and_explorer_fields_are_empty() -> None:
    """T5, §5 Empty and occupied fields: with 3 players and Dakar chosen by nobody, a nomad revealed
    next to Dakar and to p1's explorer on h04_00 scores both (+2)."""
    pos = Position(3, cities=("tangier", "alexandria", "mombasa")).explorer(0, "h04_00").down("nomad", "h03_01")
    pos.play("p1 walk h04_00", "p1 reveal h03_01", "p1 stay")
    assert pos.vp() == 2


def test_a4_the_field_tests() -> None:
    """A4: walking enters no face-down tile and no other explorer (a face-up tile or a camp is
    fine); a tile may be placed under an explorer; a camp needs the explorer's own empty field."""
    pos = at_c(3).up("gold_1", CE).camp(2, CW).explorer(1, CNE).empty(C2E)
    assert {CE, CW, C2E, C} <= pos.targets("walk") and CNE not in pos.targets("walk")
    assert CSE not in pos.targets("walk")  # face down
    pos.play("p1 walk h02_05")  # onto p3's camp
    assert pos.legal("camp") == set()  # not empty: a camp stands there
    pos2 = at_c().down("elephant", CE).up("elephant", DW, DE).explorer(1, D)
    pos2.play("p1 walk h02_06", "p1 reveal h02_07")
    assert D in pos2.targets("place")  # under p2's explorer


# --------------------------------------------------------------------------- the turn


def test_a5_one_option_per_turn() -> None:
    """A5, §4: option A (relocate) ends the turn; option B's steps offer no relocation."""
    pos = at_c().empty(CE).up("gold_1", D)
    assert pos.targets("relocate") and pos.targets("walk")
    pos.play("p1 walk h02_07")
    assert "is not possible now" in pos.refused("p1 relocate h08_04")
    pos.play("p1 skip")
    assert pos.legal("relocate") == set() and pos.legal("walk")
    pos2 = at_c().up("gold_1", D)
    pos2.play("p1 relocate h08_04")
    assert pos2.game.deciders() == [1] and pos2.state.step == "turn"


def test_a6_relocation_targets() -> None:
    """T13, §4.A: not to a face-down field, another explorer's field or its own; to a face-up tile
    far away, a camp, an empty free start city."""
    pos = at_c(3, cities=("tangier", "alexandria", "dakar")).explorer(1, CE).up("gold_1", D).camp(2, "h05_05")
    refused = {CSE, CE, C}
    assert not refused & pos.targets("relocate")
    assert {D, "h05_05", "h00_04", "h07_09", "h12_01"} <= pos.targets("relocate")  # tangier left by p1
    pos.play("p1 relocate h08_04")
    assert pos.state.at[0] == pos.f(D) and pos.game.deciders() == [1] and pos.vp() == 0


def test_a7_walking_range_and_paths() -> None:
    """T14, §4.B: a walk of up to two fields, each entered field open; C+2E is out of reach when
    its only two-step path passes p2 (or a face-down tile) on C+E; a face-up tile or camp on C+E
    lets p1 through."""
    pos = at_c().explorer(1, CE).empty(C2E)
    assert C2E not in pos.targets("walk")
    pos = at_c().down("nomad", CE).empty(C2E)
    assert C2E not in pos.targets("walk")
    for opened in (lambda p: p.up("gold_1", CE), lambda p: p.camp(1, CE)):
        pos = opened(at_c().empty(C2E))
        assert {C, CE, C2E} <= pos.targets("walk") and C3E not in pos.targets("walk")
    pos = at_c().empty(CE, C2E, C3E)
    assert C3E not in pos.targets("walk")  # three fields away


def test_a8_two_steps_and_four_fields_in_one_turn() -> None:
    """T14, A8: a player who takes no action in step 1 still walks in step 2: four fields."""
    pos = at_c().empty(CE, C2E, C3E, C4E)
    pos.play("p1 walk h02_08", "p1 skip", "p1 walk h02_10", "p1 skip")
    assert pos.state.at[0] == pos.f(C4E) and pos.game.deciders() == [1]


def test_a9_a_player_can_always_pass() -> None:
    """T13, §6: surrounded by face-down tiles, p1 still passes: stay and skip, twice."""
    pos = at_c()
    assert pos.legal() == {"walk h02_06"} | {f"relocate {c}" for c in ("h00_04", "h03_00", "h07_09", "h12_01")}
    pos.play("p1 walk h02_06", "p1 skip")
    assert pos.legal() == {"walk h02_06"}
    pos.play("p1 walk h02_06", "p1 skip")
    assert pos.game.deciders() == [1]


def test_a10_turns_go_clockwise_from_the_start_player() -> None:
    """A10, §4: seat 1, 2, 3, then seat 1 again."""
    pos = Position(3)
    seen = []
    for _ in range(5):
        (seat,) = pos.game.deciders()
        seen.append(seat)
        here = pos.rules.fields[pos.state.at[seat]]
        pos.play(f"p{seat + 1} walk {here}", f"p{seat + 1} skip", f"p{seat + 1} walk {here}", f"p{seat + 1} skip")
    assert seen == [0, 1, 2, 0, 1]


def test_a11_reveal_range_after_this_steps_walk() -> None:
    """T14, §4.B1: a face-down tile two fields away cannot be revealed; after walking next to it
    in the same step, it can."""
    pos = at_c().up("gold_1", CE).down("gold_2", C2E)
    pos.play("p1 walk h02_06")
    assert C2E not in pos.targets("reveal") and "p1 reveal h02_08" in pos.refused("p1 reveal h02_08")
    pos = at_c().up("gold_1", CE).down("gold_2", C2E)
    pos.play("p1 walk h02_07", "p1 reveal h02_08")
    assert pos.state.tile[pos.f(C2E)] == pos.face("gold_2")


# --------------------------------------------------------------------------- reveals


def test_a12_gold_and_gems_score_their_symbols_and_stay() -> None:
    """A12, §4.B1 Revealing gold and gems: +1 or +2 at once; the tile stays face up, nobody's."""
    pos = at_c().down("gold_2", CE).down("gem_1", CW)
    pos.play("p1 walk h02_06", "p1 reveal h02_07", "p1 walk h02_06", "p1 reveal h02_05")
    assert pos.vp() == 3 and pos.state.vp_from[0]["reveals"] == 3
    assert pos.state.tile[pos.f(CE)] == pos.face("gold_2") and sum(pos.state.display[0]) == 0


def test_a13_the_swap_of_the_rulebook_example() -> None:
    """T6, §4.B1 Revealing trade goods: Andreas {statue 1} reveals a statue; Birgit {kettle 1,
    clothing 2}: keep, swap for the kettle, or both statues for both clothing."""

    def example() -> Position:
        pos = at_c().down("statue", CE)
        r, d = pos.rules, pos.state.display
        d[0][pos.face("statue")] = 1
        d[1][pos.face("kettle")], d[1][pos.face("clothing")] = 1, 2
        pos.play("p1 walk h02_06", "p1 reveal h02_07")
        assert pos.state.tile[pos.f(CE)] == EMPTY and pos.state.step == "swap"
        assert pos.legal() == {"keep", "swap p2 kettle", "swap p2 clothing"}, r.goods
        return pos

    def held(pos: Position, seat: int) -> dict[str, int]:
        return {
            g: pos.state.display[seat][pos.face(g)] for g in pos.rules.goods if pos.state.display[seat][pos.face(g)]
        }

    pos = example().play("p1 keep")
    assert held(pos, 0) == {"statue": 2}
    pos = example().play("p1 swap p2 kettle")
    assert (held(pos, 0), held(pos, 1)) == ({"statue": 1, "kettle": 1}, {"statue": 1, "clothing": 2})
    pos = example().play("p1 swap p2 clothing")
    assert (held(pos, 0), held(pos, 1)) == ({"clothing": 2}, {"statue": 2, "kettle": 1})
    assert pos.state.vp == [0, 0]


def test_a13_swap_limits() -> None:
    """T7: Andreas {kettle 2} reveals a statue; Birgit {clothing 2, mask 1}: only keep, or 1
    statue for her mask; never her clothing (2 statues needed), never kettles, never later."""
    pos = at_c().down("statue", CE)
    d = pos.state.display
    d[0][pos.face("kettle")] = 2
    d[1][pos.face("clothing")], d[1][pos.face("mask")] = 2, 1
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert pos.legal() == {"keep", "swap p2 mask"}
    assert "not possible now" in pos.refused("p1 swap p2 clothing")
    pos.play("p1 swap p2 mask")
    assert d[0][pos.face("kettle")] == 2 and d[0][pos.face("mask")] == 1 and d[1][pos.face("statue")] == 1
    pos.play("p1 walk h02_06")
    assert "'swap' is not possible now" in pos.refused("p1 swap p2 clothing")


def test_a14_the_elephant_example() -> None:
    """T1, §4.B1 Revealing animals: a revealed elephant next to one elephant scores 2 where it
    lies, 3 placed next to two others; a field next to only one is refused."""

    def revealed() -> Position:
        pos = at_c().down("elephant", CE).up("elephant", C2E, DW, DE).empty(D, "h08_02")
        return pos.play("p1 walk h02_06", "p1 reveal h02_07")

    pos = revealed()
    assert pos.targets("place") == {D} and "not possible now" in pos.refused("p1 place h08_02")
    assert pos.play("p1 stay").vp() == 2
    pos = revealed().play("p1 place h08_04")
    assert pos.vp() == 3 and pos.state.tile[pos.f(D)] == pos.face("elephant") and pos.state.tile[pos.f(CE)] == EMPTY


def test_a14_species_and_placement_targets() -> None:
    """T17, §5: a zebra placed under p3's explorer next to two zebras scores 3; not onto a camp;
    left beside two elephants and no zebra, it scores 1."""
    pos = at_c(3).down("zebra", CE).up("zebra", DNW, DSW).explorer(2, D).camp(1, DW).up("elephant", C2E, "h01_08")
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert D in pos.targets("place") and DW not in pos.targets("place")
    assert pos.play("p1 place h08_04").vp() == 3
    pos = at_c(3).down("zebra", CE).up("elephant", C2E, "h01_08")
    assert pos.play("p1 walk h02_06", "p1 reveal h02_07", "p1 stay").vp() == 1


def test_a15_a_moved_animal_does_not_count_itself() -> None:
    """T2, §4.B2: moving C+E's elephant to C keeps 1 neighbour (C+W; C+E is empty then): refused;
    to D, between two elephants, +1 (2 - 1)."""
    pos = at_c().up("elephant", CE, CW, C2E)
    pos.play("p1 walk h02_06")
    assert "animal h02_07 h02_06" not in pos.legal("animal")
    pos = at_c().up("elephant", CE, CW, C2E, DW, DE).empty(D)
    pos.play("p1 walk h02_06", "p1 animal h02_07 h08_04")
    assert pos.vp() == 1 and pos.state.vp_from[0]["animals"] == 1


def test_a15_a_nomads_vacated_field_counts_as_empty() -> None:
    """T4, §4.B1 Revealing nomad peoples: stay +1 (C); placed on C under p1's own explorer, C+E
    (vacated) and C+W are empty: +2."""
    pos = at_c().down("nomad", CE).empty(CW)
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert C in pos.targets("place")
    assert pos.play("p1 place h02_06").vp() == 2
    pos = at_c().down("nomad", CE).empty(CW)
    assert pos.play("p1 walk h02_06", "p1 reveal h02_07", "p1 stay").vp() == 1


def test_a16_a_nomad_scores_its_empty_neighbours_only() -> None:
    """A16: the nomad itself earns nothing; each empty neighbour 1 (here C and C+2E)."""
    pos = at_c().down("nomad", CE).empty(C2E).up("elephant", CNE)
    assert pos.play("p1 walk h02_06", "p1 reveal h02_07", "p1 stay").vp() == 2
    assert pos.state.vp_from[0]["nomads"] == 2


def test_a17_monuments_give_camps_then_the_bonus() -> None:
    """T12, §4.B1 Revealing monuments: with 4 players and no camp of his own, p1 reveals the 1st
    monument in step 1 (a camp; the supply 9 camps + bonus) and builds it in step 2."""
    pos = at_c(4).down("monument", CE).empty(CW)
    pos.state.camps[0] = 0
    pos.play("p1 walk h02_05")
    assert pos.legal("camp") == set()  # no camp to build
    pos = at_c(4).down("monument", CE).empty(CW)
    pos.state.camps[0] = 0
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert (pos.state.camps[0], pos.state.supply, pos.state.bonus) == (1, 9, -1)
    pos.play("p1 walk h02_06", "p1 camp research")
    assert pos.state.tile[pos.f(C)] == CAMP and pos.state.camps[0] == 0 and pos.vp() == 1  # the monument


def test_a18_an_animal_moves_from_the_explorers_field_or_next_to_it() -> None:
    """A18, §4.B2: the source is on or next to the explorer's field, any species, anyone's; an
    explorer on the source stays; a move that gains nothing is not legal."""
    pos = at_c().up("giraffe", C, C2E).up("giraffe", "h08_03", "h08_05").empty(D)
    pos.play("p1 walk h02_06")
    assert "h02_06 h08_04" in pos.targets("animal") and not any(t.startswith("h02_08") for t in pos.targets("animal"))
    pos.play("p1 animal h02_06 h08_04")
    assert pos.state.at[0] == pos.f(C) and pos.state.tile[pos.f(C)] == EMPTY and pos.vp() == 2


def test_a19_nomad_relocation_pays_the_improvement() -> None:
    """T3, §4.B3: a nomad with one empty neighbour (C) moved to D with three: +2; to D+E with one:
    refused."""
    pos = at_c().up("nomad", CE).empty(D, DE, DNW, DSW)
    pos.play("p1 walk h02_06")
    assert "h02_07 h08_04" in pos.targets("nomad") and "h02_07 h08_05" not in pos.targets("nomad")
    assert pos.play("p1 nomad h02_07 h08_04").vp() == 2


def test_a20_camps_on_a_start_city_and_what_a_camp_blocks() -> None:
    """T15, §5: p1 builds on Tangier (empty, his explorer on it): research +2; afterwards Tangier
    is not empty (nothing may be placed there), yet p2 may relocate onto it."""
    pos = Position(2).up("elephant", "h00_05").up("gold_2", "h01_03").up("monument", "h01_04")
    assert pos.state.at[0] == pos.f("h00_04")
    pos.play("p1 walk h00_04", "p1 camp research")
    assert pos.vp() == 2 and pos.state.tile[pos.f("h00_04")] == CAMP and pos.state.camp[pos.f("h00_04")] == 0
    pos.play("p1 walk h00_05", "p1 skip")
    assert "h00_04" in pos.targets("relocate")  # p2's turn


def test_a21_research_and_a22_mining() -> None:
    """T16, §4.B4, §4.B5: a camp on C among an elephant, a nomad, a monument, gold (2), a gem (1)
    and a face-down tile: research +3, nothing removed; mining +0, gold and gem taken, their
    fields empty, the face-down tile untouched."""

    def around_c() -> Position:
        pos = at_c().up("elephant", CE).up("nomad", CNE).up("monument", CNW).up("gold_2", CW).up("gem_1", CSW)
        return pos.down("lion", CSE).play("p1 walk h02_06")

    pos = around_c().play("p1 camp research")
    assert pos.vp() == 3 and pos.state.vp_from[0]["research"] == 3 and pos.state.tile[pos.f(CW)] == pos.face("gold_2")
    pos = around_c().play("p1 camp mine")
    d = pos.state.display[0]
    assert pos.vp() == 0 and d[pos.face("gold_2")] == 1 and d[pos.face("gem_1")] == 1
    assert pos.state.tile[pos.f(CW)] == pos.state.tile[pos.f(CSW)] == EMPTY and pos.state.tile[pos.f(CSE)] == DOWN


def test_a22_mining_with_nothing_to_mine_is_legal() -> None:
    """A22: building to mine with no gold or gem around is legal, and takes nothing."""
    pos = at_c().play("p1 walk h02_06", "p1 camp mine")
    assert pos.state.camps[0] == 1 and sum(pos.state.display[0]) == 0


def test_a23_everything_but_face_down_tiles_is_public() -> None:
    """A23: a view shows every display, camps, the supply, the scores; no face-down face."""
    pos = at_c().down("statue", CE)
    pos.play("p1 walk h02_06", "p1 reveal h02_07", "p1 keep")
    view = pos.game.observation(1).to_json()
    assert view["display"][0][pos.face("statue")] == 1 and view["camps"] == [2, 2] and view["supply"] == 8
    down = [f for f, t in enumerate(pos.state.tile) if t == DOWN]
    assert "hidden" not in view and [f for f, t in enumerate(view["tile"]) if t == DOWN] == down
    with pytest.raises(AttributeError):
        _ = pos.game.observation(1).hidden


# --------------------------------------------------------------------------- the end


def test_a24_the_last_monument_ends_the_game_at_once() -> None:
    """T11, §7, §8: with 2 players the supply holds 8 camps; after 8 monuments the 9th, revealed
    in step 1, takes the bonus (+3): step 2 is not played, p2 gets no turn, the final scoring runs."""
    pos = at_c(2).down("monument", CE)
    pos.state.supply = 0  # eight monuments revealed before
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    s = pos.state
    assert pos.game.over and s.bonus == 0 and s.vp_from[0]["bonus"] == 3 and s.ended == "bonus"
    assert pos.game.deciders() == [] and pos.game.legal_actions() == [] and s.ranking
    pos3 = at_c(3).down("monument", CE)
    pos3.state.supply = 2  # 8 of 10 camps given: the 9th monument gives a camp with 3 players
    pos3.play("p1 walk h02_06", "p1 reveal h02_07")
    assert not pos3.game.over and pos3.state.camps[0] == 3 and pos3.state.step == "walk"


def test_a25_goods_score_as_sets() -> None:
    """T8, §7 Trade goods: {statue 4, kettle 2} 11; {mask 5} 12; {statue 3} 5; one of each 4; none 0."""
    pos = Position(2)
    r, d = pos.rules, pos.state.display[0]
    cases = [
        ({"statue": 4, "kettle": 2}, 11),
        ({"mask": 5}, 12),
        ({"statue": 3}, 5),
        (dict.fromkeys(r.goods, 1), 4),
        ({}, 0),
    ]
    for held, vp in cases:
        for g in r.goods:
            d[pos.face(g)] = held.get(g, 0)
        assert goods_vp(r, pos.state, 0) == vp, held


def test_a26_majorities_of_the_rulebook_example() -> None:
    """T9, §7 Gold and gems: gold Andreas 5 (2, 2, 1), Birgit 3 (1, 1, 1), Connie 3 (2, 1); gems
    4, 1, 4: Andreas 18, Birgit 3, Connie 11; symbols count, not tiles."""
    pos = Position(3)
    d = pos.state.display
    gold1, gold2, gem1, gem2 = (pos.face(n) for n in ("gold_1", "gold_2", "gem_1", "gem_2"))
    d[0][gold2], d[0][gold1], d[1][gold1], d[2][gold2], d[2][gold1] = 2, 1, 3, 1, 1
    d[0][gem2], d[1][gem1], d[2][gem2] = 2, 1, 2
    final_scoring(pos.rules, pos.state)
    assert [(v["gold"], v["gems"]) for v in pos.state.vp_from] == [(10, 8), (3, 0), (3, 8)]
    assert pos.state.vp == [18, 3, 11]


def test_a26_ties_share_and_round_down() -> None:
    """T10, A26: gems 2, 2, 2 -> 5 each; gold 4, 2, 2, 2 -> 10, 2, 2, 2 (floor(6/3))."""
    assert majority_vp([2, 2, 2], (10, 6), 1, False) == [5, 5, 5]
    assert majority_vp([4, 2, 2, 2], (10, 6), 1, False) == [10, 2, 2, 2]
    assert majority_vp([2, 2, 2], (10, 6), 1, True) == [6, 6, 6]  # scoring.majority.rounding: ceil


def test_a27_no_gold_no_place() -> None:
    """T10, A27: gold 3, 0, 0 -> 10, 0, 0; 0, 0, 0 -> nothing; 2 players 5 and 0 -> 10 and 0;
    with min_amount 0 the zero-holders tie for second."""
    assert majority_vp([3, 0, 0], (10, 6), 1, False) == [10, 0, 0]
    assert majority_vp([0, 0, 0], (10, 6), 1, False) == [0, 0, 0]
    assert majority_vp([5, 0], (10, 6), 1, False) == [10, 0]
    assert majority_vp([3, 0, 0], (10, 6), 0, False) == [10, 3, 3]


def test_a28_tied_leaders_share_the_win() -> None:
    """T18, §7: totals 47, 40, 47: p1 and p3 both win; statistics credit each half a win."""
    pos = Position(3)
    s = pos.state
    s.vp = [47, 40, 47]
    s.ranking = sorted(range(3), key=lambda p: (-s.vp[p], p))
    s.step = "over"
    assert winners(s) == [0, 2] and pos.rules.pack.winners(pos.game) == [0, 2]
    assert win_shares(winners(s), 3) == [0.5, 0, 0.5]


# --------------------------------------------------------------------------- setup


def test_a29_setup_deals_the_tiles_by_the_seed() -> None:
    """A29, §2 Setup: the 96 tiles face down on the non-city fields, shuffled by the seed (the same
    seed, the same deal); 2 camps and 0 VP each; 10 supply camps (8 with 2 players)."""
    rules = load_rules("africa", 4)
    a, b, c = Game(rules, seed=7).state, Game(rules, seed=7).state, Game(rules, seed=8).state
    assert a.hidden == b.hidden and a.hidden != c.hidden
    assert sorted(h for h in a.hidden if h != EMPTY) == sorted(rules.mix)
    assert all((t == DOWN) != rules.is_city[f] for f, t in enumerate(a.tile))
    assert (a.camps, a.vp, a.supply, Game(load_rules("africa", 2), seed=7).state.supply) == ([2] * 4, [0] * 4, 10, 8)


def test_a30_start_player_and_cities() -> None:
    """A30, §2 Setup: seat 1 chooses first, then clockwise, each a city no explorer stands on; the
    start player takes the first turn; with start_player random the seed draws it."""
    game = Game(load_rules("africa", 3), seed=1)
    assert game.deciders() == [0] and len(game.legal_actions()) == 5
    game.apply(parse_action(game.rules, "p1 start dakar"))
    assert game.deciders() == [1] and "p2 start dakar" not in {
        format_action(game.rules, a) for a in game.legal_actions()
    }
    game.apply(parse_action(game.rules, "p2 start tangier"))
    game.apply(parse_action(game.rules, "p3 start cape_town"))
    assert game.deciders() == [0] and game.state.step == "turn" and game.state.round == 1
    firsts = {
        Game(load_rules("africa", 4, overrides=["turn.start_player=random"]), seed=s).state.first for s in range(40)
    }
    assert firsts == {0, 1, 2, 3}
    game = Game(load_rules("africa", 4, overrides=["turn.start_player=random"]), seed=3)
    first = game.state.first
    assert game.deciders() == [first] and game.state.order == [(first + i) % 4 for i in range(4)]


def test_a31_the_turn_cap_ends_without_the_bonus() -> None:
    """A31: reaching max_turns ends the game with the final scoring, no bonus, flagged capped."""
    pos = Position(2, overrides=("turn.max_turns=3",)).explorer(0, C).explorer(1, D)
    for seat, here in ((0, C), (1, D), (0, C)):
        pos.play(f"p{seat + 1} walk {here}", f"p{seat + 1} skip", f"p{seat + 1} walk {here}", f"p{seat + 1} skip")
    s = pos.state
    assert pos.game.over and s.turns == 3 and s.ended == "max_turns" and s.bonus == -1
    assert pos.rules.pack.result(pos.game)["capped"] is True and s.ranking


def test_a32_two_players_differ_only_in_the_supply() -> None:
    """A32, §8: with 2 players all 96 tiles are used, each player has 2 camps, the 3 unused cities
    are empty fields, swaps go to the one opponent."""
    pos = Position(2)
    assert len([h for h in pos.state.hidden if h != EMPTY]) == 96 and pos.state.camps == [2, 2]
    assert {"h03_00", "h07_09", "h12_01"} <= pos.targets("relocate")


def test_a33_the_simple_variant_has_one_step() -> None:
    """T19, §9: in the simple variant, after p1's walk and one reveal the turn passes to p2;
    option A is still offered."""
    pos = Position(2, rules="rules/variants/africa-simple.yaml").explorer(0, C).down("gold_1", CE)
    assert pos.targets("relocate")
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert pos.game.deciders() == [1] and pos.state.step == "turn" and pos.targets("relocate")


def test_a34_the_notation_of_every_decision() -> None:
    """A34: every verb reads back from its text; a whole-turn pass is stay and skip twice, and no
    separate pass verb exists (search sees no duplicate moves)."""
    rules = load_rules("africa", 3)
    for text in (
        "p1 relocate h05_06",
        "p2 walk h02_06",
        "p3 reveal h02_07",
        "p1 animal h02_07 h08_04",
        "p1 nomad h02_07 h08_04",
        "p1 camp research",
        "p1 camp mine",
        "p1 skip",
        "p1 stay",
        "p1 place h08_04",
        "p1 keep",
        "p1 swap p2 kettle",
        "p2 start cape_town",
    ):
        assert format_action(rules, parse_action(rules, text)) == text
    assert "pass" not in rules.pack.verbs


def test_a35_enough_monuments_not_exactly_enough() -> None:
    """A35: a supply of 8 camps with 4 players validates (11 monuments >= 9)."""
    rules = load_rules("africa", 4, overrides=["setup.supply.camps=8"])
    assert rules.supply_camps == 8 and rules.monuments == 11


def test_a36_start_and_one_option_decisions() -> None:
    """A36: the setup's choices are `start CITY`; a revealed animal that no field improves still
    asks for `stay`, its one legal action."""
    pos = at_c().down("lion", CE)
    pos.play("p1 walk h02_06", "p1 reveal h02_07")
    assert pos.legal() == {"stay"} and pos.state.step == "place"


# --------------------------------------------------------------------------- hidden information


def test_t20_views_never_show_a_face_down_tile() -> None:
    """T20, africa-rulings §4: two games that differ only in which unseen tiles lie on two
    face-down fields give every seat the same view and the same legal actions; the unseen multiset
    is the mix less every revealed tile; a reveal makes only that tile known."""
    pos, other = Position(2), Position(2)  # p1 on Tangier, next to h00_05, h01_03, h01_04
    pos.down("gold_1", "h01_03").down("lion", "h01_04")
    other.down("gold_1", "h01_03").down("lion", "h01_04")
    h = other.state.hidden
    h[pos.f("h01_03")], h[pos.f("h01_04")] = h[pos.f("h01_04")], h[pos.f("h01_03")]  # lion and gold swapped
    assert pos.state.hidden != other.state.hidden
    for seat in (0, 1):
        assert pos.game.observation(seat).to_json() == other.game.observation(seat).to_json()
    assert pos.game.legal_actions() == other.game.legal_actions()
    pos.play("p1 walk h00_04", "p1 reveal h01_03")
    other.play("p1 walk h00_04", "p1 reveal h01_03", "p1 stay")
    for game in (pos, other):
        view = game.game.observation(1)
        faces = [h for h in game.state.hidden if h != EMPTY]
        assert view.unseen == [faces.count(f) for f in range(len(game.rules.face_names))]
        assert sum(view.unseen) == 95 and view.to_json()["tile"][game.f("h01_04")] == DOWN
    assert pos.game.observation(1).tile[pos.f("h01_03")] == pos.face("gold_1")
    assert other.game.observation(1).tile[other.f("h01_03")] == other.face("lion")


def test_determinize_reshuffles_only_the_unseen_tiles() -> None:
    """africa-rulings §4: a sampled game keeps every seen tile and deals the unseen multiset anew
    onto the face-down fields, uniformly."""
    pos = Position(2).down("gold_1", "h01_03").down("statue", "h00_05")
    pos.play("p1 walk h00_04", "p1 reveal h01_03", "p1 walk h00_04", "p1 reveal h00_05", "p1 keep")
    view = pos.game.observation(1)
    seen = set()
    for seed in range(20):
        sampled = Game.determinize(view, random.Random(seed))
        assert sampled.observation(1).to_json() == view.to_json()
        assert sampled.state.tile == pos.state.tile and sampled.state.display == pos.state.display
        unseen = sorted(h for h in pos.state.hidden if h != EMPTY)
        assert sorted(h for h in sampled.state.hidden if h != EMPTY) == unseen
        seen.add(tuple(sampled.state.hidden))
    assert len(seen) == 20
