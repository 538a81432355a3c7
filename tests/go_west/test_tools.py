"""Go West! through the kernel's generic tools (issue 40): validate, rules show, simulate (the end
mix by name, scoring cards used, wagons to California), compare, sweep, value, tournament and
replay of logs written by ``simulate --log-dir`` and ``play --log``. Each runs at a tiny size with
random bots (mcts with a small budget in the tournament), the same seed giving the same bytes.
The rulings cited are docs/go-west-rulings.md's (G18 vp50, G19 wagons, G22 capped, G27 ranking)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from woa_core.cli import main

ROOT = Path(__file__).resolve().parents[2]
RANDOM = ["--bots", "random", "--workers", "1", "--quiet"]
ENDS = {"vp50", "wagons", "capped"}  # turn.yaml's named ends (7.0, G18, G19, G22)
TIMINGS = ("seconds", "games_per_second", "decisions_per_second")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    return _json(capsys, "simulate", "--rules", "go-west", *RANDOM, *args)


def _without_timings(report: dict) -> str:
    report = {**report, "manifest": {k: v for k, v in report["manifest"].items() if k not in TIMINGS}}
    return json.dumps(report, sort_keys=True)


def test_validate_and_rules_show(capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled rules are valid for 2-4 players (G1), and ``rules show`` prints the resolved
    settings with their defaults (G2, G9, G17, G22) and the deck marked reconstructed (§2.2)."""
    assert main(["validate", "--rules", "go-west"]) == 0
    assert "go-west: valid for 2, 3, 4 players" in capsys.readouterr().out
    assert main(["rules", "show", "--rules", "go-west"]) == 0
    shown = capsys.readouterr().out
    for line in ("reconstructed: true", "vp_threshold: 50", "start_player: seat1", "vp_payment: free_split"):
        assert line in shown, line
    assert "double_second_action: optional" in shown and "max_turns: 1000" in shown


def test_simulate_reports_the_end_mix_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate's text and JSON carry Go West!'s figures: how games end by the end's name, the
    scoring cards used per seat, wagons to California; every game is counted once."""
    assert main(["simulate", "--rules", "go-west", "--players", "4", "--games", "20", "--seed", "1", *RANDOM]) == 0
    text = capsys.readouterr().out
    assert "game end: wagons" in text and "scoring cards used" in text and "wagons to California" in text
    stats = _simulate(capsys, "--players", "4", "--games", "20", "--seed", "1")["stats"]
    assert stats["games"] == 20 and sum(stats["end_reasons"].values()) == 20
    assert set(stats["end_reasons"]) <= ENDS
    assert 0 <= stats["wagons_out"]["mean"] <= 20  # 20 wagons in all (2.0)
    used = [seat["scoring_cards_used"] for seat in stats["per_seat"]]
    assert len(used) == 4 and all(0 <= u <= 6 for u in used)  # 6 scoring cards each (3.3)
    assert abs(sum(w["wins"] for w in stats["wins_by_seat"]) - 20) < 1e-6  # a shared win 1/k each (G27)


def test_each_named_end_is_reached_and_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """Lowering the threshold ends games by ``vp50`` (G18); a cap of 5 turns ends every game
    ``capped`` (G22). The end's name is what the statistics count."""
    low = _simulate(capsys, "--players", "2", "--games", "10", "--set", "turn.vp_threshold=15")["stats"]
    assert low["end_reasons"].get("vp50", 0) > 0
    capped = _simulate(capsys, "--players", "3", "--games", "4", "--set", "turn.max_turns=5")["stats"]
    assert capped["end_reasons"] == {"capped": 4} and capped["turns"]["mean"] == 5


def test_same_seed_same_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives byte-identical logs (cards drawn and reshuffled included, G15) and the
    same JSON report but for its timings; another seed gives other games."""
    runs = []
    for name, seed in (("a", "7"), ("b", "7"), ("c", "8")):
        report = _simulate(capsys, "--players", "3", "--games", "3", "--seed", seed, "--log-dir", str(tmp_path / name))
        logs = [p.read_bytes() for p in sorted((tmp_path / name).glob("*.jsonl"))]
        runs.append((_without_timings(report), logs))
    assert len(runs[0][1]) == 3 and runs[0] == runs[1]
    assert runs[0][1] != runs[2][1]


def test_compare_sees_a_lower_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    """compare pairs the same games under the base rules and ``--set turn.vp_threshold=15``: the
    ``vp50`` end's share rises (G18), and the rows name the end mix by end."""
    args = ["compare", "--base", "go-west", "--set", "turn.vp_threshold=15", "--players", "2", "--games", "10"]
    report = _json(capsys, *args, *RANDOM)
    rows = {row["figure"]: row for row in report["rows"]}
    assert report["method"]["design"] == "paired"
    assert rows["ends_by_vp50"]["variant"] > rows["ends_by_vp50"]["base"] == 0
    assert {"turns", "scorings", "wagons_out", "per_player_scoring_cards_used"} <= set(rows)


def test_sweep_over_the_threshold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sweep space over ``turn.vp_threshold`` (schema/sweep.schema.json): every point played on
    the same seeds, each with its own rules hash, the end mix per point in the table."""
    space = tmp_path / "space.yaml"
    space.write_text(
        "name: go-west-threshold\nrules: go-west\nplayers: 2\ngames: 6\nseed: 1\nbots: [random]\n"
        "parameters:\n  turn.vp_threshold: [15, 50]\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    report = _json(capsys, "sweep", str(space), "--out", str(out), "--workers", "1", "--quiet")
    points = {p["values"]["turn.vp_threshold"]: p for p in report["ranking"]}
    assert set(points) == {15, 50} and all(p["games"] == 6 for p in points.values())
    assert points[15]["rules_hash"] != points[50]["rules_hash"]
    vp50 = {r["turn.vp_threshold"]: r["estimate"] for r in report["rows"] if r["figure"] == "ends_by_vp50"}
    assert vp50[15] > vp50.get(50, 0.0) == 0.0
    assert (out / "results.csv").is_file()


def test_value_restricts_cards_actions_and_blocks(capsys: pytest.CaptureFixture[str]) -> None:
    """value forbids, row by row, each card shape (44 in the reconstructed deck, G26), each verb
    and each block; every row is played on the same seeds, its win rate within [0, 1]."""
    report = _json(capsys, "value", "--rules", "go-west", "--players", "2", "--bot", "random", "--games", "2")
    kinds: dict[str, int] = {}
    for row in report["rows"]:
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
        assert row["games"] == 2 and 0 <= row["estimate"] <= 1
    assert kinds == {"card": 44, "action": 9, "block": 4}


def test_tournament_with_search_on_hidden_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """A tournament of random against mcts: mcts determinizes every decision (§4: the others'
    hands and the pile dealt anew), each game's win counted once, every bot in every seat."""
    bots = ["random", "mcts:iterations=4"]
    args = ["tournament", *bots, "--rules", "go-west", "--players", "2", "--games", "4", "--workers", "1"]
    report = _json(capsys, *args, "--quiet")
    assert report["manifest"]["rules"] == "go-west" and report["manifest"]["seat_balanced"]
    rates = report["win_rates"]
    assert rates[bots[0]]["seats"] == rates[bots[1]]["seats"] == 4
    assert abs(rates[bots[0]]["wins"] + rates[bots[1]]["wins"] - 4) < 1e-9


def test_a_simulated_log_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log of ``simulate --log-dir`` replays and matches; ``--json`` gives the end by name, the
    ranking and the winners (G27) as the log's result line holds them."""
    _simulate(capsys, "--players", "3", "--games", "1", "--seed", "3", "--log-dir", str(tmp_path))
    (log,) = tmp_path.glob("*.jsonl")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["rules"] == "go-west" and '"result"' in lines[-1]
    assert main(["replay", str(log)]) == 0
    assert "the log matches" in capsys.readouterr().out
    result = _json(capsys, "replay", str(log))
    assert result["ended"] in ENDS and result["capped"] == (result["ended"] == "capped")
    assert result == {**result, **json.loads(lines[-1])["result"]}
    assert sorted(result["ranking"]) == ["p1", "p2", "p3"] and set(result["winners"]) <= set(result["ranking"])


def test_a_played_log_replays(tmp_path: Path) -> None:
    """``woa play --log``: a person at the terminal (here: always the first listed action) against
    a random bot; the log replays and matches, the same seed and answers giving the same bytes."""
    logs = []
    for name in ("one", "two"):
        log = tmp_path / f"{name}.jsonl"
        args = ["play", "--rules", "go-west", "--players", "2", "--bots", "random", "--pace", "0", "--seed", "3"]
        done = subprocess.run(
            [sys.executable, "-m", "woa_core", *args, "--log", str(log)],
            input="1\n" * 400,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stderr
        assert "Game over" in done.stdout
        logs.append(log.read_bytes())
    assert logs[0] == logs[1]
    done = subprocess.run(
        [sys.executable, "-m", "woa_core", "replay", str(tmp_path / "one.jsonl")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0 and "the log matches" in done.stdout, done.stderr


def test_throughput_benchmark_has_a_go_west_row() -> None:
    """benchmarks/throughput.py measures random 4-player Go West! in decisions per CPU-second."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import throughput

    row = throughput.measure_cpu("go-west", "random", 4, 3)
    assert row["rules"] == "go-west" and row["games"] == 3
    assert row["decisions_per_cpu_second"] > 0 and row["decisions_per_game"] > 50


def test_search_can_determinize_every_decision() -> None:
    """What ``tournament`` and ``mcts`` rest on (§4, T20): at every decision of seeded random games,
    every seat's view determinizes to a game that shows that seat the very same view, with every
    card once (a card being played counted where it lies) and a chance stream of its own."""
    from collections import Counter
    from random import Random

    from woa_core.kernel.contract import new_game
    from woa_core.rules import load_rules

    for players in (2, 4):
        rules = load_rules("go-west", players)
        deck = len(rules.card_id)
        for seed in (1, 2):
            game, rng, n = new_game(rules, seed=seed), Random(seed), 0
            while not game.over:
                for seat in range(players):
                    view = game.observation(seat)
                    other = type(game).determinize(view, Random(n))
                    n += 1
                    c, playing = other.state.cards, [other.state.card] if other.state.card >= 0 else []
                    everywhere = c.pile + c.discard + [x for h in c.hands for x in h] + playing
                    assert Counter(everywhere) == Counter(range(deck))
                    assert other.observation(seat).to_json() == view.to_json()
                    assert other.state.chance[0] != game.state.chance[0]
                game.apply_legal(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", ["capped", "cap"])
def test_the_result_says_capped_for_the_turn_cap_end_whatever_turn_yaml_names_it(name: str) -> None:
    """G22: ``capped`` in the result line is the end whose condition is the turn cap, read from the
    flow, so a designer who renames the end (``--set turn.flow.ends[2].name=cap``) still gets it."""
    from woa_core.kernel.contract import new_game
    from woa_core.rules import load_rules

    rules = load_rules("go-west", 2, ["turn.max_turns=3", f"turn.flow.ends[2].name={name}"])
    game = new_game(rules, seed=4)
    while not game.over:
        game.apply(game.legal_actions()[0])
    line = rules.pack.result(game)
    assert line["ended"] == name and line["capped"] is True and line["turns"] == 3
