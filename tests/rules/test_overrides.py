"""`--set PATH=VALUE`: one-off overrides merged like a variant, errors located at the argument."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import RulesError
from woa_core.rules import load_document, load_rules, read_rules
from woa_core.rules.overrides import parse_override


def test_an_override_changes_the_compiled_rules_and_the_hash() -> None:
    base = load_rules("west-of-africa", 4)
    changed = load_rules("west-of-africa", 4, ["economy.gold.cap=60"])
    assert (base.gold_cap, changed.gold_cap) == (45, 60)
    assert base.content_hash != changed.content_hash
    assert load_rules("west-of-africa", 4).gold_cap == 45  # the cached bundled rules are untouched


def test_an_override_equals_the_same_change_as_a_variant(tmp_path: Path) -> None:
    """rich-islands.yaml sets economy.gold.cap: 60; the same --set gives the same content."""
    by_set = read_rules("west-of-africa", ["economy.gold.cap=60"])
    by_file = read_rules("rules/variants/rich-islands.yaml")
    assert by_set.document["economy"] == by_file.document["economy"]


def test_overrides_merge_like_a_variant() -> None:
    """Mappings merge key by key, null deletes, lists are replaced whole, [N] sets one item."""
    doc = load_document(
        "west-of-africa",
        [
            "economy.gold={cap: 50}",
            "board.sea_links.el_hierro-tenerife=true",
            "economy.gold_majority.vp_by_rank=[3, 2, 1]",
            "economy.gold_majority.vp_by_rank[1]=1",
        ],
    ).located.data
    assert doc["economy"]["gold"] == {"start": 15, "cap": 50}
    assert doc["board"]["sea_links"]["el_hierro-tenerife"] is True
    assert doc["economy"]["gold_majority"]["vp_by_rank"] == [3, 1, 1]
    deleted = load_document("west-of-africa", ["board.sea_links.el_hierro-tenerife=null"]).located.data
    assert "el_hierro-tenerife" not in deleted["board"]["sea_links"]


def test_a_player_count_overlay_wins_over_an_override() -> None:
    """Overrides apply before the overlay of players.yaml (7. Changes in Two- or Three-Player Games)."""
    assert load_rules("west-of-africa", 2, ["economy.gold_majority.vp_by_rank=[2, 2]"]).gold_vp_by_rank == (1,)
    assert load_rules(
        "west-of-africa", 2, ["players.overlays.2.economy.gold_majority.vp_by_rank=[2]"]
    ).gold_vp_by_rank == (2,)


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("economy.gold.cap=0", "--set economy.gold.cap=0: 0 is less than the minimum of 1 (at economy.gold.cap)"),
        ("economy.gold.capp=5", "--set economy.gold.capp=5: unknown key 'capp'"),
        ("economy.gold.cap", "--set economy.gold.cap: expected PATH=VALUE"),
        ("economy.gold.cap=[1", "--set economy.gold.cap=[1: the value is not valid YAML"),
        ("gold.cap=1", "--set gold.cap=1: a rules path starts with the name of a rules file"),
        ("economy.gold_majority.vp_by_rank[5]=1", "has 2 items, so no item [5]"),
        ("economy.gold.cap=yes please", "expected an integer, got string 'yes please'"),
    ],
)
def test_a_bad_override_names_the_argument(override: str, message: str) -> None:
    with pytest.raises(RulesError) as e:
        load_document("west-of-africa", [override])
    assert message in str(e.value)


def test_every_bad_override_is_reported_at_once() -> None:
    with pytest.raises(RulesError) as e:
        load_document("west-of-africa", ["economy.gold.cap", "nothing=1"])
    assert len(e.value.problems) == 2


def test_values_are_yaml() -> None:
    assert parse_override("ruleset.name=wine").value == "wine"
    assert parse_override("economy.gold.cap= 60").value == 60
    assert parse_override("board.x={2: {a: null}}").value == {"2": {"a": None}}


@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["rules", "show"],
        ["simulate", "--games", "2", "--players", "2", "--quiet"],
        ["compare", "--games", "2", "--players", "2", "--quiet"],
        ["check", "--games", "1", "--players", "2"],
        ["play", "--players", "2"],
        ["board", "--players", "2"],
        ["tournament", "random", "heuristic", "--players", "2", "--games", "2", "--quiet"],
        ["value", "--players", "2", "--games", "1", "--quiet"],
    ],
)
def test_every_rules_command_refuses_a_bad_set_with_exit_1(command: list[str], capsys) -> None:
    assert main([*command, "--set", "economy.gold.cap=-5"]) == 1
    assert (
        "--set economy.gold.cap=-5: -5 is less than the minimum of 1 (at economy.gold.cap)" in capsys.readouterr().err
    )


def test_set_on_validate_show_and_simulate(capsys) -> None:
    assert main(["validate", "--set", "economy.gold.cap=60", "--players", "2"]) == 0
    assert "valid for 2 players" in capsys.readouterr().out
    assert main(["rules", "show", "--json", "--set", "economy.gold.cap=60"]) == 0
    assert json.loads(capsys.readouterr().out)["economy"]["gold"]["cap"] == 60
    assert (
        main(["simulate", "--json", "--quiet", "--games", "3", "--players", "2", "--set", "economy.gold.cap=60"]) == 0
    )
    manifest = json.loads(capsys.readouterr().out)["manifest"]
    assert manifest["overrides"] == ["economy.gold.cap=60"] and manifest["rules_spec"] == "west-of-africa"
    assert manifest["rules_hash"] == read_rules("west-of-africa", ["economy.gold.cap=60"]).content_hash


def test_set_reaches_the_board_and_the_tournament(tmp_path: Path, capsys) -> None:
    svg = tmp_path / "board.svg"
    assert main(["board", "--players", "2", "--set", "board.sea_links.el_hierro-tenerife=true", "-o", str(svg)]) == 0
    assert main(["board", "--players", "2", "-o", str(tmp_path / "plain.svg")]) == 0
    assert svg.read_text() != (tmp_path / "plain.svg").read_text()
    args = ["tournament", "random", "heuristic", "--players", "2", "--games", "2", "--quiet", "--json"]
    assert main([*args, "--set", "economy.gold.cap=60"]) == 0
    manifest = json.loads(capsys.readouterr().out)["manifest"]
    assert manifest["overrides"] == ["economy.gold.cap=60"]


def test_old_and_new_spellings_of_the_rules(capsys) -> None:
    variant = "rules/variants/rich-islands.yaml"
    for args in (["validate", variant], ["validate", "--rules", variant]):
        assert main([*args, "--players", "2"]) == 0
        assert "rich-islands" in capsys.readouterr().out
    assert main(["rules", "show", variant, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["economy"]["gold"]["cap"] == 60
    assert main(["rules", "show", "--rules", variant, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["economy"]["gold"]["cap"] == 60
    assert main(["rules", "show", variant, "--rules", "west-of-africa"]) == 2
