"""`woa compare`: the same games under two rulesets, paired, every figure, corrected for many rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.report.figures import declared
from woa_core.rules import load_rules
from woa_core.sim.compare import Comparison
from woa_core.sim.runner import RunSpec, game_seed, play_game, run_games
from woa_core.sim.stats import holm


def _compare(capsys, *args: str) -> dict:
    assert main(["compare", *args, "--workers", "1", "--quiet", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _rows(report: dict) -> dict[str, dict]:
    return {r["figure"]: r for r in report["rows"]}


def test_compare_finds_a_real_change(tmp_path: Path, capsys) -> None:
    """Doubling the alcalde VP (5.III Alcalde determination) raises the VP from Alcaldes, flagged
    after the correction; every row carries estimate, interval, p and adjusted p."""
    variant = tmp_path / "rich-alcaldes.yaml"
    variant.write_text("extends: west-of-africa\neconomy: {alcalde: {vp: 2}}\n")
    report = _compare(capsys, "west-of-africa", str(variant), "--players", "3", "--games", "60")
    row = _rows(report)["per_player_vp_alcalde"]
    assert row["estimate"] > 0 and row["significant"] and row["ci_low"] > 0
    assert row["p_value"] <= row["p_adjusted"] < 0.05 and row["adjustment"] == "holm"
    assert report["method"] == {
        "design": "paired",
        "test": "paired t (exact sign test when under 30 pairs differ); McNemar exact for rates",
        "correction": "holm",
        "alpha": 0.05,
        "confidence": 0.95,
        "pairing_gain": report["method"]["pairing_gain"],
    }
    assert report["method"]["pairing_gain"] > 1  # the shared luck cancels in the paired differences
    assert report["manifest"]["base"]["rules_hash"] != report["manifest"]["variant"]["rules_hash"]


def test_every_figure_of_simulate_is_compared(capsys) -> None:
    report = _compare(
        capsys, "--set", "economy.gold.cap=60", "--players", "2", "--games", "6", "--bots", "heuristic,random"
    )
    figures = set(_rows(report))
    for name in (
        "rounds",
        "ends_by_vp_threshold",
        "first_player_wins",
        "p1_wins",
        "p2_wins",
        "bot_heuristic_wins",
        "per_player_vp_alcalde",
        "per_player_final_gold",
        "per_player_settlements",
        "per_player_sold_east",
        "per_player_used_sell",
        "p2_vp",
    ):
        assert name in figures, name
    assert report["manifest"]["variant"]["overrides"] == ["economy.gold.cap=60"]
    assert report["manifest"]["variant"]["rules_spec"] == "west-of-africa"


def test_comparing_rules_with_themselves_changes_nothing(capsys) -> None:
    """Same rules, same seeds, same bots: every paired difference is exactly zero, p = 1."""
    rows = _compare(capsys, "west-of-africa", "west-of-africa", "--players", "2", "--games", "20")["rows"]
    assert all(
        r["estimate"] == 0 and (r["ci_low"], r["ci_high"]) == (0, 0) and r["p_adjusted"] == 1 and not r["significant"]
        for r in rows
    )


def test_paired_rate_interval_and_mcnemar() -> None:
    """A rate's paired difference: 3 games won only under the variant, 1 only under the base."""
    rules = load_rules("west-of-africa", 2)
    games = [play_game(rules, game_seed(0, i), ["random", "random"]) for i in range(8)]
    c = Comparison(declared(rules))
    flips = {0: 1, 1: 1, 2: 1, 3: 0}  # game i: the variant's winner differs (p2 instead of p1 or back)
    for i, g in enumerate(games):
        other = play_game(rules, g.seed, ["random", "random"])
        if i in flips:
            other.figures["wins"] = [1 - share for share in g.figures["wins"]]
        c.add(g, other)
    row = next(r for r in c.rows() if r["figure"] == "p1_wins")
    base_only, variant_only = c.discordant["p1_wins"]
    assert base_only + variant_only == 4
    assert row["estimate"] == pytest.approx((variant_only - base_only) / 8)
    assert row["ci_low"] < row["estimate"] < row["ci_high"]


def test_a_a_runs_flag_rows_at_about_the_stated_rate() -> None:
    """Calibration: 40 A/A comparisons (the same rules on two seed streams, 30 random 2-player games
    each) flag any row in at most ~5% of runs with Holm's correction; without it, far more often."""
    rules_spec = "west-of-africa"
    runs, flagged, flagged_raw = 40, 0, 0
    for run in range(runs):
        base = RunSpec(rules_spec, 2, ("random", "random"), seed=1000 + run)
        variant = RunSpec(rules_spec, 2, ("random", "random"), seed=5000 + run)
        c = Comparison(declared(base.compiled()))
        for a, b in zip(run_games(base, 30), run_games(variant, 30), strict=True):
            c.add(a, b)
        rows = c.rows(paired=False)
        flagged += any(r["significant"] for r in rows)
        flagged_raw += any(r["p_value"] < 0.05 for r in rows)
    assert flagged <= 5, f"{flagged} of {runs} A/A runs flagged a row"
    assert flagged_raw > flagged + 5, "without correction, noise should flag many runs"


def test_holm_is_no_stricter_than_needed() -> None:
    assert holm([0.001, 0.5]) == [0.002, 0.5]


def test_variant_seed_is_unpaired(capsys) -> None:
    report = _compare(capsys, "--players", "2", "--games", "20", "--bots", "random", "--variant-seed", "2")
    assert report["method"]["design"] == "unpaired"
    assert report["manifest"]["variant"]["seed"] == 2 and report["manifest"]["base"]["seed"] == 0
    assert any(r["estimate"] != 0 for r in report["rows"])


def test_spellings_of_the_rules(capsys) -> None:
    one = _compare(capsys, "rules/variants/rich-islands.yaml", "--players", "2", "--games", "4")["manifest"]
    two = _compare(capsys, "--rules", "rules/variants/rich-islands.yaml", "--players", "2", "--games", "4")
    assert one["base"]["rules"] == "west-of-africa" and one["variant"]["rules"] == "rich-islands"
    assert two["manifest"]["variant"]["rules_hash"] == one["variant"]["rules_hash"]
    assert main(["compare", "a", "b", "c"]) == 2
    assert main(["compare", "a", "--base", "b"]) == 2


def test_compare_table(capsys) -> None:
    args = ["compare", "west-of-africa", "rules/variants/rich-islands.yaml", "--games", "10", "--workers", "1"]
    assert main([*args, "--quiet", "--correction", "bh"]) == 0
    out = capsys.readouterr().out
    assert "variant: rich-islands" in out and "95% CI of the change" in out
    assert "Benjamini–Hochberg" in out and "adj. p" in out


def test_bad_calls_are_refused(capsys) -> None:
    base = ["compare", "--players", "2", "--bots", "random", "--quiet"]
    assert main([*base, "--games", "1"]) == 2
    assert "--games must be at least 2" in capsys.readouterr().err
    assert main([*base, "--games", "4", "--alpha", "1.5"]) == 2
    assert "--alpha must be between 0 and 1" in capsys.readouterr().err
    assert main([*base, "--games", "4", "--players", "7"]) == 1
    assert "not 7" in capsys.readouterr().err


def test_unpaired_table_says_so(capsys) -> None:
    args = ["compare", "--players", "2", "--bots", "random", "--games", "10", "--variant-seed", "3", "--quiet"]
    assert main([*args, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "unpaired: the variant plays its own seed stream" in out and "seed 3" in out


def test_a_stopped_compare_reports_the_pairs_it_finished(monkeypatch, capsys) -> None:
    """SIGTERM (or Ctrl-C) during a compare: the report covers the finished pairs, exit 143."""
    import os
    import signal

    import woa_core.sim.compare as compare_module

    real = compare_module.run_pairs

    def stopped_after_three(*args, **kwargs):
        for i, pair in enumerate(real(*args, **kwargs)):
            if i == 3:
                os.kill(os.getpid(), signal.SIGTERM)
            yield pair

    monkeypatch.setattr(compare_module, "run_pairs", stopped_after_three)
    args = ["compare", "--players", "2", "--bots", "random", "--games", "20", "--workers", "1", "--quiet", "--json"]
    assert main(args) == 143
    report = json.loads(capsys.readouterr().out)
    assert report["manifest"]["interrupted"] is True and report["manifest"]["games"] == 3
