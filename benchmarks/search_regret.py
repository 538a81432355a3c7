"""How well ``mcts`` chooses at the root, against an oracle: where its strength is lost.

``mcts`` compares a few candidate actions (the pack's candidate hook) over sampled worlds and
scores each rollout with the pack's evaluation. This script asks whether a weak result comes from
the choosing (too few iterations, exploration) or from what is chosen between (the candidates,
the rollouts, the evaluation). It samples decisions ``mcts`` would search from games of the pack's
scripted bot, and at each:

- the *oracle*: every candidate tried in the same ``--oracle`` sampled worlds (``c`` so large that
  UCB1 tries them in turn), its mean the best estimate of its value under that evaluation;
- the *stake*: the oracle's best candidate less its worst (what choosing can win at all);
- the *regret* of the heuristic (the candidate the pack ranks first) and of ``mcts`` at the spec
  given (``--mcts``), each repeated ``--repeats`` times with other seeds: the oracle's best less
  the oracle's value of the candidate chosen.

All in the evaluation's units (Africa: the logistic of the estimated lead, so 0.025 is about 1 VP
near an even game). Only the public bot API is used (``candidate_actions``, ``estimates``,
``choose``). A script, not a test.

    python benchmarks/search_regret.py --rules africa --positions 30
    python benchmarks/search_regret.py --rules africa --mcts "mcts:iterations=128" --json

Africa, 4 players, 2026-11-26 (``python benchmarks/search_regret.py --rules africa --positions
30``: the default ``mcts``, pure build, 105 CPU-s): mean stake 0.025, regret of the heuristic's
first candidate 0.0058, of ``mcts`` 0.0023. ``mcts`` finds its evaluation's best candidate
nearly always, and what is at stake between the candidates is small (0.025 is about 1 VP): more
iterations cannot make it much stronger against the heuristic; a better evaluation, horizon or
candidate set can.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ is None and not sys.flags.safe_path:  # ``python benchmarks/...``: the checkout, pure
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import bot_params, make_bots, parse_spec
from woa_core.bots.mcts import MctsBot
from woa_core.errors import run_script
from woa_core.kernel.contract import new_game
from woa_core.options import positive_int
from woa_core.rules import load_rules


def add_decision_options(parser: argparse.ArgumentParser, positions: int) -> None:
    """The options of the sampled decisions (``decisions``) and of the report, shared by the
    scripts that judge the search on them (this one, ``eval_ranking.py``)."""
    parser.add_argument("--rules", default="africa", help="bundled rules, a rules folder or a variant file")
    parser.add_argument("--players", type=int, default=4, help="(default: %(default)s)")
    parser.add_argument(
        "--positions", type=positive_int, default=positions, help="decisions sampled (default: %(default)s)"
    )
    parser.add_argument("--seed", type=int, default=100, help="seed of the sampled games (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="the report as JSON")


def decisions(rules: Any, spec: str, count: int, share: float, seed: int) -> list[tuple[Any, list[Any], Any]]:
    """``count`` decisions ``mcts`` would search with more than one candidate, sampled (each
    with probability ``share``) from games of the pack's scripted bot: (view, legal, seat)."""
    pack, players = rules.pack, rules.players
    params = bot_params("mcts", parse_spec(spec)[1], pack)
    steps = params.get("steps", "main")  # which decisions the spec searches, as MctsBot reads it
    searched = None if pack.search is None or steps == "all" else pack.search.steps.get(steps)
    out: list[tuple[Any, list[Any], Any]] = []
    rng = random.Random(seed)
    game_seed = seed
    while len(out) < count:
        game = new_game(rules, seed=game_seed)
        bots = make_bots(["heuristic"] * players, game_seed, players=players, pack=pack)
        probes = [MctsBot(1, seat=q, players=players, **params) for q in range(players)]
        while not game.over and len(out) < count:
            seat = game.deciders()[0]
            legal = list(game.legal_actions(seat))
            view = game.observation(seat)
            if (
                len(legal) > 1
                and rng.random() < share
                and (searched is None or searched(view, legal))
                and len(probes[seat].candidate_actions(view, legal)) > 1
            ):
                out.append((view, legal, seat))
            game.apply_legal(bots[seat].choose(view, legal) if len(legal) > 1 else legal[0])
        game_seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_decision_options(parser, positions=20)
    parser.add_argument("--oracle", type=positive_int, default=200, help="worlds per candidate for the oracle")
    parser.add_argument("--repeats", type=positive_int, default=5, help="mcts runs per decision, other seeds")
    parser.add_argument("--mcts", default="mcts", help="the mcts spec judged (default: %(default)s)")
    args = parser.parse_args()

    rules = load_rules(args.rules, args.players)
    params = bot_params("mcts", parse_spec(args.mcts)[1], rules.pack)
    started = time.process_time()
    stakes, heuristic, search = [], [], []
    for k, (view, legal, seat) in enumerate(decisions(rules, args.mcts, args.positions, 0.04, args.seed)):
        bot = MctsBot(1000 + k, seat=seat, players=args.players, **params)
        candidates = bot.candidate_actions(view, legal)
        oracle_params = {**params, "iterations": args.oracle * len(candidates), "c": 1e6}
        oracle = MctsBot(2000 + k, seat=seat, players=args.players, **oracle_params)
        value = {e.action: e.mean for e in oracle.estimates(view, legal)}
        best = max(value.values())
        stakes.append(best - min(value.values()))
        heuristic.append(best - value[candidates[0]])
        for r in range(args.repeats):
            chosen = MctsBot(3000 + 97 * k + r, seat=seat, players=args.players, **params).choose(view, legal)
            search.append(best - value[chosen])
        if not args.json:
            print(
                f"decision {k + 1:3}: {len(candidates)} candidates, stake {stakes[-1]:.4f}, heuristic regret "
                f"{heuristic[-1]:.4f}, mcts regret {statistics.mean(search[-args.repeats :]):.4f}",
                flush=True,
            )
    result = {
        "rules": args.rules,
        "players": args.players,
        "mcts": args.mcts,
        "positions": args.positions,
        "oracle_worlds": args.oracle,
        "stake": statistics.mean(stakes),
        "heuristic_regret": statistics.mean(heuristic),
        "mcts_regret": statistics.mean(search),
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"mean stake {result['stake']:.4f}; regret: heuristic {result['heuristic_regret']:.4f}, "
            f"{args.mcts} {result['mcts_regret']:.4f} ({result['cpu_seconds']} CPU-s)"
        )


if __name__ == "__main__":
    run_script(main)
