"""Faults lose nothing (issue 11.7): a closed pipe keeps the real exit status, and a counterexample
that cannot be written to ``--out`` is printed instead of lost."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from woa_core.check import invariants
from woa_core.cli import main


def _with_stdout_closed(*args: str, cwd: Path) -> tuple[int, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is printed (`woa ... | head -0`)
    err = proc.stderr.read()
    return proc.wait(timeout=120), err


def test_a_closed_pipe_keeps_a_failing_validate_failing(tmp_path):
    (tmp_path / "bad.yaml").write_text("extends: west-of-africa\neconomy: {gold: {cap: -5}}\n", encoding="utf-8")
    rc, err = _with_stdout_closed("validate", "bad.yaml", "west-of-africa", "west-of-africa", cwd=tmp_path)
    assert rc == 1 and "bad.yaml:2:" in err and "Traceback" not in err


def test_a_closed_pipe_keeps_a_failing_scenario_failing(tmp_path):
    scenario = Path(__file__).parent / "scenarios" / "example-minus-card.yaml"
    text = scenario.read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("name: broken\nplayers: [\n", encoding="utf-8")
    rc, err = _with_stdout_closed("scenario", str(tmp_path), cwd=tmp_path)
    assert rc == 1 and "Traceback" not in err


def test_a_counterexample_that_cannot_be_written_is_printed(tmp_path, monkeypatch, capsys):
    """`woa check --out` checks its folder before the first game; a folder that disappears during
    the run keeps the counterexample (on stdout, or in the JSON)."""
    out = tmp_path / "no-such-folder" / "counterexample.yaml"
    assert main(["check", "--players", "2", "--games", "1", "--out", str(out)]) == 1
    assert "cannot write" in capsys.readouterr().err and not out.parent.exists()

    def fails_and_removes_the_folder(game, prev):
        shutil.rmtree(out.parent, ignore_errors=True)
        return "made to fail"

    monkeypatch.setitem(invariants.INVARIANTS, "always_fails", fails_and_removes_the_folder)
    out.parent.mkdir()
    rc = main(["check", "--players", "2", "--games", "1", "--out", str(out)])
    captured = capsys.readouterr()
    assert rc == 1 and not out.exists()
    assert "cannot write the counterexample" in captured.err and "here it is" in captured.err
    assert "expect" in captured.out or "steps" in captured.out  # the scenario itself, on stdout
    out.parent.mkdir()
    rc = main(["check", "--players", "2", "--games", "1", "--out", str(out), "--json"])
    violation = json.loads(capsys.readouterr().out)["violation"]
    assert rc == 1 and violation["scenario"] is None and "players: 2" in violation["scenario_text"]
