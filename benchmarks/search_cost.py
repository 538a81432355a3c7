"""CPU per decision of several Africa ``mcts`` settings, timed on the same decisions.

Four-player heuristic games (game g dealt from ``seed + g``); at every decision of seat g % 4
each setting in turn decides on the same view, and its CPU time is counted (the heuristic's
choice is played, so the games are the same whatever the settings). The ratio of a setting to
the first is what carries from one machine to another: time one setting whose CPU per decision
is known on a reference machine, and the ratio gives the others' there, however busy this
machine is, since the settings are timed interleaved. A script, not a test: with ``python -P``
it times the installed (compiled) build, without it the checkout's pure Python.

    python -P benchmarks/search_cost.py --games 2 \\
        mcts:trust=1,candidates=16,iterations=320 mcts:trust=1,candidates=16,trials=40,iterations=640

Africa 4p, games 0-3 (two processes, games 0-1 and 2-3, side by side), 2026-11-28, compiled:
``trials=40,iterations=640`` took 1.073 and 1.050 times the CPU of ``iterations=320`` (both with
``trust=1,candidates=16``); ``trials=36,iterations=576`` 0.964 and 0.929.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ is None and not sys.flags.safe_path:  # ``python benchmarks/...``: the checkout, pure
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import make_bots
from woa_core.errors import UsageError
from woa_core.kernel.contract import new_game
from woa_core.rules import load_rules


def search_cost(specs: list[str], games: int, first: int, seed: int) -> tuple[int, list[float]]:
    """The decisions timed, and each setting's CPU-s over them."""
    rules = load_rules("africa", 4)
    cpu = [0.0] * len(specs)
    decisions = 0
    for g in range(first, first + games):
        seat = g % 4
        game = new_game(rules, seed + g)
        players = make_bots(["heuristic"] * 4, seed + g, pack=rules.pack)
        searchers = [make_bots([spec] * 4, seed + g, pack=rules.pack)[seat] for spec in specs]
        while not game.over:
            p = game.deciders()[0]
            legal = game.legal_actions(p)
            if p == seat:
                decisions += 1
                for i, bot in enumerate(searchers):
                    started = time.process_time()
                    bot.choose(game.observation(p), legal)
                    cpu[i] += time.process_time() - started
            game.apply(players[p].choose(game.observation(p), legal))
    return decisions, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bots", nargs="+", help="the settings, as --bots specs; the first is the yardstick")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1000, help="game g is dealt from seed + g")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.first_game < 0:
        parser.error("--games must be at least 1 and --first-game at least 0")
    try:
        decisions, cpu = search_cost(args.bots, args.games, args.first_game, args.seed)
    except UsageError as e:
        parser.error(str(e))
    rows = [
        {"bot": spec, "cpu_s_per_decision": t / decisions, "ratio": t / cpu[0] if cpu[0] else 0.0}
        for spec, t in zip(args.bots, cpu, strict=True)
    ]
    if args.json:
        print(json.dumps({"games": args.games, "first_game": args.first_game, "decisions": decisions, "bots": rows}))
        return 0
    print(f"{decisions} decisions, games {args.first_game}-{args.first_game + args.games - 1}")
    for row in rows:
        print(f"{row['cpu_s_per_decision']:7.3f} s  x{row['ratio']:.3f}  {row['bot']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
