"""A run reads its rules once; a CSV row names enough to rerun its game; logs carry the overrides."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from woa_core.cli import main
from woa_core.report.gamelog import replay
from woa_core.sim.runner import RunSpec, run_games


def test_a_csv_row_reruns_exactly_its_game(tmp_path: Path, capsys) -> None:
    """--seed MASTER_SEED --first-game GAME --games 1 (columns of the row) plays that game again."""
    out = tmp_path / "games.csv"
    common = ["simulate", "--quiet", "--players", "3", "--bots", "heuristic,random,random", "--rotate-seats"]
    assert main([*common, "--seed", "7", "--games", "5", "--csv", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    rows = list(csv.DictReader(out.open()))
    row = rows[4]
    again = tmp_path / "again.csv"
    rerun = ["--seed", row["master_seed"], "--first-game", row["game"], "--games", "1", "--csv", str(again)]
    assert main([*common, *rerun]) == 0
    (replayed,) = list(csv.DictReader(again.open()))
    assert replayed == row
    assert row["p1_bot"] == "random"  # game 4 with rotated seats: the rotation comes from the index


def test_an_edit_during_a_run_does_not_leak_in(tmp_path: Path) -> None:
    """The RunSpec holds the resolved document: changing the file afterwards changes nothing."""
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: west-of-africa\neconomy: {gold: {cap: 60}}\n")
    spec = RunSpec(str(variant), 2, ("random", "random"), seed=3)
    variant.write_text("extends: west-of-africa\neconomy: {gold: {cap: 20}}\n")
    assert spec.compiled().gold_cap == 60
    first = [r.figures for r in run_games(spec, 3)]
    assert first == [r.figures for r in run_games(RunSpec(spec.rules, 2, ("random", "random"), seed=3), 3)]


def test_a_log_of_a_set_run_replays_with_its_overrides(tmp_path: Path, capsys) -> None:
    args = ["simulate", "--quiet", "--players", "2", "--games", "1", "--workers", "1", "--log-dir", str(tmp_path)]
    assert main([*args, "--set", "economy.gold.cap=30", "--json"]) == 0
    manifest = json.loads(capsys.readouterr().out)["manifest"]
    log = next(tmp_path.glob("*.jsonl"))
    head = json.loads(log.read_text().splitlines()[0])
    assert head["overrides"] == ["economy.gold.cap=30"] and head["rules_spec"] == "west-of-africa"
    assert head["rules_hash"] == manifest["rules_hash"]
    assert replay(log).game.rules.gold_cap == 30
    assert main(["replay", str(log)]) == 0


def test_games_of_a_run_read_and_compile_nothing(tmp_path: Path, monkeypatch) -> None:
    """After the RunSpec is made, playing its games reads no file and compiles nothing."""
    import importlib

    rules_module = importlib.import_module("woa_core.rules")
    resolve_module = importlib.import_module("woa_core.rules.resolve")  # the module, not the function

    variant = tmp_path / "v.yaml"
    variant.write_text("extends: west-of-africa\neconomy: {gold: {cap: 50}}\n")
    spec = RunSpec(str(variant), 3, ("random",) * 3, seed=1, overrides=("economy.gold.start=14",))
    spec.compiled()

    def forbidden(*args, **kwargs):
        raise AssertionError("rules loaded or compiled during the run")

    monkeypatch.setattr(resolve_module, "load_yaml", forbidden)
    monkeypatch.setattr(rules_module, "compile_document", forbidden)
    records = list(run_games(spec, 4))
    assert len(records) == 4 and spec.compiled().gold_cap == 50
