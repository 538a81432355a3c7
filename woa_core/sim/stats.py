"""Streaming statistics over game records: memory does not grow with the number of games.

What is counted, and where it shows in ``woa simulate --json``, comes from the declared figures
(``woa_core.report.figures``): ``games``, then the run totals (decisions), then each figure of a
whole game in report order (game length, how games end, who wins: ``wins_by_seat``,
``wins_by_bot``, the pack's win rates), then ``per_player`` (each per-seat mean, averaged over
the seats per game) and ``per_seat``.

>>> from woa_core.report.figures import KERNEL_FIGURES
>>> s = Stats(KERNEL_FIGURES, players=2, bots=("a", "b"))
>>> s.add_values({"decisions": 9, "wins": [1, 0], "shared_wins": 0}, ("a", "b"))
>>> s.to_json()["wins_by_seat"][0]["wins"], s.to_json()["decisions"]
(1, 9)
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from woa_core.report.figures import Figure, Kind, game_order, seat_figures, seat_name, won
from woa_core.sim.runner import GameRecord


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
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


def rate_json(successes: float, trials: int, games: int | None = None) -> dict[str, Any]:
    """A share of ``trials`` with its 95% Wilson interval, under the reports' shared names
    (``estimate_fields``; ``games``: the divisor of the rate, when it is not ``trials``).

    >>> rate_json(3, 4)
    {'estimate': 0.75, 'ci_low': 0.3006, 'ci_high': 0.9544}
    """
    rate = successes / (trials if games is None else games)
    return estimate_fields(rate, *wilson(successes, trials))


class _Tally:
    """One figure's running aggregate (one subclass per kind and scope)."""

    def __init__(self, figure: Figure, players: int) -> None:
        self.figure = figure
        self.players = players

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        """Fold in one game's value."""

    def top(self, games: int) -> dict[str, Any]:
        """Its entries at the top of the report (a figure of a whole game)."""
        return {}

    def per_player(self) -> dict[str, Any]:
        """Its entries in ``per_player`` (a per-seat mean, averaged over the seats per game)."""
        return {}

    def per_seat(self, seat: int, games: int) -> Any:
        """Its entry in ``per_seat`` for ``seat``."""
        return None


class _GameMean(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.mean = Mean()
        self.hist: Counter = Counter()

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        self.mean.add(value)
        if self.figure.histogram:
            self.hist[value] += 1

    def top(self, games: int) -> dict[str, Any]:
        out: dict[str, Any] = self.mean.to_json()
        if self.figure.histogram:
            out["histogram"] = {str(k): v for k, v in sorted(self.hist.items())}
        return {self.figure.key: out}


class _Total(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.total: float = 0

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        self.total += value

    def top(self, games: int) -> dict[str, Any]:
        return {self.figure.key: self.total}


class _Category(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.counts: Counter = Counter()

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        self.counts[value] += 1

    def top(self, games: int) -> dict[str, Any]:
        return {self.figure.key: dict(sorted(self.counts.items()))}


class _Rate(_Tally):
    """A share of games: 0 or 1 per game (``RATE``), or whether a named seat won (``WON``)."""

    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.hits: float = 0

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        self.hits += won(values, value) if self.figure.kind is Kind.WON else value

    def top(self, games: int) -> dict[str, Any]:
        if self.figure.shown_if_any and not self.hits:
            return {}
        g = max(games, 1)
        if self.figure.kind is Kind.WON:
            even = {"fair_share": round(1 / self.players, 4)}
            return {self.figure.key: {"wins": self.hits, **rate_json(self.hits, games, g), **even}}
        return {self.figure.key: {"games": self.hits, **rate_json(self.hits, games, g)}}


class _Wins(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.by_seat: list[float] = [0] * players
        self.bot_games: Counter = Counter()
        self.bot_wins: Counter = Counter()

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        for seat, share in enumerate(value):
            self.by_seat[seat] += share
            self.bot_games[bots[seat]] += 1
            self.bot_wins[bots[seat]] += share

    def top(self, games: int) -> dict[str, Any]:
        g = max(games, 1)
        f = self.figure
        return {
            f.key: [{"seat": seat_name(p), f.name: w, **rate_json(w, games, g)} for p, w in enumerate(self.by_seat)],
            f"{f.name}_by_bot": {
                bot: {"games": n, f.name: self.bot_wins[bot], **rate_json(self.bot_wins[bot], n)}
                for bot, n in sorted(self.bot_games.items())
            },
        }


class _SeatMean(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.seats = [Mean() for _ in range(players)]
        self.mean = Mean()

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        for seat, x in zip(self.seats, value, strict=True):
            seat.add(x)
        self.mean.add(sum(value) / self.players)

    def per_player(self) -> dict[str, Any]:
        return {self.figure.name: self.mean.to_json()}

    def per_seat(self, seat: int, games: int) -> Any:
        m = self.seats[seat]
        return m.to_json() if self.figure.spread else round(m.mean, 4)


class _SeatMeanByKey(_Tally):
    """Per seat and per key, a mean over every game: a key a seat or a game does not name counts
    0 there (a source of VP that one seat never scored from, or that first scores in a later game:
    an action only some games play), so every seat has every key and the means stay means.

    >>> from woa_core.report.figures import vp_by_source
    >>> tally = _SeatMeanByKey(vp_by_source(lambda g, w: [], lambda g, w: [])[1], 2)
    >>> tally.add([{"gold": 2}, {"gold": 4}], {}, ()); tally.add([{"gold": 2, "gift": 3}, {"gold": 0}], {}, ())
    >>> tally.per_seat(0, 2), tally.per_seat(1, 2), tally.per_player()["vp_gift"]["mean"]
    ({'gold': 2.0, 'gift': 1.5}, {'gold': 2.0, 'gift': 0.0}, 0.75)
    """

    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.seats: list[dict[str, Mean]] = [{} for _ in range(players)]
        self.means: dict[str, Mean] = {}
        self.games = 0

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        for by_key in value:
            for k in by_key:
                if k not in self.means:  # the games before it each counted 0
                    self.means[k] = Mean(self.games)
                    for seat in self.seats:
                        seat[k] = Mean(self.games)
        for k, mean in self.means.items():
            mean.add(sum(v.get(k, 0) for v in value) / self.players)
            for seat, by_key in zip(self.seats, value, strict=True):
                seat[k].add(by_key.get(k, 0))
        self.games += 1

    def per_player(self) -> dict[str, Any]:
        return {f"{self.figure.prefix}_{k}": m.to_json() for k, m in self.means.items()}

    def per_seat(self, seat: int, games: int) -> Any:
        means = self.seats[seat]
        if self.figure.spread:
            return {k: m.to_json() for k, m in means.items()}
        return {k: round(m.mean, 4) for k, m in means.items()}


class _SeatCounts(_Tally):
    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.seats: list[Counter] = [Counter() for _ in range(players)]

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        for seat, counts in zip(self.seats, value, strict=True):
            seat.update(counts)

    def per_seat(self, seat: int, games: int) -> Any:
        g = max(games, 1)
        return {k: round(v / g, 4) for k, v in sorted(self.seats[seat].items())}


def quantile(counts: Counter, q: float) -> float:
    """The ``q`` quantile of the values counted in ``counts`` (value -> how many), interpolated
    linearly between order statistics (as ``statistics.quantiles(method="inclusive")``).

    >>> quantile(Counter({1: 2, 3: 1, 10: 1}), 0.5), quantile(Counter({1: 2, 3: 1, 10: 1}), 0.75)
    (2.0, 4.75)
    """
    n = sum(counts.values())
    h = (n - 1) * q
    low, frac = int(h), h - int(h)
    seen, below, above = 0, None, None
    for value in sorted(counts):
        seen += counts[value]
        if below is None and seen > low:
            below = value
        if seen > low + 1 or (seen > low and frac == 0):
            above = value
            break
    assert below is not None and above is not None
    return float(below + (above - below) * frac)


class _Series(_Tally):
    """Per seat, the values after each round (or turn): their counts, for the median and the
    quartiles over the games that reached it (memory grows with the values taken, not the games)."""

    def __init__(self, figure: Figure, players: int) -> None:
        super().__init__(figure, players)
        self.seats: list[list[Counter]] = [[] for _ in range(players)]

    def add(self, value: Any, values: dict[str, Any], bots: Sequence[str]) -> None:
        for seat, series in zip(self.seats, value, strict=True):
            while len(seat) < len(series):
                seat.append(Counter())
            for counts, x in zip(seat, series, strict=False):  # the hot loop of a long game's add:
                counts[x] = counts.get(x, 0) + 1  # plain dict calls (a Counter's += misses call Python)

    def per_seat(self, seat: int, games: int) -> Any:
        return [
            {
                self.figure.after: k,
                "games": sum(counts.values()),
                "median": round(quantile(counts, 0.5), 4),
                "lower_quartile": round(quantile(counts, 0.25), 4),
                "upper_quartile": round(quantile(counts, 0.75), 4),
            }
            for k, counts in enumerate(self.seats[seat], start=1)
        ]


def _tally(figure: Figure, players: int) -> _Tally:
    if figure.kind is Kind.SERIES:
        return _Series(figure, players)
    if figure.kind is Kind.WINS:
        return _Wins(figure, players)
    if figure.kind in (Kind.WON, Kind.RATE):
        return _Rate(figure, players)
    if figure.kind is Kind.CATEGORY:
        return _Category(figure, players)
    if figure.kind is Kind.TOTAL:
        return _Total(figure, players)
    if figure.kind is Kind.COUNT:
        return _SeatCounts(figure, players)
    if figure.seat:
        return (_SeatMeanByKey if figure.keyed else _SeatMean)(figure, players)
    return _GameMean(figure, players)


class Stats:
    """Aggregates of a run, fed one ``GameRecord`` at a time, for the figures declared."""

    def __init__(self, figures: Sequence[Figure], players: int, bots: tuple[str, ...]) -> None:
        self.figures = tuple(figures)
        self.players = players
        self.bots = bots
        self.games = 0
        self.decisions = 0
        self._tallies = {f.name: _tally(f, players) for f in self.figures}
        totals = [f for f in game_order(self.figures) if f.kind is Kind.TOTAL]
        self._top = totals + [f for f in game_order(self.figures) if f.kind is not Kind.TOTAL]
        self._seats = seat_figures(self.figures)

    def add(self, r: GameRecord) -> None:
        """Fold one game into the aggregates."""
        self.decisions += r.decisions
        self.add_values(r.figures, r.bots)

    def add_values(self, values: dict[str, Any], bots: Sequence[str]) -> None:
        """Fold in one game's figures (``GameRecord.figures``) and the bots of its seats."""
        self.games += 1
        for name, tally in self._tallies.items():
            tally.add(values[name], values, bots)

    def to_json(self) -> dict[str, Any]:
        """Every figure, JSON-ready."""
        out: dict[str, Any] = {"games": self.games}
        for f in self._top:
            out |= self._tallies[f.name].top(self.games)
        per_player: dict[str, Any] = {}
        for f in self._seats:
            per_player |= self._tallies[f.name].per_player()
        out["per_player"] = per_player
        out["per_seat"] = [
            {"seat": seat_name(p)} | {f.key: self._tallies[f.name].per_seat(p, self.games) for f in self._seats}
            for p in range(self.players)
        ]
        return out


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
