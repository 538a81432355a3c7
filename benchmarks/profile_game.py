"""Profile the engine: cProfile over random-bot games, the top functions by own time.

python benchmarks/profile_game.py --players 4 --games 200 --bots random
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.options import positive_int
from woa_core.rules import load_rules
from woa_core.sim.runner import game_seed, play_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=positive_int, default=200)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--top", type=positive_int, default=25)
    args = parser.parse_args()
    rules = load_rules("west-of-africa", args.players)
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(args.games):
        play_game(rules, game_seed(1, i), [args.bots] * args.players, i)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    run_script(main)
