"""Which evaluation and horizon choose best between the candidates of one decision, judged by
how the same sampled games end: the test a search's evaluation must pass (Africa).

``mcts`` compares a decision's candidates in the same sampled worlds, rolls each out for a
horizon and scores the position reached with the pack's evaluation. What decides its choice is
not how well that evaluation predicts the winner (``eval_calibration.py``) but how well it ranks
the few positions one decision leads to. This script samples decisions from games of the
heuristic bot (as ``search_regret.py`` does), and at each plays every candidate of
``mcts:trust=1,candidates=16`` in the same ``--worlds`` sampled worlds (as ``mcts`` does: the
same deal, the same rollout seeds) on to the end of the game with the heuristic for every seat,
noting the position's features (``SEAT``) at each cut-off on the way:

- cut-offs: ``turn`` (the rest of the turn under way), ``replies`` (and the other seats' turns),
  ``round`` (and its own next turn: ``mcts``'s ``horizon=1``), ``2rounds``; ``end`` is the
  outcome itself (its share of the win, A28);
- evaluations (``EVALS``): ``softmax`` (the pack's, ``EVAL_SCALE``) and the same at other
  temperatures, ``lead`` (a logistic of the equity lead over the best other seat), ``equity``
  (its equity less the others' mean, unscaled), and ``softmax`` with VP added for the tiles each
  explorer could reveal next turn (``reach``) or taken off for the turns until a seat's next
  (``until``).

Each rule (an evaluation at a cut-off) chooses as ``mcts:trust=1`` does, from half the worlds:
the heuristic's first candidate unless another's mean beat it by more than one standard error
of the paired differences. Its *gain* at a decision is what that choice won over the first
candidate in the other half of the worlds, in share of the win (cross-fitted: each half chooses
and the other scores, so a choice is never scored on the worlds that made it); the mean over the
decisions is given with its 95% interval, and so is its difference from ``round/softmax``'s
(paired: the same decisions and worlds). The gain is what matters but is noisy. ``corr`` asks
the same of every candidate rather than only the chosen, and resolves far smaller differences:
the correlation, over every decision's candidates, between what the rule expects a candidate to
win over the first (its mean paired difference in one half of the worlds) and what it won (the
outcome's mean, in the other half), with a bootstrap interval over decisions for its difference
from ``round/softmax``'s. The outcome's own noise lowers every rule's ``corr`` alike. ``--save``
keeps the features, so ``--load`` compares other evaluations of the same rollouts in seconds.

Africa 4p, 240 decisions, 60 worlds each (``python benchmarks/eval_ranking.py --positions 240
--worlds 60 --workers 2``: the checkout, pure Python, 14 minutes on 2 cores; ``python -P`` runs
the installed build instead, compiled, 2.7 times as fast), ``corr`` and its difference from
``round/softmax``, the evaluation ``mcts`` played by until ``search.REACH``:

- as good: the same at half the temperature, and two rounds (0.614, 0.614, for 1.8 times the
  CPU);
- worse: rollouts stopped sooner (``replies`` 0.518, -0.096 [-0.156, -0.037]; ``turn`` 0.513:
  its own next turn tells much about a choice), the outcome of the rollout played to the end
  (``end`` 0.515: one game's winner is too noisy a score), ``lead`` 0.587 (-0.027
  [-0.061, +0.007]), twice the temperature 0.552, ``equity`` 0.479, ``until`` at 1 VP a turn
  0.601 (-0.013 [-0.030, +0.003]);
- ``reach`` at 1 VP a tile: 0.611 (-0.004 [-0.015, +0.004]), but a gain 0.0020 ± 0.0019 above
  ``round/softmax``'s 0.0087; at 2 VP, 0.590 (-0.024 [-0.053, -0.004]). On 240 other decisions
  (``--seed 200 --evals softmax,softmax+reach1``, 15 minutes): 0.597 against 0.577 (+0.020
  [+0.003, +0.038]), a gain 0.0007 ± 0.0008 above 0.0066. Over the 480: a gain 0.0013 ± 0.0010
  above 0.0077 (a sixth more), ``corr`` +0.006 [-0.004, +0.017]. The pack's evaluation adds it
  (``search.REACH``); what a sixth more gain at the decision is worth in games is not known.

What more trials would be worth (``--load`` of those rollouts ``--budgets 10,15,20,25``: every
rule choosing from N of its half's 30 worlds, and the ``corr`` it would reach with worlds without
end, ``limit``), seed 100 / seed 200:

- ``round/softmax+reach1`` (the pack's): 0.580, 0.603, 0.607, 0.608, 0.611 at 10 to 30 worlds,
  limit 0.631 / 0.629. At ``mcts``'s 40 trials a candidate its noise costs about 0.02: more
  trials are worth little, as ``trials=56`` found in games.
- ``2rounds/softmax+reach1``: limit 0.673 / 0.655, for 1.8 times the CPU a trial; ``replies``
  0.570 / 0.581, ``turn`` 0.546 / 0.569.
- ``end``, the outcome: 0.369 at 10 worlds to 0.515 at 30, limit 0.734 / 0.905. The outcome
  itself ranks far better than any cut-off's evaluation, but needs some 60 to 70 worlds of whole
  games a candidate to pass the pack's evaluation.
- The evaluation's weights fitted to ``corr`` on one seed's decisions (goods, gold, gems, camps,
  reach, until, temperature; a throwaway numpy search, not kept) gained 0.035 and 0.042 there,
  and -0.047 and 0.000 on the other seed's: no reweighting of these figures ranks better.

So what a stronger search at 0.25 s needs is an evaluation that knows more than these figures, or
rollouts a few times cheaper (two rounds at the trials one round gets now).

Or a budget spent where it pays. ``--phases P,...`` reports the decisions of each part of the game
apart, by how much of it is behind them (the pack's search ``progress``, saved with the rollouts;
4p: about 0.50 at 45 reveals left, 0.72 at 25), and ``--after P`` plays out only the later ones.
Split by the reveals left after the turn (the same decisions, seeds 100 / 200; a throwaway
analysis of those saves, which predate the saved progress):

- 45 or more reveals left, about half the decisions: ``round/softmax+reach1`` has a ``corr`` of
  0.486 / 0.496 at 10 worlds, 0.491 / 0.516 at 30, limit 0.492 / 0.528, and a gain of
  -0.0012 ± 0.0096 / +0.0049 ± 0.0079: early in the game the search gains next to nothing, and
  a quarter of the trials rank as well as all of them.
- Fewer than 20 left: the gain is 0.0246 to 0.0375 (seed 100), and two rounds' limit is 0.826 /
  0.771 against one round's 0.778 / 0.768.

Then the later decisions alone with more worlds (``--seed 300 --positions 300 --worlds 120
--after 0.5 --budgets 10,20,30,40,50 --phases 0.72,0.86``, about 6 minutes compiled; run as a
throwaway before ``--after`` existed, on the 156 decisions with fewer than 45 reveals left),
``corr`` at 40 worlds of 60, one round against two:

- fewer than 12 reveals left (57 decisions): 0.833 against 0.891 (the outcome ``end`` 0.894);
- 12 to 25 (43): 0.551 against 0.698 (``end`` 0.704), and two rounds still rising at 60 worlds
  (0.733, limit 0.833);
- 25 to 45 (56): 0.529 against 0.514: no gain from the longer look.

Hence ``mcts:early=0.5,early_trials=10`` and ``late=0.72,late_trials=60`` (two rounds), in
``benchmarks/results/africa-mcts/README.md``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

if __package__ is None and not sys.flags.safe_path:  # ``python benchmarks/...``: the checkout, pure
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other scripts here (not woa_core)

from search_regret import add_decision_options, decisions

from woa_core.bots import make_bots
from woa_core.bots.mcts import MctsBot
from woa_core.errors import run_script
from woa_core.kernel.search import win_share
from woa_core.options import positive_int, worker_count
from woa_core.packs.africa.bots import search
from woa_core.packs.africa.bots.estimate import (
    Outlook,
    gold_and_gems,
    goods_value,
    majority_outlook,
    reach,
    win_chance,
)
from woa_core.rules import load_rules

CUTS = ("turn", "replies", "round", "2rounds")
SPEC = "mcts:trust=1,candidates=16"


Features = list[float]
"""What an evaluation may read at a cut-off: ``[share]`` once the game is over (its share of the
win), else ``[reveals_left, camp, *seat_0, *seat_1, ...]``, each seat's ``SEAT`` figures."""
SEAT = ("vp", "goods", "gold", "gems", "camps", "reach", "until")
"""A seat's figures: VP, goods at the table, expected gold and gem prizes, unbuilt camps, the
face-down tiles its explorer could reveal next turn (``estimate.reach``), turns until its next turn."""
Evaluation = Callable[[Features, int], float]
"""(a cut-off's features, the seat) -> its prospects in [0, 1] (or a lead, for ``equity``)."""


class StaleFeatures(Exception):
    """The features no longer restate the pack's evaluation: ``SEAT`` or an evaluation needs updating.

    An exception, not ``SystemExit``: raised in a pool worker, ``SystemExit`` ends the worker and
    leaves ``pool.map`` waiting for ever; an exception travels back to ``main``, which says it."""


def features(game: Any, seat: int) -> Features:
    """The features of ``game``, not over (see ``Features``). The evaluations restate the pack's
    equity from them, so the pack's own evaluation for ``seat`` is checked against theirs."""
    s, r = game.state, game.rules
    outlook = Outlook.of(r, s)
    gold, gem = gold_and_gems(r, s.display)
    g = majority_outlook(r, gold, outlook.gold_left)
    m = majority_outlook(r, gem, outlook.gem_left)
    out = [outlook.reveals_left, outlook.camp]
    for q in range(s.players):
        until = (s.order.index(q) - s.turn) % s.players
        out += [s.vp[q], goods_value(r, s.display[q]), g[q], m[q], s.camps[q], reach(r, s, q), until]
    out = [round(x, 4) for x in out]
    ours, pack = _softmax(search.EVAL_SCALE, reach=search.REACH)(out, seat), search.evaluate(game, seat)
    if abs(ours - pack) > 1e-3:
        raise StaleFeatures(f"the features give {ours:.4f} where the pack's evaluation gives {pack:.4f}: update SEAT")
    return out


def _equities(f: Features, weights: dict[str, float] | None = None) -> list[float]:
    """Every seat's equity (``estimate.equities``), plus ``weights`` VP per unit of other figures."""
    camp, n = f[1], len(SEAT)
    out = []
    for q in range((len(f) - 2) // n):
        vp, goods, gold, gems, camps, reach, until = f[2 + q * n : 2 + (q + 1) * n]
        e = vp + goods + gold + gems + camps * camp
        if weights:
            e += weights.get("reach", 0.0) * reach + weights.get("until", 0.0) * until
        out.append(e)
    return out


def _softmax(scale: float, **weights: float) -> Evaluation:
    """The pack's evaluation at temperature ``scale`` (``search.evaluate``), over equities with
    ``weights`` added."""

    def value(f: Features, me: int) -> float:
        equity = _equities(f, weights)
        spread = scale * math.sqrt(f[0] + 1.0)
        top = max(equity)
        w = [math.exp((e - top) / spread) for e in equity]
        return w[me] / sum(w)

    return value


def _lead(f: Features, me: int) -> float:
    equity = _equities(f)
    return win_chance(equity[me] - max(e for q, e in enumerate(equity) if q != me))


def _equity(f: Features, me: int) -> float:
    equity = _equities(f)
    return equity[me] - sum(e for q, e in enumerate(equity) if q != me) / (len(equity) - 1)


EVALS: dict[str, Evaluation] = {
    "softmax": _softmax(search.EVAL_SCALE),
    "softmax/2": _softmax(search.EVAL_SCALE / 2),
    "softmax*2": _softmax(search.EVAL_SCALE * 2),
    "lead": _lead,
    "equity": _equity,
    "softmax+reach1": _softmax(search.EVAL_SCALE, reach=1.0),
    "softmax+reach2": _softmax(search.EVAL_SCALE, reach=2.0),
    "softmax-until1": _softmax(search.EVAL_SCALE, until=-1.0),
}
BASE = "round/softmax"
"""The rule ``mcts`` played by until ``search.REACH`` (``horizon=1``, the pack's evaluation without
it): every other is compared with it."""


def evaluations(f: Features, me: int, names: list[str]) -> list[float]:
    """The evaluations ``names`` of a cut-off for ``me`` (its share of the win once over)."""
    if len(f) == 1:
        return [f[0] if name != "equity" else 100.0 * (f[0] - 0.5) for name in names]
    return [EVALS[name](f, me) for name in names]


_JOBS: list[tuple[int, int, int, Any, list[Any], int]] = []
"""The decisions, set before the worker processes fork (a view does not pickle)."""


Rollouts = list[list[tuple[list[Features], float]]]
"""A decision's rollouts: [candidate][world] -> (the features at each cut-off, the outcome)."""


def rollouts(k: int) -> tuple[int, Rollouts]:
    """Every candidate of decision ``k`` in ``worlds`` sampled worlds, each played to the end:
    the searching seat and its ``Rollouts``."""
    players, worlds, seed, view, legal, seat = _JOBS[k]
    pack = view.rules.pack
    probe = MctsBot(seed, seat=seat, players=players, candidates=16, trust=1)
    candidates = probe.candidate_actions(view, legal)
    bots = make_bots(["heuristic"] * players, seed, players=players, pack=pack)
    world_seeds = [random.Random(seed * 7919 + w).getrandbits(32) for w in range(worlds)]
    start = view.seen.turns
    stops = (start + 1, start + players, start + 1 + players, start + 1 + 2 * players)
    out: Rollouts = []
    for action in candidates:
        row = []
        for world_seed in world_seeds:
            world = random.Random(world_seed)
            game = pack.game.determinize(view, world)
            for bot in bots:
                bot.reseed(world.getrandbits(32))
            game.apply_legal(action)
            cut_values: list[Features] = []
            while True:
                while len(cut_values) < len(stops) and (game.over or game.state.turns >= stops[len(cut_values)]):
                    cut_values.append([win_share(game, seat)] if game.over else features(game, seat))
                if game.over:
                    break
                q = game.deciders()[0]
                moves = game.legal_actions(q)
                game.apply_legal(moves[0] if len(moves) == 1 else bots[q].choose(game.observation(q), moves))
            row.append((cut_values, win_share(game, seat)))
        out.append(row)
    return seat, out


def choose(values: list[list[float]], worlds: list[int], trust: float = 1.0) -> int:
    """``mcts:trust``'s choice from ``values`` [candidate][world] over ``worlds``."""
    means = [statistics.fmean(v[w] for w in worlds) for v in values]
    best = max(range(len(values)), key=lambda i: means[i])
    if best == 0:
        return 0
    gains = [values[best][w] - values[0][w] for w in worlds]
    spread = statistics.stdev(gains) / math.sqrt(len(gains)) if len(set(gains)) > 1 else 0.0
    return best if statistics.fmean(gains) > trust * spread else 0


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def analyse(
    found: list[tuple[int, Rollouts]],
    cuts: list[str],
    evals: list[str],
    budgets: Sequence[int] = (),
    resamples: int = 200,
) -> dict[str, dict[str, float]]:
    """Each rule's gain and ``corr`` (see the module docstring), and their differences from
    ``BASE``'s: the gain's paired over decisions (Student), ``corr``'s a percentile bootstrap over
    decisions (``resamples``, seeded). For each of ``budgets`` (at most half the worlds), every
    rule again as ``RULE@N``, choosing from the first N worlds of its half only: what more trials a
    candidate would be worth; and each rule's ``corr_limit``, its ``corr`` with trials without end
    (``limit``)."""
    worlds = len(found[0][1][0])
    half = worlds // 2
    halves = (list(range(half)), list(range(half, 2 * half)))
    budgets = [n for n in budgets if 2 <= n <= half]
    keys = [f"{cut}/{name}" for cut in cuts for name in evals] + ["end"]
    budgeted = keys[:]
    keys += [f"{key}@{n}" for n in budgets for key in budgeted]
    gains: dict[str, list[float]] = {key: [] for key in keys}
    pairs: dict[str, list[tuple[list[float], list[float]]]] = {key: [] for key in keys}  # per decision
    for seat, decision in found:
        outcome = [[world[1] for world in row] for row in decision]
        scorers = {"end": outcome}
        values = [[[evaluations(f, seat, evals) for f in world[0]] for world in row] for row in decision]
        for c, cut in enumerate(cuts):
            for e, name in enumerate(evals):
                scorers[f"{cut}/{name}"] = [[world[c][e] for world in row] for row in values]
        rules = [(key, values, half) for key, values in scorers.items()]
        rules += [(f"{key}@{n}", scorers[key], n) for n in budgets for key in scorers if key in budgeted]
        for key, values, budget in rules:
            g = 0.0
            xs: list[float] = []
            ys: list[float] = []
            for pick, score in ((halves[0][:budget], halves[1]), (halves[1][:budget], halves[0])):
                i = choose(values, pick)
                g += statistics.fmean(outcome[i][w] - outcome[0][w] for w in score) / 2
                for j in range(1, len(values)):
                    xs.append(statistics.fmean(values[j][w] - values[0][w] for w in pick))
                    ys.append(statistics.fmean(outcome[j][w] - outcome[0][w] for w in score))
            gains[key].append(g)
            pairs[key].append((xs, ys))
    rng = random.Random(0)
    draws = [[rng.randrange(len(found)) for _ in found] for _ in range(resamples)]

    def corr(key: str, sample: list[int]) -> float:
        xs = [x for d in sample for x in pairs[key][d][0]]
        ys = [y for d in sample for y in pairs[key][d][1]]
        return statistics.correlation(xs, ys) if len(set(xs)) > 1 and len(set(ys)) > 1 else float("nan")

    everything = list(range(len(found)))
    base_draws = [corr(BASE, sample) for sample in draws]
    report = {}
    for key in keys:
        mean, width = interval(gains[key])
        diff, diff_width = interval([a - b for a, b in zip(gains[key], gains[BASE], strict=True)])
        spread = sorted(corr(key, sample) - b for sample, b in zip(draws, base_draws, strict=True))
        report[key] = {
            "gain": mean,
            "gain_95": width,
            "gain_vs": diff,
            "gain_vs_95": diff_width,
            "corr": corr(key, everything),
            "corr_vs": corr(key, everything) - corr(BASE, everything),
            "corr_vs_lo": spread[int(0.025 * resamples)],
            "corr_vs_hi": spread[int(0.975 * resamples) - 1],
        }
    if budgets and set(budgets) != {half}:
        for key in budgeted:
            report[key]["corr_limit"] = limit(
                {n: report[f"{key}@{n}"]["corr"] for n in budgets} | {half: report[key]["corr"]}
            )
    return report


def limit(corr_by_worlds: dict[int, float]) -> float:
    """The ``corr`` a rule would reach choosing from worlds without end, from its ``corr`` at a
    few numbers N of worlds: noise of variance s/N on top of the differences' own variance v
    lowers ``corr`` by sqrt(v / (v + s/N)), so 1/corr^2 is linear in 1/N (least squares) and its
    value at 1/N = 0 gives the limit. NaN where that does not hold (a ``corr`` of 0 or less, or
    one that falls with more worlds).

    >>> round(limit({10: 0.6 / math.sqrt(1 + 2 / 10), 30: 0.6 / math.sqrt(1 + 2 / 30)}), 6)
    0.6
    """
    if len(corr_by_worlds) < 2 or min(corr_by_worlds.values()) <= 0:
        return float("nan")
    slope, intercept = statistics.linear_regression(
        [1 / n for n in corr_by_worlds], [1 / c**2 for c in corr_by_worlds.values()]
    )
    return 1 / math.sqrt(intercept) if intercept > 0 and slope >= 0 else float("nan")


def fractions(text: str) -> list[float]:
    """``--phases``' cut points: increasing, each above 0 and below 1.

    >>> fractions("0.5,0.72")
    [0.5, 0.72]
    >>> fractions("0.7,0.5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: cut points increasing, each above 0 and below 1, not 0.7,0.5
    """
    try:
        cuts = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        cuts = []
    if not cuts or any(not 0 < c < 1 for c in cuts) or cuts != sorted(set(cuts)):
        raise argparse.ArgumentTypeError(f"cut points increasing, each above 0 and below 1, not {text}")
    return cuts


def by_phase(progress: Sequence[float], cuts: Sequence[float]) -> list[tuple[float, float, list[int]]]:
    """The decisions (by index) in each phase of the game ``cuts`` bound: (from, to, indices),
    a decision in the phase where ``from <= progress < to`` (the last phase takes 1 too).

    >>> by_phase([0.1, 0.6, 0.9, 0.55], [0.5, 0.8])
    [(0.0, 0.5, [0]), (0.5, 0.8, [1, 3]), (0.8, 1.0, [2])]
    """
    bounds = [0.0, *cuts, 1.0]
    return [
        (lo, hi, [i for i, x in enumerate(progress) if lo <= x < hi or (hi == 1.0 and x == 1.0)])
        for lo, hi in itertools.pairwise(bounds)
    ]


def show(report: dict[str, dict[str, float]], worlds: int) -> None:
    """``analyse``'s report as a table: each rule's gain and ``corr``, then, with budgets, its
    ``corr`` from fewer worlds and without end."""
    print(f"{'rule':28} {'gain (win share)':>18} {'vs ' + BASE:>20} {'corr':>7} {'vs ' + BASE:>20}")
    for key, r in sorted(report.items(), key=lambda kv: -kv[1]["corr"]):
        if "@" not in key:
            print(
                f"{key:28} {r['gain']:+.4f} ± {r['gain_95']:.4f}   {r['gain_vs']:+.4f} ± {r['gain_vs_95']:.4f}"
                f"   {r['corr']:.3f}   {r['corr_vs']:+.3f} [{r['corr_vs_lo']:+.3f}, {r['corr_vs_hi']:+.3f}]"
            )
    if shown := sorted({int(key.split("@")[1]) for key in report if "@" in key}):
        half = worlds // 2
        print(f"\ncorr choosing from N worlds of {half} ({', '.join(map(str, shown))}, all) and without end")
        for key, r in sorted(report.items(), key=lambda kv: -kv[1].get("corr_limit", -1.0)):
            if "@" not in key:
                row = " ".join(f"{report[f'{key}@{n}']['corr']:.3f}" for n in shown)
                print(f"{key:28} {row} {r['corr']:.3f}   {r.get('corr_limit', math.nan):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_decision_options(parser, positions=100)
    parser.add_argument("--worlds", type=positive_int, default=80, help="sampled worlds per decision (even)")
    parser.add_argument("--workers", type=worker_count, default=1, help="processes (default: %(default)s)")
    parser.add_argument("--save", type=Path, help="write every rollout's values here (JSON), to analyse again")
    parser.add_argument(
        "--evals", help=f"the evaluations compared, comma-separated (default: all of {', '.join(EVALS)})"
    )
    parser.add_argument("--load", type=Path, help="analyse the rollouts a --save wrote instead of playing them")
    parser.add_argument(
        "--budgets",
        default="",
        help="N,N,...: every rule again choosing from only N worlds (2 to half --worlds), and its corr's limit",
    )
    parser.add_argument(
        "--phases",
        type=fractions,
        default=[],
        help="P,P,...: a report for each phase of the game these bound, by the share of it behind a decision "
        "(the pack's search progress, as mcts:early and late read it)",
    )
    parser.add_argument(
        "--after",
        type=float,
        default=0.0,
        help="play out only the sampled decisions with at least this share of the game behind them",
    )
    args = parser.parse_args()
    if args.positions < 2 or args.worlds < 4 or args.worlds % 2:
        parser.error("--positions must be 2 or more, --worlds even and 4 or more")
    if not 0 <= args.after < 1:
        parser.error(f"--after must be at least 0 and below 1, not {args.after}")
    evals = args.evals.split(",") if args.evals else list(EVALS)
    if unknown := [name for name in evals if name not in EVALS]:
        parser.error(f"--evals: no evaluation {', '.join(unknown)} (there are {', '.join(EVALS)})")
    try:
        budgets = [positive_int(n) for n in args.budgets.split(",") if n.strip()]
    except argparse.ArgumentTypeError as e:
        parser.error(f"--budgets: {e}")
    base = BASE.split("/")[1]  # every rule is set against it
    evals = [base, *(name for name in evals if name != base)]

    rules = load_rules(args.rules, args.players)
    started = time.time()
    sampled = [] if args.load else decisions(rules, SPEC, args.positions, 0.04, args.seed)
    _JOBS[:] = [
        (args.players, args.worlds, args.seed * 1000 + k, view, list(legal), seat)
        for k, (view, legal, seat) in enumerate(sampled)
        if search.progress(view) >= args.after
    ]
    if args.load:
        try:
            saved = json.loads(args.load.read_text(encoding="utf-8"))
            cuts, found = saved["cuts"], saved["decisions"]
            progress = saved.get("progress")
            args.worlds = len(found[0][1][0])
        except (OSError, ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError) as e:
            raise SystemExit(f"{args.load}: not the rollouts of --save ({type(e).__name__}: {e})") from None
        if args.phases and (not isinstance(progress, list) or len(progress) != len(found)):
            raise SystemExit(f"{args.load}: not the rollouts of --save with each decision's progress (--phases)")
    else:
        if len(_JOBS) < 2:
            raise SystemExit(
                f"{len(_JOBS)} of {len(sampled)} sampled decisions have {args.after} of the game behind them"
            )
        try:
            with get_context("fork").Pool(args.workers) as pool:
                found = pool.map(rollouts, range(len(_JOBS)), chunksize=1)
        except StaleFeatures as e:
            raise SystemExit(str(e)) from None
        cuts = list(CUTS)
        progress = [round(search.progress(job[3]), 4) for job in _JOBS]
        if args.save:
            args.save.write_text(json.dumps({"cuts": cuts, "decisions": found, "progress": progress}))
    try:
        phases = by_phase(progress, args.phases) if args.phases else [(0.0, 1.0, list(range(len(found))))]
        reports = [
            (
                lo,
                hi,
                len(chosen),
                analyse([found[i] for i in chosen], cuts, evals, budgets) if len(chosen) > 1 else None,
            )
            for lo, hi, chosen in phases
        ]
    except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError) as e:
        if not args.load:
            raise
        raise SystemExit(f"{args.load}: not the rollouts of --save ({type(e).__name__}: {e})") from None
    if args.json:
        out = [{"from": lo, "to": hi, "positions": n, "rules": report} for lo, hi, n, report in reports]
        print(
            json.dumps(
                {
                    "positions": len(found),
                    "worlds": args.worlds,
                    **({"phases": out} if args.phases else {"rules": out[0]["rules"]}),
                },
                indent=2,
            )
        )
        return
    print(f"{len(found)} decisions, {args.worlds} worlds each, {time.time() - started:.0f} s wall")
    for lo, hi, n, report in reports:
        if args.phases:
            print(f"\n{n} decisions with {lo:g} to {hi:g} of the game behind them")
        if report is None:
            print("too few to compare")
        else:
            show(report, args.worlds)


if __name__ == "__main__":
    run_script(main)
