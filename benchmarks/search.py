"""What search costs: state copies, views, determinizations, the trusted apply path, heuristic
games/s (the first heuristic against the current one) and the ``mcts`` bot's time per decision.
A script, not a test: run it and read the table (one process, one core).

    python benchmarks/search.py                       # everything, 4 players
    python benchmarks/search.py --players 2 --mcts-games 2 --json
    python benchmarks/search.py --mcts "mcts:iterations=200"
    python benchmarks/search.py --number 10 --games 1 --mcts-games 0 --africa-games 8   # mcts on Africa

Times are CPU time of this process (``time.process_time``), so a busy machine slows them less
than wall time; still, compare the rows of one run with each other.
The search issue's targets: ``GameState.copy`` <= 20 us for a 4-player state; ``mcts`` at its
default budget <= 0.25 s per decision on one core (in West of Africa, and in Africa: issue 15).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import make_bots
from woa_core.errors import run_script
from woa_core.kernel.contract import new_game
from woa_core.options import nonnegative_int, positive_int
from woa_core.packs.west_of_africa.determinize import determinize
from woa_core.packs.west_of_africa.game import Game
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


def mid_game(players: int, seed: int = 3, steps: int = 200) -> Game:
    """A 4-player game some way in, in the action phase (hidden selections to sample)."""
    rules = load_rules("west-of-africa", players)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.over and (steps > 0 or game.state.step == "select"):
        game.apply(rng.choice(game.legal_actions()))
        steps -= 1
    return game


def micro(players: int, number: int) -> dict[str, float]:
    """Microseconds per call of the search primitives."""
    game = mid_game(players)
    view = game.observation(game.decider())
    rng = random.Random(1)
    legal = list(game.legal_actions())
    selecting = Game(game.rules, seed=1)
    select_legal = selecting.legal_actions(0)
    select_action = select_legal[len(select_legal) // 2]

    def checked() -> None:
        g = selecting.copy()
        g.apply(select_action)

    def trusted() -> None:
        g = selecting.copy()
        g.apply_legal(select_action)

    def state_copy() -> None:
        selecting.state.copy()

    rows = {
        "GameState.copy": game.state.copy,
        "Game.observation (view snapshot)": lambda: game.observation(0),
        "determinize (state from a view)": lambda: determinize(view, rng),
        "apply, checked (select, with a copy)": checked,
        "apply_legal, trusted (select, with a copy)": trusted,
        "copy alone (to subtract)": state_copy,
        "action in legal (2,379 selections)": lambda: select_action in select_legal,
        "legal_actions (action phase)": game.legal_actions,
    }
    del legal
    return {
        name: timeit.Timer(fn, timer=time.process_time).timeit(number=number) / number * 1e6
        for name, fn in rows.items()
    }


def games_per_second(bots: str, players: int, games: int) -> dict[str, float]:
    """Self-play games/s and decisions/s of one bot on one core."""
    rules = load_rules("west-of-africa", players)
    start = time.process_time()
    decisions = sum(play_game(rules, seed, [bots] * players).decisions for seed in range(games))
    seconds = time.process_time() - start
    return {"games_per_second": games / seconds, "decisions_per_second": decisions / seconds}


def mcts_time(
    spec: str, players: int, games: int, rules_name: str = "west-of-africa", first: int = 0
) -> dict[str, float]:
    """Seconds per decision of ``spec`` playing one seat against heuristic bots (seats rotated,
    game ``first`` onwards), every decision of its seat counted (those it settles without a
    search too), and its wins (a win shared by k counts 1/k)."""
    rules = load_rules(rules_name, players)
    spent, decisions, slowest, wins, searched = 0.0, 0, 0.0, 0.0, 0
    for index in range(first, first + games):
        seat = index % players
        specs = ["heuristic"] * players
        specs[seat] = spec
        game = new_game(rules, seed=index)
        bots = make_bots(specs, index, pack=rules.pack)
        while not game.over:
            who = game.deciders()[0]
            legal = game.legal_actions(who)
            view = game.observation(who)
            start = time.process_time()
            action = bots[who].choose(view, legal)
            took = time.process_time() - start
            if who == seat:
                spent, decisions, slowest = spent + took, decisions + 1, max(slowest, took)
                searched += took > SEARCHED
            game.apply(action)
        winners = rules.pack.winners(game)
        wins += 1 / len(winners) if seat in winners else 0.0
    return {
        "seconds_per_decision": spent / decisions,
        "decisions_per_second": decisions / spent,
        "slowest_decision_seconds": slowest,
        "decisions": decisions,
        "searched_decisions": searched,
        "wins": wins,
        "games": games,
    }


SEARCHED = 0.005
"""A decision that took longer (CPU seconds) counts as searched (the others the search bot
settles at once: one legal action or one candidate, or a step it leaves to its policy)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--number", type=positive_int, default=2000, help="calls per primitive (default: %(default)s)")
    parser.add_argument("--games", type=positive_int, default=20, help="heuristic games per bot (default: %(default)s)")
    parser.add_argument("--mcts", default="mcts", help="the search bot spec (default: %(default)s)")
    parser.add_argument(
        "--mcts-games", type=positive_int, default=4, help="games for the search bot (default: %(default)s)"
    )
    parser.add_argument(
        "--africa-games", type=nonnegative_int, default=0, help="games of the search bot on Africa (default: none)"
    )
    parser.add_argument(
        "--first-game", type=nonnegative_int, default=0, help="the search bot's first game (seed) in both games"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {
        "players": args.players,
        "microseconds": micro(args.players, args.number),
        "heuristic": {
            bot: games_per_second(bot, args.players, args.games) for bot in ("heuristic-v1", "heuristic", "random")
        },
        "mcts": (
            {"spec": args.mcts, **mcts_time(args.mcts, args.players, args.mcts_games, first=args.first_game)}
            if args.mcts_games
            else {}
        ),
        "africa": (
            {"spec": args.mcts, **mcts_time(args.mcts, args.players, args.africa_games, "africa", args.first_game)}
            if args.africa_games
            else {}
        ),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"search primitives, {args.players} players (microseconds per call)")
    for name, us in report["microseconds"].items():
        print(f"  {name:45s} {us:9.1f}")
    print("self-play, one core")
    for bot, row in report["heuristic"].items():
        print(f"  {bot:14s} {row['games_per_second']:8.1f} games/s {row['decisions_per_second']:10.0f} decisions/s")
    for key, game in (("mcts", "West of Africa"), ("africa", "Africa")):
        m = report[key]
        if not m:
            continue
        print(f"{m['spec']} against heuristic bots, {game} ({m['games']} games, seats rotated)")
        print(
            f"  {m['seconds_per_decision']:.3f} s per decision ({m['decisions_per_second']:.1f} decisions/s, "
            f"{m['searched_decisions']} of {m['decisions']} searched), "
            f"slowest {m['slowest_decision_seconds']:.2f} s, {m['wins']:g} wins"
        )


if __name__ == "__main__":
    run_script(main)
