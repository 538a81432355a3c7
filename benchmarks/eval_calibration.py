"""How well a pack's search evaluation predicts who wins: log-loss and calibration by game phase.

``mcts`` scores the position where a rollout stops with the pack's evaluation
(``SearchHooks.evaluate``: a seat's prospects in [0, 1]). The better those prospects predict the
seat's share of the win, the better the search chooses. This script plays games of the pack's
policy bot (the scripted bot the search rolls out with), keeps positions sampled along the way,
and scores the evaluation of every seat there against the seat's final win share (A28: 1/k for
each of k winners):

- log-loss, overall and by phase (thirds of the game by decisions), against the even chance
  (1/players for every seat) as the baseline;
- a calibration table: seats binned by predicted prospects, the mean prediction against the
  share of wins observed;
- ``--vary NAME=V1,V2,...``: the same positions scored with a constant of the module that defines
  the evaluation set to each value (the constant must be read at call time, not ``Final``), to
  fit it; ``NAME`` may name a number field of a frozen dataclass constant (``WEIGHTS.gold``);
- ``--fit NAME,NAME,...``: those constants fitted together to the positions (a pattern search
  on the log-loss, one constant at a time, the step halved until it is below 1% of the value),
  then scored as bundled and as fitted on the positions of ``--test-games`` further games, which
  the fit never saw.

Only the pack's public hooks and the game contract are used. A script, not a test.

    python benchmarks/eval_calibration.py --rules africa --games 400
    python benchmarks/eval_calibration.py --rules africa --games 400 --vary EVAL_SCALE=0.8,1.2,1.6
    python benchmarks/eval_calibration.py --rules africa --games 1200 --test-games 400 --fit EVAL_SCALE

Africa, 4 players, heuristic self-play, 2026-11-26: see ``EVAL_SCALE`` in
``woa_core/packs/africa/bots/search.py`` for the figures this gave.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.bots import make_bots
from woa_core.errors import run_script
from woa_core.kernel.contract import new_game
from woa_core.kernel.search import win_share
from woa_core.options import nonnegative_int, positive_int
from woa_core.rules import load_rules

BINS = 10
"""Calibration bins over predicted prospects [0, 1]."""


def positions(rules: Any, games: int, share: float, seed: int) -> list[tuple[Any, float, list[float]]]:
    """Positions from ``games`` games of the pack's policy bot: at each change of the deciding
    seat, kept with probability ``share``, as (game copy, progress in [0, 1), final win shares)."""
    pack = rules.pack
    policy = pack.search.policy if pack.search is not None else "random"
    rng = random.Random(seed)
    out: list[tuple[Any, float, list[float]]] = []
    for g in range(games):
        game = new_game(rules, seed=seed + g)
        bots = make_bots([policy] * rules.players, seed + g, pack=pack)
        kept: list[tuple[Any, int]] = []
        last, n = -1, 0
        while not game.over:
            seat = game.deciders()[0]
            if seat != last and rng.random() < share:
                kept.append((pack.game(rules, seed=0, state=game.state.copy()), n))
            last = seat
            legal = game.legal_actions(seat)
            view = game.observation(seat) if getattr(bots[seat], "uses_view", True) else None
            game.apply_legal(legal[0] if len(legal) == 1 else bots[seat].choose(view, legal))
            n += 1
        wins = [win_share(game, p) for p in range(rules.players)]
        out.extend((copy, i / n, wins) for copy, i in kept)
    return out


def seat_loss(p: float, w: float) -> float:
    """The log-loss of predicting ``p`` for a seat whose win share was ``w``."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(w * math.log(p) + (1 - w) * math.log(1 - p))


def mean_loss(found: list[tuple[Any, float, list[float]]], evaluate: Any, players: int) -> float:
    """The mean log-loss of ``evaluate`` over every seat of ``found``, unrounded (what ``fit``
    minimises)."""
    total = sum(seat_loss(evaluate(game, p), wins[p]) for game, _, wins in found for p in range(players))
    return total / (len(found) * players)


def score(found: list[tuple[Any, float, list[float]]], evaluate: Any, players: int) -> dict[str, Any]:
    """Log-loss of ``evaluate`` (overall, by thirds of the game, and of the even chance) and the
    calibration table."""
    total, even, count = 0.0, 0.0, 0
    thirds = [[0.0, 0] for _ in range(3)]
    bins = [[0.0, 0.0, 0] for _ in range(BINS)]
    for game, progress, wins in found:
        for p in range(players):
            predicted = evaluate(game, p)
            x = seat_loss(predicted, wins[p])
            total += x
            even += seat_loss(1 / players, wins[p])
            count += 1
            third = thirds[min(2, int(progress * 3))]
            third[0] += x
            third[1] += 1
            b = bins[min(BINS - 1, int(predicted * BINS))]
            b[0] += predicted
            b[1] += wins[p]
            b[2] += 1
    return {
        "log_loss": round(total / count, 4),
        "even_chance_log_loss": round(even / count, 4),
        "by_third": [round(t[0] / t[1], 4) if t[1] else None for t in thirds],
        "calibration": [
            {"predicted": round(b[0] / b[2], 3), "observed": round(b[1] / b[2], 3), "seats": b[2]} for b in bins if b[2]
        ],
    }


def constant(module: Any, name: str) -> Any:
    """The value of ``name`` in ``module``: a module constant, or ``CONSTANT.field`` of a frozen
    dataclass constant; None when there is no such number."""
    head, _, field = name.partition(".")
    value = getattr(module, head, None)
    if field:
        value = getattr(value, field, None) if dataclasses.is_dataclass(value) else None
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def set_constant(module: Any, name: str, value: float) -> None:
    """Set ``name`` (as ``constant`` reads it) in ``module``; a dataclass constant is replaced by a
    copy with the field changed."""
    head, _, field = name.partition(".")
    if field:
        value = dataclasses.replace(getattr(module, head), **{field: value})
    setattr(module, head, value)


def fit(found: list[tuple[Any, float, list[float]]], hooks: Any, players: int, module: Any, names: list[str]) -> float:
    """Fit ``names`` together by a pattern search on the log-loss of ``found``: each constant in
    turn tried a step up and down (a tenth of its value to start), the step halved when neither
    helps, until every step is below 1% of its value. Leaves the fitted values set; their loss."""

    def loss() -> float:
        return mean_loss(found, hooks.evaluate, players)

    best = loss()
    steps = {name: abs(constant(module, name)) * 0.1 or 0.5 for name in names}
    while any(steps[name] >= 0.01 * max(abs(constant(module, name)), 0.05) for name in names):
        for name in names:
            here = constant(module, name)
            if steps[name] < 0.01 * max(abs(here), 0.05):
                continue
            for value in (here + steps[name], here - steps[name]):
                set_constant(module, name, value)
                tried = loss()
                if tried < best:
                    best = tried
                    break
                set_constant(module, name, here)
            else:
                steps[name] /= 2
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="africa")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=positive_int, default=400)
    ap.add_argument("--share", type=float, default=0.25, help="chance of keeping each position")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--vary", default="", help="NAME=V1,V2,...: a constant of the evaluation's module")
    ap.add_argument("--fit", default="", help="NAME,NAME,...: constants of that module to fit together")
    ap.add_argument(
        "--test-games", type=nonnegative_int, default=0, help="games after --games whose positions test a fit"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rules = load_rules(args.rules, args.players)
    hooks = rules.pack.search
    if hooks is None:
        sys.exit(f"{args.rules} declares no search hooks")
    module = sys.modules[hooks.evaluate.__module__]
    name, _, values = args.vary.partition("=")
    if name and constant(module, name) is None:
        sys.exit(f"--vary: {module.__name__} has no number named {name!r}")
    try:
        settings = [type(constant(module, name))(v) for v in values.split(",")] if name else [None]
    except ValueError:
        sys.exit(f"--vary: {values!r} is not a comma-separated list of numbers")
    to_fit = [n for n in args.fit.split(",") if n]
    for n in to_fit:
        if constant(module, n) is None:
            sys.exit(f"--fit: {module.__name__} has no number named {n!r}")
    if to_fit and name:
        sys.exit("--fit and --vary: one at a time")
    if args.games < 1 or not 0 < args.share <= 1 or args.test_games < 0:
        sys.exit("--games must be at least 1, --test-games at least 0 and --share in (0, 1]")
    start = time.process_time()
    found = positions(rules, args.games, args.share, args.seed)
    if not found:
        sys.exit("no position was kept: play more games or raise --share")
    rows = []
    for value in settings:
        if name:
            set_constant(module, name, value)
        setting = f"{name}={value}" if name else "as bundled"
        rows.append({"setting": setting, **score(found, hooks.evaluate, args.players)})
    test = positions(rules, args.test_games, args.share, args.seed + args.games) if args.test_games else []
    if test:
        rows.append({"setting": "as bundled, test games", **score(test, hooks.evaluate, args.players)})
    if to_fit:
        fit(found, hooks, args.players, module, to_fit)
        fitted = ",".join(f"{n}={constant(module, n):.3g}" for n in to_fit)
        rows.append({"setting": f"fitted {fitted}", **score(found, hooks.evaluate, args.players)})
        if test:
            rows.append({"setting": "fitted, test games", **score(test, hooks.evaluate, args.players)})
    report = {
        "rules": args.rules,
        "players": args.players,
        "games": args.games,
        "positions": len(found),
        "test_games": args.test_games,
        "test_positions": len(test),
        "cpu_seconds": round(time.process_time() - start, 1),
        "rows": rows,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.rules} {args.players}p: {len(found)} positions of {args.games} games, {report['cpu_seconds']} CPU-s")
    if test:
        print(f"test: {len(test)} positions of {args.test_games} further games")
    for row in rows:
        print(
            f"{row['setting']}: log-loss {row['log_loss']} (even chance {row['even_chance_log_loss']}),"
            f" by thirds {row['by_third']}"
        )
        bins = (f"{c['predicted']}->{c['observed']} ({c['seats']})" for c in row["calibration"])
        print("  calibration: " + ", ".join(bins))


if __name__ == "__main__":
    run_script(main)
