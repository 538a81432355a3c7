"""The cost of playing on Dask instead of the local process pool (issue 41.6: Dask on one machine
at or under 1.4x the pool's CPU for 2,000 games), and a check that both gave the very same games.

    python benchmarks/backends.py                       # 2000 random 4-player games, 2 workers
    python benchmarks/backends.py --games 500 --workers 4 --dask tcp://HOST:8786

Each backend plays the same run in a fresh process of its own, so that its CPU time is that
process's and every process it waited for (``resource.getrusage(RUSAGE_CHILDREN)``): the pool's
workers, and a local Dask cluster's scheduler and workers (``--dask local``, the default, starts
one of ``--workers`` processes; its start-up is counted, and timed apart in wall time). Against a
remote scheduler only this machine's side is counted. Printed: CPU seconds, games per CPU-second
and wall time of each, the ratio of their CPU, and whether they played the same games (a digest of
every game's seed, winner and figures). Needs the extra: pip install '.[dask]'.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import UsageError, run_script
from woa_core.options import positive_int, worker_count
from woa_core.sim.backends import DaskBackend, LocalPool
from woa_core.sim.runner import RunSpec, run_games


def play(backend_name: str, games: int, players: int, bots: str, workers: int, dask: str) -> dict[str, object]:
    """One backend's run, in this process: wall times and the digest of the games."""
    spec = RunSpec("west-of-africa", players, (bots,) * players, seed=1)
    started = time.perf_counter()
    backend = LocalPool(workers) if backend_name == "pool" else DaskBackend(dask, workers)
    start_up = time.perf_counter() - started
    try:
        records = [(r.seed, r.winner, r.figures) for r in run_games(spec, games, backend=backend)]
    finally:
        backend.close()
    wall = time.perf_counter() - started
    digest = hashlib.sha256(json.dumps(records, sort_keys=True, default=str).encode()).hexdigest()[:16]
    return {"start_up_s": round(start_up, 2), "wall_s": round(wall, 2), "games": digest}


def measured(backend_name: str, args: argparse.Namespace) -> dict[str, object]:
    """``play`` in a fresh process, with the CPU seconds of it and of what it waited for."""
    command = [sys.executable, __file__, "--one", backend_name, "--games", str(args.games)]
    command += ["--players", str(args.players), "--bots", args.bots, "--workers", str(args.workers)]
    command += ["--dask", args.dask]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise UsageError(f"the {backend_name} run failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    row: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    row["cpu_s"] = round((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), 2)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--workers", type=worker_count, default=2)
    parser.add_argument("--dask", default="local", help="a scheduler address, or 'local' (default)")
    parser.add_argument("--one", choices=("pool", "dask"), help=argparse.SUPPRESS)  # a measured child
    args = parser.parse_args()
    if args.one:
        print(json.dumps(play(args.one, args.games, args.players, args.bots, args.workers, args.dask)))
        return 0
    pool, dask = measured("pool", args), measured("dask", args)
    print(f"{args.games} {args.bots} {args.players}-player games, {args.workers} workers (CPU of each whole run)")
    for name, row in (("local pool", pool), (f"dask {args.dask}", dask)):
        rate = args.games / float(row["cpu_s"])  # type: ignore[arg-type]
        print(
            f"  {name:<14} {row['cpu_s']:8.2f} CPU-s  {rate:7.1f} games/CPU-s  wall {row['wall_s']} s"
            f" (start-up {row['start_up_s']} s)"
        )
    ratio = float(dask["cpu_s"]) / float(pool["cpu_s"])  # type: ignore[arg-type]
    print(f"  dask / pool CPU: {ratio:.2f}x (target: at or under 1.4x)")
    same = pool["games"] == dask["games"]
    print(f"  same games: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    run_script(main)
