"""What a sweep measures at each point, and how it ranks points.

Every game gives a value per *figure* row (``rounds``, ``vp``, ``p1_wins``, ...: the declared
figures' rows, ``woa_core.report.figures.game_rows``); a point's figure is the mean over its
games with an interval: Wilson for a rate (a figure that is 0 or 1 per game), the normal interval
of the mean otherwise.

An *objective* turns a point's figures into a score with an interval; points are ranked by it,
lower first (``max:FIGURE`` ranks by the negated mean; reports show the mean itself):

- ``seat-balance``: the largest gap between a seat's win rate and an even share (1/players);
- a win rate's own objective (``Figure.objective``; ``first-player`` in West of Africa): the gap
  between that rate and an even share;
- ``FIGURE=TARGET``: the distance of a figure's mean from a target (``length=7``: games of 7
  rounds; a figure's ``aliases`` name it too);
- ``min:FIGURE`` / ``max:FIGURE``: the smallest / largest mean of a figure.

>>> from woa_core.rules import load_rules
>>> from woa_core.report.figures import declared
>>> figures = declared(load_rules("west-of-africa", 2))
>>> games = [{"rounds": 6.0, "p1_wins": 1.0, "p2_wins": 0.0}, {"rounds": 8.0, "p1_wins": 0.0, "p2_wins": 1.0}]
>>> s = summarize(games, figures)
>>> s["rounds"].mean, s["p1_wins"].rate
(7.0, True)
>>> parse_objective("length=7", 2, figures).score(s)[0]
0.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from woa_core.errors import UsageError
from woa_core.options import OBJECTIVES_HELP
from woa_core.report.figures import RATES, WINS, Figure, Kind, game_rows, row_figure, seat_name
from woa_core.sim.runner import GameRecord
from woa_core.sim.stats import wilson

Z95 = 1.96


def game_figures(figures: Sequence[Figure], r: GameRecord) -> dict[str, float]:
    """One game's value of every figure row (per-seat figures are averaged over the seats).

    >>> from woa_core.report.figures import declared
    >>> from woa_core.rules import load_rules
    >>> from woa_core.sim.runner import play_game
    >>> rules = load_rules("west-of-africa", 2)
    >>> f = game_figures(declared(rules), play_game(rules, 3, ["random"] * 2))
    >>> f["p1_wins"] + f["p2_wins"], f["rounds"] > 0
    (1.0, True)
    """
    return {row.name: row.value for row in game_rows(figures, r.figures, r.bots)}


def is_rate(figures: Sequence[Figure], row: str) -> bool:
    """Whether a row is a share of games (of a figure that is 0 or 1 per game)."""
    figure = row_figure(figures, row)
    return figure is not None and figure.kind in RATES


@dataclass(frozen=True, slots=True)
class Summary:
    """A figure over a point's games: mean, interval, games; ``rate`` if each game gave 0 or 1."""

    n: int
    mean: float
    sd: float
    rate: bool
    successes: int = 0

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The interval of the mean (``z`` 1.96: 95%); infinite for a mean of one game."""
        if self.rate:
            return wilson(self.successes, self.n, z)
        if self.n < 2:
            return (-math.inf, math.inf)
        half = z * self.sd / math.sqrt(self.n)
        return (self.mean - half, self.mean + half)


def summarize(
    games: Iterable[Mapping[str, float]], figures: Sequence[Figure], names: Iterable[str] = ()
) -> dict[str, Summary]:
    """Every figure over a point's games; ``names`` adds figures absent here (as 0 per game)."""
    rows = list(games)
    keys = sorted({k for row in rows for k in row} | set(names))
    out: dict[str, Summary] = {}
    for key in keys:
        values = [row.get(key, 0.0) for row in rows]
        n = len(values)
        mean = sum(values) / n if n else 0.0
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        rate = is_rate(figures, key)
        out[key] = Summary(n, mean, sd, rate, int(sum(values)) if rate else 0)
    return out


def bonferroni_z(comparisons: int, alpha: float = 0.05) -> float:
    """The two-sided normal quantile that keeps ``comparisons`` intervals jointly at 1 - alpha.

    >>> round(bonferroni_z(1), 2), round(bonferroni_z(10), 2)
    (1.96, 2.81)
    """
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, comparisons)))


@dataclass(frozen=True, slots=True)
class Objective:
    """How points are ranked: a score (lower is better) with an interval. ``rows``: for
    ``seats``, the rows of the seats' win rates; ``words``: the objective in words, where its
    kind alone does not say it."""

    text: str
    kind: str  # "seats", "target", "min", "max"
    figure: str = ""
    target: float = 0.0
    rows: tuple[str, ...] = ()
    words: str = ""

    def describe(self) -> str:
        """The objective in words."""
        if self.words:
            return self.words
        if self.kind == "seats":
            return "the largest gap between a seat's win rate and an even share (lower is better)"
        if self.kind == "target":
            return f"the distance of {self.figure} from {self.target:g} (lower is better)"
        if self.kind == "min":
            return f"the mean of {self.figure} (lower is better)"
        return f"the mean of {self.figure} (higher is better)"

    def score(self, figures: Mapping[str, Summary], z: float = Z95) -> tuple[float, float, float]:
        """The score and its interval; a figure the objective names must be among ``figures``."""
        if self.kind == "seats":
            seats = [s for s in self.rows if s in figures]
            even = 1 / len(seats)
            parts = [_distance(figures[s].mean, figures[s].interval(z), even) for s in seats]
            return (max(p[0] for p in parts), max(p[1] for p in parts), max(p[2] for p in parts))
        if self.figure not in figures:
            known = ", ".join(sorted(figures))
            raise UsageError(f"--objective {self.text}: no figure '{self.figure}' (figures: {known})")
        f = figures[self.figure]
        low, high = f.interval(z)
        if self.kind == "target":
            return _distance(f.mean, (low, high), self.target)
        if self.kind == "min":
            return (f.mean, low, high)
        return (-f.mean, -high, -low)


def _distance(mean: float, interval: tuple[float, float], target: float) -> tuple[float, float, float]:
    low, high = interval
    nearest = 0.0 if low <= target <= high else min(abs(low - target), abs(high - target))
    return (abs(mean - target), nearest, max(abs(low - target), abs(high - target)))


def parse_objective(text: str, players: int, figures: Sequence[Figure]) -> Objective:
    """An objective from its text (see the module's list) for the game of ``figures``;
    ``UsageError`` if it is not one.

    >>> from woa_core.report.figures import declared
    >>> from woa_core.rules import load_rules
    >>> figures = declared(load_rules("west-of-africa", 3))
    >>> o = parse_objective("length=7", 3, figures)
    >>> o.kind, o.figure, o.target
    ('target', 'rounds', 7.0)
    >>> parse_objective("first-player", 4, figures).target
    0.25
    >>> parse_objective("vp=nan", 4, figures)
    Traceback (most recent call last):
    woa_core.errors.UsageError: --objective 'vp=nan': the target 'nan' is not a finite number
    """
    text = text.strip()
    aliases = {alias: f.name for f in figures for alias in f.aliases}
    if text == "seat-balance":
        return Objective(text, "seats", WINS.name, rows=tuple(f"{seat_name(p)}_{WINS.name}" for p in range(players)))
    for f in figures:
        if f.objective and text == f.objective and f.kind is Kind.WON:
            even = 1 / players
            words = f"the gap between the win rate of '{f.label}' and an even share {even:.3f} (lower is better)"
            return Objective(text, "target", f.name, even, words=words)
    if text.startswith(("min:", "max:")):
        figure = text[4:].strip()
        if figure:
            return Objective(text, text[:3], _row(text, aliases.get(figure, figure), players, figures))
    name, sep, target = text.partition("=")
    if sep and name.strip():
        try:
            value = float(target)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise UsageError(f"--objective {text!r}: the target {target.strip()!r} is not a finite number")
        return Objective(text, "target", _row(text, aliases.get(name.strip(), name.strip()), players, figures), value)
    raise UsageError(f"--objective {text!r} is not an objective; use one of: {OBJECTIVES_HELP}")


def _row(text: str, name: str, players: int, figures: Sequence[Figure]) -> str:
    """``name`` if some game can have a row of that name (the objective names a figure), else a
    ``UsageError`` naming the rows there are: an objective is refused before any game is played.

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> _row("p3_wins=0.5", "p3_wins", 2, KERNEL_FIGURES)
    Traceback (most recent call last):
    woa_core.errors.UsageError: --objective p3_wins=0.5: no figure 'p3_wins' (figures: p1_wins, p2_wins, shared_wins)
    """
    names = row_names(figures, players)
    if name in names or any(n.endswith("_*") and name.startswith(n[:-1]) for n in names):
        return name
    known = ", ".join(sorted(names))
    raise UsageError(f"--objective {text}: no figure '{name}' (figures: {known})")


def row_names(figures: Sequence[Figure], players: int) -> list[str]:
    """The rows a game of ``players`` may have, by name (``PREFIX_*`` where the games give the
    rest: a category's value, a key), as an objective names them; a row reported only when it
    happened (``shared_wins``) is among them.

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> row_names(KERNEL_FIGURES, 2)
    ['p1_wins', 'p2_wins', 'shared_wins']
    """
    out: list[str] = []
    for f in figures:
        if not f.compared:
            continue
        if f.kind is Kind.WINS:
            out += [f"{seat_name(s)}_{f.name}" for s in range(players)]
        elif f.kind is Kind.CATEGORY or f.by_key:
            out.append(f"{f.prefix}_*")
        else:
            out.append(f.name)
    return out
