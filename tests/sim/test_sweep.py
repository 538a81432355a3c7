"""`woa sweep` (issue 8.4): a grid of rule values, the long table, ranking, racing, resume."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from woa_core.cli import main

GRID = """\
players: 2
games: {games}
seed: 3
bots: [{bots}]
parameters:
  economy.gold.cap: [40, 60]
  economy.game_end.vp_threshold: [10, 25, 40]
"""


def _space(tmp_path: Path, text: str, name: str = "space.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _sweep(capsys, *args: str) -> dict:
    assert main(["sweep", *args, "--quiet", "--json", "--workers", "1"]) == 0
    return json.loads(capsys.readouterr().out)


def test_grid_writes_the_long_table_and_ranks_by_the_objective(tmp_path: Path, capsys) -> None:
    space = _space(tmp_path, GRID.format(games=6, bots="random"))
    out = tmp_path / "out"
    report = _sweep(capsys, str(space), "--out", str(out), "--objective", "min:length")
    with open(out / "results.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == [
        "point",
        "economy.gold.cap",
        "economy.game_end.vp_threshold",
        "figure",
        "estimate",
        "ci_low",
        "ci_high",
        "n",
    ]
    assert {r["point"] for r in rows} == {f"p{i}" for i in range(1, 7)}
    rounds = {r["point"]: r for r in rows if r["figure"] == "rounds"}
    assert all(
        r["n"] == "6" and float(r["ci_low"]) <= float(r["estimate"]) <= float(r["ci_high"]) for r in rounds.values()
    )
    # min:length ranks the shortest games first: the 10-VP threshold ends games soonest
    ranking = report["ranking"]
    assert [r["estimate"] for r in ranking] == sorted(r["estimate"] for r in ranking)
    assert ranking[0]["values"]["economy.game_end.vp_threshold"] == 10
    assert ranking[-1]["values"]["economy.game_end.vp_threshold"] == 40
    assert report["manifest"]["games_played"] == report["manifest"]["games_full_grid"] == 36
    assert json.loads((out / "results.json").read_text())["rows"] == report["rows"]


def test_every_point_plays_the_same_games(tmp_path: Path, capsys) -> None:
    """Common random numbers: two points with the same rules give exactly the same figures."""
    space = _space(tmp_path, "players: 3\ngames: 5\nbots: random\nparameters:\n  economy.gold.cap: [45, 45, 60]\n")
    rows = _sweep(capsys, str(space), "--out", str(tmp_path / "out"))["rows"]
    by_point: dict[str, dict] = {}
    for r in rows:
        by_point.setdefault(r["point"], {})[r["figure"]] = r["estimate"]
    assert by_point["p1"] == by_point["p2"]


def test_games_on_the_command_line_replace_the_space_games_and_another_count_is_not_resumed(
    tmp_path: Path, capsys
) -> None:
    space = _space(tmp_path, "players: 2\ngames: 40\nbots: random\nparameters:\n  economy.gold.cap: [45, 60]\n")
    out = tmp_path / "out"
    report = _sweep(capsys, str(space), "--out", str(out), "--games", "3")
    m = report["manifest"]
    assert m["games_per_point"] == 3 and m["games_played"] == 6
    assert {r["n"] for r in report["rows"]} == {3}
    assert main(["sweep", str(space), "--out", str(out), "--games", "4", "--resume", "--quiet"]) == 2
    assert "--games changed since" in capsys.readouterr().err


def test_race_plays_fewer_games_than_the_full_grid(tmp_path: Path, capsys) -> None:
    space = _space(tmp_path, GRID.format(games=40, bots="random"))
    report = _sweep(capsys, str(space), "--out", str(tmp_path / "out"), "--objective", "min:length", "--race")
    m = report["manifest"]
    assert m["race_games"] == 10 and m["games_played"] < m["games_full_grid"] == 240
    assert m["games_saved"] == m["games_full_grid"] - m["games_played"]
    best = report["ranking"][0]
    assert best["status"] == "done" and best["games"] == 40
    assert best["values"]["economy.game_end.vp_threshold"] == 10
    assert all(r["status"] == "dropped" and r["games"] < 40 for r in report["ranking"] if r["games"] < 40)


def test_ctrl_c_then_resume_replays_no_finished_point(tmp_path: Path) -> None:
    space = _space(tmp_path, GRID.format(games=6, bots="heuristic"))
    out = tmp_path / "out"
    command = [sys.executable, "-m", "woa_core.cli", "sweep", str(space), "--out", str(out), "--workers", "1"]
    proc = subprocess.Popen([*command, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    points = out / "points"
    deadline = time.monotonic() + 60
    while not (points.is_dir() and any(points.glob("*.json"))) and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err
    finished = {p.name: (p.stat().st_mtime_ns, p.read_text()) for p in points.glob("*.json")}
    assert 1 <= len(finished) < 6
    again = subprocess.run([*command, "--quiet", "--json"], capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "--resume" in again.stderr  # nothing overwritten without --resume
    resumed = subprocess.run([*command, "--resume", "--quiet", "--json"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    m = json.loads(resumed.stdout)["manifest"]
    assert m["resumed_points"] == len(finished)
    assert m["games_played_now"] == (6 - len(finished)) * 6 and m["games_played"] == 36
    for name, (mtime, text) in finished.items():
        assert (points / name).stat().st_mtime_ns == mtime and (points / name).read_text() == text


def test_space_mistakes_are_located_all_at_once(tmp_path: Path, capsys) -> None:
    space = _space(
        tmp_path,
        "players: 3\n"
        "games: 5\n"
        "parameters:\n"
        "  economy.gold.cap: [40, -5]\n"
        "  economy.game_end.vp_threshold: {min: 20, max: 30}\n"
        "bots: [nobody]\n",
    )
    assert main(["sweep", str(space), "--out", str(tmp_path / "out"), "--quiet"]) == 1
    err = capsys.readouterr().err
    err = err.replace(str(tmp_path) + "/", "")
    assert "space.yaml:4:26: economy.gold.cap=-5:" in err
    assert "space.yaml:5:34: a range without 'step' can only be sampled" in err
    assert "space.yaml:6:7: unknown bot 'nobody'" in err
    assert not (tmp_path / "out").exists()


def test_a_value_the_rules_refuse_is_named_at_its_line(tmp_path: Path, capsys) -> None:
    space = _space(tmp_path, "players: 3\nparameters:\n  economy.gold.cap: [40, -5]\n")
    assert main(["sweep", str(space), "--out", str(tmp_path / "out"), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "space.yaml:3:26: economy.gold.cap=-5:" in err, err


def test_sample_draws_distinct_points_with_the_seed(tmp_path: Path) -> None:
    from woa_core.sim.sweep_space import load_space

    text = GRID.format(games=1, bots="random") + "sample: 4\n"
    first = [p.values for p in load_space(_space(tmp_path, text)).points()]
    assert len(first) == 4 and len({json.dumps(v) for v in first}) == 4
    assert [p.values for p in load_space(_space(tmp_path, text, "again.yaml")).points()] == first


def test_an_unknown_objective_lists_the_objectives(tmp_path: Path, capsys) -> None:
    space = _space(tmp_path, GRID.format(games=1, bots="random"))
    assert main(["sweep", str(space), "--out", str(tmp_path / "o"), "--objective", "fun"]) == 2
    assert "seat-balance" in capsys.readouterr().err


def test_inline_variant_sweeps_around_it(tmp_path: Path, capsys) -> None:
    """``rules:`` as an inline variant: its change applies at every point."""
    space = _space(
        tmp_path,
        "players: 2\ngames: 3\nbots: random\n"
        "rules:\n  extends: west-of-africa\n  economy: {gold: {start: 30}}\n"
        "parameters:\n  economy.gold.cap: [45, 60]\n",
    )
    from woa_core.rules import read_rules

    report = _sweep(capsys, str(space), "--out", str(tmp_path / "out"))
    assert report["manifest"]["overrides"] == ["economy.gold.start=30"]
    p1 = next(r for r in report["ranking"] if r["point"] == "p1")
    expected = read_rules("west-of-africa", ["economy.gold.start=30", "economy.gold.cap=45"]).content_hash
    assert p1["rules_hash"] == expected != read_rules("west-of-africa", ["economy.gold.cap=45"]).content_hash


def test_set_applies_at_every_point_and_a_bad_one_is_named(tmp_path: Path, capsys) -> None:
    from woa_core.rules import read_rules

    space = _space(tmp_path, "players: 2\ngames: 2\nbots: random\nparameters:\n  economy.gold.cap: [45]\n")
    report = _sweep(capsys, str(space), "--out", str(tmp_path / "out"), "--set", "economy.gold.start=30")
    expected = read_rules("west-of-africa", ["economy.gold.start=30", "economy.gold.cap=45"]).content_hash
    assert report["ranking"][0]["rules_hash"] == expected
    assert main(["sweep", str(space), "--out", str(tmp_path / "bad"), "--set", "economy.gold.start=-1"]) == 1
    assert "--set economy.gold.start=-1:" in capsys.readouterr().err
    # a resumed sweep must be of the same space and --set
    args = ["sweep", str(space), "--out", str(tmp_path / "out"), "--resume", "--quiet"]
    assert main(args) == 2 and "--set or --games changed" in capsys.readouterr().err


def test_a_parameter_the_player_count_overlay_overrides_is_refused(tmp_path: Path, capsys) -> None:
    """With 2 players, players.overlays.2 sets the gold-majority VP: sweeping it would change nothing."""
    space = _space(
        tmp_path,
        "players: 2\nparameters:\n  economy.gold_majority.vp_by_rank: [[1, 1], [2, 1]]\n  economy.gold.cap: [45]\n",
    )
    assert main(["sweep", str(space), "--out", str(tmp_path / "out"), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "space.yaml:3:3: every value of economy.gold_majority.vp_by_rank gives the same 2-player game" in err
    assert "sweep players.overlays.2.economy.gold_majority.vp_by_rank instead" in err


def test_an_objective_naming_no_figure_is_refused_before_any_game(tmp_path: Path, capsys) -> None:
    """Issue 17: ``--objective unknown=3`` was refused only after every point had played."""
    space = _space(tmp_path, GRID.format(games=200, bots="heuristic"))  # minutes of games, were they played
    out = tmp_path / "o"
    started = time.perf_counter()
    assert main(["sweep", str(space), "--out", str(out), "--objective", "unknown=3", "--workers", "1"]) == 2
    assert time.perf_counter() - started < 5
    err = capsys.readouterr().err
    assert "--objective unknown=3: no figure 'unknown' (figures: " in err and "p2_wins" in err and "rounds" in err
    assert not (out / "points").exists() or not any((out / "points").iterdir())
    for objective in ("min:nothing", "p3_wins=0.5"):  # a seat the 2-player game does not have
        assert main(["sweep", str(space), "--out", str(out), "--objective", objective]) == 2
        assert "no figure" in capsys.readouterr().err
