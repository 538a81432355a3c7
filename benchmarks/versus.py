"""The engine's speed against an earlier revision, measured in the same run: random and heuristic
4-player games per CPU-second of this tree and of REV (checked out into a temporary git worktree),
run alternately so both meet the same machine load. A script, not a test.

    python benchmarks/versus.py 9c46eb0              # the kernel refactor's baseline (issue 14)
    python benchmarks/versus.py HEAD~3 --games 200 --rounds 5

Each measurement is a fresh process playing the same seeds with ``woa_core.sim.runner.play_game``
(the API both revisions share); the best of ``--rounds`` is kept (CPU time, which other load on
the machine disturbs least). A ratio >= 0.95 is the refactor's target.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys, time
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game
rules = load_rules("west-of-africa", 4)
bots, n = [sys.argv[1]] * 4, int(sys.argv[2])
play_game(rules, 0, bots)
start, decisions = time.process_time(), 0
for i in range(n):
    decisions += play_game(rules, 1000 + i, bots).decisions
print(time.process_time() - start, decisions)
"""


def measure(tree: Path, bot: str, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` games of ``bot`` in the source tree ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, bot, str(games)], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    seconds, decisions = out.stdout.split()
    return float(seconds), int(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rev", help="the revision to compare with, e.g. 9c46eb0")
    parser.add_argument("--games", type=int, default=100, help="random games per measurement (heuristic: a fifth)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each tree, alternating")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.rev],
            check=True,
            capture_output=True,
        )
        try:
            print(f"{'bots':<10} {'tree':<10} {'games/CPU-s':>12} {'decisions/CPU-s':>16}")
            for bot, games in (("random", args.games), ("heuristic", max(1, args.games // 5))):
                best: dict[str, tuple[float, int]] = {}
                for _ in range(args.rounds):
                    for name, tree in (("this", ROOT), (args.rev, base)):
                        seconds, decisions = measure(tree, bot, games)
                        if name not in best or seconds < best[name][0]:
                            best[name] = (seconds, decisions)
                for name, (seconds, decisions) in best.items():
                    print(f"{bot:<10} {name:<10} {games / seconds:>12.1f} {decisions / seconds:>16,.0f}")
                ratio = best[args.rev][0] / best["this"][0]
                same = "same games" if best[args.rev][1] == best["this"][1] else "DIFFERENT GAMES"
                print(f"{bot:<10} {'ratio':<10} {ratio:>12.2f}x  ({same})")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], capture_output=True)


if __name__ == "__main__":
    main()
