"""``woa value``: what each card, step and island is worth, by restricted play.

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play" (AIIDE 2012): for
each card, each step of an action and each island, one bot forbidden to use it
(``woa_core.eval.restricted``) plays against unrestricted bots of the same kind, its seat rotated
game by game, and its win rate is measured. Every restriction plays the same games (the same
game seeds, game ``i`` with the restricted bot in seat ``i mod players``), so rows differ by the
restriction, not by luck of the draw.

With identical bots and rotated seats, an unrestricted bot wins exactly an even share
(``1/players``) in expectation, so each row is tested against that share: an exact binomial test,
with Holm's correction for the number of rows. Reading a row:

- far **below** the even share: the game leans on this thing (forbidding it loses games); the
  lowest rows are the dominant cards and steps;
- **at** the even share: forbidding it costs nothing measurable: a dead card, or one that is easily
  replaced;
- **above** the even share: using it hurts this bot (a trap, or a weakness of the bot).

>>> rows = [{"wins": 2, "games": 40}, {"wins": 10, "games": 40}]
>>> [round(p, 4) for p in binomial_p_values(rows, 0.25)]
[0.0016, 1.0]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from woa_core.eval.kinds import WEAK, bot_kind
from woa_core.eval.restricted import describe_restriction, restricted_spec, restrictions
from woa_core.rules import RulesSource, read_rules
from woa_core.sim.backends import Backend, LocalPool
from woa_core.sim.runner import RunSpec, describe, run_games
from woa_core.sim.stats import holm, wilson


def run_value(
    rules_spec: str | RulesSource,
    players: int,
    bot: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    kinds: Sequence[str] = ("card", "action", "island"),
    on_game: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Play every restriction's games and return the report (manifest and rows).

    >>> report = run_value("west-of-africa", 2, "heuristic", games=2, kinds=("island",))
    >>> len(report["rows"]), report["rows"][0]["games"]
    (7, 2)
    """
    source = rules_spec if isinstance(rules_spec, RulesSource) else read_rules(rules_spec)
    rules = source.compile(players)
    todo = [r for r in restrictions(rules) if r[0] in kinds]
    pool = backend or LocalPool(min(workers, games))
    rows: list[dict[str, Any]] = []
    done = 0
    started = time.perf_counter()
    interrupted = False
    try:
        for kind, target in todo:
            restricted = restricted_spec(bot, kind, target)
            spec = RunSpec(source, players, (restricted,) + (bot,) * (players - 1), seed, rotate_seats=True)
            wins = played = 0
            for record in run_games(spec, games, backend=pool):
                played += 1
                wins += record.bots[record.winner] == restricted
                done += 1
                if on_game:
                    on_game(done)
            rows.append(describe_restriction(kind, target, rules) | {"games": played, "wins": wins})
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if backend is None:
            pool.close()
    fair = 1 / players
    p_values = binomial_p_values(rows, fair)
    adjusted = holm(p_values)
    for row, p, p_holm in zip(rows, p_values, adjusted, strict=True):
        sig = p_holm <= 0.05
        n, w = row["games"], row["wins"]
        rate = w / n if n else 0.0
        low, high = wilson(w, n)
        row |= {
            "rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "change": round(rate - fair, 4),
            "p_value": round(p, 6),
            "p_holm": round(p_holm, 6),
            "significant": sig,
            "reading": _reading(rate, fair, sig),
        }
    rows.sort(key=lambda r: (r["rate"], r["kind"], r["id"]))
    seconds = time.perf_counter() - started
    kind = bot_kind(bot)
    base = RunSpec(source, players, (bot,) * players, seed, True)
    manifest = {k: v for k, v in describe(base, rules).items() if k not in ("bot_kinds", "warnings")} | {
        "bot": bot,
        "kind": kind,
        "games_per_restriction": games,
        "restrictions": len(rows),
        "fair_share": round(fair, 4),
        "test": "exact binomial against the even share, Holm-corrected over the rows (alpha 0.05)",
        "common_seeds": True,
        "workers": pool.workers,
        "seconds": round(seconds, 3),
        "interrupted": interrupted,
        "weak_play": kind in WEAK,
    }
    return {"manifest": manifest, "rows": rows}


def _reading(rate: float, fair: float, significant: bool) -> str:
    if not significant:
        return "no measurable effect (dead or replaceable)"
    return "needed: forbidding it loses games" if rate < fair else "hurts: forbidding it wins games"


def binomial_p_values(rows: Sequence[dict[str, Any]], p: float) -> list[float]:
    """Two-sided exact binomial p-value of each row's wins against success probability ``p``
    (the outcomes no more likely than the one seen)."""
    out = []
    for row in rows:
        n, k = row["games"], row["wins"]
        if n == 0:
            out.append(1.0)
            continue
        probs = [math.exp(_log_binomial(n, i, p)) for i in range(n + 1)]
        seen = probs[k] * (1 + 1e-9)
        out.append(min(1.0, sum(q for q in probs if q <= seen)))
    return out


def _log_binomial(n: int, k: int, p: float) -> float:
    """log P(k successes in n trials), safe for large n."""
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)


def format_value(report: dict[str, Any]) -> str:
    """The table of ``woa value``: most needed first, dead ones last."""
    m = report["manifest"]
    others = m["players"] - 1
    lines = [
        f"woa {m['engine']} · rules {m['rules']} ({m['rules_hash']})"
        + (f" · variant {m['variant']}" if m.get("variant") else "")
        + f" · {m['players']} players · seed {m['seed']}",
        f"restricted play: one {m['bot']} ({m['kind']}) forbidden one thing, against {others} unrestricted "
        f"{m['bot']}; seats rotated; {m['games_per_restriction']} games per row on the same seeds "
        f"({m['seconds']:.0f} s, {m['workers']} worker(s))",
    ]
    if m.get("interrupted"):
        lines.append("INTERRUPTED: rows cover the restrictions finished before Ctrl-C")
    if m["weak_play"]:
        lines.append(
            f"note: {m['bot']} is a {m['kind']} bot; these values say how much it leans on each thing, which a "
            "stronger player may not (try --bot mcts)"
        )
    lines += [
        "",
        f"{'forbidden':<48} {'win rate':>8}   95% CI          vs even {100 * m['fair_share']:.1f}%",
    ]
    for r in report["rows"]:
        label = f"{r['kind']:<7} {r['id']} ({r['name']})"
        mark = "*" if r["significant"] else " "
        lines.append(
            f"  {label:<46} {100 * r['rate']:7.1f}%   [{100 * r['ci95'][0]:4.1f}–{100 * r['ci95'][1]:4.1f}]"
            f"   {100 * r['change']:+6.1f} {mark} {r['reading']}"
        )
    lines += [
        "",
        "* differs from the even share (exact binomial test, Holm-corrected over all rows, 5% family-wise).",
        "Low rows: the game leans on them (dominant). Rows at the even share: forbidding costs nothing measurable.",
    ]
    return "\n".join(lines)
