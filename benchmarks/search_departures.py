"""Where Africa's ``mcts`` departs from the heuristic, and where its CPU goes, by step.

One ``mcts`` against three heuristic bots (4 players, the searching seat rotated with the game
number); at each of its decisions: whether it was open (more than one candidate: searched, unless
the bot's ``steps`` leave that step to the heuristic), whether it played something other than the
heuristic's first candidate (``search.candidates``), and the CPU the decision took. A step where
the search spends much and departs rarely is budget that another step could use
(``mcts:steps=turn`` leaves the start city, placements and swaps to the heuristic). A script, not a
test: with ``python -P`` it times the installed (compiled) build, without it the checkout's pure
Python.

    python -P benchmarks/search_departures.py --games 4
    python -P benchmarks/search_departures.py --bot mcts:trust=1,candidates=16,iterations=320 --json

Africa 4p, games 0-3, 2026-11-28 (``--bot mcts:trust=1,candidates=16,iterations=320``, compiled,
a busy machine): ``turn`` 56 decisions, 24 departures, 32 CPU-s; ``act`` 112, 30, 61 CPU-s;
``walk`` 56, 19, 30 CPU-s; ``place`` 46, 2, 22 CPU-s; ``swap`` 15, 1, 7 CPU-s; ``city`` 4, 1, 1
CPU-s: a fifth of the CPU went to placements and swaps for 3 departures in 61 decisions.
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
from woa_core.errors import UsageError, run_script
from woa_core.kernel.contract import new_game
from woa_core.options import nonnegative_int, positive_int
from woa_core.packs.africa.bots.heuristic import HeuristicBot
from woa_core.packs.africa.bots.search import candidates
from woa_core.rules import load_rules


def departures(spec: str, games: int, first: int, seed: int) -> dict[str, dict[str, float]]:
    """Per step: decisions, open (more than one candidate), departed (from the heuristic's first
    candidate, among as many as the bot keeps), CPU-s."""
    rules = load_rules("africa", 4)
    policy = HeuristicBot(0)
    out: dict[str, dict[str, float]] = {}
    for g in range(first, first + games):
        seat = g % 4
        specs = ["heuristic"] * 4
        specs[seat] = spec
        game = new_game(rules, seed + g)
        bots = make_bots(specs, seed + g, pack=rules.pack)
        while not game.over:
            p = game.deciders()[0]
            legal = game.legal_actions(p)
            view = game.observation(p)
            if p != seat:
                game.apply(bots[p].choose(view, legal))
                continue
            step = game.state.step
            width = getattr(bots[p], "candidates", 1)
            first_choice = candidates(view, legal, width, policy) if len(legal) > 1 else [legal[0]]
            started = time.process_time()
            action = bots[p].choose(view, legal)
            row = out.setdefault(step, {"decisions": 0, "open": 0, "departed": 0, "cpu_s": 0.0})
            row["decisions"] += 1
            row["open"] += len(first_choice) > 1
            row["departed"] += action != first_choice[0]
            row["cpu_s"] += time.process_time() - started
            game.apply(action)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="mcts:trust=1,candidates=16,iterations=320", help="the search bot's spec")
    parser.add_argument("--games", type=positive_int, default=4)
    parser.add_argument("--first-game", type=nonnegative_int, default=0)
    parser.add_argument("--seed", type=int, default=1000, help="game g is dealt from seed + g")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.first_game < 0:
        parser.error("--games must be at least 1 and --first-game at least 0")
    try:
        found = departures(args.bot, args.games, args.first_game, args.seed)
    except UsageError as e:
        parser.error(str(e))
    if args.json:
        print(json.dumps({"bot": args.bot, "games": args.games, "steps": found}, indent=2))
        return 0
    total = sum(row["cpu_s"] for row in found.values()) or 1.0
    print(f"{args.bot}, {args.games} games")
    print(f"{'step':6}  {'decisions':>9}  {'open':>8}  {'departed':>8}  {'CPU-s':>7}  {'share':>5}")
    for step, row in found.items():
        print(
            f"{step:6}  {row['decisions']:9.0f}  {row['open']:8.0f}  {row['departed']:8.0f}"
            f"  {row['cpu_s']:7.1f}  {row['cpu_s'] / total:5.0%}"
        )
    return 0


if __name__ == "__main__":
    run_script(main)
