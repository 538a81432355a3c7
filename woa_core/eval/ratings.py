"""Ratings from finishing orders: a Plackett–Luce fit with bootstrap intervals.

Each bot ``i`` has a strength ``γ_i``; a game's finishing order (best first, a bot may hold
several seats) has probability ``Π_t γ[r_t] / Σ_{u≥t} γ[r_u]``: the winner is drawn in proportion
to strength from everyone, second place from the rest, and so on. The fit is the maximum of the
likelihood times a weak prior (each bot one win and one loss against a virtual bot of strength 1,
so a bot that never wins still gets a finite rating), found by Newton's method on the
log-strengths (the log posterior is concave, so the maximum is unique). Ratings are on the Elo
scale, ``400·log10(γ)``, centred on the bots' mean; a rating difference of 400 means 10:1 odds
of finishing ahead.

The interval is the 95% percentile bootstrap: the games are resampled with replacement, the fit
repeated, and the 2.5% and 97.5% quantiles of each bot's rating taken.

Why not a rating library (openskill, TrueSkill)? They update online, game by game, so the result
depends on the order of the games, and their ``σ`` is a belief width, not a confidence interval.
A batch fit of the whole tournament is order-free, and the bootstrap gives an interval with a
stated meaning; the code is short and needs no dependency.

>>> games = [(0, 1, 2)] * 8 + [(1, 0, 2)] * 2 + [(0, 2, 1)] * 2
>>> fit = fit_ratings(games, bots=3)
>>> [round(r) for r in fit]
[259, -9, -250]
>>> rated = rate(games, ("a", "b", "c"), seed=1, resamples=200)
>>> rated[0].low > rated[2].high
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

Ranking = tuple[int, ...]

SCALE = 400 / math.log(10)
"""Natural-log strength to Elo points."""


def fit_ratings(
    games: Sequence[Ranking], bots: int, weights: Sequence[int] | None = None, start: Sequence[float] | None = None
) -> list[float]:
    """Each bot's rating (Elo scale, centred on 0) from finishing orders of bot indices.

    ``weights`` optionally gives how many times each game counts (a bootstrap resample);
    ``start`` is a first guess of the ratings (the fit converges faster from near the answer).

    >>> [round(r) for r in fit_ratings([(0, 1), (0, 1), (1, 0)], bots=2)]
    [44, -44]
    """
    patterns: Counter[Ranking] = Counter()
    for i, game in enumerate(games):
        patterns[tuple(game)] += weights[i] if weights is not None else 1
    items = [(p, w) for p, w in patterns.items() if w > 0]
    theta = [r / SCALE for r in start] if start is not None else [0.0] * bots
    value = _log_posterior(items, theta)
    for _ in range(100):
        grad, hess = _derivatives(items, theta)
        step = _solve([[-h for h in row] for row in hess], grad)  # Newton: (-H) step = grad
        scale = 1.0
        while True:  # the log posterior is concave; halve the step until it rises
            trial = [t + scale * d for t, d in zip(theta, step, strict=True)]
            trial_value = _log_posterior(items, trial)
            if trial_value >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, value = trial, trial_value
        if max(abs(scale * d) for d in step) < 1e-9:
            break
    centre = sum(theta) / bots
    return [SCALE * (t - centre) for t in theta]


def _log_posterior(items: list[tuple[Ranking, int]], theta: list[float]) -> float:
    """Log-likelihood of the finishing orders plus the prior (one win and one loss of each bot
    against a virtual bot of log-strength 0)."""
    total = sum(t - 2 * math.log1p(math.exp(t)) for t in theta)
    for ranking, w in items:
        remaining = sum(math.exp(theta[b]) for b in ranking)
        for t in range(len(ranking) - 1):
            chosen = theta[ranking[t]]
            total += w * (chosen - math.log(remaining))
            remaining -= math.exp(chosen)
    return total


def _derivatives(items: list[tuple[Ranking, int]], theta: list[float]) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of ``_log_posterior`` in the log-strengths."""
    k = len(theta)
    gamma = [math.exp(t) for t in theta]
    grad = [1 - 2 * g / (1 + g) for g in gamma]
    hess = [[0.0] * k for _ in range(k)]
    for b, g in enumerate(gamma):
        hess[b][b] -= 2 * g / (1 + g) ** 2
    for ranking, w in items:
        counts = Counter(ranking)
        remaining = sum(gamma[b] for b in ranking)
        for t in range(len(ranking) - 1):
            p = {b: n * gamma[b] / remaining for b, n in counts.items() if n}
            grad[ranking[t]] += w
            for b, pb in p.items():
                grad[b] -= w * pb
                hess[b][b] -= w * pb
                for c, pc in p.items():
                    hess[b][c] += w * pb * pc
            counts[ranking[t]] -= 1
            remaining -= gamma[ranking[t]]
    return grad, hess


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is small).

    >>> _solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    [0.8, 1.4]
    """
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return [round(v, 12) for v in x]


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating with its 95% bootstrap interval."""

    bot: str
    rating: float
    low: float
    high: float

    def to_json(self) -> dict[str, object]:
        """Rounded for reports."""
        return {"bot": self.bot, "rating": round(self.rating, 1), "ci95": [round(self.low, 1), round(self.high, 1)]}


def rate(games: Sequence[Ranking], names: Sequence[str], seed: int = 0, resamples: int = 1000) -> list[Rating]:
    """Ratings of ``names`` (indexed by the rankings' bot numbers) with bootstrap intervals."""
    k = len(names)
    point = fit_ratings(games, k)
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(k)]
    n = len(games)
    for _ in range(resamples if n else 0):
        weights = [0] * n
        for _ in range(n):
            weights[rng.randrange(n)] += 1
        for b, r in enumerate(fit_ratings(games, k, weights, start=point)):
            draws[b].append(r)
    out = []
    for b, name in enumerate(names):
        low, high = (_quantile(draws[b], 0.025), _quantile(draws[b], 0.975)) if draws[b] else (point[b], point[b])
        out.append(Rating(name, point[b], low, high))
    return out


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation.

    >>> _quantile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.5
    """
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
