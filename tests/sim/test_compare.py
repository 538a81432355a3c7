"""`woa compare`: the same games under two rulesets, and what changed."""

from __future__ import annotations

import json
from pathlib import Path

from woa_core.cli import main


def test_compare_finds_a_real_change(tmp_path: Path, capsys) -> None:
    """Doubling the alcalde VP (5.III) must raise the VP from Alcaldes, beyond noise."""
    variant = tmp_path / "rich-alcaldes.yaml"
    variant.write_text("extends: west-of-africa\neconomy: {alcalde: {vp: 2}}\n")
    args = ["compare", "west-of-africa", str(variant), "--players", "3", "--games", "60", "--workers", "1", "--json"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    change = report["changes"]["per_player_vp_alcalde"]
    assert change["difference"] > 0 and change["significant"]
    assert report["manifest"]["base"]["rules_hash"] != report["manifest"]["variant"]["rules_hash"]


def test_comparing_rules_with_themselves_changes_nothing(capsys) -> None:
    """Same rules, same seeds, same bots: every difference is exactly zero."""
    assert (
        main(
            [
                "compare",
                "west-of-africa",
                "west-of-africa",
                "--players",
                "2",
                "--games",
                "20",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    changes = json.loads(capsys.readouterr().out)["changes"]
    assert all(row["difference"] == 0 and not row["significant"] for row in changes.values())


def test_compare_table(capsys) -> None:
    assert (
        main(
            [
                "compare",
                "west-of-africa",
                "rules/variants/rich-islands.yaml",
                "--games",
                "10",
                "--workers",
                "1",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "variant: rich-islands" in out and "95% CI of the change" in out
