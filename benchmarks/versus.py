"""The engine's speed against an earlier revision, measured in the same run: random and heuristic
4-player games per CPU-second of this tree and of REV (checked out into a temporary git worktree),
run alternately so both meet the same machine load. A script, not a test.

    python benchmarks/versus.py 9c46eb0              # the kernel refactor's baseline (issue 14)
    python benchmarks/versus.py HEAD~3 --games 200 --rounds 5
    python benchmarks/versus.py 3bdbc69 --compiled --rules west-of-africa,africa   # issue 42

Each measurement is a fresh process playing the same seeds with ``woa_core.sim.runner.play_game``
(the API both revisions share); the best of ``--rounds`` is kept (CPU time, which other load on
the machine disturbs least). A ratio >= 0.95 is the refactor's target. Pure Python by default
(each tree first on ``PYTHONPATH``); ``--compiled`` installs each tree into a virtual environment
of its own (``pip install TREE``, compiled with mypyc as the README's install is: a minute or two
each) and measures there, from a folder outside both trees.
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
rules = load_rules(sys.argv[3], 4)
bots, n = [sys.argv[1]] * 4, int(sys.argv[2])
play_game(rules, 0, bots)
start, decisions = time.process_time(), 0
for i in range(n):
    decisions += play_game(rules, 1000 + i, bots).decisions
print(time.process_time() - start, decisions)
"""


def measure(tree: Path, python: str | None, bot: str, games: int, rules: str) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` games of ``bot`` under ``rules``: in the source tree
    ``tree`` (``python`` None), or with the installed ``python`` from a neutral folder."""
    if python is None:
        env, cwd, command = {**os.environ, "PYTHONPATH": str(tree)}, str(tree), sys.executable
    else:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WOA_PURE")}
        cwd, command = tempfile.gettempdir(), python
    out = subprocess.run(
        [command, "-c", PROBE, bot, str(games), rules], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    seconds, decisions = out.stdout.split()
    return float(seconds), int(decisions)


def installed(tree: Path, venv: Path) -> str:
    """A virtual environment with ``tree`` installed (compiled when a C compiler is found): its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if k != "WOA_PURE"}
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(tree)], check=True, env=env)
    version = subprocess.run(
        [str(venv / "bin" / "woa"), "--version"], capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()
    )
    print(f"{tree}: {version.stdout.strip()}", flush=True)
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rev", help="the revision to compare with, e.g. 9c46eb0")
    parser.add_argument("--games", type=int, default=100, help="random games per measurement (heuristic: a fifth)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each tree, alternating")
    parser.add_argument("--rules", default="west-of-africa", help="bundled rulesets, comma-separated")
    parser.add_argument("--compiled", action="store_true", help="measure each tree installed (compiled)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.rev],
            check=True,
            capture_output=True,
        )
        try:
            pythons: dict[str, str | None] = {"this": None, args.rev: None}
            if args.compiled:
                pythons = {"this": installed(ROOT, Path(tmp) / "this"), args.rev: installed(base, Path(tmp) / "rev")}
            trees = {"this": ROOT, args.rev: base}
            print(f"{'rules':<15} {'bots':<10} {'tree':<10} {'games/CPU-s':>12} {'decisions/CPU-s':>16}")
            for rules in args.rules.split(","):
                for bot, games in (("random", args.games), ("heuristic", max(1, args.games // 5))):
                    best: dict[str, tuple[float, int]] = {}
                    for _ in range(args.rounds):
                        for name in ("this", args.rev):
                            seconds, decisions = measure(trees[name], pythons[name], bot, games, rules)
                            if name not in best or seconds < best[name][0]:
                                best[name] = (seconds, decisions)
                    for name, (seconds, decisions) in best.items():
                        rate = f"{decisions / seconds:>16,.0f}"
                        print(f"{rules:<15} {bot:<10} {name:<10} {games / seconds:>12.1f} {rate}", flush=True)
                    ratio = best[args.rev][0] / best["this"][0]
                    same = "same games" if best[args.rev][1] == best["this"][1] else "DIFFERENT GAMES"
                    print(f"{rules:<15} {bot:<10} {'ratio':<10} {ratio:>12.2f}x  ({same})", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], capture_output=True)


if __name__ == "__main__":
    main()
