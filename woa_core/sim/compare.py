"""Two rulesets side by side: what a rule change does to every figure ``woa simulate`` reports,
each change with its 95% interval and a p-value corrected for the number of rows.

**Paired** (the default): game *i* is played under both rulesets with the same seed and the
same bots, so each figure is differenced per game pair. A row gives the mean paired difference
with its Student-t interval; its p-value comes from the paired t-test, or for a yes/no figure
(a win, how a game ended) from McNemar's exact test on the discordant pairs (and for a figure
that differs in fewer than ``SIGN_TEST_BELOW`` pairs, from the exact sign test).

**Unpaired** (``--variant-seed``): the variant plays another seed stream, so the two samples
are independent: Welch's t for means, a pooled two-proportion z-test for rates. With the same
rules on both sides this is the A/A check: the share of such runs that flag any row is the
false-alarm rate, which the correction holds near ``alpha``.

Then every row's p-value is adjusted for the number of rows — Holm (the chance that noise
flags *any* row stays below ``alpha``) or Benjamini–Hochberg (the expected share of noise among
flagged rows stays below ``alpha``) — and a row is *flagged* (``significant``) when its adjusted p
is below ``alpha``. Rows use the reports' shared names (``woa_core.sim.stats.VOCABULARY``).

>>> from woa_core.report.figures import declared
>>> from woa_core.rules import load_rules
>>> from woa_core.sim.runner import play_game
>>> rules = load_rules("west-of-africa", 2)
>>> c = Comparison(declared(rules))
>>> for seed in range(5):
...     game = play_game(rules, seed, ["random", "random"])
...     c.add(game, game)
>>> rows = c.rows(paired=True)
>>> all(r["estimate"] == 0 and not r["significant"] for r in rows), rows[0]["figure"]
(True, 'rounds')
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from woa_core.report.figures import Figure, Row, game_rows
from woa_core.sim.backends import Backend, LazyTasks
from woa_core.sim.runner import GameRecord, RunSpec, games_per_task, run_one
from woa_core.sim.stats import (
    CORRECTIONS,
    P_VALUE,
    binomial_two_sided_p,
    estimate_fields,
    normal_two_sided_p,
    t_critical,
    t_two_sided_p,
    verdict_fields,
)
from woa_core.sim.verdict import verdict_text

SIGN_TEST_BELOW = 30
"""A paired figure that differs in fewer game pairs than this is tested with the exact sign test:
the t-test's normal approximation is too kind to a handful of non-zero differences."""

CORRECTION_NAMES = {
    "holm": "Holm (family-wise: the chance that noise flags any row stays below alpha)",
    "bh": "Benjamini–Hochberg (false discovery rate: the expected share of noise among flagged rows)",
}


def run_pairs(
    base: RunSpec, variant: RunSpec, games: int, backend: Backend, start: int = 0
) -> Generator[tuple[GameRecord, GameRecord], None, None]:
    """Game ``i`` under both specs, for i in start..games-1, in index order; each task plays both
    games of its pairs, so the two sides advance together on any backend (local pool or Dask).

    >>> from woa_core.sim.backends import LocalPool
    >>> spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=1)
    >>> [a.figures == b.figures for a, b in run_pairs(spec, spec, 3, LocalPool(1))]
    [True, True, True]
    """
    base.compiled()
    variant.compiled()
    chunk = games_per_task(games, backend.workers, (*base.bots, *variant.bots), most=25)
    tasks = LazyTasks(range(start, games, chunk), lambda first: (base, variant, first, min(first + chunk, games)))
    for pairs in backend.map(_run_pair_chunk, tasks):
        yield from pairs


def _run_pair_chunk(task: tuple[RunSpec, RunSpec, int, int]) -> list[tuple[GameRecord, GameRecord]]:
    base, variant, start, stop = task
    return [(run_one(base, i), run_one(variant, i)) for i in range(start, stop)]


PER_PLAYER = "per_player_"
"""How compare names a per-seat figure's mean over the seats (``per_player_vp``)."""


def game_figures(figures: Sequence[Figure], r: GameRecord) -> list[Row]:
    """Every compared figure of one game as rows (``woa_core.report.figures.game_rows``):
    per-seat figures averaged over the seats (``per_player_NAME``), each seat's value where a
    figure asks for it, and each bot's share of the win per seat it held (when the bots differ).

    >>> from woa_core.report.figures import declared
    >>> from woa_core.rules import load_rules
    >>> from woa_core.sim.runner import play_game
    >>> rules = load_rules("west-of-africa", 2)
    >>> rows = {row.name: row for row in game_figures(declared(rules), play_game(rules, 1, ["random", "random"]))}
    >>> rows["p1_wins"].value + rows["p2_wins"].value, rows["p1_wins"].rate, "per_player_sold_east" in rows
    (1.0, True, True)
    """
    return game_rows(figures, r.figures, r.bots, per_player=PER_PLAYER, detail=True)


@dataclass(slots=True)
class _Sums:
    s: float = 0.0
    ss: float = 0.0

    def add(self, x: float) -> None:
        self.s += x
        self.ss += x * x

    def mean(self, n: int) -> float:
        return self.s / n if n else 0.0

    def var(self, n: int) -> float:
        if n < 2:
            return 0.0
        return max(0.0, (self.ss - self.s * self.s / n) / (n - 1))


@dataclass(slots=True)
class Comparison:
    """Streaming sums over game pairs of the ``figures`` declared (memory does not grow with the
    number of games).

    A figure missing from a game (an end reason that did not happen) counts as 0 there."""

    figures: tuple[Figure, ...]
    pairs: int = 0
    order: dict[str, int] = field(default_factory=dict)  # figures in first-seen order: their section
    binary: set[str] = field(default_factory=set)
    base: dict[str, _Sums] = field(default_factory=dict)
    variant: dict[str, _Sums] = field(default_factory=dict)
    diff: dict[str, _Sums] = field(default_factory=dict)
    discordant: dict[str, list[int]] = field(default_factory=dict)  # [base only, variant only]

    def add(self, base: GameRecord, variant: GameRecord) -> None:
        """Fold in game pair ``i`` (paired or not, the sums are the same)."""
        rows_a, rows_b = game_figures(self.figures, base), game_figures(self.figures, variant)
        a = {row.name: row.value for row in rows_a}
        b = {row.name: row.value for row in rows_b}
        self.pairs += 1
        for row in (*rows_a, *rows_b):
            key = row.name
            if row.rate:
                self.binary.add(key)
            if key not in self.order:
                self.order[key] = row.section
                self.base[key], self.variant[key], self.diff[key] = _Sums(), _Sums(), _Sums()
                self.discordant[key] = [0, 0]
        for key in self.order:
            x, y = a.get(key, 0.0), b.get(key, 0.0)
            if x:
                self.base[key].add(x)
            if y:
                self.variant[key].add(y)
            if x != y:
                self.diff[key].add(y - x)
                if x > y:
                    self.discordant[key][0] += 1
                else:
                    self.discordant[key][1] += 1

    def rows(self, paired: bool = True, correction: str = "holm", alpha: float = 0.05) -> list[dict[str, Any]]:
        """One row per figure: base and variant means, ``estimate`` (variant - base), its 95%
        interval ``ci_low``, ``ci_high``, ``p_value``, ``p_adjusted`` (by ``adjustment``) and
        ``significant`` (adjusted p below ``alpha``)."""
        rows = [self._row(key, paired) for key in _ordered(self.order)]
        adjusted = CORRECTIONS[correction]([r[P_VALUE] for r in rows])
        for row, p_adj in zip(rows, adjusted, strict=True):
            row |= verdict_fields(row[P_VALUE], p_adj, correction, alpha)
        return rows

    def pairing_gain(self) -> float | None:
        """How many times narrower the paired intervals are than unpaired ones on the same games
        (the median over figures that vary); its square is how many times more games an unpaired
        comparison would need for the same precision. None when nothing varies.

        >>> Comparison(()).pairing_gain() is None
        True
        """
        n = self.pairs
        ratios = []
        for key in self.order:
            paired_var = self.diff[key].var(n)
            unpaired_var = self.base[key].var(n) + self.variant[key].var(n)
            if paired_var > 0 and unpaired_var > 0:
                ratios.append(math.sqrt(unpaired_var / paired_var))
        return round(statistics.median(ratios), 2) if ratios else None

    def _row(self, key: str, paired: bool) -> dict[str, Any]:
        n = self.pairs
        a, b = self.base[key], self.variant[key]
        mean_a, mean_b = a.mean(n), b.mean(n)
        binary = key in self.binary
        df: float
        if paired:
            d = self.diff[key]
            estimate, se, df = d.mean(n), math.sqrt(d.var(n) / n) if n else 0.0, n - 1
            base_only, variant_only = self.discordant[key]
            if binary or base_only + variant_only < SIGN_TEST_BELOW:
                p = binomial_two_sided_p(variant_only, base_only + variant_only)
            else:
                p = _t_p(estimate, se, df)
        else:
            estimate = mean_b - mean_a
            va, vb = a.var(n) / n if n else 0.0, b.var(n) / n if n else 0.0
            se = math.sqrt(va + vb)
            df = (va + vb) ** 2 / (va**2 / (n - 1) + vb**2 / (n - 1)) if n > 1 and va + vb > 0 else max(n - 1, 1)
            if binary:
                pooled = (a.s + b.s) / (2 * n) if n else 0.0
                se0 = math.sqrt(pooled * (1 - pooled) * 2 / n) if n else 0.0
                p = normal_two_sided_p(estimate / se0) if se0 > 0 else float(estimate == 0)
            else:
                p = _t_p(estimate, se, df)
        half = t_critical(max(df, 1)) * se
        return {
            "figure": key,
            "kind": "rate" if binary else "mean",
            "n": n,
            "base": _round(mean_a, 4),
            "variant": _round(mean_b, 4),
            **estimate_fields(estimate, estimate - half, estimate + half),
            P_VALUE: p,
        }


def _t_p(estimate: float, se: float, df: float) -> float:
    if se > 0:
        return t_two_sided_p(estimate / se, max(df, 1))
    return 1.0 if estimate == 0 else 0.0


def _round(x: float, digits: int) -> float:
    return round(x, digits) + 0.0  # no -0.0


def _ordered(sections: dict[str, int]) -> list[str]:
    """Rows grouped (``woa_core.report.figures.Row.section``): game length, how games end (by
    name), win rates, who wins by seat and by bot, per-player figures, per-seat values; in
    first-seen order within a group, which is the order the figures are declared in."""

    def group(key: str) -> tuple[int, str]:
        section = sections[key]
        return (section, key if section == 1 else "")

    return sorted(sections, key=group)


def format_comparison(report: dict[str, Any]) -> str:
    """The comparison as a table a designer reads (``report`` as ``woa compare --json`` prints it),
    led by its verdict (``woa_core.sim.verdict.compare_verdict``) when the report holds one."""
    m, method, rows = report["manifest"], report["method"], report["rows"]
    verdict = [verdict_text(report["verdict"]), ""] if report.get("verdict") else []

    def side(s: dict[str, Any]) -> str:
        sets = "".join(f" --set {o}" for o in s["overrides"])
        return f"{s['rules']} ({s['rules_hash']}) from {s['rules_spec']}{sets} · seed {s['seed']}"

    lines = [
        *verdict,
        f"woa {m['engine']} · {m['players']} players · {m['games']} games each · bots "
        + ", ".join(f"{b} ({m['bot_kinds'][b]})" if "bot_kinds" in m else b for b in m["bots"])
        + (" (seats rotated each game)" if m["rotate_seats"] else ""),
        f"base:    {side(m['base'])}",
        f"variant: {side(m['variant'])}",
    ]
    if m.get("interrupted"):
        lines.append(f"INTERRUPTED: the figures cover the {m['games']} game pairs finished before Ctrl-C")
    if method["design"] == "paired":
        lines.append(
            "paired: the same seeds and bots under both rulesets; each row is the mean of the per-game "
            "differences (paired t-test, or the exact sign test when under 30 pairs differ; McNemar's exact "
            "test for rates)"
        )
    else:
        lines.append(
            "unpaired: the variant plays its own seed stream (Welch's t-test; two-proportion z-test for rates)"
        )
    gain = method.get("pairing_gain")
    if method["design"] == "paired" and gain:
        lines.append(pairing_line(gain))
    lines += [
        f"p-values adjusted over {len(rows)} rows with {CORRECTION_NAMES[method['correction']]}",
        "",
        f"{'':30} {'base':>9} {'variant':>9} {'change':>9}   {'95% CI of the change':<22} {'p':>7} {'adj. p':>7}",
    ]
    for r in rows:
        mark = " *" if r["significant"] else ""
        ci = f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]"
        lines.append(
            f"{r['figure'].replace('_', ' '):30} {r['base']:>9.3f} {r['variant']:>9.3f} {r['estimate']:>+9.3f}"
            f"   {ci:<22} {_p(r['p_value']):>7} {_p(r['p_adjusted']):>7}{mark}"
        )
    flagged = sum(r["significant"] for r in rows)
    lines += [
        "",
        f"* flagged: adjusted p below {method['alpha']} ({flagged} of {len(rows)} rows). Intervals are per row, "
        "not adjusted.",
        "Wins and ends are shares of games; 'per player' figures are per game, averaged over the seats.",
    ]
    lines += [f"warning: {w}" for w in m.get("warnings", [])]
    return "\n".join(lines)


def pairing_line(gain: float) -> str:
    """What pairing bought, in words: how much narrower the intervals are, or that it bought nothing.

    >>> print(pairing_line(2.5))
    pairing made the intervals 2.5x narrower than unpaired ones on the same games (median over rows):
    an unpaired comparison would need about 6.2x the games
    >>> print(pairing_line(1.02))
    pairing did not narrow the intervals here (median over rows): the change makes the paired games
    differ as much as unrelated ones
    """
    if gain < 1.05:
        return (
            "pairing did not narrow the intervals here (median over rows): the change makes the paired games "
            "differ as much as unrelated ones"
        )
    return (
        f"pairing made the intervals {gain:.1f}x narrower than unpaired ones on the same games (median over "
        f"rows): an unpaired comparison would need about {gain * gain:.1f}x the games"
    )


def _p(p: float) -> str:
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"
