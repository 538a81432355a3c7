"""The cost of playing on Dask instead of the local process pool: games/s of the same run on
each backend, in one run, and a check that both gave the very same games.

    python benchmarks/backends.py                       # random 4-player games, 2 workers
    python benchmarks/backends.py --games 2000 --workers 4 --dask tcp://HOST:8786

``--dask local`` (the default) starts a local Dask cluster of ``--workers`` processes; its start-up
is timed apart. Needs the extra: pip install '.[dask]'.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.options import positive_int, worker_count
from woa_core.sim.backends import DaskBackend, LocalPool
from woa_core.sim.runner import RunSpec, run_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--workers", type=worker_count, default=2)
    parser.add_argument("--dask", default="local", help="a scheduler address, or 'local' (default)")
    args = parser.parse_args()
    spec = RunSpec("west-of-africa", args.players, (args.bots,) * args.players, seed=1)

    started = time.perf_counter()
    dask = DaskBackend(args.dask, args.workers)
    start_up = time.perf_counter() - started
    results = {}
    try:
        for name, backend in (("local pool", LocalPool(args.workers)), (f"dask {args.dask}", dask)):
            started = time.perf_counter()
            records = [(r.seed, r.winner, r.figures) for r in run_games(spec, args.games, backend=backend)]
            seconds = time.perf_counter() - started
            results[name] = (records, args.games / seconds)
            backend.close()
    finally:
        dask.close()
    (local, local_rate), (remote, remote_rate) = results.values()
    print(f"{args.games} {args.bots} {args.players}-player games, {args.workers} workers")
    print(f"  local pool     {local_rate:8.1f} games/s")
    ratio = remote_rate / local_rate
    print(f"  dask {args.dask:<9} {remote_rate:8.1f} games/s  ({ratio:.2f}x; start-up {start_up:.1f} s)")
    print(f"  same games: {'yes' if local == remote else 'NO'}")
    return 0 if local == remote else 1


if __name__ == "__main__":
    run_script(main)
