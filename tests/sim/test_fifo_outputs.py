"""Every output write stays interruptible (issue 37.11): `woa simulate --html FIFO` with nothing
reading the FIFO blocked after the games in open(2), and ignored SIGTERM and SIGINT (only SIGKILL
ended it). Outputs that are FIFOs are still written, when something reads them."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from woa_core.files import OutputError, write_atomic

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["simulate", "--games", "2", "--players", "2", "--bots", "random", "--quiet"]

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def _start(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}  # the report shows as printed
    return subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
    )


def _wait_for_output(proc: subprocess.Popen[str], seconds: float = 120) -> None:
    """Wait until ``proc`` prints something on stdout (the report: its games are over)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    assert ready, "the run printed no report"


def _stop(proc: subprocess.Popen[str], sig: signal.Signals = signal.SIGTERM, seconds: float = 60) -> tuple[int, str]:
    """Send ``sig`` to ``proc`` every half second, as a user presses Ctrl-C again while nothing
    happens (a signal while the HTML report is drawn is ignored by design: a finished run's
    reports are never cut short); its exit status and stderr once it ends (killed, and the test
    failed, if it is still running ``seconds`` later)."""
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        proc.send_signal(sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(0.5)
    if proc.poll() is None:
        proc.kill()
        proc.communicate()
        pytest.fail(f"still running {seconds} s after the first {sig.name}: only SIGKILL ended it")
    _, err = proc.communicate()
    return proc.returncode, err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_an_html_report_to_a_fifo_nothing_reads_ends_on_a_signal(tmp_path: Path, sig: signal.Signals) -> None:
    """issue 37.11: the report done, `--html FIFO` waits for a reader; SIGTERM or SIGINT ends the
    wait within seconds with a sentence (exit 1: the report was not written), no traceback."""
    os.mkfifo(tmp_path / "report.html")
    proc = _start(*GAMES, "--html", "report.html", cwd=tmp_path)
    _wait_for_output(proc)
    status, err = _stop(proc, sig)
    assert status == 1 and "Traceback" not in err
    assert f"woa: cannot write report.html: stopped by {sig.name} with nothing reading it" in err


@pytest.mark.parametrize(
    "command", [GAMES, ["compare", "--games", "2", "--players", "2", "--bots", "random", "--quiet"]]
)
def test_one_ctrl_c_while_the_report_is_drawn_still_ends_the_wait_for_a_fifo(
    tmp_path: Path, command: list[str]
) -> None:
    """issue 37.11 (found by benchmarks/fuzz_inputs.py --cli: `woa compare --quiet --html FIFO`
    hung after one Ctrl-C): a single SIGINT that comes once the games are over, while the report
    is being drawn, changes nothing of the report, but the wait for the FIFO's reader that follows
    gives up at once with a sentence, instead of waiting for a second signal that never comes."""
    os.mkfifo(tmp_path / "report.html")
    proc = _start(*command, "--html", "report.html", cwd=tmp_path)
    _wait_for_output(proc)
    proc.send_signal(signal.SIGINT)  # once
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("one Ctrl-C after the games: still waiting for the FIFO's reader 60 s later")
    assert proc.returncode == 1 and "Traceback" not in err
    assert "woa: cannot write report.html: stopped by SIGINT with nothing reading it" in err


def test_an_html_report_to_a_fifo_whose_reader_stopped_reading_ends_on_sigterm(tmp_path: Path) -> None:
    """issue 37.11: a reader that holds the FIFO open but reads nothing fills its pipe (the report
    is larger): the write then waits, and SIGTERM ends it with a sentence."""
    fifo = tmp_path / "report.html"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # open, never read
    try:
        proc = _start(*GAMES, "--html", "report.html", cwd=tmp_path)
        _wait_for_output(proc)
        status, err = _stop(proc)
    finally:
        os.close(reader)
    assert status == 1 and "Traceback" not in err
    assert "woa: cannot write report.html: stopped by SIGTERM while its reader did not read" in err


def test_a_csv_table_to_a_fifo_nothing_reads_ends_on_sigterm(tmp_path: Path) -> None:
    """issue 37.11: `--csv FIFO` waits for a reader before the first game; SIGTERM stops the run
    there, as it stops one playing (exit 143)."""
    os.mkfifo(tmp_path / "games.csv")
    proc = _start(*GAMES, "--csv", "games.csv", cwd=tmp_path)
    time.sleep(3)  # started, and waiting (no output to wait for: no game is played)
    status, err = _stop(proc, seconds=10)
    assert status == 143 and "Traceback" not in err and "woa: interrupted" in err


@contextmanager
def _reading(fifo: Path) -> Iterator[list[bytes]]:
    """A thread that reads ``fifo`` to its end; what it read is in the list once the block ends."""
    read: list[bytes] = []

    def drain() -> None:
        with open(fifo, "rb") as f:
            read.append(f.read())

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    yield read
    thread.join(60)


def test_a_fifo_that_is_read_gets_the_whole_report_and_every_row(tmp_path: Path) -> None:
    """issue 37.11: FIFOs are still outputs: with a reader, `--html` (84 kB, more than a pipe
    holds) and `--csv` arrive whole and the run exits 0."""
    for name in ("report.html", "games.csv"):
        os.mkfifo(tmp_path / name)
    with _reading(tmp_path / "report.html") as html, _reading(tmp_path / "games.csv") as rows:
        proc = _start(*GAMES, "--html", "report.html", "--csv", "games.csv", cwd=tmp_path)
        _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert html[0].startswith(b"<!doctype html>") and html[0].rstrip().endswith(b"</html>")
    assert len(rows[0].decode().splitlines()) == 3  # the header and the two games


def test_every_whole_file_write_to_a_fifo_ends_at_a_signal(tmp_path: Path) -> None:
    """issue 37.11: ``write_atomic`` (logs, reports, counterexamples: every command's whole files)
    to a FIFO nothing reads gives up at SIGTERM even when the signal's handler lets the program
    go on (as a finished run's does), with ``OutputError`` naming the FIFO."""
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)

    def blocked(signum: int, frame: object) -> None:
        raise AssertionError("write_atomic still blocked 10 s after SIGTERM")

    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    previous_alarm = signal.signal(signal.SIGALRM, blocked)  # (so that a failure is not a hang)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM))
    try:
        signal.setitimer(signal.ITIMER_REAL, 10)
        timer.start()
        with pytest.raises(OutputError) as caught:
            write_atomic(fifo, "{}\n")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        timer.cancel()
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGALRM, previous_alarm)
    assert str(caught.value) == f"cannot write {fifo}: stopped by SIGTERM with nothing reading it"
