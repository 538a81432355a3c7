"""The figures ``woa serve``'s bounds are set from (``woa_core/serve/limits.py``):

- the longest log a bundled ruleset produces: random bots play each bundled ruleset with every
  player count to its end (West of Africa with its VP threshold out of reach, so its games run
  to the 60-round cap; Africa's random games reach their 1,000-turn cap by themselves), and the
  largest log, its actions and its longest line are printed;
- the cost of deciding apart (``woa_core.serve.apart``): the median time of a bot decision made
  in the server's thread and made in a forked child, over the first actions of a game.

    python benchmarks/serve_limits.py                  # 2 seeds a game, 150 decisions timed
    python benchmarks/serve_limits.py --seeds 5 --decisions 300
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.kernel.notation import format_action
from woa_core.rules import read_rules
from woa_core.serve.apart import Apart
from woa_core.session import Session

LONGEST = {
    "west-of-africa": ["economy.game_end.vp_threshold=500", "economy.game_end.when_all_settlements_founded=false"],
    "africa": [],
}
"""Each bundled ruleset, with the changes that let random bots play it to its cap."""


def longest_logs(seeds: int) -> None:
    """Print the largest log of each bundled ruleset and player count over ``seeds`` games."""
    for spec, changes in LONGEST.items():
        source = read_rules(spec, changes)
        for players in source.counts:
            largest = (0, 0, 0)
            for seed in range(seeds):
                session = Session(source, players, seed, ["random"] * players)
                while not session.game.over:
                    session.bot_move()
                text = session.log_text()
                longest = max(len(line) for line in text.splitlines()[1:])
                largest = max(largest, (len(text.encode("utf-8")), len(session.actions), longest))
            size, actions, line = largest
            print(f"{spec} {players} players: largest log {size:,} bytes, {actions:,} actions, longest line {line}")


def apart_cost(decisions: int) -> None:
    """Print the median cost of a decision made in this thread and made in a forked child."""
    for spec, bot in (("west-of-africa", "random"), ("africa", "random"), ("west-of-africa", "heuristic")):
        here: list[float] = []
        apart: list[float] = []
        session = Session(read_rules(spec), 3, 1, [bot] * 3)
        while not session.game.over and len(here) < decisions:
            seat = session.decider()
            assert seat is not None
            started = time.perf_counter()
            text = format_action(session.rules, session.bot_action(seat))
            here.append(time.perf_counter() - started)
            started = time.perf_counter()
            again = Apart(decision(session, seat)).answer(60, "the bot")
            apart.append(time.perf_counter() - started)
            assert again == text, "a decision made apart differs"
            session.play(text)
        first, second = statistics.median(here) * 1000, statistics.median(apart) * 1000
        cost = f"{first:.2f} ms here, {second:.2f} ms apart (+{second - first:.2f})"
        print(f"{spec} {bot}, {len(here)} decisions: {cost}")


def decision(session: Session, seat: int) -> Callable[[], str]:
    """The work of one bot decision, as the server has it done apart."""
    return lambda: format_action(session.rules, session.bot_action(seat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=2, help="games per ruleset and player count")
    parser.add_argument("--decisions", type=int, default=150, help="decisions timed per bot")
    args = parser.parse_args()
    longest_logs(args.seeds)
    apart_cost(args.decisions)
    return 0


if __name__ == "__main__":
    run_script(main)
