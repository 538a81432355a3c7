"""Targets on a game's figures: what a tune file asks, measured on a trial's games.

A target names a figure row every report has (``first_player_wins``, ``rounds``, ``vp_gold``,
``p1_wins``: ``woa_core.report.figures.game_rows``, as sweep and compare name them) or one of two
measures made of them, ``seat-spread`` (the largest seat win share minus the smallest) and
``winner-top-source`` (per game, the largest share one source gives of the winner's score, for a
game whose score is split by source: ``Figure.parts_of``). Its statistic is the mean (Wilson
interval for a share of games, the normal interval otherwise) or the median (the distribution-free
interval of order statistics), and it must lie in a band.

A target is *met* when its whole interval lies in the band, met *on the point estimate* when only
the estimate does, *missed* otherwise; a trial *cannot meet* it when its interval lies wholly
outside the band. Its *violation* is the estimate's distance from the band in band widths: 0 in
the band, what the search minimises.

>>> t = Target("even start", "first_player_wins", "mean", within=0.05, of_even=True)
>>> t.band(2)
(0.45, 0.55)
>>> games = [{"first_player_wins": float(i % 2)} for i in range(400)]
>>> e = measure(t, games, 2)
>>> e.value, verdict(e, t.band(2))
(0.5, 'met')
>>> violation(0.65, t.band(2))
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from woa_core.report.figures import WINS, Figure, seat_name
from woa_core.sim.runner import GameRecord
from woa_core.sim.sweep_figures import Z95, Summary, game_figures, row_names, summarize

SEAT_SPREAD = "seat-spread"
WINNER_TOP_SOURCE = "winner-top-source"
MEASURES = (SEAT_SPREAD, WINNER_TOP_SOURCE)
"""The measures a target may name besides the figures' rows."""

MET, POINT, MISSED = "met", "point estimate only", "missed"

GameValues = Mapping[str, float]


@dataclass(frozen=True, slots=True)
class Target:
    """One target: its name, the row (or measure) it is on, its statistic and its band.

    The band is ``low``..``high`` (infinite where open), or with ``of_even`` an even share
    (1/players) plus or minus ``within``."""

    name: str
    figure: str
    stat: str = "mean"
    low: float = -math.inf
    high: float = math.inf
    weight: float = 1.0
    within: float = 0.0
    of_even: bool = False

    def band(self, players: int) -> tuple[float, float]:
        """The band at ``players`` players.

        >>> Target("t", "rounds", low=9, high=11).band(4)
        (9, 11)
        """
        if self.of_even:
            even = 1 / players
            return (round(even - self.within, 12), round(even + self.within, 12))
        return (self.low, self.high)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A target's statistic over some games, with its interval."""

    value: float
    low: float
    high: float
    games: int


def game_values(figures: Sequence[Figure], record: GameRecord) -> dict[str, float]:
    """One game's rows (``sweep_figures.game_figures``) and its ``winner-top-source``.

    >>> from woa_core.report.figures import declared
    >>> from woa_core.rules import load_rules
    >>> from woa_core.sim.runner import play_game
    >>> rules = load_rules("west-of-africa", 2)
    >>> v = game_values(declared(rules), play_game(rules, 3, ["random"] * 2))
    >>> 0 < v["winner-top-source"] <= 1, v["p1_wins"] + v["p2_wins"]
    (True, 1.0)
    """
    values = game_figures(figures, record)
    parts = next((f for f in figures if f.parts_of and f.seat), None)
    if parts is not None:
        values[WINNER_TOP_SOURCE] = _winner_top_source(record.figures[parts.name], record.figures[WINS.name])
    return values


def _winner_top_source(by_source: list[dict[str, float]], shares: list[float]) -> float:
    """The largest share one source gives of the winners' scores (averaged over tied winners).

    >>> _winner_top_source([{"a": 6, "b": 4}, {"a": 1}], [1, 0])
    0.6
    """
    best = max(shares)
    winners = [s for s, share in enumerate(shares) if share == best and share > 0]
    tops = [max(by_source[s].values()) / sum(by_source[s].values()) for s in winners if sum(by_source[s].values()) > 0]
    return sum(tops) / len(tops) if tops else 0.0


def known_rows(figures: Sequence[Figure], players: int) -> list[str]:
    """The names a target may use at ``players`` players: rows (``PREFIX_*`` for rows by key),
    the figures' aliases and the measures.

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> known_rows(KERNEL_FIGURES, 2)
    ['p1_wins', 'p2_wins', 'shared_wins', 'seat-spread']
    """
    names = row_names(figures, players) + [alias for f in figures for alias in f.aliases]
    has_parts = any(f.parts_of and f.seat for f in figures)
    return names + [m for m in MEASURES if m != WINNER_TOP_SOURCE or has_parts]


def resolve_row(name: str, figures: Sequence[Figure], players: int) -> str | None:
    """The row ``name`` stands for (an alias is its figure's row), None if no game has it.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.report.figures import declared
    >>> figures = declared(load_rules("west-of-africa", 3))
    >>> resolve_row("length", figures, 3), resolve_row("vp_gold_majority", figures, 3)
    ('rounds', 'vp_gold_majority')
    >>> resolve_row("p4_wins", figures, 3) is None
    True
    """
    aliases = {alias: f.name for f in figures for alias in f.aliases}
    name = aliases.get(name, name)
    names = known_rows(figures, players)
    if name in names or any(n.endswith("_*") and name.startswith(n[:-1]) and len(name) > len(n) - 1 for n in names):
        return name
    return None


def measure(
    target: Target, games: Sequence[GameValues], players: int, z: float = Z95, figures: Sequence[Figure] = ()
) -> Estimate:
    """The target's statistic over ``games`` (each game's values) with its interval at ``z``
    (``figures``: the game's declarations, which say which rows are shares of games).

    >>> games = [{"rounds": float(r)} for r in (8, 9, 9, 10, 10, 10, 11, 12)]
    >>> measure(Target("t", "rounds", "median", 9, 11), games, 3).value
    10.0
    """
    if target.figure == SEAT_SPREAD:
        return _seat_spread(games, players, z)
    values = [g.get(target.figure, 0.0) for g in games]
    if target.stat == "median":
        return _median(values, z)
    summary = summarize(({target.figure: v} for v in values), figures)[target.figure]
    return _mean(summary, z)


def _mean(summary: Summary, z: float) -> Estimate:
    low, high = summary.interval(z)
    if not summary.rate and summary.n >= 2 and summary.sd == 0:
        low = high = summary.mean
    return Estimate(summary.mean, low, high, summary.n)


def _median(values: Sequence[float], z: float) -> Estimate:
    """The median with the interval between the order statistics the binomial (normal
    approximation) gives: distribution-free.

    >>> e = _median([float(x) for x in range(1, 101)], 1.96)
    >>> e.value, e.low, e.high
    (50.5, 40.0, 61.0)
    """
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return Estimate(math.nan, -math.inf, math.inf, 0)
    middle = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    half = z * math.sqrt(n) / 2
    lo_rank, hi_rank = math.floor(n / 2 - half), math.ceil(n / 2 + half) + 1
    low = ordered[lo_rank - 1] if lo_rank >= 1 else -math.inf
    high = ordered[hi_rank - 1] if hi_rank <= n else math.inf
    return Estimate(middle, low, high, n)


def _seat_spread(games: Sequence[GameValues], players: int, z: float) -> Estimate:
    """The largest seat win share minus the smallest; its interval from the seats' own (Wilson)
    intervals, so at least as wide as the truth needs."""
    rows = [f"{seat_name(s)}_{WINS.name}" for s in range(players)]
    seats = summarize(({r: g.get(r, 0.0) for r in rows} for g in games), (WINS,))
    means = [seats[r].mean for r in rows]
    intervals = [seats[r].interval(z) for r in rows]
    low = max(0.0, max(lo for lo, _ in intervals) - min(hi for _, hi in intervals))
    high = max(hi for _, hi in intervals) - min(lo for lo, _ in intervals)
    return Estimate(max(means) - min(means), low, high, len(games))


def verdict(estimate: Estimate, band: tuple[float, float]) -> str:
    """``met`` (the interval in the band), ``point estimate only`` or ``missed``.

    >>> verdict(Estimate(0.5, 0.45, 0.6, 100), (0.4, 0.55))
    'point estimate only'
    """
    low, high = band
    if low <= estimate.low and estimate.high <= high:
        return MET
    if low <= estimate.value <= high:
        return POINT
    return MISSED


def cannot_meet(estimate: Estimate, band: tuple[float, float]) -> bool:
    """Whether the interval lies wholly outside the band (more games would not help).

    >>> cannot_meet(Estimate(0.7, 0.62, 0.78, 50), (0.4, 0.6)), cannot_meet(Estimate(0.7, 0.5, 0.9, 9), (0.4, 0.6))
    (True, False)
    """
    low, high = band
    return estimate.high < low or estimate.low > high


def violation(value: float, band: tuple[float, float]) -> float:
    """How far ``value`` is from the band, in band widths (a one-sided band: in units of its
    bound, or absolute when the bound is 0); 0 in the band.

    >>> violation(12, (9, 11)), violation(0.5, (-math.inf, 0.45)), violation(10, (9, 11))
    (0.5, 0.1111, 0.0)
    """
    low, high = band
    if math.isnan(value):
        return math.inf
    gap = max(low - value, value - high, 0.0)
    if math.isfinite(low) and math.isfinite(high) and high > low:
        scale = high - low
    else:
        bound = low if math.isfinite(low) else high
        scale = abs(bound) if math.isfinite(bound) and bound != 0 else 1.0
    return round(gap / scale, 4)


def describe_band(band: tuple[float, float]) -> str:
    """A band in words.

    >>> describe_band((9, 11)), describe_band((-math.inf, 0.45))
    ('in [9, 11]', 'at most 0.45')
    """
    low, high = band
    if math.isinf(low):
        return f"at most {high:g}"
    if math.isinf(high):
        return f"at least {low:g}"
    return f"in [{low:g}, {high:g}]"


def estimate_json(e: Estimate) -> dict[str, Any]:
    """An estimate as the JSON report holds it (infinite ends as null)."""
    return {
        "estimate": _num(e.value),
        "ci_low": _num(e.low),
        "ci_high": _num(e.high),
        "games": e.games,
    }


def _num(x: float) -> float | None:
    return round(x, 4) if math.isfinite(x) else None
