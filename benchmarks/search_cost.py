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

``--anchor SECONDS`` runs OpenSpiel's C++ chess (random play from Python, as ``compiled.py`` does)
for that many CPU-s after each decision, so the chess rate is read under the same load, and gives
each setting's CPU per decision as on the issues' machine, where chess ran at 240,000 decisions
per CPU-s (``compiled.CHESS_ON_THE_ISSUES_MACHINE``): the machine-independent form in which issue
18's CPU targets were judged. Games 0 and 1 side by side, 2026-11-28, compiled::

    python -P benchmarks/search_cost.py --anchor 0.15 --games 1 --first-game G \
        mcts:trust=1,candidates=16,trials=40,iterations=640 \
        mcts:trust=1,candidates=16,trials=64,iterations=1024 \
        mcts:trust=1,candidates=16,trials=72,iterations=1152

chess at 110,672 and 109,392 beside them; ``trials=40`` 0.309 and 0.340 s a decision here, 0.142
and 0.155 s there; ``trials=64`` 1.53 and 1.66 times that, 0.218 and 0.257 s there; ``trials=72``
1.76 and 1.80 times, 0.251 and 0.279 s there.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ is None and not sys.flags.safe_path:  # ``python benchmarks/...``: the checkout, pure
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other scripts here (not woa_core)

import compiled

from woa_core.bots import make_bots
from woa_core.errors import UsageError, run_script
from woa_core.kernel.contract import new_game
from woa_core.options import nonnegative_int, positive_int
from woa_core.rules import load_rules


def search_cost(
    specs: list[str], games: int, first: int, seed: int, anchor: float = 0.0
) -> tuple[int, list[float], dict[str, Any] | None]:
    """The decisions timed, each setting's CPU-s over them, and with ``anchor`` above 0 OpenSpiel's
    C++ chess run for that many CPU-s after each decision (its games, decisions and CPU-s in all)."""
    rules = load_rules("africa", 4)
    cpu = [0.0] * len(specs)
    decisions = 0
    chess: dict[str, Any] | None = {"games": 0, "decisions": 0, "cpu": 0.0} if anchor > 0 else None
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
                if chess is not None:
                    for key, value in compiled.chess(anchor).items():
                        if key in chess:
                            chess[key] += value
            game.apply(players[p].choose(game.observation(p), legal))
    return decisions, cpu, chess


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bots", nargs="+", help="the settings, as --bots specs; the first is the yardstick")
    parser.add_argument("--games", type=positive_int, default=2)
    parser.add_argument("--first-game", type=nonnegative_int, default=0)
    parser.add_argument("--seed", type=int, default=1000, help="game g is dealt from seed + g")
    parser.add_argument(
        "--anchor",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="after each decision, run OpenSpiel's C++ chess (needs open_spiel) for this many CPU-s, and give "
        "each setting's CPU per decision as on the issues' machine (compiled.CHESS_ON_THE_ISSUES_MACHINE)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.first_game < 0:
        parser.error("--games must be at least 1 and --first-game at least 0")
    if not 0 <= args.anchor <= 10:
        parser.error("--anchor must be between 0 and 10 seconds")
    if args.anchor > 0 and not compiled.has_open_spiel():
        parser.error("--anchor runs OpenSpiel's chess: pip install open_spiel (woa does not depend on it)")
    try:
        decisions, cpu, chess = search_cost(args.bots, args.games, args.first_game, args.seed, args.anchor)
    except UsageError as e:
        parser.error(str(e))
    rate = chess["decisions"] / chess["cpu"] if chess else 0.0
    rows = [
        {
            "bot": spec,
            "cpu_s_per_decision": t / decisions,
            "ratio": t / cpu[0] if cpu[0] else 0.0,
            **(
                {"as_on_the_issues_machine": t / decisions * rate / compiled.CHESS_ON_THE_ISSUES_MACHINE}
                if chess
                else {}
            ),
        }
        for spec, t in zip(args.bots, cpu, strict=True)
    ]
    out = {"games": args.games, "first_game": args.first_game, "decisions": decisions, "bots": rows}
    if chess:
        out["chess"] = {**chess, "decisions_per_cpu_s": rate}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{decisions} decisions, games {args.first_game}-{args.first_game + args.games - 1}")
    if chess:
        there = compiled.CHESS_ON_THE_ISSUES_MACHINE
        print(f"C++ chess beside them: {rate:,.0f} decisions per CPU-s ({there:,} on the issues' machine)")
    for row in rows:
        scaled = f"  {row['as_on_the_issues_machine']:.3f} s there" if chess else ""
        print(f"{row['cpu_s_per_decision']:7.3f} s  x{row['ratio']:.3f}{scaled}  {row['bot']}")
    return 0


if __name__ == "__main__":
    run_script(main)
