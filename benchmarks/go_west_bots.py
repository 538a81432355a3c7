"""Go West!'s bots against each other, and how their play compares with go-west-rulings §2.3. A
script, not a test: run it and read the lines.

    python benchmarks/go_west_bots.py                 # the matches, 200 games each
    python benchmarks/go_west_bots.py --games 20      # a quick look
    python benchmarks/go_west_bots.py --table random --games 1000   # §2.3's columns, 2-4 players

The matches are played at 4 players with the seats rotated (game ``i`` puts the bot under test
one seat further each game, as ``woa simulate --rotate-seats``; the seeds are ``woa simulate``'s):
``heuristic`` against 3 ``random``, and ``mcts`` (``--mcts``, its parameters included) against 3
``heuristic``. Each prints the tested bot's win share (a shared win counts 1/k, G21) with its 95%
Wilson interval (an even share is 25%), and for ``mcts`` the CPU time per decision it made (all
its decisions, and those with more than one legal action). All in this process, one game after
another: the CPU time is that of one core.

``--table BOT`` plays ``--games`` games of BOT in every seat at 2, 3 and 4 players
(``--workers`` processes) and prints the columns of §2.3's table: turns (mean, median, p10-p90,
max), turns per seat, the ends by name (wagons / vp50 / capped), scorings per game, how many
times each scoring card was used, the winner's VP and the wagons that reached California. The
``uniform`` rows of §2.3 are what ``random`` should come close to (the random bot weighs its
wagon steps so that each distinct result is as likely: ``woa_core.packs.go_west.bots.weights``),
the ``greedy`` rows what ``heuristic`` follows.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import seat_bots, seated
from woa_core.errors import run_script
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.kernel.pack import load_pack
from woa_core.options import positive_int
from woa_core.rules import load_rules
from woa_core.sim.runner import RunSpec, game_seed, run_games
from woa_core.sim.stats import wilson

RULES = "go-west"
PLAYERS = 4
MCTS = "mcts:iterations=48,horizon=2"
"""The search bot of the second match by default: about 0.11 s of CPU a decision in pure Python
(12 games, 4 players); Go West!'s hot path is in ``woa_core.build.COMPILED``, so a compiled build
runs its rollouts faster. To measure the compiled build, run a copy of this script from outside
the source tree (it puts the tree it sits in first on ``sys.path``)."""


def match(bot: str, others: str, games: int, seed: int) -> dict:
    """``bot`` against ``PLAYERS - 1`` of ``others``, seats rotated: its win share with its
    interval, and its CPU time per decision."""
    pack = load_pack("go_west")
    rules = load_rules(RULES, PLAYERS)
    specs = seat_bots(",".join([bot] + [others] * (PLAYERS - 1)), PLAYERS, pack)
    share = 0.0
    cpu, decisions, chosen = 0.0, 0, 0
    for index in range(games):
        shift = index % PLAYERS
        seats = specs[shift:] + specs[:shift]
        mine = (PLAYERS - shift) % PLAYERS  # the seat the tested bot holds in this game
        seed_i = game_seed(seed, index)
        game = new_game(rules, seed_i)
        players = seated.bots(seats, seed_i, pack)

        def choose(game, seat, legal, players=players, mine=mine):  # type: ignore[no-untyped-def]
            nonlocal cpu, decisions, chosen
            if seat != mine:
                return players(game, seat, legal)
            started = time.process_time()
            action = players(game, seat, legal)
            cpu += time.process_time() - started
            decisions += 1
            chosen += len(legal) > 1
            return action

        loop.run(game, choose)
        won = pack.winners(game)
        share += 1.0 / len(won) if mine in won else 0.0
    low, high = wilson(share, games)
    return {
        "bot": bot,
        "against": others,
        "games": games,
        "win_share": share / games,
        "ci": (low, high),
        "cpu_per_decision": cpu / max(decisions, 1),
        "cpu_per_choice": cpu / max(chosen, 1),
        "decisions_per_game": decisions / games,
    }


def table(bot: str, players: int, games: int, workers: int, seed: int) -> dict:
    """§2.3's columns for ``bot`` in every seat at ``players`` players."""
    spec = RunSpec(RULES, players, (bot,) * players, seed)
    turns, ends, scorings, cards, top, out = [], Counter[str](), [], Counter[int](), [], []
    for record in run_games(spec, games, workers):
        f = record.figures
        turns.append(f["turns"])
        ends[f["ends_by"]] += 1
        scorings.append(f["scorings"])
        for used in f["scoring_cards_used"]:
            cards.update(range(1, used + 1))
        top.append(max(f["vp"]))
        out.append(f["wagons_out"])
    deciles = statistics.quantiles(turns, n=10)
    return {
        "bot": bot,
        "players": players,
        "games": games,
        "turns": (statistics.mean(turns), statistics.median(turns), deciles[0], deciles[-1], max(turns)),
        "turns_per_seat": statistics.mean(turns) / players,
        "ends": (ends["wagons"], ends["vp50"], ends["capped"]),
        "scorings": statistics.mean(scorings),
        "cards": tuple(cards[k] for k in range(1, 7)),
        "winner_vp": statistics.mean(top),
        "wagons_out": statistics.mean(out),
    }


def table_line(r: dict) -> str:
    """One row as §2.3 prints it."""
    mean, median, p10, p90, most = r["turns"]
    return (
        f"| {r['bot']} | {r['players']} | {mean:.1f} ({median:g}, {p10:g}-{p90:g}, {most}) | "
        f"{r['turns_per_seat']:.1f} | {' / '.join(map(str, r['ends']))} | {r['scorings']:.1f} | "
        f"{' '.join(map(str, r['cards']))} | {r['winner_vp']:.1f} | {r['wagons_out']:.1f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=200, help="games per match or per row (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default: 0)")
    parser.add_argument("--mcts", default=MCTS, help=f"the search bot of the second match (default: {MCTS})")
    parser.add_argument("--table", metavar="BOT", help="print §2.3's columns for BOT at 2-4 players instead")
    parser.add_argument("--workers", type=positive_int, default=1, help="processes for --table (default: 1)")
    args = parser.parse_args()
    if args.table:
        seat_bots(args.table, PLAYERS, load_pack("go_west"))  # a bad bot: a sentence now, not in a worker
        print(
            "| policy | players | turns: mean (median, p10-p90, max) | turns per seat | ends: wagons / 50 VP / cap "
            "| scorings per game | scoring cards 1-6 used (total) | winner's VP | wagons to California |"
        )
        for players in (2, 3, 4):
            print(table_line(table(args.table, players, args.games, args.workers, args.seed)), flush=True)
        return 0
    seat_bots(args.mcts, PLAYERS, load_pack("go_west"))  # a bad bot: a sentence before any game
    for bot, others in (("heuristic", "random"), (args.mcts, "heuristic")):
        r = match(bot, others, args.games, args.seed)
        low, high = r["ci"]
        line = (
            f"{bot} vs 3 {others}: win share {100 * r['win_share']:.1f}% [{100 * low:.1f}-{100 * high:.1f}] "
            f"over {r['games']} games (an even share: 25%)"
        )
        if bot == args.mcts:
            line += (
                f"; CPU {r['cpu_per_decision']:.3f} s a decision ({r['decisions_per_game']:.0f} a game), "
                f"{r['cpu_per_choice']:.3f} s a decision with a choice"
            )
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    run_script(main)
