"""Go West!'s scenario files (tests/scenarios/go-west: go-west-rulings §6, T1-T20): there is one
for every test case, each passes through ``woa scenario``, every expectation in it can fail (changed
one at a time, as tests/packs/africa/test_scenarios.py changes Africa's), a wrong expectation fails
at its line, and a setup no game can reach fails at its line with the rule it breaks."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.packs.africa.test_scenarios import _changed, _checks
from woa_core.check.scenario import Scenario, find_scenarios, load_scenario, run_scenario
from woa_core.cli import main

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "go-west"
FILES = find_scenarios([str(FOLDER)])


def test_every_test_case_of_the_rulings_has_a_scenario() -> None:
    """§6: T1-T20, each at least one file named tNN-..."""
    assert {p.name.split("-")[0] for p in FILES} == {f"t{n:02d}" for n in range(1, 21)}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes_and_names_its_rules(path: Path) -> None:
    scenario = load_scenario(path)
    result = run_scenario(scenario)
    assert result.passed, result.message
    assert scenario.data["rules"] == "go-west" and scenario.data["rulebook"] and scenario.data["rulings"]
    assert scenario.data.get("check_invariants") is True  # T1: the invariants hold ever after


def test_woa_scenario_runs_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(FOLDER)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"{len(FILES)} passed, 0 failed")


def _quick(scenario: Scenario) -> Scenario:
    """The scenario without the invariant checks (they hold: the test above), for the mutations."""
    data = copy.deepcopy(scenario.data)
    data["check_invariants"] = False
    return Scenario(scenario.file, data, scenario.located, scenario.base_dir, scenario.source)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_expectation_can_fail(path: Path) -> None:
    """Each number, word, seat, list and expected refusal changed makes its scenario fail."""
    scenario = _quick(load_scenario(path))
    checks = list(_checks(scenario.data))
    assert checks, "a scenario that checks nothing"
    survived = [what for what, where, new in checks if run_scenario(_changed(scenario, where, new)).passed]
    assert survived == [], f"these checks pass whatever they say: {survived}"


WRONG = """\
rules: go-west
players: 4
setup:
  blocks: {MW: [R, B, G, B, R, G]}
  hands: {G: [A27]}
  active: G
steps:
  - p3 single
  - p3 play A27
expect:
  blocks: {MW: [R, B, G, B, R, G]}
"""


def test_a_wrong_expectation_fails_at_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """T2 with the 7th disc forgotten: the scenario fails, saying where and what differed."""
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG)
    result = run_scenario(load_scenario(path))
    assert not result.passed
    assert result.message.endswith(
        "wrong.yaml:11: blocks.MW: expected ['R', 'B', 'G', 'B', 'R', 'G'], got ['R', 'B', 'G', 'B', 'R', 'G', 'G']"
    )
    assert main(["scenario", str(path)]) == 1
    assert "0 passed, 1 failed" in capsys.readouterr().out


@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_players_are_refused(tmp_path: Path, players: int) -> None:
    """T1, G1: 2 to 4 players; the rules refuse another count, at the scenario's first line."""
    path = tmp_path / "count.yaml"
    path.write_text(f"rules: go-west\nplayers: {players}\n")
    message = run_scenario(load_scenario(path)).message
    assert f"count.yaml:1: cannot load rules: go-west: these rules are for 2, 3 or 4 players, not {players}" in message


@pytest.mark.parametrize(
    ("setup", "line", "words"),
    [
        ("  supply: {R: 5}\n  lid: {R: 5}", 4, "R: supply 5 + lid 5 + 0 in blocks is not 30 discs (G10)"),
        ("  blocks: {E: [R, R, R, R, R, R, R, R]}", 4, "8 discs: a block holds 7 (3.1.1)"),
        ("  blocks: {NE: [R]}", 4, "NE has no scoring block: only E, GP, MW, W have one (3.1)"),
        ("  blocks: {ohio: [R]}", 4, "'ohio' is not a region (one of: NE, E, GP, MW, W, CA)"),
        ("  blocks: {E: [Q]}", 4, "'Q' is not a player: write p1 to p2"),
        ("  wagons: [20, 5, 0, 0, 0]", 4, "25 wagons: the game has 20, the rest out in California (2.0)"),
        ("  wagons: {GP: 21}", 4, "21 wagons: the game has 20"),
        ("  wagons: [1, 1, 1, 1, 1, 1, 1]", 4, "7 counts: write NE/E/GP/MW/W (and CA)"),
        ("  hands: {p1: [A01, A02]}\n  pile: [A02]", 5, "A02 is placed twice (hands p1): a card lies in one place"),
        ("  hands: {p1: [A01, A99]}", 4, "'A99' is not an action card (e.g. A01; cards.yaml)"),
        ("  hands: {p1: [A01, A02, A03, A04, A05, A06, A07, A08]}", 4, "p1 holds 8 cards, not 7 (3.4, G14)"),
        ("  pile: 50", 4, "42 cards are left for the piles, not 50 in the pile (the deck - hands - named)"),
        ("  pile: 2\n  discard: 2", 4, "42 cards are left for the piles, not 2 in the pile and 2 in the discard"),
        ("  pile: 0", 4, "an empty draw pile: the discard pile is reshuffled the moment it empties (5.5, G15)"),
        ("  used: {B: 7}", 4, "7 scoring cards used: each player has 6 (3.3)"),
        ("  token: {R: spent, B: spent}", 4, "no token held: when none is held, all come back at once (6.0, G17)"),
        ("  acts: 1", 4, "a second action needs a double move (doubled: true; 5.0, 6.0)"),
    ],
)
def test_an_impossible_setup_fails_at_its_line(tmp_path: Path, setup: str, line: int, words: str) -> None:
    """A position no game reaches (a disc, a wagon or a card too many or too few) is refused, where
    the scenario says it, naming the rule."""
    path = tmp_path / "s.yaml"
    path.write_text(f"rules: go-west\nplayers: 2\nsetup:\n{setup}\n")
    message = run_scenario(load_scenario(path)).message
    assert f"s.yaml:{line}: " in message and words in message, message
