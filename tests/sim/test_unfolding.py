"""How a game unfolds, as figures (issue 16, part 3): the score of every seat after each round
(or turn, for a pack without rounds), lead changes, decisiveness, comeback wins, the winning
margin and the choices offered per decision — read by one observer of the game loop, declared
once, and reported by simulate (JSON, text, CSV, HTML), compare and sweep, for any pack."""

from __future__ import annotations

import csv
import itertools
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from woa_core.bots import seated
from woa_core.cli import main
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.kernel.loop import Observer
from woa_core.report.figures import declared
from woa_core.report.unfolding import Unfolding, comeback, decisiveness, lead_changes, margin
from woa_core.rules import load_rules, read_rules

ROOT = Path(__file__).resolve().parents[2]
RACE = ROOT / "docs" / "rule-packs" / "race"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--workers", "1", "--quiet", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ the definitions


def test_lead_changes_count_a_new_sole_leader_only() -> None:
    assert lead_changes([[0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3], [4, 3]]) == 2  # p1, p2, p1
    assert lead_changes([[2, 1], [2, 2], [3, 2]]) == 0  # a lead lost to a tie and regained
    assert lead_changes([[1, 1, 1]]) == 0


def test_decisiveness_is_the_share_played_before_the_winner_led_for_good() -> None:
    readings = [[1, 0, 0], [0, 2, 0], [3, 2, 0], [4, 5, 0], [6, 5, 1]]
    assert decisiveness(readings, {0}) == 0.8  # p1 leads for good from the fifth (last) reading
    assert decisiveness(readings[:3], {0}) == pytest.approx(2 / 3, abs=1e-4)
    assert decisiveness([[5, 1], [6, 1]], {0}) == 0.0  # led from the start
    assert decisiveness([[5, 1], [6, 6]], {0}) == 1.0  # tied at the end: the tie-break decided
    assert decisiveness([[5, 5, 1], [6, 6, 1]], {0, 1}) == 0.0  # a shared win: both lead together


def test_comeback_means_last_after_the_first_third() -> None:
    assert comeback([[0, 1, 1], [2, 1, 1], [5, 2, 2]], {0}) is False  # last only in the first third
    assert comeback([[1, 1, 1], [0, 1, 1], [5, 2, 2]], {0}) is True  # last (alone) in the second reading
    assert comeback([[1, 1, 1], [1, 1, 1], [5, 2, 2]], {0}) is False  # all tied is nobody's last place
    assert comeback([[3, 1, 1], [2, 2, 3], [5, 2, 2]], {0}) is True  # last, tied with p2, behind p3


def test_margin_is_the_winner_over_the_runner_up() -> None:
    assert margin([[0, 0, 0], [9, 4, 7]], {0}) == 2
    assert margin([[9, 9, 2]], {0, 1}) == 7  # shared winners against the one who did not win
    assert margin([[3, 3]], {0, 1}) == 0  # everyone won


# ------------------------------------------------------------------ the observer in a real game


class RoundEnds(Observer):
    """The control: every seat's VP right after each action that ended a round, and at the end."""

    def __init__(self) -> None:
        self.vp: list[list[int]] = []

    def before(self, game: Any, seat: int, action: tuple) -> None:
        self.round = game.state.round

    def after(self, game: Any, seat: int, action: tuple, prev: Any) -> None:
        if game.state.round != self.round or game.over:
            self.vp.append(list(game.state.vp))


@pytest.mark.parametrize("players", [2, 4])
def test_the_readings_are_the_vp_after_each_round_and_branching_the_legal_actions(players: int) -> None:
    rules = load_rules("west-of-africa", players)
    game, watch, control = new_game(rules, 7), Unfolding(rules), RoundEnds()
    offered: list[int] = []
    bots = seated.bots(["random"] * players, 7)

    def choose(game: Any, seat: int, legal: Any) -> tuple:
        offered.append(len(legal))
        return bots(game, seat, legal)

    assert loop.run(game, choose, [watch, control]) is loop.Ending.OVER
    assert watch.readings == control.vp and len(watch.readings) == game.state.round
    assert watch.readings[-1] == game.state.vp and watch.at[-1] == len(offered)
    assert watch.branching() == pytest.approx(statistics.mean(offered), abs=1e-4)


@pytest.fixture
def race_unscored(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The tiny pack of docs/rule-packs.md without its score (this process only)."""
    rules = read_rules(str(RACE)).compile(3)  # loads the pack
    module = sys.modules[type(rules).__module__]
    monkeypatch.setattr(module, "PACK", replace(module.PACK, score=None))
    return module.PACK


def test_a_pack_without_rounds_is_read_after_each_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """The race (no flow, so no rounds) declares its score: the paths each runner has left to
    run, the lowest winning (issue 42.5: no negated score)."""
    rules = read_rules(str(RACE)).compile(3)
    game, watch = new_game(rules, 4), Unfolding(rules)
    loop.run(game, seated.bots(["random"] * 3, 4), [watch])
    assert len(watch.readings) == game.state.turn  # one turn per action in this game
    assert watch.readings[-1] == [rules.distance[at][rules.goal] for at in game.state.at]
    assert watch.oriented()[-1] == [-rules.distance[at][rules.goal] for at in game.state.at]
    names = [f.name for f in declared(rules)]
    assert "score_by_turn" in names and "score_by_round" not in names and "lead_changes" in names

    stats = _json(capsys, "simulate", "--rules", str(RACE), "--players", "3", "--games", "20", "--bots", "random")
    stats = stats["stats"]
    series = stats["per_seat"][0]["score_by_turn"]
    assert [e["turn"] for e in series[:3]] == [1, 2, 3] and series[0]["games"] == 20
    assert all(later["games"] <= earlier["games"] for earlier, later in itertools.pairwise(series))
    assert 0 <= stats["decisiveness"]["mean"] <= 1 and stats["lead_changes"]["mean"] >= 0
    assert stats["margin"]["mean"] >= 0  # the winner is nearest: a margin in the right direction


def test_a_pack_without_a_score_gets_the_branching_only(race_unscored: Any, capsys: pytest.CaptureFixture[str]) -> None:
    stats = _json(capsys, "simulate", "--rules", str(RACE), "--players", "2", "--games", "5", "--bots", "random")
    stats = stats["stats"]
    assert stats["branching"]["mean"] > 1
    assert "lead_changes" not in stats and "score_by_turn" not in stats["per_seat"][0]


# ------------------------------------------------------------------ simulate, compare, sweep


def test_simulate_json_text_and_csv_carry_how_games_unfold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "games.csv"
    args = ("simulate", "--players", "3", "--games", "12", "--seed", "3", "--bots", "random")
    stats = _json(capsys, *args, "--csv", str(table))["stats"]
    rows = list(csv.DictReader(table.open()))
    for name, column in (("lead_changes", "lead_changes"), ("margin", "margin"), ("decisiveness", "decisiveness")):
        assert stats[name]["mean"] == pytest.approx(statistics.mean(float(r[column]) for r in rows), abs=1e-4)
    assert stats["comebacks"]["games"] == sum(int(r["comeback"]) for r in rows)
    for p in (1, 3):
        series = [[float(v) for v in r[f"p{p}_score_by_round"].split()] for r in rows]
        for s, r in zip(series, rows, strict=True):
            assert len(s) == int(r["rounds"]) and s[-1] == float(r[f"p{p}_vp"])
        first = stats["per_seat"][p - 1]["score_by_round"][0]
        assert first == {
            "round": 1,
            "games": 12,
            "median": statistics.median(s[0] for s in series),
            "lower_quartile": statistics.quantiles([s[0] for s in series], n=4, method="inclusive")[0],
            "upper_quartile": statistics.quantiles([s[0] for s in series], n=4, method="inclusive")[2],
        }
    assert main([*args, "--workers", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "how the game unfolds:\nbranching (legal actions per decision): mean" in text
    assert "\nscore after each round (median)" in text and "comeback wins" in text


def test_compare_flags_a_change_in_lead_changes(capsys: pytest.CaptureFixture[str]) -> None:
    """Games that end at 10 VP rather than 25 have fewer rounds in which the lead can change:
    compare flags the lead changes row; the same rules on another seed stream (A/A) do not."""
    args = ("--players", "3", "--games", "60", "--seed", "3", "--bots", "random")
    changed = _json(capsys, "compare", "--set", "economy.game_end.vp_threshold=10", *args)["rows"]
    rows = {r["figure"]: r for r in changed}
    lead = rows["lead_changes"]
    assert lead["significant"] and lead["ci_high"] < 0 and lead["variant"] < lead["base"]
    same = _json(capsys, "compare", "west-of-africa", "west-of-africa", "--variant-seed", "9", *args)["rows"]
    assert not next(r for r in same if r["figure"] == "lead_changes")["significant"]


def test_sweep_can_aim_at_lead_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    space = tmp_path / "space.yaml"
    space.write_text(
        "rules: west-of-africa\nplayers: 3\ngames: 40\nseed: 1\nbots: [random]\n"
        "parameters:\n  economy.game_end.vp_threshold: [10, 25]\n"
    )
    out = str(tmp_path / "sweep")
    report = _json(capsys, "sweep", str(space), "--out", out, "--objective", "max:lead_changes")
    assert report["ranking"][0]["values"]["economy.game_end.vp_threshold"] == 25
    assert {"lead_changes", "decisiveness", "margin", "comebacks", "branching"} <= {r["figure"] for r in report["rows"]}


def test_the_observer_is_reproducible() -> None:
    """The same game gives the same readings (nothing random, nothing timed)."""
    rules = load_rules("west-of-africa", 3)
    seen = []
    for _ in range(2):
        game, watch = new_game(rules, 11), Unfolding(rules)
        loop.run(game, seated.bots(["random"] * 3, 11), [watch])
        seen.append((watch.readings, watch.at, watch.options))
    assert seen[0] == seen[1]


def test_the_game_worked_by_hand_in_the_docs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/unfolding.md works game 2 of this run by hand: its readings and figures are these."""
    table = tmp_path / "games.csv"
    args = ["simulate", "--players", "3", "--games", "6", "--seed", "1", "--csv", str(table), "--workers", "1"]
    assert main([*args, "--quiet"]) == 0
    row = list(csv.DictReader(table.open()))[2]
    assert [row[f"p{p}_score_by_round"] for p in (1, 2, 3)] == [
        "2 3 17 18 21 26",
        "2 5 8 19 21 29",
        "3 8 12 18 31 41",
    ]
    assert (row["winner"], row["lead_changes"], row["decisiveness"], row["margin"], row["comeback"]) == (
        "p3",
        "3",
        "0.6667",
        "12",
        "1",
    )
    doc = (ROOT / "docs" / "unfolding.md").read_text(encoding="utf-8")
    assert "`lead_changes 3, decisiveness 0.6667, margin 12, comeback 1`" in doc
