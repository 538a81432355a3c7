"""The A/A check of ``woa compare`` over many seeds: how often does noise flag a row?

Runs ``woa compare west-of-africa west-of-africa --variant-seed S --games 200 --json`` for
S = 1..20 (the same rules on two seed streams, analysed as independent samples, Holm-corrected)
and counts the runs that flag no row. With Holm at alpha 0.05 at most about 1 run in 20 should
flag anything (target: at least 18 of 20 clean). A script, not a test: run it and read the count.

    python benchmarks/compare_calibration.py
    python benchmarks/compare_calibration.py --seeds 40 --games 100 --bots random --players 2
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.cli import main as woa
from woa_core.errors import run_script
from woa_core.options import positive_int


def run(seed: int, args: argparse.Namespace) -> dict:
    argv = [
        "compare",
        args.rules,
        args.rules,
        "--variant-seed",
        str(seed),
        "--games",
        str(args.games),
        "--players",
        str(args.players),
        "--bots",
        args.bots,
        "--correction",
        args.correction,
        "--quiet",
        "--json",
    ]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = woa(argv)
    if status != 0:
        raise SystemExit(f"woa {' '.join(argv)} failed with status {status}")
    return json.loads(out.getvalue())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=positive_int, default=20, help="variant seeds 1..SEEDS (default: %(default)s)")
    parser.add_argument("--games", type=positive_int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--rules", default="west-of-africa")
    parser.add_argument("--correction", default="holm", choices=("holm", "bh"))
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    results = []
    for seed in range(1, args.seeds + 1):
        report = run(seed, args)
        flagged = [r["figure"] for r in report["rows"] if r["significant"]]
        raw = [r["figure"] for r in report["rows"] if r["p_value"] < 0.05]
        results.append({"variant_seed": seed, "flagged": flagged, "unadjusted_p_below_0.05": raw})
        if not args.json:
            shown = ", ".join(flagged) or "nothing"
            print(f"--variant-seed {seed:>3}: flags {shown}   (unadjusted p < 0.05: {len(raw)} rows)", flush=True)
    clean = sum(not r["flagged"] for r in results)
    raw_clean = sum(not r["unadjusted_p_below_0.05"] for r in results)
    summary = {
        "command": f"woa compare {args.rules} {args.rules} --variant-seed S --games {args.games} "
        f"--players {args.players} --bots {args.bots} --correction {args.correction}",
        "seeds": args.seeds,
        "clean_runs": clean,
        "clean_runs_without_correction": raw_clean,
        "seconds": round(time.perf_counter() - started, 1),
        "runs": results,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(
            f"\n{clean} of {args.seeds} A/A runs flag no row with {args.correction} "
            f"(without correction: {raw_clean} of {args.seeds}); {summary['seconds']} s"
        )
    return 0


if __name__ == "__main__":
    run_script(main)
