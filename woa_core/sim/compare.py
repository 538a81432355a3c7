"""Two rulesets side by side: the same games (same seeds, same bots) under each, and what
changed, with 95% confidence intervals of each difference.

A difference whose interval excludes 0 is marked ``*``: more than noise at that sample size.
"""

from __future__ import annotations

import math
from typing import Any

from woa_core.sim.stats import Mean, Stats

Z95 = 1.96


def mean_difference(a: Mean, b: Mean) -> dict[str, Any]:
    """``b - a`` with a 95% interval (Welch's normal approximation).

    >>> a, b = Mean(), Mean()
    >>> for x in (5, 6, 7): a.add(x)
    >>> for x in (8, 9, 10): b.add(x)
    >>> mean_difference(a, b)["difference"]
    3.0
    """
    diff = b.mean - a.mean
    se = math.sqrt((a.sd**2 / a.n if a.n else 0) + (b.sd**2 / b.n if b.n else 0))
    low, high = diff - Z95 * se, diff + Z95 * se
    return {
        "base": round(a.mean, 3),
        "variant": round(b.mean, 3),
        "difference": round(diff, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "significant": low > 0 or high < 0,
    }


def rate_difference(wins_a: int, n_a: int, wins_b: int, n_b: int) -> dict[str, Any]:
    """Difference of two proportions ``b - a`` with a 95% interval (normal approximation)."""
    pa, pb = wins_a / max(n_a, 1), wins_b / max(n_b, 1)
    se = math.sqrt(pa * (1 - pa) / max(n_a, 1) + pb * (1 - pb) / max(n_b, 1))
    diff = pb - pa
    low, high = diff - Z95 * se, diff + Z95 * se
    return {
        "base": round(pa, 4),
        "variant": round(pb, 4),
        "difference": round(diff, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "significant": low > 0 or high < 0,
    }


def compare(base: Stats, variant: Stats) -> dict[str, Any]:
    """Every figure a designer compares: game length, VP by source, gold, seat and first-player
    win rates, how games end."""
    out: dict[str, Any] = {"rounds": mean_difference(base.rounds, variant.rounds)}
    for key in base.per_player:
        out[f"per_player_{key}"] = mean_difference(base.per_player[key], variant.per_player[key])
    out["first_player_wins"] = rate_difference(
        base.first_player_wins, base.games, variant.first_player_wins, variant.games
    )
    for seat in range(base.players):
        out[f"p{seat + 1}_wins"] = rate_difference(
            base.wins_by_seat[seat], base.games, variant.wins_by_seat[seat], variant.games
        )
    for reason in sorted(set(base.end_reasons) | set(variant.end_reasons)):
        out[f"ends_by_{reason}"] = rate_difference(
            base.end_reasons[reason], base.games, variant.end_reasons[reason], variant.games
        )
    return out


def format_comparison(manifest: dict[str, Any], rows: dict[str, Any]) -> str:
    """The comparison as a table."""
    lines = [
        f"woa {manifest['engine']} · {manifest['players']} players · {manifest['games']} games each · "
        f"seed {manifest['seed']} · bots {', '.join(manifest['bots'])}",
        f"base:    {manifest['base']['rules']} ({manifest['base']['rules_hash']})",
        f"variant: {manifest['variant']['rules']} ({manifest['variant']['rules_hash']})",
        "",
        f"{'':32} {'base':>9} {'variant':>9} {'change':>9}   95% CI of the change",
    ]
    for name, r in rows.items():
        mark = " *" if r["significant"] else ""
        lines.append(
            f"{name.replace('_', ' '):32} {r['base']:>9.3f} {r['variant']:>9.3f} {r['difference']:>+9.3f}"
            f"   [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]{mark}"
        )
    lines += ["", "* the interval excludes 0: a change beyond noise at this number of games"]
    return "\n".join(lines)
