"""One bot's win share in ``woa simulate --csv`` runs, and the paired difference between two runs of
the same games: how the search bot's settings are compared (issue 15: ``mcts`` against three
heuristic bots). A script, not a test.

Each run is a CSV that ``woa simulate --csv`` wrote (or one ``--trim`` wrote from it). In every
game the bot named by ``--bot`` (a prefix of its spec, ``mcts`` by default) holds one seat; its
share of the win is 1, 1/k for a win shared by k (A28), or 0. Two runs played from the same master
seed with ``--rotate-seats`` play the same deals with the bot in the same seat, so their games pair
up (same game number and seed) and the difference of the two shares game by game has a far smaller
spread than the difference of two independent runs: the paired interval is the one to read.

    python benchmarks/bot_runs.py benchmarks/results/africa-mcts/*.csv
    python benchmarks/bot_runs.py new.csv --against benchmarks/results/africa-mcts/trust2-320.csv
    python benchmarks/bot_runs.py games.csv --trim benchmarks/results/africa-mcts/NAME.csv

``--trim`` keeps what this script reads and the final VP (not the score after every turn), so a
run of 200 games is kept in the repository at about 30 KB.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.sim.stats import t_critical, wilson


def shares(path: Path, bot: str) -> dict[tuple[int, int], float]:
    """The bot's share of the win in each game of a run, by (game, seed)."""
    out: dict[tuple[int, int], float] = {}
    try:
        with path.open(newline="") as f:
            for line, row in enumerate(csv.DictReader(f), start=2):
                seats = [
                    k[1:-4] for k in row if k.startswith("p") and k.endswith("_bot") and (row[k] or "").startswith(bot)
                ]
                if len(seats) != 1:
                    raise SystemExit(f"{path}:{line}: {len(seats)} seats played by {bot!r}, not 1")
                winners = row["winner"].split()
                out[int(row["game"]), int(row["seed"])] = 1 / len(winners) if f"p{seats[0]}" in winners else 0.0
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise SystemExit(f"{path}: cannot be read: {e}") from None
    except (KeyError, ValueError, AttributeError) as e:
        raise SystemExit(f"{path}: not a woa simulate --csv file ({type(e).__name__}: {e})") from None
    if not out:
        raise SystemExit(f"{path}: no games")
    return out


def paired(a: dict[tuple[int, int], float], b: dict[tuple[int, int], float]) -> tuple[int, float, float]:
    """Over the games both runs played: their number, the mean of a - b and its 95% half-width
    (Student's t, as ``woa compare`` gives its paired differences)."""
    both = sorted(a.keys() & b.keys())
    diffs = [a[g] - b[g] for g in both]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return n, mean, t_critical(max(n - 1, 1)) * sd / math.sqrt(n)


def trim(source: Path, target: Path) -> None:
    """Copy a ``woa simulate --csv`` file without the score after every turn."""
    with source.open(newline="") as f:
        reader = csv.DictReader(f)
        fields = [k for k in reader.fieldnames or [] if not k.endswith("_score_by_turn")]
        rows = [{k: row[k] for k in fields} for row in reader]
    with target.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path, help="woa simulate --csv files")
    parser.add_argument("--bot", default="mcts", help="the bot whose share is counted (a prefix of its spec)")
    parser.add_argument("--against", type=Path, help="a run to pair every other with, game by game")
    parser.add_argument("--trim", type=Path, help="write the one run given, trimmed, here")
    args = parser.parse_args()
    if args.trim:
        if len(args.runs) != 1:
            parser.error("--trim takes one run")
        trim(args.runs[0], args.trim)
        return
    base = shares(args.against, args.bot) if args.against else None
    for path in args.runs:
        got = shares(path, args.bot)
        n, wins = len(got), sum(got.values())
        low, high = wilson(wins, n)
        line = (
            f"{path}: {n} games, {args.bot} won {wins:.1f} = {100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        )
        if base is not None and path != args.against:
            if not got.keys() & base.keys():
                print(line + f"; no game in common with {args.against.name}")
                continue
            m, mean, half = paired(got, base)
            line += f"; against {args.against.name} on the {m} games both played:"
            line += f" {100 * mean:+.1f} ± {100 * half:.1f} points"
        print(line)


if __name__ == "__main__":
    main()
