"""Ratings from finishing orders: a Plackett–Luce fit with a weak prior and profile intervals.

Each bot ``i`` has a strength ``γ_i = exp(θ_i)``; a game's finishing order (best first, a bot may
hold several seats) has probability ``Π_t γ[r_t] / Σ_{u≥t} γ[r_u]``: the winner is drawn in
proportion to strength from everyone, second place from the rest, and so on.

**The estimate** is the maximum of the likelihood times a weak prior: each bot's rating is a
priori normal around 0 with a standard deviation of ``PRIOR_SD`` (400 Elo points; a 400-point gap
means 10:1 odds of finishing ahead), so the fit is the MAP of a Gaussian prior on the
log-strengths. It is found by Newton's method (the log posterior is concave: one maximum), and
is centred on 0 by the prior itself. Ratings are on the Elo scale, ``400·log10(γ)``.

**The interval** is the profile interval of that log posterior: the ratings ``t`` of a bot at
which the best fit with that bot held at ``t`` falls ``1.92`` (``1.96²/2``) below the maximum —
the likelihood-ratio 95% interval, with the prior in the likelihood. It is asymmetric where the
evidence is, and it needs no random numbers.

Why this and not the bootstrap this module used before: when one bot finishes ahead of another in
every game (a heuristic against random play), the likelihood alone has no maximum — the gap can
grow without end — and every bootstrap resample shows the same thing, so the old fit reported
``+245 [+245, +245]`` at 4 games and ``+608 [+606, +610]`` at 400: an interval of zero width
that said nothing about how little 4 games show. With the prior the fit is finite, and the
profile interval is wide at 4 games and narrower at 400. In such a case the games bound the gap
from below, and only the prior bounds it from above: the report says so (``dominance``). Why not
an exact interval on each bot's win share mapped to a rating (Clopper–Pearson): a share of 100%
has an upper end of 100%, an infinite rating, and a share does not use whole finishing orders.

Why not a rating library (openskill, TrueSkill)? They update online, game by game, so the result
depends on the order of the games, and their ``σ`` is a belief width, not a confidence interval.
One fit of the whole tournament is order-free; the code is short and needs no dependency.

>>> games = [(0, 1, 2)] * 8 + [(1, 0, 2)] * 2 + [(0, 2, 1)] * 2
>>> [round(r) for r in fit_ratings(games, bots=3)]
[282, -10, -272]
>>> rated = rate(games, ("a", "b", "c"))
>>> rated[0].low > rated[2].high
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from woa_core.sim.stats import estimate_fields

Ranking = tuple[int, ...]

SCALE = 400 / math.log(10)
"""Natural-log strength to Elo points."""

PRIOR_SD = 400.0
"""The prior's standard deviation of each bot's rating, in Elo points: weak (two bots a priori
differ by less than about 1,100 points, 600:1 odds, 95 times in 100), so that a few games already
outweigh it, yet a bot that always wins gets a finite rating."""

PROFILE_DROP = 1.959964**2 / 2
"""How far the profile log posterior falls at the ends of a 95% interval (chi-squared, 1 df)."""

_VARIANCE = (PRIOR_SD / SCALE) ** 2  # the prior's variance of each log-strength


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating with its 95% profile interval."""

    bot: str
    rating: float
    low: float
    high: float

    def to_json(self) -> dict[str, object]:
        """Rounded for reports, in the reports' shared names (``estimate``, ``ci_low``, ``ci_high``)."""
        return {"bot": self.bot, **estimate_fields(self.rating, self.low, self.high, 1)}


def fit_ratings(games: Sequence[Ranking], bots: int) -> list[float]:
    """Each bot's rating (Elo scale, centred on 0) from finishing orders of bot indices.

    >>> [round(r) for r in fit_ratings([(0, 1), (0, 1), (1, 0)], bots=2)]
    [53, -53]
    """
    theta, _ = _maximize(_patterns(games), bots)
    return [SCALE * t for t in theta]


def rate(games: Sequence[Ranking], names: Sequence[str]) -> list[Rating]:
    """Ratings of ``names`` (indexed by the rankings' bot numbers) with 95% profile intervals.

    >>> [(r.bot, round(r.rating), round(r.low), round(r.high)) for r in rate([(1, 0)] * 4, ("random", "heuristic"))]
    [('random', -234, -635, -11), ('heuristic', 234, 11, 635)]
    """
    items = _patterns(games)
    k = len(names)
    theta, best = _maximize(items, k)
    out = []
    for b, name in enumerate(names):
        low = _profile_end(items, k, b, theta, best, -1.0)
        high = _profile_end(items, k, b, theta, best, +1.0)
        out.append(Rating(name, SCALE * theta[b], SCALE * low, SCALE * high))
    return out


def dominance(games: Sequence[Ranking], names: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs ``(a, b)`` where ``a`` finished ahead of ``b`` in every game they both played and
    no chain of other results ever put ``b`` ahead of ``a``: there the games set only a lower bound
    on the gap, and the prior alone keeps it finite (the likelihood has no maximum).

    >>> dominance([(1, 0)] * 4, ("random", "heuristic"))
    [('heuristic', 'random')]
    >>> dominance([(1, 0), (0, 1)], ("a", "b"))
    []
    """
    k = len(names)
    ahead = [[False] * k for _ in range(k)]  # ahead[a][b]: a finished ahead of b in some game
    for ranking in games:
        for i, a in enumerate(ranking):
            for b in ranking[i + 1 :]:
                if a != b:
                    ahead[a][b] = True
    for via in range(k):  # transitive closure: a chain of results puts a ahead of b
        for a in range(k):
            if ahead[a][via]:
                for b in range(k):
                    ahead[a][b] = ahead[a][b] or ahead[via][b]
    return [(names[a], names[b]) for a in range(k) for b in range(k) if a != b and ahead[a][b] and not ahead[b][a]]


def _patterns(games: Sequence[Ranking]) -> list[tuple[Ranking, int]]:
    """Each distinct finishing order with how often it happened (the fit depends on nothing else)."""
    return sorted(Counter(tuple(g) for g in games).items())


def _log_posterior(items: list[tuple[Ranking, int]], theta: Sequence[float]) -> float:
    """Log-likelihood of the finishing orders plus the log prior (up to a constant)."""
    total = -sum(t * t for t in theta) / (2 * _VARIANCE)
    for ranking, w in items:
        remaining = sum(math.exp(theta[b]) for b in ranking)
        for t in range(len(ranking) - 1):
            chosen = theta[ranking[t]]
            total += w * (chosen - math.log(remaining))
            remaining -= math.exp(chosen)
    return total


def _derivatives(items: list[tuple[Ranking, int]], theta: Sequence[float]) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of ``_log_posterior`` in the log-strengths."""
    k = len(theta)
    gamma = [math.exp(t) for t in theta]
    grad = [-t / _VARIANCE for t in theta]
    hess = [[0.0] * k for _ in range(k)]
    for b in range(k):
        hess[b][b] -= 1 / _VARIANCE
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


def _maximize(items: list[tuple[Ranking, int]], k: int) -> tuple[list[float], float]:
    """The log-strengths at the maximum of the log posterior, and the maximum."""
    theta, value = _newton(
        items, [0.0] * k, lambda u: u, [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    )
    return theta, value


def _profile_end(
    items: list[tuple[Ranking, int]], k: int, b: int, theta: list[float], best: float, side: float
) -> float:
    """Where, on ``side`` (-1 below, +1 above) of bot ``b``'s fitted log-strength, the profile log
    posterior has fallen ``PROFILE_DROP`` below the maximum ``best``."""
    target = best - PROFILE_DROP
    inside, f_inside, step, start = theta[b], PROFILE_DROP, 0.5, theta
    while True:  # walk out, doubling, until the profile is below the target (the prior ensures it)
        outside = theta[b] + side * step
        value, guess = _profile(items, k, b, outside, start)
        if value < target:
            f_outside = value - target
            break
        inside, f_inside, start, step = outside, value - target, guess, 2 * step
    side_kept = 0
    for _ in range(100):  # regula falsi, Illinois variant: the profile is concave, smooth
        middle = outside - f_outside * (outside - inside) / (f_outside - f_inside)
        value, guess = _profile(items, k, b, middle, start)
        f_middle = value - target
        if abs(f_middle) < 1e-9 or abs(outside - inside) < 1e-9:
            return middle
        if f_middle < 0:
            outside, f_outside = middle, f_middle
            f_inside = f_inside / 2 if side_kept == -1 else f_inside
            side_kept = -1
        else:
            inside, f_inside, start = middle, f_middle, guess
            f_outside = f_outside / 2 if side_kept == 1 else f_outside
            side_kept = 1
    return (inside + outside) / 2


def _profile(
    items: list[tuple[Ranking, int]], k: int, b: int, fixed: float, start: list[float]
) -> tuple[float, list[float]]:
    """The largest log posterior with bot ``b``'s log-strength at ``fixed`` (and the log-strengths
    summing to 0, where the prior puts the best fit anyway), and where it is."""
    others = [j for j in range(k) if j != b]
    free, last = others[:-1], others[-1] if others else None

    def full(u: list[float]) -> list[float]:
        theta = [0.0] * k
        theta[b] = fixed
        for j, x in zip(free, u, strict=True):
            theta[j] = x
        if last is not None:
            theta[last] = -fixed - sum(u)
        return theta

    # The free coordinates move theta along e_j - e_last: that basis, one column per free bot.
    basis = [[(1.0 if i == j else 0.0) - (1.0 if i == last else 0.0) for j in free] for i in range(k)]
    theta, value = _newton(items, [start[j] for j in free], full, basis)
    return value, theta


def _newton(
    items: list[tuple[Ranking, int]],
    u: list[float],
    full: Callable[[list[float]], list[float]],
    basis: list[list[float]],
) -> tuple[list[float], float]:
    """Maximize the (concave) log posterior over ``theta = full(u)``, an affine map whose linear
    part is ``basis`` (k rows, one column per coordinate of ``u``), by Newton's method with
    step halving. Returns the best ``theta`` and its value."""
    theta = full(u)
    value = _log_posterior(items, theta)
    n = len(u)
    for _ in range(100):
        if n == 0:
            break
        grad, hess = _derivatives(items, theta)
        g = [sum(basis[i][c] * grad[i] for i in range(len(theta))) for c in range(n)]
        h = [
            [
                sum(basis[i][c] * hess[i][j] * basis[j][d] for i in range(len(theta)) for j in range(len(theta)))
                for d in range(n)
            ]
            for c in range(n)
        ]
        step = _solve([[-x for x in row] for row in h], g)  # Newton: (-H) step = grad
        scale = 1.0
        while True:  # the log posterior is concave; halve the step until it rises
            trial_u = [x + scale * d for x, d in zip(u, step, strict=True)]
            trial = full(trial_u)
            trial_value = _log_posterior(items, trial)
            if trial_value >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        u, theta, value = trial_u, trial, trial_value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    return theta, value


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
