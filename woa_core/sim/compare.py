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

>>> from woa_core.rules import load_rules
>>> from woa_core.sim.runner import play_game
>>> rules = load_rules("west-of-africa", 2)
>>> c = Comparison()
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
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from woa_core.packs.west_of_africa.state import VP_SOURCES
from woa_core.sim.backends import Backend
from woa_core.sim.runner import GameRecord, RunSpec, run_one
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

SIGN_TEST_BELOW = 30
"""A paired figure that differs in fewer game pairs than this is tested with the exact sign test:
the t-test's normal approximation is too kind to a handful of non-zero differences."""

CORRECTION_NAMES = {
    "holm": "Holm (family-wise: the chance that noise flags any row stays below alpha)",
    "bh": "Benjamini–Hochberg (false discovery rate: the expected share of noise among flagged rows)",
}


def run_pairs(
    base: RunSpec, variant: RunSpec, games: int, backend: Backend
) -> Generator[tuple[GameRecord, GameRecord], None, None]:
    """Game ``i`` under both specs, for i in 0..games-1, in index order; each task plays both
    games of its pairs, so the two sides advance together on any backend (local pool or Dask).

    >>> from woa_core.sim.backends import LocalPool
    >>> spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=1)
    >>> [a.vp == b.vp for a, b in run_pairs(spec, spec, 3, LocalPool(1))]
    [True, True, True]
    """
    base.compiled()
    variant.compiled()
    chunk = 1 if backend.workers == 1 else max(1, min(25, games // (backend.workers * 8) or 1))
    tasks = [(base, variant, first, min(first + chunk, games)) for first in range(0, games, chunk)]
    for pairs in backend.map(_run_pair_chunk, tasks):
        yield from pairs


def _run_pair_chunk(task: tuple[RunSpec, RunSpec, int, int]) -> list[tuple[GameRecord, GameRecord]]:
    base, variant, start, stop = task
    return [(run_one(base, i), run_one(variant, i)) for i in range(start, stop)]


def game_figures(r: GameRecord) -> tuple[dict[str, float], frozenset[str]]:
    """Every figure of one game, and which of them are yes/no (0 or 1).

    Per-player figures are averaged over the seats; a bot's win figure is its share of the
    game's wins per seat it held (only when the bots differ).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.sim.runner import play_game
    >>> figures, binary = game_figures(play_game(load_rules("west-of-africa", 2), 1, ["random", "random"]))
    >>> figures["p1_wins"] + figures["p2_wins"], "p1_wins" in binary, "per_player_sold_east" in figures
    (1.0, True, True)
    """
    n = len(r.vp)
    out: dict[str, float] = {"rounds": float(r.rounds), f"ends_by_{r.end_reason}": 1.0}
    binary = {f"ends_by_{r.end_reason}", "first_player_wins"}
    out["first_player_wins"] = float(r.first_player == r.winner)
    for seat in range(n):
        out[f"p{seat + 1}_wins"] = float(seat == r.winner)
        binary.add(f"p{seat + 1}_wins")
    if len(set(r.bots)) > 1:
        for bot in sorted(set(r.bots)):
            out[f"bot_{bot}_wins"] = (r.bots[r.winner] == bot) / r.bots.count(bot)
    out["per_player_vp"] = sum(r.vp) / n
    for source in VP_SOURCES:
        out[f"per_player_vp_{source}"] = sum(v.get(source, 0) for v in r.vp_from) / n
    out["per_player_final_gold"] = sum(r.gold) / n
    out["per_player_settlements"] = sum(r.settlements) / n if r.settlements else 0.0
    for region in r.sold[0]:
        out[f"per_player_sold_{region}"] = sum(s[region] for s in r.sold) / n
    for action in r.actions[0]:
        out[f"per_player_used_{action}"] = sum(a[action] for a in r.actions) / n
    for seat in range(n):
        out[f"p{seat + 1}_vp"] = float(r.vp[seat])
    return out, frozenset(binary)


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
    """Streaming sums over game pairs (memory does not grow with the number of games).

    A figure missing from a game (an end reason that did not happen) counts as 0 there."""

    pairs: int = 0
    order: dict[str, None] = field(default_factory=dict)  # figures in first-seen order
    binary: set[str] = field(default_factory=set)
    base: dict[str, _Sums] = field(default_factory=dict)
    variant: dict[str, _Sums] = field(default_factory=dict)
    diff: dict[str, _Sums] = field(default_factory=dict)
    discordant: dict[str, list[int]] = field(default_factory=dict)  # [base only, variant only]

    def add(self, base: GameRecord, variant: GameRecord) -> None:
        """Fold in game pair ``i`` (paired or not, the sums are the same)."""
        a, binary_a = game_figures(base)
        b, binary_b = game_figures(variant)
        self.pairs += 1
        self.binary |= binary_a | binary_b
        for key in (*a, *b):
            if key not in self.order:
                self.order[key] = None
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

        >>> Comparison().pairing_gain() is None
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


def _ordered(keys: dict[str, None]) -> list[str]:
    """Rows grouped: game length, how games end, who wins, per-player figures, per-seat VP
    (first-seen order within a group, which is the order ``game_figures`` makes them)."""

    def group(key: str) -> tuple[int, int | str]:
        head, _, tail = key.partition("_")
        if head[:1] == "p" and head[1:].isdigit():
            return (3 if tail == "wins" else 6, int(head[1:]))
        if key.startswith("ends_by_"):
            return (1, key)
        ranks = {"rounds": 0, "first_player_wins": 2}
        if key in ranks:
            return (ranks[key], 0)
        return (4, 0) if key.startswith("bot_") else (5, 0)

    return sorted(keys, key=group)


def format_comparison(report: dict[str, Any]) -> str:
    """The comparison as a table a designer reads (``report`` as ``woa compare --json`` prints it)."""
    m, method, rows = report["manifest"], report["method"], report["rows"]

    def side(s: dict[str, Any]) -> str:
        sets = "".join(f" --set {o}" for o in s["overrides"])
        return f"{s['rules']} ({s['rules_hash']}) from {s['rules_spec']}{sets} · seed {s['seed']}"

    lines = [
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
