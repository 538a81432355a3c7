"""Every command's ``--json`` names an estimate, its interval and its test the same way (issue 17):
``estimate``, ``ci_low``, ``ci_high``, ``p_value``, ``p_adjusted``, ``adjustment``, ``significant``
(``woa_core.sim.stats.VOCABULARY``), and never the old names (``ci95``, ``p``, ``p_holm``,
``flagged``, ``rate``, ``score``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from woa_core.cli import main
from woa_core.sim.stats import ADJUSTMENT, CI_HIGH, CI_LOW, ESTIMATE, P_ADJUSTED, P_VALUE, SIGNIFICANT, VOCABULARY

OLD_NAMES = {"ci95", "ci", "interval", "p", "pvalue", "p_holm", "p_adj", "flagged", "rate", "score"}

SPACE = """\
players: 2
games: 2
seed: 1
bots: [random]
parameters:
  economy.gold.cap: [40, 60]
"""


def _objects(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every JSON object in ``node`` with where it is."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _objects(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}[{i}]")


def vocabulary_problems(report: Any) -> list[str]:
    """What in ``report`` breaks the shared names (empty if nothing).

    >>> vocabulary_problems({"rows": [{"estimate": 1, "ci95": [0, 2]}]})
    ['.rows[0]: old name ci95', '.rows[0]: estimate without ci_low and ci_high']
    """
    problems = []
    for where, obj in _objects(report):
        keys = set(obj)
        problems += [f"{where}: old name {k}" for k in sorted(keys & OLD_NAMES)]
        problems += [
            f"{where}: unknown statistic name {k}"
            for k in sorted(keys)
            if (k.startswith(("ci_", "p_")) or k.endswith("_ci")) and k not in VOCABULARY and k not in OLD_NAMES
        ]
        if ESTIMATE in keys and not {CI_LOW, CI_HIGH} <= keys:
            problems.append(f"{where}: estimate without ci_low and ci_high")
        if keys & {CI_LOW, CI_HIGH} and ESTIMATE not in keys:
            problems.append(f"{where}: an interval without its estimate")
        if P_ADJUSTED in keys and not {P_VALUE, ADJUSTMENT, SIGNIFICANT} <= keys:
            problems.append(f"{where}: p_adjusted without p_value, adjustment and significant")
        if "mean" in keys and keys & {CI_LOW, CI_HIGH}:
            problems.append(f"{where}: a mean with an interval is an estimate")
    return problems


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status = main([*argv, "--json", "--quiet", "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 0
    return json.loads(out)


COMMANDS = {
    "simulate": ("simulate", "--players", "2", "--games", "3", "--bots", "heuristic,random"),
    "compare": ("compare", "--set", "economy.gold.cap=60", "--players", "2", "--games", "3", "--bots", "random"),
    "compare-bh": (
        "compare",
        "--set",
        "economy.gold.cap=60",
        "--players",
        "2",
        "--games",
        "3",
        "--correction",
        "bh",
        "--variant-seed",
        "4",
        "--bots",
        "random",
    ),
    "tournament": ("tournament", "random", "heuristic", "--players", "2", "--games", "2"),
    "value": ("value", "--players", "2", "--games", "1", "--only", "island"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_names_estimates_intervals_and_tests_alike(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _json(capsys, *COMMANDS[command])
    assert vocabulary_problems(report) == []
    names = {k for _, obj in _objects(report) for k in obj}
    assert {ESTIMATE, CI_LOW, CI_HIGH} <= names  # every one of these reports has an estimate
    if command in ("compare", "compare-bh", "value"):
        assert {P_VALUE, P_ADJUSTED, ADJUSTMENT, SIGNIFICANT} <= names


def test_sweep_json_and_table_use_the_shared_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    space = tmp_path / "space.yaml"
    space.write_text(SPACE, encoding="utf-8")
    report = _json(capsys, "sweep", str(space), "--out", str(tmp_path / "out"))
    assert vocabulary_problems(report) == []
    assert {ESTIMATE, CI_LOW, CI_HIGH} <= set(report["ranking"][0]) and ESTIMATE in report["rows"][0]
    header = (tmp_path / "out" / "results.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[-4:] == [ESTIMATE, CI_LOW, CI_HIGH, "n"]


def test_the_check_catches_old_names() -> None:
    """The check above can fail: the names the commands used before issue 17 are caught."""
    old_compare_row = {"estimate": 0.1, "ci95": [0, 0.2], "p": 0.3, "p_adjusted": 0.9, "flagged": False}
    old_value_row = {"rate": 0.3, "ci95": [0.2, 0.4], "p_value": 0.1, "p_holm": 0.5, "significant": False}
    assert vocabulary_problems({"rows": [old_compare_row]}) == [
        ".rows[0]: old name ci95",
        ".rows[0]: old name flagged",
        ".rows[0]: old name p",
        ".rows[0]: estimate without ci_low and ci_high",
        ".rows[0]: p_adjusted without p_value, adjustment and significant",
    ]
    assert vocabulary_problems({"rows": [old_value_row]}) == [
        ".rows[0]: old name ci95",
        ".rows[0]: old name p_holm",
        ".rows[0]: old name rate",
    ]
