"""Throughput of the engine with bots: games/s and decisions/s, per player count, on one core
and on all cores. A script, not a test: run it and read the table.

    python benchmarks/throughput.py                 # random and heuristic, 2-5 players
    python benchmarks/throughput.py --games 400 --bots random --players 4 --json

Targets on a 2-core machine (simulator issue): random 4-player games >= 100/s and >= 50,000
decisions/s per core; heuristic games >= 20/s per core; 2 workers >= 1.7x one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.rules import load_rules
from woa_core.sim.runner import RunSpec, run_games


def measure(bots: str, players: int, games: int, workers: int, seed: int = 1) -> dict:
    load_rules("west-of-africa", players)  # compile outside the timing
    spec = RunSpec("west-of-africa", players, (bots,) * players, seed)
    started = time.perf_counter()
    decisions = n = 0
    for record in run_games(spec, games, workers):
        decisions += record.decisions
        n += 1
    seconds = time.perf_counter() - started
    return {
        "bots": bots,
        "players": players,
        "workers": workers,
        "games": n,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1),
        "decisions_per_second": round(decisions / seconds),
        "decisions_per_game": round(decisions / n, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--workers", default=f"1,{os.cpu_count() or 1}")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for bots in args.bots.split(","):
        for players in map(int, args.players.split(",")):
            for workers in sorted(set(map(int, args.workers.split(",")))):
                rows.append(measure(bots, players, args.games, workers))
                if not args.json:
                    r = rows[-1]
                    print(
                        f"{r['bots']:<10} {r['players']}p  workers {r['workers']}  "
                        f"{r['games_per_second']:>7.1f} games/s  {r['decisions_per_second']:>8} decisions/s  "
                        f"({r['decisions_per_game']} decisions/game)",
                        flush=True,
                    )
    if args.json:
        print(json.dumps({"cpu_count": os.cpu_count(), "results": rows}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
