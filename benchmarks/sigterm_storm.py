"""SIGTERM storm: signal ``woa simulate``, ``woa compare`` and ``woa check`` (``--workers 2``) at
random moments, as ``timeout`` and service managers do, and check that nothing hangs and nothing
is lost (issue 17.1).

Each command runs on the local process pool and, where Dask is installed, on a local Dask
cluster (``--dask local``, whose workers ignore the signals too), in turn. Each trial runs one
command in its own process group (``start_new_session``, as ``timeout`` runs its command) and
sends SIGTERM to the whole group at a random moment between its start and 5% after the time an
unsignalled run takes (the shorter of two runs per command and backend, measured first on this
machine), so the moments cover start-up, the games and the shutdown; half the trials send a
second SIGTERM 0.1–0.6 s after the first. A trial still running ``--deadline`` seconds after its signal is a
hang (then killed). Every run must end with a report that agrees with what is on disk:

- exit 143 with a JSON report (``interrupted``), or "interrupted before any game finished", or
  exit 0 when every game had finished (a signal during the shutdown changes nothing), or death
  by SIGTERM before woa installed its handlers (Python still starting: nothing written);
- simulate: the report's game count = the ``--csv`` rows = the logs in ``--log-dir``, and the
  ``--html`` report written; compare and check: the report counts its pairs or checked games;
- no traceback, no ``*.tmp`` file left, no process of the group left after the run.

Then a full-disk trial: ``woa simulate --games 1000 --csv`` into a 64 KB tmpfs (``mount -t tmpfs
-o size=64k``, as root) — or, where mounting is not allowed, with a 64 KB ``RLIMIT_FSIZE`` set in
the child (writes beyond it fail with EFBIG, as on a full disk): it must exit 1 naming the file,
and keep every finished game's row. Run it from the repository root::

    python benchmarks/sigterm_storm.py --trials 100 --seed 1
    python benchmarks/sigterm_storm.py --backends pool   # the process pool only

It prints one line per trial that went wrong, a table of outcomes per command and the hangs;
exit status 1 if any trial went wrong.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("simulate", "compare", "check")
BACKENDS = {"pool": [], "dask": ["--dask", "local"]}
"""The backends a trial may run on, and the arguments that choose each."""


def _has_dask() -> bool:
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return False
    return True


def _has_report_extra() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def command_args(command: str, folder: Path, html: bool, backend: str = "pool") -> list[str]:
    """The woa call of a trial (its outputs in ``folder``) on ``backend``."""
    return _command_args(command, folder, html) + BACKENDS[backend]


def _command_args(command: str, folder: Path, html: bool) -> list[str]:
    if command == "simulate":
        args = ["simulate", "--players", "3", "--bots", "random", "--games", "400", "--quiet", "--json"]
        args += ["--csv", str(folder / "g.csv"), "--log-dir", str(folder / "logs")]
        return args + (["--html", str(folder / "r.html")] if html else [])
    if command == "compare":
        args = ["compare", "--set", "economy.gold.cap=60", "--players", "2", "--bots", "random", "--games", "500"]
        return [*args, "--quiet", "--json"]
    return ["check", "--players", "2", "--games", "100", "--json"]


def start(args: list[str], preexec: Callable[[], None] | None = None) -> subprocess.Popen:
    """``woa ARGS --workers 2`` in a new process group."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", *args, "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
        cwd=ROOT,
        preexec_fn=preexec,
    )


def group_alive(pgid: int) -> bool:
    """Whether any process of the group is left."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass
class Trial:
    """What one trial did and found."""

    command: str
    backend: str
    moment: float
    second: float | None
    outcome: str = ""
    games: int | None = None
    problems: list[str] = field(default_factory=list)
    seconds_to_stop: float = 0.0


def run_trial(command: str, backend: str, moment: float, second: float | None, deadline: float, html: bool) -> Trial:
    """One run, signalled at ``moment`` seconds (and again ``second`` seconds later)."""
    trial = Trial(command, backend, moment, second)
    with tempfile.TemporaryDirectory(prefix="woa-storm-") as tmp:
        folder = Path(tmp)
        proc = start(command_args(command, folder, html, backend))
        started = time.monotonic()
        signalled = None
        try:
            proc.wait(timeout=moment)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            signalled = time.monotonic()
            if second is not None:
                try:
                    proc.wait(timeout=second)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=max(0.0, deadline - (time.monotonic() - (signalled or started))))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            trial.outcome = "HANG"
            trial.problems.append(f"still running {deadline:.0f} s after the signal: {err[-300:]!r}")
            return trial
        trial.seconds_to_stop = time.monotonic() - signalled if signalled else 0.0
        for _ in range(500):  # the workers end with the parent (within a few seconds at most)
            if not group_alive(proc.pid):
                break
            time.sleep(0.01)
        else:
            trial.problems.append("processes of the group outlived the run")
            os.killpg(proc.pid, signal.SIGKILL)
        check_run(trial, proc.returncode, out, err, folder, html, signalled is not None)
    return trial


def check_run(trial: Trial, rc: int, out: str, err: str, folder: Path, html: bool, signalled: bool) -> None:
    """Classify the outcome and check that the report and the files agree."""
    problems = trial.problems
    if "Traceback" in err:
        problems.append(f"traceback: {err[-500:]!r}")
    leftovers = [p.name for p in folder.rglob("*.tmp")]
    if leftovers:
        problems.append(f"temporary files left: {leftovers}")
    if rc == -signal.SIGTERM:
        trial.outcome = "killed while Python started"
        if any(folder.iterdir()):
            problems.append(f"killed at start-up but wrote {sorted(p.name for p in folder.iterdir())}")
        return
    if rc not in (0, 143):
        trial.outcome = f"exit {rc}"
        problems.append(f"exit status {rc}: {err[-300:]!r}")
        return
    if rc == 0 and signalled:
        trial.outcome = "finished (signal during shutdown)"
    elif rc == 0:
        trial.outcome = "finished before the signal"
    if not out.strip():
        if "interrupted" not in err:
            problems.append(f"no report and no word: {err[-300:]!r}")
        trial.outcome = trial.outcome or "stopped before a game finished"
        games = 0
    else:
        try:
            report = json.loads(out)
        except ValueError:
            problems.append(f"the report is not JSON: {out[:200]!r}")
            return
        if trial.command == "check":
            games = sum(report["games"].values())
            interrupted = report.get("interrupted", False)
        else:
            games = report["manifest"]["games"]
            interrupted = report["manifest"]["interrupted"]
        trial.outcome = trial.outcome or "stopped with a report"
        if interrupted != (rc == 143):
            problems.append(f"exit {rc} but interrupted={interrupted}")
    trial.games = games
    if trial.command != "simulate":
        return
    table, logs = folder / "g.csv", folder / "logs"
    rows = 0
    if table.exists():
        with table.open(encoding="utf-8", newline="") as f:
            rows = max(0, len(list(csv.reader(f))) - 1)
    logged = len(list(logs.iterdir())) if logs.exists() else 0
    if not rows == logged == games:
        problems.append(f"report {games} games, CSV {rows} rows, {logged} logs")
    if html and games and not (folder / "r.html").exists():
        problems.append("no --html report")


def calibrate(html: bool, backends: list[str]) -> dict[tuple[str, str], float]:
    """Seconds an unsignalled run of each command on each backend takes here (the shorter of two)."""
    took: dict[tuple[str, str], float] = {}
    for command, backend in [(c, b) for b in backends for c in COMMANDS] * 2:
        with tempfile.TemporaryDirectory(prefix="woa-storm-") as tmp:
            started = time.monotonic()
            proc = start(command_args(command, Path(tmp), html, backend))
            _, err = proc.communicate(timeout=600)
            if proc.returncode != 0:
                raise SystemExit(f"calibration run of {command} on {backend} failed: {err[-500:]}")
            key = (command, backend)
            took[key] = min(took.get(key, float("inf")), time.monotonic() - started)
    return took


def full_disk_trial() -> tuple[str, list[str], str]:
    """``simulate --games 1000 --csv`` on a 64 KB disk: exit 1 naming the file, every finished row kept."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="woa-storm-disk-") as tmp:
        folder = Path(tmp)
        mounted = os.geteuid() == 0 and (
            subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", tmp], capture_output=True).returncode
            == 0
        )
        how = "a 64 KB tmpfs" if mounted else "RLIMIT_FSIZE of 64 KB (EFBIG)"

        def limit_files() -> None:
            import resource

            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))

        try:
            table = folder / "g.csv"
            args = ["simulate", "--players", "3", "--bots", "random", "--games", "1000", "--quiet", "--json"]
            proc = start([*args, "--csv", str(table)], None if mounted else limit_files)
            out, err = proc.communicate(timeout=600)
            games = json.loads(out)["manifest"]["games"] if out.strip() else -1
            rows = -1
            if table.exists():
                with table.open(encoding="utf-8", newline="") as f:
                    rows = len(list(csv.reader(f))) - 1
            if proc.returncode != 1 or f"cannot write {table}" not in err:
                problems.append(f"exit {proc.returncode}, said {err[-300:]!r}")
            if not 0 < games == rows < 1000:
                problems.append(f"report {games} games, CSV {rows} rows")
            if [p.name for p in folder.glob(".*.tmp")]:
                problems.append("temporary files left")
            said = err.strip().splitlines()[-1] if err.strip() else ""
            return how, problems, f"{games} games reported, {rows} rows kept; {said.replace(tmp, 'DIR')}"
        finally:
            if mounted:
                subprocess.run(["umount", tmp], check=False)


def main() -> int:
    """Run the storm and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=100, help="signalled runs (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moments (default: %(default)s)")
    parser.add_argument(
        "--deadline", type=float, default=60.0, help="seconds after the signal before a run counts as hung"
    )
    parser.add_argument("--no-disk", action="store_true", help="skip the full-disk trial")
    parser.add_argument(
        "--backends",
        default="pool,dask",
        help="comma-separated, taken in turn: pool (local processes), dask (--dask local; skipped where "
        "Dask is not installed) (default: %(default)s)",
    )
    args = parser.parse_args()
    backends = [b for b in args.backends.split(",") if b in BACKENDS and (b != "dask" or _has_dask())]
    if not backends:
        parser.error(f"--backends {args.backends}: none of {sorted(BACKENDS)} that can run here")
    rng = random.Random(args.seed)
    html = _has_report_extra()
    took = calibrate(html, backends)
    print("unsignalled runs: " + ", ".join(f"{c} on {b} {s:.1f} s" for (c, b), s in took.items()), flush=True)
    trials = []
    for i in range(args.trials):
        command = COMMANDS[i % len(COMMANDS)]
        backend = backends[(i // len(COMMANDS)) % len(backends)]
        moment = rng.uniform(0.0, 1.05 * took[command, backend])
        second = rng.uniform(0.1, 0.6) if rng.random() < 0.5 else None
        trial = run_trial(command, backend, moment, second, args.deadline, html)
        trials.append(trial)
        if trial.problems:
            said = f"trial {i} ({command} on {backend} at {moment:.2f} s): {trial.outcome}"
            print(f"{said}: {'; '.join(trial.problems)}", flush=True)
    print(f"\n{args.trials} trials (seed {args.seed}), SIGTERM to the process group, --workers 2:")
    outcomes = Counter((t.command, t.backend, t.outcome) for t in trials)
    for (command, backend, outcome), n in sorted(outcomes.items()):
        print(f"  {command:9} {backend:5} {outcome:36} {n:4}")
    stops = [t.seconds_to_stop for t in trials if t.seconds_to_stop]
    hangs = sum(t.outcome == "HANG" for t in trials)
    wrong = sum(bool(t.problems) for t in trials)
    print(f"hangs: {hangs}; trials with a disagreement or a leftover: {wrong}")
    if stops:
        print(f"signal to exit: median {sorted(stops)[len(stops) // 2]:.2f} s, longest {max(stops):.2f} s")
    if not args.no_disk:
        how, problems, said = full_disk_trial()
        print(f"full disk ({how}): {said}" + (f" — PROBLEMS: {problems}" if problems else ""))
        wrong += bool(problems)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
