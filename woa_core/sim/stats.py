"""Streaming statistics over game records: memory does not grow with the number of games.

>>> s = Stats(players=2, bots=("a", "b"))
>>> s.add_win_only(winner=0, bots=("a", "b"))
>>> s.wins_by_seat
[1, 0]
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from woa_core.packs.west_of_africa.state import VP_SOURCES
from woa_core.sim.runner import GameRecord


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% confidence interval of a proportion.

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class Mean:
    """Running mean and standard deviation (Welford)."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        """Fold in one value."""
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two values)."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def to_json(self) -> dict[str, float]:
        """Mean and standard deviation, rounded."""
        return {"mean": round(self.mean, 4), "sd": round(self.sd, 4)}


@dataclass(slots=True)
class Stats:
    """Aggregates of a run, fed one ``GameRecord`` at a time."""

    players: int
    bots: tuple[str, ...]
    games: int = 0
    decisions: int = 0
    rounds: Mean = field(default_factory=Mean)
    rounds_hist: Counter = field(default_factory=Counter)
    end_reasons: Counter = field(default_factory=Counter)
    wins_by_seat: list[int] = field(default_factory=list)
    bot_games: Counter = field(default_factory=Counter)
    bot_wins: Counter = field(default_factory=Counter)
    first_player_wins: int = 0
    gold_top_wins: int = 0  # wins of the seat that started on top of the gold track (R9)
    vp: list[Mean] = field(default_factory=list)
    vp_from: list[dict[str, Mean]] = field(default_factory=list)
    gold: list[Mean] = field(default_factory=list)
    sold: list[Counter] = field(default_factory=list)
    actions: list[Counter] = field(default_factory=list)
    settlements: list[Mean] = field(default_factory=list)
    per_player: dict[str, Mean] = field(default_factory=dict)  # per game, averaged over the seats

    def __post_init__(self) -> None:
        n = self.players
        self.wins_by_seat = [0] * n
        self.vp = [Mean() for _ in range(n)]
        self.vp_from = [{s: Mean() for s in VP_SOURCES} for _ in range(n)]
        self.gold = [Mean() for _ in range(n)]
        self.sold = [Counter() for _ in range(n)]
        self.actions = [Counter() for _ in range(n)]
        self.settlements = [Mean() for _ in range(n)]
        self.per_player = {k: Mean() for k in ("vp", *(f"vp_{s}" for s in VP_SOURCES), "final_gold", "settlements")}

    def add_win_only(self, winner: int, bots: tuple[str, ...]) -> None:
        """Count a game's winner and bot appearances (the part of ``add`` about winning)."""
        self.wins_by_seat[winner] += 1
        for bot in bots:
            self.bot_games[bot] += 1
        self.bot_wins[bots[winner]] += 1

    def add(self, r: GameRecord) -> None:
        """Fold one game into the aggregates."""
        self.games += 1
        self.decisions += r.decisions
        self.rounds.add(r.rounds)
        self.rounds_hist[r.rounds] += 1
        self.end_reasons[r.end_reason] += 1
        self.add_win_only(r.winner, r.bots)
        self.first_player_wins += r.first_player == r.winner
        self.gold_top_wins += r.gold_top == r.winner
        for p in range(self.players):
            self.vp[p].add(r.vp[p])
            for source, value in r.vp_from[p].items():
                self.vp_from[p][source].add(value)
            self.gold[p].add(r.gold[p])
            self.sold[p].update(r.sold[p])
            self.actions[p].update(r.actions[p])
            self.settlements[p].add(r.settlements[p])
        n = self.players
        table = self.per_player
        table["vp"].add(sum(r.vp) / n)
        for source in VP_SOURCES:
            table[f"vp_{source}"].add(sum(v.get(source, 0) for v in r.vp_from) / n)
        table["final_gold"].add(sum(r.gold) / n)
        table["settlements"].add(sum(r.settlements) / n)

    def to_json(self) -> dict[str, Any]:
        """Every figure, JSON-ready."""
        g = max(self.games, 1)
        return {
            "games": self.games,
            "decisions": self.decisions,
            "rounds": {
                **self.rounds.to_json(),
                "histogram": {str(k): v for k, v in sorted(self.rounds_hist.items())},
            },
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "wins_by_seat": [
                {"seat": f"p{p + 1}", "wins": w, **estimate_fields(w / g, *wilson(w, self.games))}
                for p, w in enumerate(self.wins_by_seat)
            ],
            "wins_by_bot": {
                bot: {
                    "games": n,
                    "wins": self.bot_wins[bot],
                    **estimate_fields(self.bot_wins[bot] / n, *wilson(self.bot_wins[bot], n)),
                }
                for bot, n in sorted(self.bot_games.items())
            },
            "first_player": {
                "wins": self.first_player_wins,
                **estimate_fields(self.first_player_wins / g, *wilson(self.first_player_wins, self.games)),
                "fair_share": round(1 / self.players, 4),
            },
            "gold_track_top": {
                "wins": self.gold_top_wins,
                **estimate_fields(self.gold_top_wins / g, *wilson(self.gold_top_wins, self.games)),
                "fair_share": round(1 / self.players, 4),
            },
            "per_player": {k: m.to_json() for k, m in self.per_player.items()},
            "per_seat": [
                {
                    "seat": f"p{p + 1}",
                    "vp": self.vp[p].to_json(),
                    "vp_by_source": {s: round(m.mean, 4) for s, m in self.vp_from[p].items()},
                    "final_gold": self.gold[p].to_json(),
                    "settlements": round(self.settlements[p].mean, 4),
                    "goods_sold_by_region": {k: round(v / g, 4) for k, v in sorted(self.sold[p].items())},
                    "actions_used": {k: round(v / g, 4) for k, v in sorted(self.actions[p].items())},
                }
                for p in range(self.players)
            ],
        }


# ------------------------------------------------------------------ tests and intervals
# Small, exact-enough routines so that the default install needs no scipy.


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Lentz's method).

    >>> round(betainc(2, 3, 0.4), 6)  # = P(Binomial(4, 0.4) >= 2)
    0.5248
    """
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - betainc(b, a, 1.0 - x)
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= c * d
        if abs(c * d - 1.0) < 1e-14:
            break
    return math.exp(log_front) * h / a


def t_two_sided_p(t: float, df: float) -> float:
    """The two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom.

    >>> round(t_two_sided_p(2.0452, 29), 3), round(t_two_sided_p(1.96, 1e9), 3)
    (0.05, 0.05)
    """
    if math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    return betainc(df / 2, 0.5, df / (df + t * t))


def t_critical(df: float, confidence: float = 0.95) -> float:
    """The two-sided critical value of Student's t (1.96 for large ``df`` at 95%).

    >>> round(t_critical(29), 3), round(t_critical(10_000), 3)
    (2.045, 1.96)
    """
    return _t_critical(round(df, 3), confidence)


@functools.cache
def _t_critical(df: float, confidence: float) -> float:
    low, high = 0.0, 1e3
    for _ in range(100):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > 1 - confidence:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def binomial_two_sided_p(k: int, n: int) -> float:
    """Exact two-sided p-value of ``k`` successes in ``n`` fair coin flips (McNemar's exact test
    on ``k`` and ``n - k`` discordant pairs).

    >>> round(binomial_two_sided_p(0, 5), 6), round(binomial_two_sided_p(2, 10), 6), binomial_two_sided_p(5, 10)
    (0.0625, 0.109375, 1.0)
    """
    if n == 0:
        return 1.0
    low = min(k, n - k)
    tail = betainc(n - low, low + 1, 0.5)  # P(X <= low) for X ~ Binomial(n, 1/2)
    return min(1.0, 2 * tail)


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic.

    >>> round(normal_two_sided_p(1.959964), 4)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment (controls the chance of any false flag, under any dependence).

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def benjamini_hochberg(pvalues: list[float]) -> list[float]:
    """Benjamini–Hochberg adjustment (controls the expected share of false flags among flags).

    >>> [round(p, 3) for p in benjamini_hochberg([0.01, 0.04, 0.03])]
    [0.03, 0.04, 0.04]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    adjusted = [0.0] * m
    running = 1.0
    for position, i in enumerate(order):
        rank = m - position
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


CORRECTIONS = {"holm": holm, "bh": benjamini_hochberg}
"""Multiple-comparison adjustments by the name ``woa compare --correction`` takes."""


# ------------------------------------------------------------------ the reports' shared names
# Every command's --json names an estimate, its interval and its test the same way: declared
# here once, used by simulate, compare, sweep, tournament and value, and checked by a test.

ESTIMATE = "estimate"
"""The figure itself: a rate, a mean, a difference, a rating."""
CI_LOW, CI_HIGH = "ci_low", "ci_high"
"""The ends of its 95% interval (None where there is none, e.g. a mean of one game)."""
P_VALUE = "p_value"
"""The p-value of the row's own test, before any adjustment."""
P_ADJUSTED = "p_adjusted"
"""The p-value adjusted for the number of rows tested together."""
ADJUSTMENT = "adjustment"
"""How ``p_adjusted`` was adjusted: a key of ``CORRECTIONS`` (``holm``, ``bh``)."""
SIGNIFICANT = "significant"
"""Whether ``p_adjusted`` is below the report's alpha."""

VOCABULARY = (ESTIMATE, CI_LOW, CI_HIGH, P_VALUE, P_ADJUSTED, ADJUSTMENT, SIGNIFICANT)


def estimate_fields(estimate: float, low: float | None, high: float | None, digits: int = 4) -> dict[str, Any]:
    """An estimate and its interval under the shared names, rounded (no ``-0.0``).

    >>> estimate_fields(0.25, 0.1, 0.4)
    {'estimate': 0.25, 'ci_low': 0.1, 'ci_high': 0.4}
    """

    def r(x: float | None) -> float | None:
        return None if x is None or not math.isfinite(x) else round(x, digits) + 0.0

    return {ESTIMATE: r(estimate), CI_LOW: r(low), CI_HIGH: r(high)}


def verdict_fields(p: float, p_adjusted: float, adjustment: str, alpha: float) -> dict[str, Any]:
    """A row's test under the shared names: its p-value, the adjusted one, how, and the verdict.

    >>> verdict_fields(0.01, 0.03, "holm", 0.05)
    {'p_value': 0.01, 'p_adjusted': 0.03, 'adjustment': 'holm', 'significant': True}
    """
    return {
        P_VALUE: round(p, 6) + 0.0,
        P_ADJUSTED: round(p_adjusted, 6) + 0.0,
        ADJUSTMENT: adjustment,
        SIGNIFICANT: p_adjusted < alpha,
    }
