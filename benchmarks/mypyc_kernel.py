"""Is the kernel's hot path ready for mypyc? Compile it in a temporary copy of this tree, play the
golden corpus and the tiny pack's tests with it, and measure random and heuristic 4-player games
per CPU-second against the interpreted tree, alternately. A script, not a test: compiling takes a
minute or two, and needs mypy (which brings mypyc) and a C compiler.

    python benchmarks/mypyc_kernel.py                  # compile, test, measure
    python benchmarks/mypyc_kernel.py --games 60 --rounds 3 --no-tests

Compiled: ``COMPILED`` below. Left interpreted: ``compiled.py`` and ``plain.py`` (packs extend
``CompiledRules`` and ``PlainState`` as slotted dataclasses, and a slotted subclass of a compiled
class loses the fields the compiled code reads), ``pack.py``, ``gamelog.py``, ``contract.py``
(protocols) and ``native.py``. What mypyc is told about a class is in ``woa_core/kernel/native.py``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COMPILED = ("actions", "legality", "loop", "flow", "notation", "figures", "drawing", "search", "registry")
"""The kernel modules on the hot path that compile (``woa_core/kernel/NAME.py``)."""

TESTS = ("tests/test_golden.py", "tests/packs", "tests/engine", "tests/test_loop.py")

PROBE = """
import sys, time
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game
rules = load_rules("west-of-africa", 4)
bots, n = [sys.argv[1]] * 4, int(sys.argv[2])
play_game(rules, 0, bots)
start = time.process_time()
for i in range(n):
    play_game(rules, 1000 + i, bots)
print(time.process_time() - start)
"""


def compile_copy(into: Path) -> None:
    """A copy of this tree with the ``COMPILED`` modules built by mypyc beside their sources."""
    shutil.copytree(
        ROOT, into, ignore=shutil.ignore_patterns(".git", "__pycache__", "build", "*.so", ".mypy_cache", ".ruff_cache")
    )
    (into / "pyproject.toml").rename(into / "pyproject.toml.off")  # setuptools would read it as the project
    try:
        modules = [f"woa_core/kernel/{name}.py" for name in COMPILED]
        built = subprocess.run(
            [sys.executable, "-m", "mypyc", "--ignore-missing-imports", *modules],
            cwd=into,
            capture_output=True,
            text=True,
        )
        if built.returncode:
            raise SystemExit(f"mypyc failed:\n{built.stdout[-3000:]}{built.stderr[-3000:]}")
    finally:
        (into / "pyproject.toml.off").rename(into / "pyproject.toml")


def seconds(tree: Path, bot: str, games: int) -> float:
    """CPU seconds of ``games`` games of ``bot`` in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, bot, str(games)], cwd=tree, env=env, capture_output=True, text=True
    )
    out.check_returncode()
    return float(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=150, help="random games per measurement (heuristic: a fifth)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each tree, alternating")
    parser.add_argument("--no-tests", action="store_true", help="skip the tests of the compiled copy")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "compiled"
        compile_copy(copy)
        built = sorted(p.name.split(".")[0] for p in (copy / "woa_core" / "kernel").glob("*.so"))
        print(f"compiled with mypyc: {', '.join(built)}")
        if not args.no_tests:
            env = {**os.environ, "PYTHONPATH": str(copy)}
            tests = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS], cwd=copy, env=env
            )
            if tests.returncode:
                print("the compiled kernel fails tests (above)")
                return 1
        print(f"{'bots':<10} {'interpreted':>12} {'compiled':>10} {'speed-up':>9}  (CPU s, best of {args.rounds})")
        for bot, games in (("random", args.games), ("heuristic", max(1, args.games // 5))):
            best = {"interpreted": float("inf"), "compiled": float("inf")}
            for _ in range(args.rounds):
                best["interpreted"] = min(best["interpreted"], seconds(ROOT, bot, games))
                best["compiled"] = min(best["compiled"], seconds(copy, bot, games))
            speedup = best["interpreted"] / best["compiled"]
            print(f"{bot:<10} {best['interpreted']:>12.3f} {best['compiled']:>10.3f} {speedup:>8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
