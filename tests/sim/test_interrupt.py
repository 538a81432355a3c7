"""Ctrl-C and SIGTERM during ``woa simulate --log-dir D --csv C`` lose nothing (issue 11.7): the
run stops with a report of exactly the finished games, and D and C hold exactly those games —
no empty, partial or temporary file. Real subprocesses, real signals.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from woa_core.report import gamelog

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _run_and_stop(tmp_path: Path, sig: signal.Signals, workers: int, group: bool) -> tuple[int, dict, Path, Path]:
    logs, table = tmp_path / "D", tmp_path / "C.csv"
    args = ["simulate", "--players", "3", "--games", "100000", "--bots", "random", "--quiet", "--json"]
    args += ["--workers", str(workers), "--log-dir", str(logs), "--csv", str(table)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell job has
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(list(logs.glob("*.jsonl"))) < 3:
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        if group:  # Ctrl-C at a terminal signals the whole foreground group, workers included
            os.killpg(proc.pid, sig)
        else:
            os.kill(proc.pid, sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert "Traceback" not in err, err
    return proc.returncode, json.loads(out), logs, table


@pytest.mark.parametrize(
    ("sig", "workers", "group", "status"),
    [
        (signal.SIGINT, 2, True, 130),
        (signal.SIGTERM, 2, False, 143),
        (signal.SIGTERM, 1, True, 143),
    ],
)
def test_a_stopped_run_reports_exactly_the_games_on_disk(tmp_path, sig, workers, group, status):
    rc, report, logs, table = _run_and_stop(tmp_path, sig, workers, group)
    assert rc == status
    games = report["manifest"]["games"]
    assert report["manifest"]["interrupted"] is True and games >= 3
    files = sorted(p.name for p in logs.iterdir())
    assert files == [f"game-{i:06d}.jsonl" for i in range(games)]  # no temporary or extra file
    assert all((logs / name).stat().st_size > 0 for name in files)
    rows = list(csv.reader(table.open(encoding="utf-8")))
    assert len(rows) == games + 1 and [int(r[0]) for r in rows[1:]] == list(range(games))
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    gamelog.replay(logs / files[-1])  # the last log is whole: it replays and matches


def test_sigterm_stops_other_commands_as_ctrl_c_does(tmp_path):
    """Every command treats SIGTERM as Ctrl-C (exit 143): `woa compare` reports the pairs it finished."""
    args = ["compare", "--players", "2", "--games", "100000", "--bots", "random", "--workers", "1", "--quiet"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", *args, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(8)  # long enough for a few game pairs on a loaded machine (fewer is still a clean stop)
        os.kill(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 143 and "Traceback" not in err, err
    if out:  # at least two pairs finished: the report says it was interrupted
        report = json.loads(out)
        assert report["manifest"]["interrupted"] is True and report["manifest"]["games"] >= 2
    else:
        assert "interrupted before two game pairs finished" in err


def test_a_stop_raised_where_python_cannot_pass_it_on_prints_nothing_and_stops_at_the_next_save(monkeypatch):
    """A signal landing in a garbage-collector callback (Dask's, found by running the suite again
    and again) or a ``__del__`` raised its stop there: Python printed "Exception ignored in" with
    a traceback. The stop is kept, printed by nobody, and raised as the next game is saved."""
    from woa_core.sim.interrupts import StopRequests

    class Dying:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(100_000):  # the handler runs at a bytecode boundary, here in __del__
                pass

    seen: list = []
    before = seen.append  # what Python would print as "Exception ignored in" comes here
    monkeypatch.setattr(sys, "unraisablehook", before)
    with StopRequests() as stop:
        Dying()  # no name: deleted at once
        assert stop.signal == signal.SIGTERM
        with pytest.raises(KeyboardInterrupt), stop.saving():
            pass
    assert seen == []
    assert sys.unraisablehook is before  # put back as the block ends
