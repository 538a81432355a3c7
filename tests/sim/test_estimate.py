"""Long runs say how long they will take before they start (issue 41.6c): on a terminal,
``simulate``, ``compare``, ``check``, ``tournament`` and ``value`` time their first games in the
main process, tell the estimate on standard error, and count those games as the run's first (none
is played twice, the figures are those of the run without an estimate); ``sweep`` and ``tune``
time sample games played apart from the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.sim import estimate


def _told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the commands tell from now on, as on a terminal, every run counted as long."""
    lines: list[str] = []
    monkeypatch.setattr(estimate, "teller", lambda quiet=False: None if quiet else lines.append)
    monkeypatch.setattr(estimate, "LONG", 0.0)
    return lines


def _json_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_tells_its_estimate_and_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """issue 41.6c: the estimate names the games and a time; the statistics, the CSV rows and the
    logs are those of the run without it."""
    argv = ["simulate", "--players", "3", "--games", "6", "--bots", "random", "--seed", "4", "--workers", "2"]
    argv += ["--json"]
    plain = _json_run([*argv, "--csv", str(tmp_path / "a.csv"), "--log-dir", str(tmp_path / "a")], capsys)
    lines = _told(monkeypatch)
    told = _json_run([*argv, "--csv", str(tmp_path / "b.csv"), "--log-dir", str(tmp_path / "b")], capsys)
    assert len(lines) == 1 and lines[0].startswith("woa: 6 games at about ") and " CPU-s each on " in lines[0]
    assert told["stats"] == plain["stats"]
    assert (tmp_path / "a.csv").read_text() == (tmp_path / "b.csv").read_text()
    logs = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(logs) == 6 and logs == sorted(p.name for p in (tmp_path / "b").iterdir())
    assert all((tmp_path / "a" / n).read_text() == (tmp_path / "b" / n).read_text() for n in logs)
    _json_run([*argv, "--quiet"], capsys)
    assert len(lines) == 1  # --quiet: nothing told


def test_compare_tells_its_estimate_and_compares_the_same_pairs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 41.6c: ``compare`` times its first pairs; its rows are those of the run without the estimate."""
    argv = ["compare", "--set", "economy.gold.start=10", "--players", "2", "--games", "5", "--bots", "random"]
    argv += ["--workers", "1", "--json"]
    plain = _json_run(argv, capsys)
    lines = _told(monkeypatch)
    told = _json_run(argv, capsys)
    assert len(lines) == 1 and lines[0].startswith("woa: 5 game pairs at about ")
    assert told["rows"] == plain["rows"] and told["manifest"]["games"] == 5


@pytest.mark.parametrize("games", [1, 3])
def test_check_tells_its_estimate_and_checks_each_game_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], games: int
) -> None:
    """issue 41.6c: ``check`` times the first game of each player count, then checks the others."""
    argv = ["check", "--players", "2", "--players", "3", "--games", str(games), "--coverage", "--json"]
    argv += ["--workers", "1"]
    plain = _json_run(argv, capsys)
    lines = _told(monkeypatch)
    told = _json_run(argv, capsys)
    assert len(lines) == 1 and lines[0].startswith(f"woa: {2 * games} games checked at about ")
    assert told["games"] == plain["games"] == {"2": games, "3": games}
    assert told["coverage"] == plain["coverage"]


def test_a_short_run_says_nothing() -> None:
    """issue 41.6c: under ``LONG`` seconds, no estimate; the time in words is rounded."""
    assert estimate.estimate_line(3, 0.5, 1) is None
    assert estimate.estimate_line(100, 100.0, 1) == (
        "woa: 100 games at about 1 CPU-s each on 1 process: about 2 min (the progress bar follows)"
    )


def test_tournament_and_value_tell_their_estimate_and_play_the_same_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 41.6c: ``tournament`` times its first games; ``value`` the first games of its first
    restriction and speaks of every row's games; both report what the run without it reports."""
    tour = ["tournament", "random", "heuristic", "--players", "2", "--games", "4", "--workers", "1", "--json"]
    value = ["value", "--bot", "random", "--only", "island", "--players", "2", "--games", "2", "--workers", "1"]
    value += ["--json"]
    plain_tour, plain_value = _json_run(tour, capsys), _json_run(value, capsys)
    lines = _told(monkeypatch)
    told_tour = _json_run(tour, capsys)
    assert len(lines) == 1 and lines[0].startswith("woa: 4 games at about ")
    assert told_tour["ratings"] == plain_tour["ratings"] and told_tour["manifest"]["games"] == 4
    told_value = _json_run(value, capsys)
    rows = len(plain_value["rows"])
    assert len(lines) == 2 and lines[1].startswith(f"woa: {2 * rows} games at about ")
    assert [r["wins"] for r in told_value["rows"]] == [r["wins"] for r in plain_value["rows"]]


def test_sweep_and_tune_tell_an_estimate_from_sample_games_before_they_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """issue 41.6c: a sweep (its points may race) and a tune (its trials are chosen as it goes)
    time sample games played apart, and say how long all their games take; the results are those
    of the run without it; a resumed run says nothing."""
    space = tmp_path / "space.yaml"
    space.write_text(
        "rules: west-of-africa\nplayers: 2\nbots: [random]\ngames: 3\nseed: 1\n"
        "parameters:\n  economy.game_end.vp_threshold: [15, 20]\n",
        encoding="utf-8",
    )
    sweep = ["sweep", str(space), "--workers", "1", "--json"]
    plain = _json_run([*sweep, "--out", str(tmp_path / "a")], capsys)
    lines = _told(monkeypatch)
    told = _json_run([*sweep, "--out", str(tmp_path / "b")], capsys)
    assert len(lines) == 1 and lines[0].startswith("woa: 6 games at about ")
    assert told["rows"] == plain["rows"]
    pytest.importorskip("optuna")
    tune = tmp_path / "tune.yaml"
    tune.write_text(
        "rules: west-of-africa\nplayers: 2\nbots: [random]\ngames: 4\nround_games: 2\ntrials: 2\n"
        "confirm_games: 4\ncandidates: 1\nseed: 2\n"
        "parameters:\n  economy.game_end.vp_threshold: {min: 15, max: 20, step: 5}\n"
        "targets:\n  - {figure: length, between: [1, 100]}\n",
        encoding="utf-8",
    )
    assert main(["tune", str(tune), "--workers", "1", "--out", str(tmp_path / "t")]) == 0
    capsys.readouterr()
    assert len(lines) == 2 and lines[1].startswith("woa: 8 games of the search at about ")
