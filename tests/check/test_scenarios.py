"""The scenario files under tests/scenarios (the rulebook as data) and the scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from woa_core.check.scenario import find_scenarios, load_scenario, run_scenario
from woa_core.cli import main
from woa_core.errors import ScenarioError

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FILES = find_scenarios([str(SCENARIOS)])


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.passed, result.message


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_names_its_source(path: Path) -> None:
    """Every scenario cites the rulebook section or the rulings it reproduces."""
    data = load_scenario(path).data
    assert data.get("rulebook") or data.get("rulings"), path.name


WRONG = """\
players: 2
steps:
  - p1 select move_workers
  - p2 select move_ship la_palma
expect:
  order: [p2, p1]
"""


def test_wrong_expectation_says_what_differed(tmp_path: Path, capsys) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG)
    result = run_scenario(load_scenario(path))
    assert not result.passed
    assert result.message.endswith("wrong.yaml:6: order: expected ['p2', 'p1'], got ['p1', 'p2']")
    assert main(["scenario", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "0 passed, 1 failed" in out


def test_bad_id_in_setup_fails_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: 2\nsetup:\n  ships: {p1: tenerife}\n  warehouses:\n    atlantis: {p1: {wine: 1}}\n")
    message = run_scenario(load_scenario(path)).message
    assert "s.yaml:5: 'atlantis' is not an island (one of: la_palma," in message


def test_refusal_expected_but_played(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: 2\nsteps:\n  - action: p1 select move_workers\n    refused: cannot\n")
    message = run_scenario(load_scenario(path)).message
    assert "s.yaml:3: 'p1 select move_workers' was expected to be refused (cannot), but it was played" in message


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("players: 2\nstep: []\n", ":2:1:", "unknown key 'step'"),
        ("players: two\n", ":1:10:", "expected an integer, got string 'two'"),
        ("players: 2\nsteps:\n  - [1\n", ":4:1:", "malformed YAML"),
        ("players: 2\nsetup:\n  gold: {p1: lots}\n", ":3:14:", "expected an integer, got string 'lots'"),
        ("steps: []\n", ":1:1:", "'players' is missing (required)"),
    ],
)
def test_malformed_scenario_is_an_error_with_file_and_line(
    tmp_path: Path, capsys, text: str, where: str, what: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert where in str(info.value) and what in str(info.value)
    assert main(["scenario", str(path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err


def test_expecting_zero_where_there_is_nothing(tmp_path: Path) -> None:
    """An emptied warehouse matches an expectation of 0 goods there."""
    path = tmp_path / "empty.yaml"
    path.write_text("players: 2\nexpect:\n  warehouses: {fuerteventura: {p1: {sugar_cane: 0}}}\n")
    assert run_scenario(load_scenario(path)).passed
    path.write_text("players: 2\nexpect:\n  warehouses: {fuerteventura: {p1: {sugar_cane: 1}}}\n")
    assert "warehouses.fuerteventura: expected" in run_scenario(load_scenario(path)).message
