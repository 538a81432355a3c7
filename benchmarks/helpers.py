"""How the helper rule plays out (Cultivate Goods, R5): help declarations, how many were followed
by no planting on their island, and whether any worker left an island at its declaration.

A script, not a test, and a worked example of a statistic as one observer of the game loop::

    python benchmarks/helpers.py --games 100 --players 4 --bots heuristic
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import seated
from woa_core.errors import run_script
from woa_core.kernel import loop
from woa_core.kernel.loop import Observer
from woa_core.options import positive_int
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.rules import load_rules
from woa_core.sim.runner import game_seed


class HelperStatistics(Observer):
    """Counts ``help`` actions, those whose island got no good before ``done``, and those that
    moved workers at once (the rule says: none)."""

    def __init__(self) -> None:
        self.helps = self.unplanted = self.moved_at_help = 0
        self._open: set[int] = set()
        self._workers: list[list[int]] = []

    def before(self, game: Game, seat: int, action: tuple) -> None:
        self._workers = [row[:] for row in game.state.workers]

    def after(self, game: Game, seat: int, action: tuple, prev: GameState | None) -> None:
        verb = action[1]
        if verb == "help":
            self.helps += 1
            self._open.add(action[2])
            self.moved_at_help += game.state.workers != self._workers
        elif verb == "cultivate":
            self._open.discard(game.rules.spaces[action[2]].island)
        elif verb == "done":
            self.unplanted += len(self._open)
            self._open.clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = load_rules("west-of-africa", args.players)
    stats = HelperStatistics()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        loop.run(Game(rules, seed=seed), seated.bots([args.bots] * args.players, seed), [stats])
    print(
        f"{args.games} games, {args.players} players, {args.bots}: {stats.helps} help actions, "
        f"{stats.unplanted} followed by no good on their island (the workers stayed), "
        f"{stats.moved_at_help} moved workers when declared"
    )
    return 0


if __name__ == "__main__":
    run_script(main)
