"""What the figures of how a game unfolds cost (``woa_core.report.unfolding``): 4-player games
per CPU-second played by ``woa_core.sim.runner.play_game`` with every declared figure, and with
the unfolding figures left out, interleaved in one process (best of ``--rounds``) so that both
meet the same machine load. A script, not a test.

    python benchmarks/unfolding.py                     # random and heuristic bots
    python benchmarks/unfolding.py --games 400 --rounds 9

A ratio near 1.00 means the observer (one short call per decision, one score per round) costs
nothing measurable; the target is >= 0.97.
"""

from __future__ import annotations

import argparse
import time

from woa_core.errors import run_script
from woa_core.options import positive_int
from woa_core.report import figures
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


def seconds(bot: str, games: int, unfolding: bool) -> float:
    """CPU seconds of ``games`` games of ``bot`` with or without the unfolding figures."""
    declared = figures.unfolding_figures
    if not unfolding:
        figures.unfolding_figures = lambda pack: ()  # type: ignore[assignment]
    try:
        rules = load_rules("west-of-africa", 4)
        start = time.process_time()
        for i in range(games):
            play_game(rules, 1000 + i, [bot] * 4)
        return time.process_time() - start
    finally:
        figures.unfolding_figures = declared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--games", type=positive_int, default=300, help="random games per measurement (heuristic: a sixth)"
    )
    parser.add_argument("--rounds", type=positive_int, default=7, help="measurements of each, alternating")
    args = parser.parse_args()
    play_game(load_rules("west-of-africa", 4), 0, ["random"] * 4)  # warm up: imports, compiled rules
    print(f"{'bots':<10} {'without':>12} {'with':>12} {'ratio':>8}   (games per CPU-second)")
    for bot, games in (("random", args.games), ("heuristic", max(1, args.games // 6))):
        best = {False: float("inf"), True: float("inf")}
        for _ in range(args.rounds):
            for unfolding in (False, True):
                best[unfolding] = min(best[unfolding], seconds(bot, games, unfolding))
        ratio = best[False] / best[True]
        print(f"{bot:<10} {games / best[False]:>12.1f} {games / best[True]:>12.1f} {ratio:>7.3f}x")


if __name__ == "__main__":
    run_script(main)
