"""Long runs say how long they will take before they start (issue 41.6c): on a terminal,
``simulate``, ``compare`` and ``check`` time their first games in the main process, tell the
estimate on standard error, and count those games as the run's first (none is played twice, the
figures are those of the run without an estimate)."""

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
