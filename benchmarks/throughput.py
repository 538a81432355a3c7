"""Throughput of the engine with bots: games/s and decisions/s, per player count, on one core
and on all cores. A script, not a test: run it and read the table.

    python benchmarks/throughput.py                 # random and heuristic, every player count
    python benchmarks/throughput.py --games 400 --bots random --players 4 --json
    python benchmarks/throughput.py --rules go-west --players 2,3,4 --africa-games 0   # another game's bots rows
    python benchmarks/throughput.py --only-sources  # bundled rules vs a variant file vs --set

The "rules source" rows play random 4-player games on the bundled rules, on a variant file
(rules/variants/rich-islands.yaml) and with ``--set economy.gold.cap=60``, in the same run, and
print each one's games/s relative to the bundled rules: a run reads and compiles its rules once
(the time that takes is shown apart), so a variant must not be slower (target: >= 0.9x). The
variant and the --set row are the same rules, so they play the very same games.

Targets on a 2-core machine (simulator issue): random 4-player games >= 100/s and >= 50,000
decisions/s per core; heuristic games >= 20/s per core; 2 workers >= 1.7x one.

The "africa" row plays random 4-player games of Africa (rules/africa) in this process and counts
CPU time, not wall time: games and decisions per CPU-second (target, issue 15: >= 100,000
decisions per CPU-second). ``--africa-games 0`` leaves it out. The "go-west" row does the same
for Go West! (rules/go-west: hidden hands, a draw pile reshuffled in play, named ends);
``--go-west-games 0`` leaves it out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.options import nonnegative_int, positive_int
from woa_core.rules import read_rules
from woa_core.sim.runner import RunSpec, run_games

SOURCES = {
    "bundled": ("west-of-africa", ()),
    "variant": ("rules/variants/rich-islands.yaml", ()),
    "set": ("west-of-africa", ("economy.gold.cap=60",)),
}


def measure(
    bots: str,
    players: int,
    games: int,
    workers: int,
    seed: int = 1,
    rules: str = "west-of-africa",
    overrides: tuple[str, ...] = (),
) -> dict:
    read_started = time.perf_counter()
    spec = RunSpec(rules, players, (bots,) * players, seed, overrides=overrides)  # reads the rules, once
    spec.compiled()
    read_seconds = time.perf_counter() - read_started
    started = time.perf_counter()
    decisions = n = 0
    for record in run_games(spec, games, workers):
        decisions += record.decisions
        n += 1
    seconds = time.perf_counter() - started
    return {
        "rules": rules,
        "overrides": list(overrides),
        "bots": bots,
        "players": players,
        "workers": workers,
        "games": n,
        "seconds": round(seconds, 3),
        "read_seconds": round(read_seconds, 3),
        "games_per_second": round(n / seconds, 1),
        "decisions_per_second": round(decisions / seconds),
        "decisions_per_game": round(decisions / n, 1),
    }


def measure_cpu(rules: str, bots: str, players: int, games: int, seed: int = 1) -> dict:
    """Games and decisions per CPU-second of this process, one worker (in this process)."""
    spec = RunSpec(rules, players, (bots,) * players, seed)
    spec.compiled()
    started = time.process_time()
    decisions = n = 0
    for record in run_games(spec, games, 1):
        decisions += record.decisions
        n += 1
    seconds = time.process_time() - started
    return {
        "rules": rules,
        "bots": bots,
        "players": players,
        "games": n,
        "cpu_seconds": round(seconds, 3),
        "games_per_cpu_second": round(n / seconds, 1),
        "decisions_per_cpu_second": round(decisions / seconds),
        "decisions_per_game": round(decisions / n, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=300)
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--rules", default="west-of-africa", help="rules of the bots rows")
    parser.add_argument("--players", help="player counts, e.g. 2,4 (default: every count the rules allow)")
    parser.add_argument("--workers", default=f"1,{os.cpu_count() or 1}")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only-sources", action="store_true", help="only the rules-source rows")
    parser.add_argument("--source-games", type=positive_int, default=300, help="games per rules-source row")
    parser.add_argument("--africa-games", type=nonnegative_int, default=100, help="games of the Africa row (0: none)")
    parser.add_argument(
        "--go-west-games", type=nonnegative_int, default=300, help="games of the Go West! row (0: none)"
    )
    args = parser.parse_args()
    os.chdir(Path(__file__).resolve().parents[1])  # the variant path is relative to the checkout
    rows = []
    counts = read_rules(args.rules).counts if args.players is None else tuple(map(int, args.players.split(",")))
    for bots in [] if args.only_sources else args.bots.split(","):
        for players in counts:
            for workers in sorted(set(map(int, args.workers.split(",")))):
                rows.append(measure(bots, players, args.games, workers, rules=args.rules))
                if not args.json:
                    r = rows[-1]
                    print(
                        f"{r['bots']:<10} {r['players']}p  workers {r['workers']}  "
                        f"{r['games_per_second']:>7.1f} games/s  {r['decisions_per_second']:>8} decisions/s  "
                        f"({r['decisions_per_game']} decisions/game)",
                        flush=True,
                    )
    cpu_rows: dict[str, list[dict]] = {"africa": [], "go_west": []}
    for key, rules, games in (("africa", "africa", args.africa_games), ("go_west", "go-west", args.go_west_games)):
        if games > 0 and not args.only_sources:
            cpu_rows[key].append(measure_cpu(rules, "random", 4, games))
            if not args.json:
                a = cpu_rows[key][-1]
                print(
                    f"{rules:<10} random 4p  one core  {a['games_per_cpu_second']:>7.1f} games/CPU-s  "
                    f"{a['decisions_per_cpu_second']:>8} decisions/CPU-s  ({a['decisions_per_game']} decisions/game)",
                    flush=True,
                )
    sources = []
    for workers in sorted(set(map(int, args.workers.split(",")))):
        # interleave the sources (bundled, variant, set, bundled, ...) so load drift hits all alike,
        # and keep each one's best of three (on a shared machine the best is the least disturbed)
        by_source: dict[str, list[dict]] = {name: [] for name in SOURCES}
        for _ in range(3):
            for name, (rules, overrides) in SOURCES.items():
                by_source[name].append(measure("random", 4, args.source_games, workers, 1, rules, overrides))
        bundled = max(r["games_per_second"] for r in by_source["bundled"])
        for name, results in by_source.items():
            games_per_second = max(r["games_per_second"] for r in results)
            row = {
                "source": name,
                "rules": results[0]["rules"],
                "overrides": results[0]["overrides"],
                "workers": workers,
                "games_per_second": round(games_per_second, 1),
                "decisions_per_second": max(r["decisions_per_second"] for r in results),
                "read_seconds": max(r["read_seconds"] for r in results),
                "ratio_to_bundled": round(games_per_second / bundled, 3),
            }
            sources.append(row)
            if not args.json:
                sets = " ".join(f"--set {o}" for o in row["overrides"])
                print(
                    f"rules source {name:<8} random 4p  workers {workers}  {row['games_per_second']:>7.1f} games/s  "
                    f"{row['decisions_per_second']:>8} decisions/s  {row['ratio_to_bundled']:.2f}x bundled  "
                    f"(read once: {row['read_seconds']:.3f} s; {row['rules']} {sets})".rstrip(),
                    flush=True,
                )
    if args.json:
        print(
            json.dumps({"cpu_count": os.cpu_count(), "results": rows, **cpu_rows, "rules_sources": sources}, indent=2)
        )
    return 0


if __name__ == "__main__":
    run_script(main)
