"""Variants (README "Writing a variant"): `extends`, JSON Merge Patch (RFC 7396: mappings merge,
`null` deletes, lists replace whole), chains, positions, `woa rules show`, the content hash."""

from __future__ import annotations

import dataclasses
import json
import shutil
import textwrap
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import RulesError
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.rules import compile_document, data_root, load_document, load_rules
from woa_core.rules.resolve import resolve

RULES = data_root() / "rules"
BUNDLED = RULES / "west-of-africa"
VARIANTS = RULES / "variants"
COUNTS = (2, 3, 4, 5)
MISSING = "<missing>"


def write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return str(path)


def flat(data, prefix=()):
    """{path: leaf} of a JSON document (empty containers are leaves)."""
    if isinstance(data, dict) and data:
        out = {}
        for k, v in data.items():
            out |= flat(v, (*prefix, k))
        return out
    if isinstance(data, list) and data:
        out = {}
        for i, v in enumerate(data):
            out |= flat(v, (*prefix, i))
        return out
    return {prefix: data}


def diff(a, b) -> dict:
    fa, fb = flat(a), flat(b)
    return {
        p: (fa.get(p, MISSING), fb.get(p, MISSING))
        for p in fa.keys() | fb.keys()
        if fa.get(p, MISSING) != fb.get(p, MISSING)
    }


IGNORED_FIELDS = {"name", "variant", "content_hash", "document"}


def rules_diff(a: Rules, b: Rules) -> set[str]:
    """Names of the compiled fields that differ (besides name, variant, hash and document)."""
    return {
        f.name
        for f in dataclasses.fields(Rules)
        if f.compare and f.name not in IGNORED_FIELDS and getattr(a, f.name) != getattr(b, f.name)
    }


# ----------------------------------------------------------------- bundled variants

BUNDLED_VARIANTS = {
    # file: (document changes, compiled fields that change)
    "rich-islands.yaml": (
        {("economy", "gold", "cap"): (45, 60)},
        {"gold_cap"},
    ),
    "el-hierro-ferry.yaml": (
        {("board", "sea_links", "el_hierro-tenerife"): (MISSING, True)},
        {"islands", "distance"},
    ),
    "cheap-farming.yaml": (
        {("board", "sea_links", "el_hierro-tenerife"): (MISSING, True), ("economy", "cultivation", "cost"): (3, 2)},
        {"islands", "distance", "cultivation_cost"},
    ),
}


@pytest.mark.parametrize("name", sorted(BUNDLED_VARIANTS))
def test_bundled_variant_validates_for_2_to_5_players(name, capsys):
    """rules/variants: each bundled variant passes `woa validate` for every player count."""
    spec = str(VARIANTS / name)
    assert main(["validate", spec]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"{spec}: valid for 2, 3, 4, 5 players" in out
    for n in COUNTS:
        assert load_rules(spec, n).players == n


@pytest.mark.parametrize("name", sorted(BUNDLED_VARIANTS))
def test_bundled_variant_changes_exactly_what_it_claims(name):
    """rules/variants: the resolved document differs from the base in the claimed values only."""
    claimed, _ = BUNDLED_VARIANTS[name]
    base = resolve("west-of-africa").located.data
    var = resolve(VARIANTS / name).located.data
    assert diff(base, var) == claimed


@pytest.mark.parametrize("name", sorted(BUNDLED_VARIANTS))
@pytest.mark.parametrize("n", COUNTS)
def test_bundled_variant_compiled_changes(name, n):
    """rules/variants: compiled for each count, only the claimed fields differ from the base."""
    _, fields = BUNDLED_VARIANTS[name]
    base = load_rules("west-of-africa", n)
    var = load_rules(str(VARIANTS / name), n)
    assert rules_diff(base, var) == fields
    assert var.name == Path(name).stem
    assert var.variant is not None and var.variant.endswith(name)
    assert var.content_hash != base.content_hash


def test_rich_islands_gold_cap_60():
    """rich-islands.yaml: the gold cap rises from 45 to 60 (R10)."""
    assert load_rules("west-of-africa", 4).gold_cap == 45
    assert load_rules(str(VARIANTS / "rich-islands.yaml"), 4).gold_cap == 60


@pytest.mark.parametrize("name", ["el-hierro-ferry.yaml", "cheap-farming.yaml"])
def test_ferry_joins_el_hierro_and_tenerife(name):
    """el-hierro-ferry.yaml: a sea link El Hierro-Tenerife; distance 2 becomes 1."""
    base = load_rules("west-of-africa", 4)
    var = load_rules(str(VARIANTS / name), 4)
    eh, tf = var.island_id("el_hierro"), var.island_id("tenerife")
    assert base.distance[eh][tf] == 2 and var.distance[eh][tf] == 1
    assert tf in var.islands[eh].neighbors and eh in var.islands[tf].neighbors
    assert tf not in base.islands[eh].neighbors


def test_cheap_farming_chain_of_variants():
    """cheap-farming.yaml extends el-hierro-ferry.yaml (a relative path): both changes apply,
    files listed parents first."""
    doc = resolve(VARIANTS / "cheap-farming.yaml")
    assert [Path(f).name for f in doc.files[-2:]] == ["el-hierro-ferry.yaml", "cheap-farming.yaml"]
    assert Path(doc.files[0]).name == "ruleset.yaml"
    r = load_rules(str(VARIANTS / "cheap-farming.yaml"), 3)
    assert r.cultivation_cost == 2
    assert r.distance[r.island_id("el_hierro")][r.island_id("tenerife")] == 1


# ------------------------------------------------------------------ chains, merging


def test_chain_merges_in_order(tmp_path):
    """README: variants may extend variants (relative paths); the child's values win, the parent's
    other changes stay, the base fills the rest."""
    write(
        tmp_path / "parent.yaml",
        """
        extends: west-of-africa
        name: parent
        economy:
          gold: {start: 20, cap: 60}
          ship: {range: 4}
        """,
    )
    child = write(
        tmp_path / "sub" / "child.yaml",
        """
        extends: ../parent.yaml
        name: child
        economy:
          gold: {cap: 70}
          ship: {capacity: 5}
        """,
    )
    grandchild = write(
        tmp_path / "sub" / "deeper" / "grandchild.yaml",
        """
        extends: ../child.yaml
        economy:
          gold: {cap: 80}
        """,
    )
    r = load_rules(child, 4)
    assert (r.start_gold, r.gold_cap, r.ship_range, r.ship_capacity) == (20, 70, 4, 5)
    assert r.name == "child"
    assert r.cultivation_cost == 3  # base
    g = load_rules(grandchild, 4)
    assert (g.start_gold, g.gold_cap, g.ship_range, g.ship_capacity) == (20, 80, 4, 5)
    assert g.name == "grandchild"  # no `name`: the file's stem
    assert [Path(f).name for f in resolve(grandchild).files[-3:]] == ["parent.yaml", "child.yaml", "grandchild.yaml"]


def test_variant_extends_a_rules_directory(tmp_path):
    """README: `extends` may name a rules directory (relative to the variant)."""
    shutil.copytree(BUNDLED, tmp_path / "myrules")
    text = (tmp_path / "myrules" / "economy.yaml").read_text(encoding="utf-8")
    (tmp_path / "myrules" / "economy.yaml").write_text(text.replace("start: 15", "start: 12"), encoding="utf-8")
    spec = write(tmp_path / "v" / "v.yaml", "extends: ../myrules\neconomy: {gold: {cap: 50}}\n")
    r = load_rules(spec, 4)
    assert (r.start_gold, r.gold_cap) == (12, 50)


def test_null_deletes_a_sea_link(tmp_path):
    """README / RFC 7396: `a-b: null` removes a sea link."""
    spec = write(
        tmp_path / "v.yaml",
        """
        extends: west-of-africa
        board:
          sea_links:
            la_palma-la_gomera: null
            la_palma-el_hierro: true
        """,
    )
    doc = load_document(spec)
    assert "la_palma-la_gomera" not in doc.located.data["board"]["sea_links"]
    r = compile_document(doc, 4)
    lp, lg, eh = r.island_id("la_palma"), r.island_id("la_gomera"), r.island_id("el_hierro")
    assert r.islands[lp].neighbors == (eh,)
    assert lp not in r.islands[lg].neighbors
    assert r.distance[lp][lg] == 2


def test_null_deletes_a_player_overlay(tmp_path):
    """RFC 7396: `"2": null` removes the 2-player overlay, so 2 players play the base setup."""
    spec = write(tmp_path / "v.yaml", 'extends: west-of-africa\nplayers:\n  overlays:\n    "2": null\n')
    r = load_rules(spec, 2)
    assert r.track_size == 6 and r.preplaced == () and r.gold_vp_by_rank == (1, 1)
    assert r.islands[r.island_id("tenerife")].moorings == 2
    assert load_rules(spec, 3).track_size == 4  # the 3-player overlay is untouched


def test_lists_replace_whole(tmp_path):
    """RFC 7396: a list in a variant replaces the base list whole (not merged item by item)."""
    spec = write(
        tmp_path / "v.yaml",
        """
        extends: west-of-africa
        turn:
          round_end: [harvest, gold_majority_vp]
          first_round: {forbidden_actions: [found]}
        economy:
          gold_majority: {vp_by_rank: [3]}
        players:
          overlays:
            "3":
              setup:
                preplaced_settlements: [{island: lanzarote, space: 2}]
        """,
    )
    r4 = load_rules(spec, 4)
    assert r4.round_end == ("harvest", "gold_majority_vp")
    assert r4.first_round_forbidden == frozenset({"found"})
    assert r4.gold_vp_by_rank == (3,)
    r3 = load_rules(spec, 3)
    assert [(r3.islands[r3.spaces[s].island].id, r3.spaces[s].number) for s in r3.preplaced] == [("lanzarote", 2)]
    assert r3.place_ships_first_round is True  # a sibling of the replaced list is kept


def test_mappings_merge_key_by_key(tmp_path):
    """RFC 7396: a mapping in a variant merges: one island's moorings change, the rest stays."""
    spec = write(tmp_path / "v.yaml", "extends: west-of-africa\nboard: {islands: {la_palma: {moorings: 3}}}\n")
    base, r = load_rules("west-of-africa", 4), load_rules(spec, 4)
    assert rules_diff(base, r) == {"islands"}
    lp = r.island_id("la_palma")
    assert r.islands[lp].moorings == 3
    assert dataclasses.replace(r.islands[lp], moorings=1) == base.islands[lp]


def test_variant_adds_an_island(tmp_path):
    """README "Writing a variant": mappings merge key by key, so a variant can add an island."""
    spec = write(
        tmp_path / "v.yaml",
        """
        extends: west-of-africa
        board:
          islands:
            atlantis: {name: Atlantis, region: west, at: [0.0, 2.0], moorings: 1, spaces: [{good: wine}]}
          sea_links:
            atlantis-la_palma: true
        cards:
          cards:
            atlantis: {name: Atlantis, kind: island, island: atlantis, value: 3}
        """,
    )
    r = load_rules(spec, 4)
    a = r.island_id("atlantis")
    assert a >= 0 and r.islands[a].neighbors == (r.island_id("la_palma"),)
    assert r.cards[r.island_card[a]].value == 3


def test_variant_adds_to_a_player_overlay(tmp_path):
    """README "Writing a variant" (its `players: overlays:` example): a variant may change what a
    player count changes, here the 3-player gold majority."""
    spec = write(
        tmp_path / "v.yaml",
        """
        extends: west-of-africa
        players:
          overlays:
            "3": {economy: {gold_majority: {vp_by_rank: [2]}}}
        """,
    )
    assert load_rules(spec, 3).gold_vp_by_rank == (2,)
    assert load_rules(spec, 3).track_size == 4
    assert load_rules(spec, 4).gold_vp_by_rank == (1, 1)


def test_readme_example_variant(tmp_path):
    """README "Writing a variant": its example (ferry, cap 60, 2-player vp_by_rank [2]) works."""
    spec = write(
        tmp_path / "my-variant.yaml",
        """
        # yaml-language-server: $schema=../../schema/variant.schema.json
        extends: west-of-africa          # a bundled ruleset, or a path to another variant
        name: el-hierro-ferry
        description: A sea link from El Hierro straight to Tenerife.
        board:
          sea_links:
            el_hierro-tenerife: true     # add a link; `la_palma-la_gomera: null` would remove one
        economy:
          gold: {cap: 60}
        players:
          overlays:
            "2": {economy: {gold_majority: {vp_by_rank: [2]}}}
        """,
    )
    r2, r4 = load_rules(spec, 2), load_rules(spec, 4)
    assert r2.gold_vp_by_rank == (2,) and r4.gold_vp_by_rank == (1, 1)
    assert r2.gold_cap == r4.gold_cap == 60
    assert r2.track_size == 4  # the rest of the 2-player overlay stays


# --------------------------------------------------------------------- positions


def test_error_in_parent_variant_points_to_parent_file(tmp_path, monkeypatch):
    """README: an override that breaks the rules is an error naming the file and line: a parent's
    mistake points into the parent, the child's into the child."""
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path / "parent.yaml",
        """
        extends: west-of-africa
        economy:
          gold:
            start: 50
        """,
    )
    write(
        tmp_path / "kids" / "child.yaml",
        """
        extends: ../parent.yaml
        board:
          islands:
            tenerife: {region: north}
        """,
    )
    with pytest.raises(RulesError) as exc:
        load_document("kids/child.yaml")
    assert [(p.file, p.line, p.column, p.message) for p in exc.value.problems] == [
        ("kids/child.yaml", 4, 24, "'north' is not a region of these rules (known: west, center, east)"),
        ("parent.yaml", 4, 12, "starting gold 50 is above the gold cap 45"),
    ]


def test_child_fixes_parent_mistake(tmp_path):
    """RFC 7396 order: a child overriding the parent's broken value makes the rules valid."""
    write(tmp_path / "parent.yaml", "extends: west-of-africa\neconomy: {gold: {start: 50}}\n")
    child = write(tmp_path / "child.yaml", "extends: parent.yaml\neconomy: {gold: {cap: 50}}\n")
    with pytest.raises(RulesError):
        load_document(str(tmp_path / "parent.yaml"))
    r = load_rules(child, 4)
    assert (r.start_gold, r.gold_cap) == (50, 50)


def test_unchanged_values_keep_base_positions(tmp_path, monkeypatch):
    """Positions survive merging: an error in a base value the variant did not touch points to
    the bundled file, not the variant."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "v.yaml", "extends: west-of-africa\neconomy: {gold: {cap: 10}}\n")
    with pytest.raises(RulesError) as exc:
        load_document("v.yaml")
    (p,) = exc.value.problems
    assert (p.file, p.line, p.column) == ("west-of-africa/economy.yaml", 5, 10)  # its bundled name
    assert p.message == "starting gold 15 is above the gold cap 10"


# ------------------------------------------------------------------------ rules show


def test_rules_show_players_2_json_applies_overlay(capsys):
    """`woa rules show --players 2 --json`: the 2-player overlay applied (R17, R13)."""
    assert main(["rules", "show", "--players", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["setup"]["settlements"] == {"total": 20, "track": 4}
    assert data["setup"]["preplaced_settlements"] == [{"cost": 6}]
    assert data["board"]["islands"]["tenerife"]["moorings"] == 1
    assert data["board"]["islands"]["gran_canaria"]["moorings"] == 1
    assert data["board"]["islands"]["lanzarote"]["moorings"] == 5
    assert data["economy"]["gold_majority"]["vp_by_rank"] == [1]
    assert data["players"] == {"count": 2}


def test_rules_show_players_4_json_is_the_base(capsys):
    """`woa rules show --players 4 --json`: 4 players play the base rules (track 6, 2 moorings)."""
    assert main(["rules", "show", "--players", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["setup"]["settlements"]["track"] == 6
    assert data["setup"]["preplaced_settlements"] == []
    assert data["board"]["islands"]["tenerife"]["moorings"] == 2
    assert data["economy"]["gold_majority"]["vp_by_rank"] == [1, 1]


def test_rules_show_variant_json(capsys):
    """`woa rules show VARIANT --json`: the merged document, overlays still listed."""
    assert main(["rules", "show", str(VARIANTS / "cheap-farming.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["economy"]["cultivation"]["cost"] == 2
    assert data["board"]["sea_links"]["el_hierro-tenerife"] is True
    assert set(data["players"]["overlays"]) == {"2", "3"}


# ---------------------------------------------------------------------- content hash


def test_content_hash_stable_across_loads():
    """compile.content_hash: the same rules give the same hash, load after load, for every count."""
    hashes = {compile_document(load_document("west-of-africa"), n).content_hash for n in COUNTS}
    hashes |= {load_rules("west-of-africa", n).content_hash for n in COUNTS}
    assert len(hashes) == 1
    assert len(hashes.pop()) == 16


def test_content_hash_ignores_layout_changes_with_numbers(tmp_path):
    """compile.content_hash: YAML layout and comments do not matter; a changed number does."""
    base = load_rules("west-of-africa", 4).content_hash
    rd = Path(shutil.copytree(BUNDLED, tmp_path / "rd"))
    assert load_rules(str(rd), 4).content_hash == base
    econ = rd / "economy.yaml"
    text = econ.read_text(encoding="utf-8")
    econ.write_text("# a new comment\n" + text.replace("cap: 45", "cap:    45   # same"), encoding="utf-8")
    assert load_rules(str(rd), 4).content_hash == base
    econ.write_text(text.replace("cap: 45", "cap: 46"), encoding="utf-8")
    changed = load_rules(str(rd), 4).content_hash
    assert changed != base
    assert load_rules(str(rd), 2).content_hash == changed


def test_content_hash_of_variant_equal_to_same_edit_in_directory(tmp_path):
    """compile.content_hash hashes the resolved document: a variant and a copied directory with
    the same change have the same hash."""
    rd = Path(shutil.copytree(BUNDLED, tmp_path / "rd"))
    econ = rd / "economy.yaml"
    econ.write_text(econ.read_text(encoding="utf-8").replace("cap: 45", "cap: 60"), encoding="utf-8")
    assert load_rules(str(rd), 4).content_hash == load_rules(str(VARIANTS / "rich-islands.yaml"), 4).content_hash


# ------------------------------------------------------------------ copied directory


def test_load_rules_from_copied_directory(tmp_path):
    """README "What is where": a rules directory anywhere loads like the bundled one, and an edit
    there takes effect."""
    rd = Path(shutil.copytree(BUNDLED, tmp_path / "rd"))
    for n in COUNTS:
        assert rules_diff(load_rules(str(rd), n), load_rules("west-of-africa", n)) == set()
    r3 = load_rules(str(rd), 3)
    assert r3.track_size == 4 and len(r3.preplaced) == 4 and r3.variant is None
    board = rd / "board.yaml"
    board.write_text(
        board.read_text(encoding="utf-8").replace("    moorings: 5\n", "    moorings: 6\n"), encoding="utf-8"
    )
    r = load_rules(str(rd), 4)
    assert r.islands[r.island_id("lanzarote")].moorings == 6
    assert r.islands[r.island_id("el_hierro")].moorings == 6
