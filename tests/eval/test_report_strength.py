"""Reports say how strong their bots are, and the gold-track start apart from turn order."""

from __future__ import annotations

import json

import pytest

from woa_core.cli import main
from woa_core.packs.west_of_africa import Game
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


def _simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    argv = ["simulate", "--players", "3", "--games", "6", "--workers", "1", "--quiet", *extra]
    assert main(argv) == 0
    return capsys.readouterr().out


def test_scripted_play_only_is_flagged_and_same_bots_are_not_called_mixed(capsys: pytest.CaptureFixture[str]) -> None:
    report = json.loads(_simulate(capsys, "--bots", "heuristic", "--json"))
    m = report["manifest"]
    assert m["bot_kinds"] == {"heuristic": "scripted"}
    assert len(m["warnings"]) == 1 and "no search" in m["warnings"][0]
    text = _simulate(capsys, "--bots", "heuristic")
    assert "bots: heuristic (scripted), heuristic (scripted)" in text
    assert "not a seat effect" not in text and "warning: every bot here plays randomly or by script" in text


def test_with_mixed_bots_first_in_order_is_not_presented_as_a_seat_effect(capsys: pytest.CaptureFixture[str]) -> None:
    text = _simulate(capsys, "--bots", "heuristic,random,random", "--rotate-seats")
    first = next(line for line in text.splitlines() if line.startswith("first in round-1 order"))
    assert first.endswith("bots differ, so not a seat effect")
    assert "mixes bot strength with turn order" in text
    assert "without --rotate-seats" not in text
    assert "without --rotate-seats" in _simulate(capsys, "--bots", "heuristic,random,random")


def test_the_starting_gold_track_position_is_reported_beside_the_first_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = json.loads(_simulate(capsys, "--bots", "random", "--json"))
    gt = report["stats"]["gold_track_top"]
    assert gt["fair_share"] == round(1 / 3, 4) and gt["ci_low"] <= gt["estimate"] <= gt["ci_high"]
    assert "top of the starting gold track wins" in _simulate(capsys, "--bots", "random")


def test_gold_top_is_the_seat_whose_cube_starts_on_top() -> None:
    rules = load_rules("west-of-africa", 4)
    for seed in range(6):
        record = play_game(rules, seed, ["random"] * 4)
        start = Game(rules, seed=seed).state
        assert start.gold_time[record.figures["gold_track_top"]] == min(start.gold_time)
        assert record.ranking[0] == record.winner and sorted(record.ranking) == [0, 1, 2, 3]


def test_compare_names_the_bots_kinds_and_warns_about_scripted_play(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "--set", "economy.gold.cap=60", "--players", "2", "--games", "4", "--quiet", "--workers", "1"]
    assert main([*argv, "--bots", "heuristic"]) == 0
    text = capsys.readouterr().out
    assert "bots heuristic (scripted), heuristic (scripted)" in text
    assert text.rstrip().splitlines()[-1].startswith("warning: every bot here plays randomly or by script")
    assert main([*argv, "--bots", "heuristic", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["manifest"]["bot_kinds"] == {"heuristic": "scripted"}
