"""The scenario keys of issue 43: a case written the way a rulebook states it (complete setups,
branches, per-verb legal sets, ``refused: any``, moments inside an action, ``score_now``,
bundled variants by name)."""

from __future__ import annotations

from pathlib import Path

import pytest

from woa_core.check.scenario import load_scenario, run_scenario
from woa_core.cli import main
from woa_core.errors import IllegalAction, ScenarioError
from woa_core.packs.africa.game import Game as AfricaGame

GOODS_END = """\
rules: africa
players: 4
check_invariants: true
setup:
  complete: true
  explorers: {p1: h02_06}
  fields: {h02_07: down monument}
  displays:
    p1: {statue: 4, kettle: 2}
    p2: {mask: 5}
    p3: {clothing: 3}
  supply: 0
steps:
  - p1 walk h02_06
  - expect:
      score_now: {p1: {goods: 11, gold: 0, gems: 0, vp: 11}, p2: {goods: 12}}
      vp: {p1: 0}
  - action: p1 reveal h02_07
    at:
      before_final_scoring: {vp: {p1: 3, p2: 0}, bonus: p1, vp_from: {p1: {goods: 0}}}
expect:
  over: true
  vp: {p1: 14, p2: 12, p3: 5, p4: 0}
"""


def _run(tmp_path: Path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return run_scenario(load_scenario(path))


def test_complete_setup_needs_no_invented_fields_or_camps(tmp_path: Path) -> None:
    """issue 43.1: a setup with displays and an empty supply, naming no source field and no camp
    of any player, is completed (fields emptied far from play, camps boxed) and says so; without
    ``complete`` the same case is refused for its tiles."""
    result = _run(tmp_path, GOODS_END)
    assert result.passed, result.message
    assert any("emptied 13 field(s)" in note for note in result.notes), result.notes
    assert any("put 10 camp(s)" in note and "box" in note for note in result.notes), result.notes
    refused = _run(tmp_path, GOODS_END.replace("  complete: true\n", ""))
    assert not refused.passed and "tile(s) too many" in refused.message


def test_complete_setup_notes_are_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 43.1: the scenario's output says what the setup placed."""
    path = tmp_path / "s.yaml"
    path.write_text(GOODS_END, encoding="utf-8")
    assert main(["scenario", str(path)]) == 0
    out = capsys.readouterr().out
    assert "setup: put 10 camp(s) the case does not mention in the box" in out


def test_moment_before_final_scoring_and_score_now(tmp_path: Path) -> None:
    """issue 43.5: the VP at the end trigger (before the final scoring the same action runs) and
    what the goods would score now can be read; a wrong value there fails at its line."""
    assert _run(tmp_path, GOODS_END).passed
    wrong = _run(
        tmp_path, GOODS_END.replace("before_final_scoring: {vp: {p1: 3,", "before_final_scoring: {vp: {p1: 14,")
    )
    assert not wrong.passed and "s.yaml:20: vp.p1: expected 14, got 3" in wrong.message
    wrong = _run(tmp_path, GOODS_END.replace("goods: 11, gold", "goods: 8, gold"))
    assert not wrong.passed and "score_now.p1.goods: expected 8, got 11" in wrong.message


def test_a_moment_the_action_does_not_pass_fails(tmp_path: Path) -> None:
    """issue 43.5: a moment the action never reaches, or one the game does not declare, is a
    located failure."""
    text = GOODS_END.replace("  - action: p1 reveal h02_07\n", "  - action: p1 reveal h02_07\n").replace(
        "  - p1 walk h02_06\n", "  - action: p1 walk h02_06\n    at: {before_final_scoring: {vp: {p1: 0}}}\n"
    )
    result = _run(tmp_path, text)
    assert not result.passed and "did not pass the moment 'before_final_scoring'" in result.message
    result = _run(tmp_path, GOODS_END.replace("before_final_scoring:", "at_dawn:"))
    assert (
        not result.passed and "no moment 'at_dawn' in this game (it declares: before_final_scoring)" in result.message
    )


BRANCHED = """\
rules: africa
players: 2
setup:
  explorers: {p1: h02_06}
  fields: {h02_07: down elephant, h02_08: elephant, h08_03: elephant, h08_05: elephant, h08_04: empty}
steps:
  - p1 walk h02_06
  - p1 reveal h02_07
branches:
  placed:
    steps: [p1 place h08_04]
    expect: {vp: {p1: 3}}
  stays:
    steps: [p1 stay]
    expect: {vp: {p1: 2}}
  wrong:
    steps: [p1 stay]
    expect: {vp: {p1: 5}}
"""


def test_branches_share_a_setup_and_report_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 43.2: one setup, named lines of steps and expectations, each reported on its own
    (from a copy of the game the shared steps left)."""
    result = _run(tmp_path, BRANCHED)
    assert [(b.name, b.passed) for b in result.branches] == [("placed", True), ("stays", True), ("wrong", False)]
    assert not result.passed and "branch wrong:" in result.message and "vp.p1: expected 5, got 2" in result.message
    path = tmp_path / "b.yaml"
    path.write_text(BRANCHED, encoding="utf-8")
    assert main(["scenario", str(path)]) == 1
    out = capsys.readouterr().out
    assert "PASS branch placed" in out and "PASS branch stays" in out and "FAIL branch wrong" in out


TURN_START = """\
rules: africa
players: 2
setup:
  explorers: {p1: h02_06}
  fields: {h08_04: gold_1, h02_07: empty}
expect:
  legal:
    walk: [p1 walk h02_06, p1 walk h02_07]
    relocate: {includes: [p1 relocate h08_04], excludes: [p1 relocate h02_06], count: COUNT}
"""


def test_legal_per_verb(tmp_path: Path) -> None:
    """issue 43.3: ``legal`` restricted to one verb, exact or includes/excludes/count, the other
    verbs' actions not compared."""
    assert _run(tmp_path, TURN_START.replace("COUNT", "6")).passed, _run(tmp_path, TURN_START.replace("COUNT", "6"))
    wrong = _run(tmp_path, TURN_START.replace("COUNT", "6").replace("[p1 walk h02_06, ", "["))
    assert not wrong.passed and "legal walk: expected ['p1 walk h02_07'], got" in wrong.message
    assert "extra ['p1 walk h02_06']" in wrong.message
    wrong = _run(tmp_path, TURN_START.replace("COUNT", "9"))
    assert not wrong.passed and "legal relocate: expected 9, got 6" in wrong.message
    mixed = _run(
        tmp_path, TURN_START.replace("COUNT", "6").replace("walk: [p1 walk h02_06,", "walk: [p1 relocate h08_04,")
    )
    assert not mixed.passed and "'p1 relocate h08_04' is not a 'walk' action" in mixed.message
    unknown = _run(tmp_path, TURN_START.replace("COUNT", "6").replace("    walk:", "    stroll:"))
    assert not unknown.passed and "unknown verb 'stroll'" in unknown.message


REFUSED = """\
rules: africa
players: 2
setup:
  explorers: {p1: h02_06}
steps:
  - action: p1 relocate h02_06
    refused: any
"""


def test_refused_any(tmp_path: Path) -> None:
    """issue 43.4: ``refused: any`` accepts any reason, where before the word 'any' had to be
    in the engine's sentence."""
    result = _run(tmp_path, REFUSED)
    assert result.passed, result.message
    played = _run(tmp_path, REFUSED.replace("relocate h02_06", "walk h02_06"))
    assert not played.passed and "was expected to be refused (any), but it was played" in played.message


def test_a_refused_action_must_not_be_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 43.4: every refusal is checked against the legal actions: an engine that refuses an
    action it lists fails the scenario."""

    play = AfricaGame.apply

    def refuse_walks(self: AfricaGame, action: tuple) -> None:
        if action[1] == "walk":
            raise IllegalAction("walking is tiring")
        play(self, action)

    monkeypatch.setattr(AfricaGame, "apply", refuse_walks)
    result = _run(tmp_path, REFUSED.replace("relocate h02_06", "walk h02_06"))
    assert not result.passed
    assert "'p1 walk h02_06' was refused (walking is tiring), yet it is among the legal actions" in result.message


def test_bundled_variant_by_name_outside_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 43.6: ``rules: africa-simple`` names the variant shipped in the package, from a
    scenario anywhere (the working directory elsewhere too)."""
    monkeypatch.chdir(tmp_path)
    text = "rules: africa-simple\nplayers: 2\nsetup:\n  explorers: {p1: h02_06}\nexpect: {step: turn}\n"
    result = _run(tmp_path, text)
    assert result.passed, result.message
    source = load_scenario(tmp_path / "s.yaml").source
    assert source is not None and source.name == "africa-simple"


def test_hostile_branch_names_are_located_errors(tmp_path: Path) -> None:
    """issue 43.2: a branch that is not a mapping of steps and expect is refused at its line."""
    path = tmp_path / "s.yaml"
    path.write_text("rules: africa\nplayers: 2\nbranches:\n  a: [p1 walk h02_06]\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert "s.yaml:4" in str(e.value)


WEST = """\
players: 2
setup:
  round: 2
  ships: {p1: la_gomera, p2: lanzarote}
steps:
  - p1 select move_workers move_ship cultivate la_gomera
  - p2 select lanzarote fuerteventura
  - action: p1 select la_palma
    refused: any
branches:
  workers:
    steps: [p1 worker west la_gomera]
    expect: {legal: {sail: [], worker: {includes: [p1 worker west la_gomera]}}}
  done-at-once:
    steps:
      - action: p1 done
        refused: no action under way
"""


def test_west_of_africa_scenarios_take_the_same_keys(tmp_path: Path) -> None:
    """issue 43: the kernel's new keys (branches, legal per verb, refused: any) serve West of
    Africa's scenarios as they serve Africa's."""
    result = _run(tmp_path, WEST)
    assert result.passed, result.message
    assert [b.name for b in result.branches] == ["workers", "done-at-once"]
    wrong = _run(tmp_path, WEST.replace("sail: []", "sail: [p1 sail tenerife]"))
    assert not wrong.passed and "branch workers:" in wrong.message and "legal sail" in wrong.message
