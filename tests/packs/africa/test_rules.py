"""Africa's rules as data (issue 15, item 1): the bundled files validate at 2-5 players and compile
to the board and mix of africa-rulings §1-§2; a board or mix that cannot be played is refused at
its line, every problem at once, as ``FILE:LINE:COL: message``.

Each refusal copies ``rules/africa`` into ``tmp_path`` (the working directory, so files are named
relative to it), breaks one thing and checks the exact place of the problem.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import Problem, RulesError
from woa_core.packs.africa.hexes import DIRECTIONS, distance
from woa_core.rules import compile_document, data_root, load_document, load_rules

BUNDLED = data_root() / "rules" / "africa"
SIMPLE = data_root() / "rules" / "variants" / "africa-simple.yaml"


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def rules_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(BUNDLED, tmp_path / "af"))


def edit(path: Path, old: str, new: str) -> int:
    """Replace the one occurrence of ``old`` in ``path``; return its line."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.count("\n", 0, text.index(old)) + 1


def problems_of(spec: str) -> list[Problem]:
    try:
        doc = load_document(spec)
        for n in doc.located.data["players"]["counts"]:
            compile_document(doc, n)
    except RulesError as e:
        return e.problems
    return []


def test_bundled_rules_validate_at_2_to_5_players(capsys) -> None:
    """Issue 15: `woa validate --rules africa` is clean at 2-5 players, and so is the simple variant."""
    assert main(["validate", "--rules", "africa"]) == 0
    assert main(["validate", "--rules", str(SIMPLE)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "africa: valid for 2, 3, 4, 5 players" in out
    assert f"{SIMPLE}: valid for 2, 3, 4, 5 players" in out


def test_board_is_the_reconstruction_of_the_rulings() -> None:
    """africa-rulings §1 (A1): 101 fields, 96 of them for tiles, 5 cities on the coast; adjacency
    is symmetric and axial; 39 coastal fields; the neighbour histogram of the rulings."""
    r = load_rules("africa", 4)
    assert len(r.fields) == 101 and len(r.cities) == 5 and len(r.mix) == 96
    assert sum(not c for c in r.is_city) == len(r.mix)
    assert [r.fields[c] for c in r.cities] == ["h00_04", "h00_10", "h03_00", "h07_09", "h12_01"]
    assert r.city_keys == ("tangier", "alexandria", "dakar", "mombasa", "cape_town")
    at = {(r.q[f], r.r[f]): f for f in range(len(r.fields))}
    for f, nbrs in enumerate(r.neighbours):
        expected = [at[(r.q[f] + dq, r.r[f] + dr)] for dq, dr in DIRECTIONS if (r.q[f] + dq, r.r[f] + dr) in at]
        assert list(nbrs) == expected and f not in nbrs
        assert all(f in r.neighbours[g] for g in nbrs)
    assert Counter(len(n) for n in r.neighbours) == {3: 15, 4: 15, 5: 9, 6: 62}
    assert sum(r.coast) == 39 and all(r.coast[c] for c in r.cities)
    assert r.fields[r.field("h07_03")] == "h07_03" and (r.q[r.field("h07_03")], r.r[r.field("h07_03")]) == (3, 7)


def test_two_steps_are_the_fields_at_distance_two() -> None:
    """A7: ``ring2`` lists exactly the fields two steps away with a field of the board between
    (off the board is no field, A1), each with the fields between."""
    r = load_rules("africa", 2)
    hexes = [(r.q[f], r.r[f]) for f in range(len(r.fields))]
    for f, ring in enumerate(r.ring2):
        between = {g for m in r.neighbours[f] for g in r.neighbours[m]}
        far = [g for g in range(len(hexes)) if distance(hexes[f], hexes[g]) == 2]
        assert sorted(g for g, _, _ in ring) == [g for g in far if g in between]
        for g, a, b in ring:
            assert {a, b} <= set(r.neighbours[f]) and g in r.neighbours[a] and g in r.neighbours[b]


def test_tile_mix_and_numbers_of_the_rulebook() -> None:
    """1., 2., 7. and africa-rulings §2: the mix, the supply, the goods table and the prizes."""
    r = load_rules("africa", 4)
    mix = Counter(r.face_names[f] for f in r.mix)
    assert mix["monument"] == 11 and mix["nomad"] == 9
    assert [mix[g] for g in ("statue", "kettle", "clothing", "mask")] == [5] * 4
    assert [mix[a] for a in ("elephant", "giraffe", "zebra", "lion")] == [8] * 4
    assert [mix[f] for f in ("gold_1", "gold_2", "gem_1", "gem_2")] == [6] * 4
    assert r.goods_vp == (0, 1, 3, 5, 8, 12) and r.prizes == (10, 6) and not r.round_up and r.min_amount == 1
    assert (r.supply_camps, r.player_camps, r.bonus_vp, r.steps, r.walk_range, r.max_turns) == (10, 2, 3, 2, 2, 1000)


def test_two_players_take_eight_camps_from_the_supply() -> None:
    """§8 Special rule for 2 players (A32): 8 camps in the supply; nothing else changes."""
    two, three = load_rules("africa", 2), load_rules("africa", 3)
    assert (two.supply_camps, three.supply_camps) == (8, 10)
    assert two.mix == three.mix and two.player_camps == three.player_camps == 2


def test_simple_variant_has_one_step() -> None:
    """§9 Simple variant (A33): option B has one step; the rest is unchanged."""
    simple, full = load_rules(str(SIMPLE), 4), load_rules("africa", 4)
    assert (simple.steps, full.steps) == (1, 2)
    assert simple.walk_range == full.walk_range and simple.mix == full.mix and simple.name == "africa-simple"


def test_a_hole_is_refused_at_its_row(here) -> None:
    """africa-rulings §1: no holes. Row 4 with a gap at q = 5 encloses (5, 4)."""
    rd = rules_copy(here)
    line = edit(rd / "board.yaml", "4: [0, 11]", "4: [[0, 4], [6, 11]]")
    edit(rd / "tiles.yaml", "nomad: 9 ", "nomad: 8 ")  # keep one tile per field
    problems = problems_of("af")
    assert [(p.file, p.line, p.message) for p in problems] == [
        ("af/board.yaml", line, "(5, 4) is a hole: a place off the board enclosed by fields")
    ]


def test_95_tiles_are_refused_at_the_tiles(here) -> None:
    """2. Setup: one face-down tile on every field but the start cities, so 96 tiles."""
    rd = rules_copy(here)
    edit(rd / "tiles.yaml", "nomad: 9 ", "nomad: 8 ")
    problems = problems_of("af")
    monument = (rd / "tiles.yaml").read_text(encoding="utf-8").split("\n").index(
        'monument: 11                    # "elf Monumente" (3., 7.): rulebook'
    ) + 1
    assert [(p.file, p.line, p.column) for p in problems] == [("af/tiles.yaml", monument, 1)]
    assert problems[0].message.startswith(
        "the tiles add up to 95, but the board has 96 fields that are not start cities"
    )


def test_an_inland_city_is_refused_at_the_city(here, capsys) -> None:
    """africa-rulings §1: every city on the coast (board.constraints.cities_on_coast)."""
    rd = rules_copy(here)
    line = edit(
        rd / "board.yaml",
        "{id: h03_00, key: dakar, name: Dakar, q: 0, r: 3,",
        "{id: h03_01, key: dakar, name: Dakar, q: 1, r: 3,",
    )
    problems = problems_of("af")
    assert [(p.file, p.line, p.message) for p in problems] == [
        (
            "af/board.yaml",
            line,
            "Dakar at (1, 3) is inland (six neighbours); constraints.cities_on_coast asks for the coast",
        )
    ]
    assert main(["validate", "--rules", "af"]) == 1
    err = capsys.readouterr().err
    assert f"af/board.yaml:{line}:" in err and "Traceback" not in err and "af: 1 problem(s)" in err


def test_every_problem_is_reported_at_once(here) -> None:
    """A cut-off board, a city id that is not its field's, too few monuments and goods beyond the
    table, each at its own line, in one run."""
    rd = rules_copy(here)
    rows = edit(rd / "board.yaml", "12: [1, 2]", "12: [1, 2]\n  14: [0, 0]")
    city = edit(rd / "board.yaml", "{id: h00_10, key: alexandria", "{id: h00_09, key: alexandria")
    edit(rd / "tiles.yaml", "nomad: 9 ", "nomad: 10")
    monuments = edit(rd / "tiles.yaml", "monument: 11 ", "monument: 5  ")
    mask = edit(rd / "tiles.yaml", "  mask: 5", "  mask: 11")
    found = {(p.file, p.line, p.message.split(":")[0].split(",")[0]) for p in problems_of("af")}
    assert ("af/board.yaml", rows + 1, "the board is not connected") in found
    assert ("af/board.yaml", city, "Alexandria is at (10") in found
    assert ("af/tiles.yaml", monuments, "5 monument(s) cannot give the supply's 10 camps and then the bonus") in found
    assert ("af/tiles.yaml", mask, "11 tiles of mask") in found


def test_camps_beyond_the_box_are_refused_at_the_player_count(here) -> None:
    """1. Components: 20 camps; 10 in the supply and 2 for each of 5 players fill the box."""
    rd = rules_copy(here)
    edit(rd / "setup.yaml", "player_camps: 2 ", "player_camps: 3 ")
    box = edit(rd / "setup.yaml", "camps_in_box: 20", "camps_in_box: 20")
    problems = problems_of("af")
    assert [(p.file, p.line) for p in problems] == [("af/setup.yaml", box)] * 2
    assert sorted(p.message.split(" need ")[1] for p in problems) == [
        "22 camps, but the box holds 20 (with 4 players)",
        "25 camps, but the box holds 20 (with 5 players)",
    ]


def test_two_player_supply_beyond_the_monuments_is_refused_for_two(here) -> None:
    """A17, A35: monuments >= the supply's camps + 1 at every player count (the overlay included)."""
    rd = rules_copy(here)
    edit(rd / "players.yaml", "supply: {camps: 8}", "supply: {camps: 11}")
    (problem,) = problems_of("af")
    assert problem.file == "af/tiles.yaml" and problem.message.endswith("at least 12 (A17) (with 2 players)")
