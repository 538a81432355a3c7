"""Memory of a run does not grow with the number of games it asks for (issue 37.6).

Runs ``woa simulate --games N --workers 1 --quiet`` for each N (default 10^4 and 10^8), stops
each after ``--seconds`` (default 30) with a signal as a user would (SIGINT, or SIGTERM with
``--signal TERM``), and prints the peak resident set size of each run (of the woa process and
the workers it waited for: ``wait4``'s ``ru_maxrss``) and how far apart they are. Before issue
37.6 the run asking for 10^8 games made all its tasks first (2 GB within 12 s, before any
game); now both peaks must be within ``--tolerance`` (10%) of each other. Run it from the
repository root::

    python benchmarks/sim_memory.py
    python benchmarks/sim_memory.py --seconds 10 --signal TERM --workers 2

Exit status 1 if the peaks differ by more than the tolerance.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.options import positive_int, worker_count

ROOT = Path(__file__).resolve().parents[1]


def peak_rss_kb(games: int, seconds: float, signum: signal.Signals, workers: int) -> tuple[int, int, str]:
    """Run ``woa simulate`` asking for ``games`` games, signal it after ``seconds``; its peak RSS
    in KB, its exit status and the last line of its standard error."""
    command = [sys.executable, "-m", "woa_core", "simulate", "--games", str(games), "--workers", str(workers)]
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([*command, "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    time.sleep(seconds)
    os.kill(proc.pid, signum)  # (not send_signal: it would reap a run that ended first, before wait4)
    assert proc.stderr is not None
    said = proc.stderr.read().decode("utf-8", "replace").strip().splitlines()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss, proc.returncode, said[-1] if said else ""


def positive_float(text: str) -> float:
    """An argparse ``type``: a finite number above 0 (seconds, a tolerance)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a number above 0")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=positive_int, nargs="+", default=[10**4, 10**8], help="games asked for")
    parser.add_argument("--seconds", type=positive_float, default=30.0, help="how long a run plays before the signal")
    parser.add_argument("--signal", choices=("INT", "TERM"), default="INT", help="the signal that stops a run")
    parser.add_argument("--workers", type=worker_count, default=1, help="woa simulate --workers (default 1)")
    parser.add_argument("--tolerance", type=positive_float, default=0.10, help="largest relative gap of the peaks")
    args = parser.parse_args()
    signum = signal.Signals[f"SIG{args.signal}"]
    peaks = []
    for games in args.games:
        peak, status, said = peak_rss_kb(games, args.seconds, signum, args.workers)
        peaks.append(peak)
        print(f"--games {games:>12}: peak RSS {peak / 1024:7.1f} MB (exit {status}: {said})")
    gap = (max(peaks) - min(peaks)) / min(peaks)
    verdict = "within" if gap <= args.tolerance else "NOT within"
    print(f"largest gap {100 * gap:.1f}%: {verdict} {100 * args.tolerance:.0f}%")
    return 0 if gap <= args.tolerance else 1


if __name__ == "__main__":
    run_script(main)
