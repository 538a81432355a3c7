"""Faults lose nothing (issue 11.7): a closed pipe keeps the real exit status, and a counterexample
that cannot be written to ``--out`` is printed instead of lost."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

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


def _woa(*args: str, cwd: Path, file_size_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m woa_core.cli ARGS`` (with ``file_size_limit``: no file it writes may grow
    past that many bytes, as on a full disk), its output captured."""

    def limit_file_size() -> None:
        import resource

        assert file_size_limit is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    return subprocess.run(
        [sys.executable, "-m", "woa_core.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        preexec_fn=limit_file_size if file_size_limit is not None else None,
    )


@pytest.mark.parametrize(
    ("folder", "said"),
    [
        ("/proc/woa-rules", "cannot write /proc/woa-rules: no such file or directory"),
        ("/sys/kernel/woa-rules", "cannot write /sys/kernel/woa-rules: operation not permitted"),
    ],
)
def test_rules_init_where_nothing_can_be_written_is_a_sentence(tmp_path: Path, folder: str, said: str) -> None:
    """issue 37.7: `woa rules init` into a folder that cannot be written (/proc, and /sys, read-only
    even for root) says so of the folder asked for, not with a traceback naming a temporary one."""
    if not Path(folder).parent.is_dir():
        pytest.skip(f"no {Path(folder).parent} here")
    done = _woa("rules", "init", folder, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"woa: {said}\n"


def test_rules_init_on_a_full_disk_is_a_sentence_and_leaves_nothing(tmp_path: Path) -> None:
    """issue 37.7: a disk that fills up while `woa rules init` copies (files capped at 1 kB, as
    a full disk refuses the rest) is one sentence naming the folder, and no folder is left."""
    done = _woa("rules", "init", "my-game", cwd=tmp_path, file_size_limit=1024)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "woa: cannot write my-game: file too large\n"
    assert list(tmp_path.iterdir()) == []


def test_a_file_name_too_long_is_a_sentence(tmp_path: Path) -> None:
    """issue 37.7: `--set ruleset.pack=` followed by 300 x (a file name too long for the system)
    is a sentence naming the pack looked for and the reason, located at the key it came from, as
    every other problem of the rules is (and counted)."""
    done = _woa("validate", "--set", "ruleset.pack=" + "x" * 300, cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    first, count = done.stderr.splitlines()
    assert first.endswith("no rule pack '" + "x" * 40 + "...' beside the rules: file name too long (at ruleset.pack)")
    assert count == "west-of-africa: 1 problem(s)"


def test_a_folder_that_cannot_be_listed_is_a_sentence(tmp_path: Path, monkeypatch, capsys) -> None:
    """issue 37.7: `woa scenario /` met a folder of /proc that vanished as it was listed (EINVAL):
    the walk's OSError is a sentence naming the folder, with status 1."""
    gone = "/proc/7835/task/7835/net"

    def vanishing(self: Path, pattern: str) -> Iterator[Path]:
        raise OSError(errno.EINVAL, "Invalid argument", gone)
        yield self  # (a generator, as rglob is)

    monkeypatch.setattr(Path, "rglob", vanishing)
    assert main(["scenario", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"woa: {gone}: invalid argument\n"
