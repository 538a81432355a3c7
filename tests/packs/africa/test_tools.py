"""Africa through the kernel's tools (issue 15, item 2): simulate reports Africa's figures (game
length in turns, how games end, VP by source, camps), check holds every invariant, a logged game
replays and matches, and the throughput benchmark's Africa row runs. The turn cap is lowered
(``--set turn.max_turns=60``) to keep random games short."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from woa_core.cli import main
from woa_core.packs.africa.state import VP_SOURCES

SHORT = ["--set", "turn.max_turns=60"]


def test_simulate_reports_africas_figures(capsys) -> None:
    rc = main(["simulate", "--rules", "africa", "--players", "3", "--games", "6", "--bots", "random"])
    rc2 = main(
        ["simulate", "--rules", "africa", "--players", "3", "--games", "6", "--bots", "random", "--json", *SHORT]
    )
    out = capsys.readouterr().out
    assert rc == rc2 == 0
    assert "game length (turns)" in out and "VP by source" in out and "camps built" in out
    stats = json.loads(out[out.index('{\n  "manifest"') :])["stats"]
    assert stats["games"] == 6 and sum(stats["end_reasons"].values()) == 6
    assert set(stats["end_reasons"]) <= {"bonus", "max_turns"} and 0 < stats["turns"]["mean"] <= 61
    assert {f"vp_{source}" for source in VP_SOURCES} <= set(stats["per_player"])
    assert abs(sum(w["wins"] for w in stats["wins_by_seat"]) - 6) < 1e-6  # a shared win counts 1/k to each (A28)


def test_check_holds_every_invariant(capsys) -> None:
    assert main(["check", "--rules", "africa", "--players", "2", "--games", "3", "--workers", "1", *SHORT]) == 0
    out = capsys.readouterr().out
    assert "3 games (2 players), all 10 invariants held after every action" in out


def test_a_logged_game_replays(tmp_path: Path, capsys) -> None:
    logs = tmp_path / "logs"
    args = ["simulate", "--rules", "africa", "--players", "4", "--games", "1", "--bots", "random", "--log-dir"]
    assert main([*args, str(logs), "--workers", "1", *SHORT]) == 0
    (log,) = logs.glob("*.jsonl")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[1])[0] == "p1 start tangier" and '"result"' in lines[-1]
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "the log matches" in capsys.readouterr().out


def test_throughput_benchmark_has_an_africa_row(monkeypatch) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
    import throughput

    row = throughput.measure_cpu("africa", "random", 4, 2)
    assert row["games"] == 2 and row["decisions_per_cpu_second"] > 0 and row["decisions_per_game"] > 100
