"""`woa check` catches a deliberately broken rule primitive, shrinks the game, and writes a
scenario that `woa scenario` replays (property-based checks issue, item 3)."""

from __future__ import annotations

import yaml

from woa_core.check.scenario import load_scenario, run_scenario
from woa_core.cli import main
from woa_core.packs.west_of_africa import round_end


def _broken_refill(rules, state) -> None:
    """Refills the track without taking settlements from the reserve (a bug on purpose)."""
    state.track = rules.track_size


def test_check_passes_on_the_bundled_rules(capsys) -> None:
    assert main(["check", "--players", "3", "--games", "5", "--seed", "3"]) == 0
    assert "invariants held (the 5 costly ones at 1 in 16)" in capsys.readouterr().out


def test_broken_primitive_is_caught_and_shrunk(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(round_end.ROUND_END, "refill_settlement_track", _broken_refill)
    out = tmp_path / "ce.yaml"
    assert main(["check", "--players", "4", "--games", "3", "--seed", "1", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "invariant 'settlements_conserved' failed" in err
    assert "Traceback" not in err
    shrunk_from, shrunk_to = (int(x) for x in err.split("shrunk from ")[1].split(" actions")[0].split(" to "))
    assert shrunk_to < shrunk_from
    scenario = yaml.safe_load(out.read_text())
    assert scenario["check_invariants"] is True and len(scenario["steps"]) == shrunk_to
    # Replayed while the bug is there, the scenario fails on the same invariant ...
    assert main(["scenario", str(out)]) == 1
    assert "settlements_conserved" in capsys.readouterr().out
    # ... and with the primitive fixed, the same game is fine.
    monkeypatch.undo()
    assert main(["scenario", str(out)]) == 0


def test_coverage_lists_what_never_happened(capsys) -> None:
    assert main(["check", "--players", "2", "--games", "3", "--coverage", "--json"]) == 0
    import json

    report = json.loads(capsys.readouterr().out)["coverage"]["2"]
    assert set(report) == {
        "actions",
        "cards",
        "sea_links",
        "fields",
        "settlement_spaces",
        "round_end",
        "rulings",
    }
    assert "R11 ship placement" in report["rulings"]["seen"]
    # Two players: every 6-cost space is pre-placed (7. Changes), so none is listed as foundable.
    listed = {*report["settlement_spaces"]["seen"], *report["settlement_spaces"]["never"]}
    assert "lanzarote 1" not in listed and "lanzarote 3" in listed


def test_check_with_heuristic_bots_reaches_more_rules(capsys) -> None:
    """Bots choose the checked games' actions; the minus card (R7) then gets played."""
    import json

    assert main(["check", "--players", "4", "--games", "6", "--bots", "heuristic", "--coverage", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["heuristic"]
    assert "R7 minus passed" in report["coverage"]["4"]["rulings"]["seen"]
    assert main(["check", "--players", "3", "--games", "1", "--bots", "random,random"]) == 2


def test_a_counterexample_under_set_keeps_its_overrides(tmp_path, monkeypatch, capsys) -> None:
    """A check run with --set writes the overrides into the scenario, so it replays the same rules."""
    monkeypatch.setitem(round_end.ROUND_END, "refill_settlement_track", _broken_refill)
    out = tmp_path / "ce.yaml"
    args = ["check", "--players", "4", "--games", "3", "--seed", "1", "--out", str(out)]
    assert main([*args, "--set", "economy.gold.cap=46"]) == 1
    capsys.readouterr()
    assert yaml.safe_load(out.read_text())["overrides"] == ["economy.gold.cap=46"]
    assert main(["scenario", str(out)]) == 1  # the bug is still there: the same invariant fails
    assert "settlements_conserved" in capsys.readouterr().out


def test_a_scenario_plays_under_its_overrides(tmp_path) -> None:
    """4. Game Preparations: each player starts with the gold economy.gold.start names."""
    path = tmp_path / "s.yaml"
    path.write_text("players: 2\noverrides: [economy.gold.start=12]\nexpect: {gold: {p1: 12, p2: 12}}\n")
    result = run_scenario(load_scenario(path))
    assert result.passed, result.message
    path.write_text("players: 2\noverrides: [economy.gold.start=-1]\n")
    assert "--set economy.gold.start=-1: -1 is less than the minimum of 0" in run_scenario(load_scenario(path)).message


def test_costly_invariants_run_at_a_sample_of_positions_unless_exhaustive(monkeypatch) -> None:
    """issue 41.6: the costly kernel invariants run at about 1 position in COSTLY_EVERY (always at
    a game's first and last), the others after every action; --exhaustive runs all at every one."""
    from woa_core.check import invariants, runner
    from woa_core.rules import load_rules

    seen: dict[str, int] = {}

    def counting(name, check):
        def run(game, prev):
            seen[name] = seen.get(name, 0) + 1
            return check(game, prev)

        return run

    real = invariants.invariants_of

    def counted(pack, exhaustive=False):
        return {name: counting(name, check) for name, check in real(pack, exhaustive).items()}

    monkeypatch.setattr(runner, "invariants_of", counted)
    rules = load_rules("west-of-africa", 3)
    for exhaustive in (False, True):
        seen.clear()
        violation, game = runner.play_checked(rules, seed=5, exhaustive=exhaustive)
        assert violation is None and game.over
        positions = seen["has_legal_action"]
        for name in invariants.COSTLY:
            if exhaustive:
                assert seen[name] == positions
            else:
                assert 2 <= seen[name] <= positions // invariants.COSTLY_EVERY + 3
