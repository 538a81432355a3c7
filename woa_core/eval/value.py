"""``woa value``: what each verb and component of a game is worth, by restricted play.

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play" (AIIDE 2012): for
each thing the pack lets restricted play forbid (``woa_core.eval.restricted.restrictions``: in
West of Africa each card, each step of an action and each island), one bot forbidden to use it
plays against unrestricted bots of the same kind, its seat rotated game by game, and its win
rate is measured. Every restriction plays the same games (the same
game seeds, game ``i`` with the restricted bot in seat ``i mod players``), so rows differ by the
restriction, not by luck of the draw.

With identical bots and rotated seats, an unrestricted bot wins exactly an even share
(``1/players``) in expectation, so each row is tested against that share: an exact binomial test,
with Holm's correction for the number of rows. A row is labelled only when its figures support the
label:

- **needed** (below the even share, the adjusted p below 5%): the game leans on this thing
  (forbidding it loses games); the lowest rows are the dominant cards and steps;
- **hurts** (above it, the adjusted p below 5%): using it hurts this bot (a trap, or a weakness of
  the bot);
- **no measurable effect**: the row's whole 95% interval lies within the even share ± ``margin``
  (5 points by default): forbidding it costs less than the margin, so a dead card, or one that is
  easily replaced. This is an equivalence rule: not finding a difference is not enough;
- otherwise **not enough games to say**: the interval reaches beyond the margin without a
  significant difference (at 40 games per row an interval spans about 25 points).

>>> rows = [{"wins": 2, "games": 40}, {"wins": 10, "games": 40}]
>>> [round(p, 4) for p in binomial_p_values(rows, 0.25)]
[0.0016, 1.0]
>>> reading(0.25, (0.23, 0.27), 0.25, 0.05, False), reading(0.25, (0.13, 0.41), 0.25, 0.05, False)
('no measurable effect (dead or replaceable)', 'not enough games to say')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from woa_core.eval.kinds import WEAK, bot_kind
from woa_core.eval.restricted import describe_restriction, restricted_spec, restrictions
from woa_core.rules import RulesSource, read_rules
from woa_core.sim.backends import Backend, LocalPool
from woa_core.sim.estimate import probed
from woa_core.sim.runner import GameRecord, RunSpec, describe, run_games, run_one
from woa_core.sim.stats import estimate_fields, holm, verdict_fields, wilson

MARGIN = 0.05
"""How far from the even share a win rate may be and still count as no effect (5 points): a row is
labelled "no measurable effect" only when its whole 95% interval lies within the even share ± this."""

ALPHA = 0.05
"""Family-wise error rate of the needed / hurts labels (Holm over the rows)."""

READINGS = {
    "needed": "needed: forbidding it loses games",
    "hurts": "hurts: forbidding it wins games",
    "none": "no measurable effect (dead or replaceable)",
    "unknown": "not enough games to say",
}
"""The labels a row can get (see the module's docstring)."""


def _row_games(
    spec: RunSpec, games: int, pool: Backend, tell: Callable[[str], None] | None, whole: int
) -> Iterator[GameRecord]:
    """One row's games in order; with ``tell``, the first timed here to say how long ``whole``
    games take."""
    return probed(
        lambda i: run_one(spec, i, write_log=False),
        lambda k: run_games(spec, games - k, backend=pool, start=k),
        games,
        pool.workers,
        tell,
        whole=whole,
    )


def run_value(
    rules_spec: str | RulesSource,
    players: int,
    bot: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    kinds: Sequence[str] | None = None,
    on_game: Callable[[int], None] | None = None,
    backend: Backend | None = None,
    margin: float = MARGIN,
    tell: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play every restriction's games (of ``kinds``; default: every kind) and return the report
    (manifest and rows); ``margin`` is the distance from the even share within which a row's
    interval must lie to read "no effect". With ``tell``, the first row's first games are played
    here and timed, and how long every row takes is said through it (``sim.estimate.probed``).

    >>> report = run_value("west-of-africa", 2, "heuristic", games=2, kinds=("island",))
    >>> len(report["rows"]), report["rows"][0]["games"]
    (7, 2)
    """
    source = rules_spec if isinstance(rules_spec, RulesSource) else read_rules(rules_spec)
    rules = source.compile(players)
    todo = [(kind, target) for kind, target, _ in restrictions(rules) if kinds is None or kind in kinds]
    pool = backend or LocalPool(min(workers, games))
    rows: list[dict[str, Any]] = []
    done = 0
    started = time.perf_counter()
    interrupted = False
    try:
        for kind, target in todo:
            restricted = restricted_spec(bot, kind, target)
            spec = RunSpec(source, players, (restricted,) + (bot,) * (players - 1), seed, rotate_seats=True)
            wins: int | float = 0  # a win shared by k seats counts 1/k
            played = 0
            told = tell if not rows else None  # said once, from the first row: every row plays alike
            for record in _row_games(spec, games, pool, told, games * len(todo)):
                played += 1
                wins += record.wins_of(restricted)
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
        n, w = row["games"], row["wins"]
        rate = w / n if n else 0.0
        low, high = wilson(w, n)
        verdict = verdict_fields(p, p_holm, "holm", ALPHA)
        row |= estimate_fields(rate, low, high) | {"change": round(rate - fair, 4) + 0.0} | verdict
        row["reading"] = reading(rate, (low, high), fair, margin, verdict["significant"])
    rows.sort(key=lambda r: (r["estimate"], r["kind"], r["id"]))
    seconds = time.perf_counter() - started
    kind = bot_kind(bot, rules.pack)
    base = RunSpec(source, players, (bot,) * players, seed, True)
    manifest = {k: v for k, v in describe(base, rules).items() if k not in ("bot_kinds", "warnings")} | {
        "bot": bot,
        "kind": kind,
        "games_per_restriction": games,
        "restrictions": len(rows),
        "fair_share": round(fair, 4),
        "test": "exact binomial against the even share, Holm-corrected over the rows (alpha 0.05)",
        "margin": margin,
        "common_seeds": True,
        "workers": pool.workers,
        "seconds": round(seconds, 3),
        "interrupted": interrupted,
        "weak_play": kind in WEAK,
    }
    return {"manifest": manifest, "rows": rows}


def reading(rate: float, interval: tuple[float, float], fair: float, margin: float, significant: bool) -> str:
    """A row's label: needed or hurts when the difference from the even share is significant; no
    measurable effect only when the whole ``interval`` lies within ``fair ± margin``; otherwise
    not enough games to say."""
    if significant:
        return READINGS["needed"] if rate < fair else READINGS["hurts"]
    low, high = interval
    if fair - margin <= low and high <= fair + margin:
        return READINGS["none"]
    return READINGS["unknown"]


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
            f"  {label:<46} {100 * r['estimate']:7.1f}%   [{100 * r['ci_low']:4.1f}–{100 * r['ci_high']:4.1f}]"
            f"   {100 * r['change']:+6.1f} {mark} {r['reading']}"
        )
    lines += [
        "",
        "* differs from the even share (exact binomial test, Holm-corrected over all rows, 5% family-wise).",
        f"No measurable effect: the whole interval lies within the even share ± {100 * m['margin']:g} points. "
        "Not enough games to say:",
        "the interval reaches beyond that, with no significant difference (more --games narrow it).",
    ]
    return "\n".join(lines)
