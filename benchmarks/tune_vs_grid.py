"""woa tune against a grid sweep and random search on a planted problem (issue 39.4).

DECLARED BEFORE THE RUN (not changed after it):

- Problem: West of Africa, 3 heuristic players, seats rotated, master seed 7. Two parameters:
  ``economy.game_end.vp_threshold`` in 20, 23, ..., 44 (9 values) and ``economy.gold.cap`` in
  35, 40, ..., 75 (9 values): a grid of 81 settings. One target: the mean game length in rounds
  in [8.0, 8.5] -- a narrow band, met (if at all) by few thresholds, the cap mostly a nuisance.
- Budget: every method plays G = 12 games per setting it evaluates, the same 12 seeds for every
  setting within a repetition (repetition r plays games 12r..12r+11), R = 10 repetitions.
- The known answer: each setting's mean over all 120 games (the 10 repetitions' games pooled).
  A method's pick in repetition r is *confirmed* when its mean over the other 108 games (the
  other repetitions': seeds it never saw) lies in the band.
- Methods, each picking the setting of least violation on its own games:
  grid: all 81 settings (81 x 12 = 972 games), one pick at the end;
  random: settings drawn without replacement (seed r), the best so far after each;
  tune: woa tune's own search (``woa_core.tune.search.run_search``: TPE seeded r, its pruner
  looking after 6 games), the best complete trial after each trial; at most 81 trials.
  Games to find = games the method had played when its pick first was a confirmed setting
  (grid: 972 if its final pick is confirmed); a method that never finds one counts as failed.
- Reported: per method, repetitions that found one (with a Wilson 95% interval), and the median
  and mean games to find over the repetitions that found one. Target of the issue: tune needs at
  most a quarter of the grid's games.
- Cost: every setting's 120 games are played once and cached (81 x 120 = 9,720 games, about 30 ms
  each: ~5 CPU-minutes); the three methods read the cache, so they see identical games.

Run once:  PYTHONPATH=. python benchmarks/tune_vs_grid.py  (``--reps``/``--games`` to try it small)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import run_script
from woa_core.options import positive_int
from woa_core.rules.source import parse_yaml
from woa_core.sim.stats import wilson
from woa_core.sim.sweep_space import Point
from woa_core.tune.search import Games, make_pruner, require_optuna, run_search
from woa_core.tune.targets import violation
from woa_core.tune.tune_file import TuneFile, tune_from_located

THRESHOLDS = list(range(20, 45, 3))
CAPS = list(range(35, 80, 5))
BAND = (8.0, 8.5)
TUNE_TEXT = f"""
rules: west-of-africa
players: 3
bots: [heuristic]
rotate_seats: true
seed: 7
games: {{games}}
round_games: {{round_games}}
trials: 1
parameters:
  economy.game_end.vp_threshold: {{{{min: 20, max: 44, step: 3}}}}
  economy.gold.cap: {{{{min: 35, max: 75, step: 5}}}}
targets:
  - {{{{figure: rounds, between: [{BAND[0]}, {BAND[1]}]}}}}
"""


class Pool:
    """Every setting's games, played once: ``reps * games`` games per setting."""

    def __init__(self, tune: TuneFile, reps: int, games: int) -> None:
        self.player = Games(tune)
        self.reps, self.games = reps, games
        self.cache: dict[tuple[int, int], list[dict[str, float]]] = {}

    def of(self, setting: tuple[int, int]) -> list[dict[str, float]]:
        if setting not in self.cache:
            values = {"economy.game_end.vp_threshold": setting[0], "economy.gold.cap": setting[1]}
            overrides = Point("p", values).overrides
            self.cache[setting] = self.player.play(overrides, 3, 0, self.reps * self.games)
        return self.cache[setting]

    def rounds(self, setting: tuple[int, int], rep: int | None, *, other: bool = False) -> float:
        games = self.of(setting)
        chosen = [g for i, g in enumerate(games) if (i // self.games == rep) != other]
        return statistics.fmean(g["rounds"] for g in chosen)


class RepGames:
    """What woa tune's search sees in one repetition: the pool's games of that repetition."""

    def __init__(self, pool: Pool, rep: int, figures: Any) -> None:
        self.pool, self.rep, self.played, self._figures = pool, rep, 0, figures

    def figures(self, players: int) -> Any:
        return self._figures

    def play(self, overrides: tuple[str, ...], players: int, start: int, count: int) -> list[dict[str, float]]:
        values = dict(o.split("=") for o in overrides)
        setting = (int(values["economy.game_end.vp_threshold"]), int(values["economy.gold.cap"]))
        first = self.rep * self.pool.games + start
        self.played += count
        return self.pool.of(setting)[first : first + count]

    def play_many(self, requests: list[tuple[tuple[str, ...], int, int, int]]) -> list[list[dict[str, float]]]:
        return [self.play(*request) for request in requests]


def confirmed(pool: Pool, setting: tuple[int, int], rep: int) -> bool:
    return BAND[0] <= pool.rounds(setting, rep, other=True) <= BAND[1]


def miss(pool: Pool, setting: tuple[int, int], rep: int) -> float:
    return violation(pool.rounds(setting, rep), BAND)


def grid(pool: Pool, rep: int, settings: list[tuple[int, int]]) -> int | None:
    pick = min(settings, key=lambda s: miss(pool, s, rep))
    return len(settings) * pool.games if confirmed(pool, pick, rep) else None


def random_search(pool: Pool, rep: int, settings: list[tuple[int, int]]) -> int | None:
    order = random.Random(f"random:{rep}").sample(settings, len(settings))
    best: tuple[int, int] | None = None
    for k, s in enumerate(order, 1):
        if best is None or miss(pool, s, rep) < miss(pool, best, rep):
            best = s
        if confirmed(pool, best, rep):
            return k * pool.games
    return None


def tune_search(pool: Pool, rep: int, tune: TuneFile, total: int, out: Any) -> int | None:
    optuna = require_optuna()
    tune = replace(tune, seed=rep)
    study = optuna.create_study(
        sampler=optuna.samplers.TPESampler(seed=rep, n_startup_trials=10),
        pruner=make_pruner(),
        direction="minimize",
    )
    games = RepGames(pool, rep, pool.player.figures(3))
    stop = type("NoStop", (), {"saving": staticmethod(contextlib.nullcontext)})()
    for n in range(1, total + 1):
        run_search(replace(tune, trials=n), study, games, stop)  # type: ignore[arg-type]
        complete = [t for t in study.trials if t.state.name == "COMPLETE"]
        if complete:
            s = min(complete, key=lambda t: t.value).user_attrs["setting"]
            if confirmed(pool, (s["economy.game_end.vp_threshold"], s["economy.gold.cap"]), rep):
                return games.played
    return None


def summary(found: list[int | None]) -> dict[str, Any]:
    hits = [g for g in found if g is not None]
    low, high = wilson(len(hits), len(found))
    return {
        "found": len(hits),
        "reps": len(found),
        "found_ci95": [round(low, 3), round(high, 3)],
        "median_games": statistics.median(hits) if hits else None,
        "mean_games": round(statistics.fmean(hits), 1) if hits else None,
        "games": found,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=positive_int, default=10, help="repetitions (default: %(default)s)")
    parser.add_argument("--games", type=positive_int, default=12, help="games per setting (default: %(default)s)")
    args = parser.parse_args()
    text = TUNE_TEXT.format(games=args.games, round_games=max(1, args.games // 2))
    tune = tune_from_located(parse_yaml(text, "planted.yaml"), "planted.yaml")
    settings = [(t, c) for t in THRESHOLDS for c in CAPS]
    pool = Pool(tune, args.reps, args.games)
    started = time.process_time()
    for s in settings:
        pool.of(s)
    good = [s for s in settings if BAND[0] <= pool.rounds(s, None, other=True) <= BAND[1]]
    results = {"grid": [], "random": [], "tune": []}  # type: dict[str, list[int | None]]
    for rep in range(args.reps):
        results["grid"].append(grid(pool, rep, settings))
        results["random"].append(random_search(pool, rep, settings))
        results["tune"].append(tune_search(pool, rep, tune, len(settings), None))
        print(f"rep {rep}: " + ", ".join(f"{k} {v[-1]}" for k, v in results.items()), file=sys.stderr)
    report = {
        "settings": len(settings),
        "games_per_setting": args.games,
        "reps": args.reps,
        "band": BAND,
        "good_settings_pooled": len(good),
        "good": good,
        "methods": {k: summary(v) for k, v in results.items()},
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    run_script(main)
