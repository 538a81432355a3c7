"""`woa simulate` and `woa replay` (engine issue items 7-8, simulator issue)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from woa_core.cli import main


def _simulate(capsys, *args: str) -> dict:
    assert main(["simulate", "--quiet", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _without_timings(report: dict) -> dict:
    manifest = {
        k: v
        for k, v in report["manifest"].items()
        if k not in ("seconds", "games_per_second", "decisions_per_second", "workers")
    }
    return {"manifest": manifest, "stats": report["stats"]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulated_logs_replay(players: int, tmp_path: Path, capsys) -> None:
    """Done-when of the engine issue: simulate with --log-dir, every log replays (exit 0)."""
    logs = tmp_path / "logs"
    report = _simulate(
        capsys,
        "--players",
        str(players),
        "--games",
        "3",
        "--seed",
        "11",
        "--log-dir",
        str(logs),
        "--workers",
        "1",
    )
    assert report["stats"]["games"] == 3
    files = sorted(logs.glob("*.jsonl"))
    assert len(files) == 3
    for log in files:
        assert main(["replay", str(log)]) == 0
        assert "the log matches" in capsys.readouterr().out


def test_same_command_same_results(capsys) -> None:
    args = ["--players", "4", "--games", "6", "--seed", "11", "--workers", "1"]
    assert _without_timings(_simulate(capsys, *args)) == _without_timings(_simulate(capsys, *args))


def test_workers_do_not_change_results(capsys) -> None:
    """Each game's seed comes from the master seed and its index only (simulator issue, item 4)."""
    args = [
        "--players",
        "3",
        "--games",
        "8",
        "--seed",
        "5",
        "--bots",
        "heuristic,random,random",
        "--rotate-seats",
    ]
    one = _simulate(capsys, *args, "--workers", "1")
    two = _simulate(capsys, *args, "--workers", "2")
    assert _without_timings(one) == _without_timings(two)
    assert one["manifest"]["games_per_second"] > 0 and one["manifest"]["decisions_per_second"] > 0


def test_manifest_says_what_produced_the_result(capsys) -> None:
    report = _simulate(capsys, "--players", "2", "--games", "2", "--seed", "9", "--workers", "1")
    m = report["manifest"]
    assert m["rules"] == "west-of-africa" and len(m["rules_hash"]) == 16
    assert m["seed"] == 9 and m["players"] == 2 and m["bots"] == ["heuristic", "heuristic"]
    assert m["engine"]


@pytest.fixture
def log_file(tmp_path: Path, capsys) -> Path:
    _simulate(capsys, "--players", "3", "--games", "1", "--seed", "2", "--log-dir", str(tmp_path), "--workers", "1")
    return next(tmp_path.glob("*.jsonl"))


def _replay_error(capsys, log: Path) -> str:
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_altered_action_fails_naming_its_line(log_file: Path, capsys) -> None:
    lines = log_file.read_text().splitlines()
    # Line 2 is p?'s first selection; make it a different, still well-formed selection.
    text, check = json.loads(lines[1])
    lines[1] = json.dumps([f"{text.split()[0]} select lanzarote found sell", check])
    log_file.write_text("\n".join(lines) + "\n")
    assert f"{log_file}:2: the game differs from the log from this line on" in _replay_error(capsys, log_file)


def test_refused_action_names_its_line(log_file: Path, capsys) -> None:
    lines = log_file.read_text().splitlines()
    lines[3] = json.dumps(["p1 fly to_the_moon", json.loads(lines[3])[1]])
    log_file.write_text("\n".join(lines) + "\n")
    assert f"{log_file}:4: 'p1 fly to_the_moon' is refused: unknown verb 'fly'" in _replay_error(capsys, log_file)


def test_truncated_log(log_file: Path, capsys) -> None:
    lines = log_file.read_text().splitlines()
    log_file.write_text("\n".join(lines[:10]) + "\n")
    assert "ends without a result line (truncated?)" in _replay_error(capsys, log_file)


def test_corrupt_log(log_file: Path, capsys) -> None:
    lines = log_file.read_text().splitlines()
    lines[5] = '["p1 end'
    log_file.write_text("\n".join(lines) + "\n")
    assert f"{log_file}:6: not valid JSON" in _replay_error(capsys, log_file)


def test_result_line_without_figures(log_file: Path, capsys) -> None:
    lines = log_file.read_text().splitlines()
    lines[-1] = '{"result": 5}'
    log_file.write_text("\n".join(lines) + "\n")
    assert f"{log_file}:{len(lines)}: the result line holds no result" in _replay_error(capsys, log_file)


def test_log_made_under_other_rules(log_file: Path, capsys) -> None:
    err = main(["replay", str(log_file), "--rules", "rules/variants/rich-islands.yaml"])
    assert err == 1
    assert "was made under rules with hash" in capsys.readouterr().err


def test_empty_and_missing_logs(tmp_path: Path, capsys) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert "the log is empty" in _replay_error(capsys, empty)
    assert "cannot read the log" in _replay_error(capsys, tmp_path / "nope.jsonl")


def test_csv_has_one_row_per_game(tmp_path: Path, capsys) -> None:
    out = tmp_path / "games.csv"
    _simulate(capsys, "--players", "2", "--games", "4", "--csv", str(out), "--workers", "1")
    rows = out.read_text().splitlines()
    assert len(rows) == 5 and rows[0].startswith("game,seed,rounds,end_reason,winner")


def test_usage_errors_exit_2(capsys) -> None:
    assert main(["simulate", "--players", "4", "--bots", "random,random"]) == 2
    assert "--bots names 2 bots for 4 seats" in capsys.readouterr().err
    assert main(["simulate", "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_plugged_in_bot(capsys) -> None:
    """A user's own bot class, given as module:Class (simulator issue, item 1)."""
    report = _simulate(
        capsys,
        "--players",
        "2",
        "--games",
        "2",
        "--bots",
        "woa_core.bots.random_bot:RandomBot",
        "--workers",
        "1",
    )
    assert report["stats"]["games"] == 2


def test_log_of_a_variant_replays_from_elsewhere(tmp_path: Path, capsys, monkeypatch) -> None:
    """A log made with a variant given as a relative path replays from another directory."""
    variant = Path("rules/variants/rich-islands.yaml").resolve()
    monkeypatch.chdir(variant.parent)
    _simulate(
        capsys, "--rules", variant.name, "--players", "2", "--games", "1", "--log-dir", str(tmp_path), "--workers", "1"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(next(tmp_path.glob("*.jsonl")))]) == 0


def test_unwritable_output_and_unsupported_player_count_are_sentences(capsys) -> None:
    assert main(["simulate", "--quiet", "--games", "1", "--csv", "/nonexistent/dir/x.csv"]) == 1
    assert "cannot write /nonexistent/dir/x.csv: the folder /nonexistent/dir does not exist" in capsys.readouterr().err
    assert main(["simulate", "--quiet", "--games", "1", "--players", "6"]) == 1
    assert "these rules are for 2, 3, 4 or 5 players, not 6" in capsys.readouterr().err
