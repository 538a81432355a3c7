"""``woa tournament``: bots play seat-balanced games against each other and get ratings.

The seating comes from ``woa_core.eval.seating`` (every bot in every seat equally often after
each whole rotation), the ratings from ``woa_core.eval.ratings`` (a Plackett–Luce fit of the
finishing orders with a weak prior, and profile intervals). Beside the ratings: each bot's win
rate per seat it held, and head to head, how often one bot finished ahead of another in the
games both played.

>>> report = run_tournament("west-of-africa", 2, ("random", "heuristic"), games=4, seed=1)
>>> [r["bot"] for r in report["ratings"]], report["dominance"]
(['heuristic', 'random'], [['heuristic', 'random']])
>>> report["head_to_head"]["heuristic"]["random"]["games"]
4
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from woa_core.eval.kinds import bot_kind
from woa_core.eval.ratings import PRIOR_SD, dominance, rate
from woa_core.eval.seating import Lineup, balanced, balanced_counts, schedule
from woa_core.kernel.pack import SomePack
from woa_core.rules import RulesSource, read_rules
from woa_core.sim.estimate import probed
from woa_core.sim.runner import GameRecord, RunSpec, describe, run_games, run_one
from woa_core.sim.stats import estimate_fields, wilson

RATING_METHOD = (
    f"Plackett-Luce on finishing orders, each rating a priori normal (sd {PRIOR_SD:.0f}), 95% profile intervals"
)


@dataclass(frozen=True, slots=True)
class TournamentSpec(RunSpec):
    """A run whose seat assignment of each game comes from a fixed schedule."""

    lineups: tuple[Lineup, ...] = ()

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """The bot in each seat for game ``index``."""
        return self.lineups[index]


def run_tournament(
    rules_spec: str | RulesSource,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    tell: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play the tournament and return its report (manifest, ratings, win rates, head to head).
    With ``tell``, the first games are played here and timed, and how long the whole tournament
    takes is said through it before the rest start (``sim.estimate.probed``)."""
    bots = tuple(bots)
    source = rules_spec if isinstance(rules_spec, RulesSource) else read_rules(rules_spec)
    rules = source.compile(players)
    spec = TournamentSpec(source, players, bots, seed, lineups=tuple(schedule(bots, players, games)))
    records: list[GameRecord] = []
    started = time.perf_counter()
    interrupted = False
    try:
        for record in probed(
            lambda i: run_one(spec, i, write_log=False),
            lambda k: run_games(spec, games - k, workers, start=k),
            games,
            workers,
            tell,
        ):
            records.append(record)
            if on_game:
                on_game(len(records))
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - started
    played = len(records)
    manifest = {k: v for k, v in describe(spec, rules).items() if k not in ("bot_kinds", "warnings")} | {
        "bots": [{"bot": b, "kind": bot_kind(b, rules.pack)} for b in bots],
        "rotate_seats": True,
        "games": played,
        "seat_balanced": played > 0 and balanced(bots, players, played),
        "balanced_game_counts": _nearby_balanced(bots, players, played),
        "rating": RATING_METHOD,
        "workers": workers,
        "seconds": round(seconds, 3),
        "interrupted": interrupted,
    }
    return {"manifest": manifest, **summarize(records, bots, players, rules.pack)}


def _nearby_balanced(bots: Sequence[str], players: int, games: int) -> list[int]:
    """Seat-balanced game counts around ``games`` (the nearest below and the next above)."""
    counts = balanced_counts(bots, players, limit=2 * games + 50)
    below = [n for n in counts if n <= games][-1:]
    return below + [n for n in counts if n > games][:2]


def summarize(
    records: Sequence[GameRecord], bots: Sequence[str], players: int, pack: SomePack | None = None
) -> dict[str, Any]:
    """Ratings, win rates and head to head of finished games; ``dominance`` lists the pairs where
    one bot always finished ahead (their gap is bounded above by the prior alone)."""
    index = {b: i for i, b in enumerate(bots)}
    finishing = [tuple(index[r.bots[seat]] for seat in r.ranking) for r in records]
    ratings = sorted(rate(finishing, bots), key=lambda r: -r.rating)
    seats_held = dict.fromkeys(bots, 0)
    wins: dict[str, int | float] = dict.fromkeys(bots, 0)  # a win shared by k seats counts 1/k
    for r in records:
        for b in r.bots:
            seats_held[b] += 1
        for b in set(r.bots):
            wins[b] += r.wins_of(b)
    win_rates = {
        b: {
            "seats": seats_held[b],
            "wins": wins[b],
            **estimate_fields(wins[b] / max(seats_held[b], 1), *wilson(wins[b], seats_held[b])),
            "fair_share": round(1 / players, 4),
        }
        for b in bots
    }
    return {
        "ratings": [r.to_json() | {"kind": bot_kind(r.bot, pack)} for r in ratings],
        "win_rates": win_rates,
        "head_to_head": head_to_head(records, bots),
        "dominance": [list(pair) for pair in dominance(finishing, bots)],
    }


def head_to_head(records: Sequence[GameRecord], bots: Sequence[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """For each pair of bots, how often the first finished ahead of the second in the games both
    played (a bot in several seats counts by its best-placed seat)."""
    ahead = {a: dict.fromkeys(bots, 0) for a in bots}
    met = {a: dict.fromkeys(bots, 0) for a in bots}
    for r in records:
        best: dict[str, int] = {}
        for place, seat in enumerate(r.ranking):
            best.setdefault(r.bots[seat], place)
        for a, pa in best.items():
            for b, pb in best.items():
                if a != b:
                    met[a][b] += 1
                    ahead[a][b] += pa < pb
    return {
        a: {
            b: {
                "games": met[a][b],
                "ahead": ahead[a][b],
                **estimate_fields(ahead[a][b] / met[a][b] if met[a][b] else math.nan, *wilson(ahead[a][b], met[a][b])),
            }
            for b in bots
            if b != a
        }
        for a in bots
    }


def format_tournament(report: dict[str, Any]) -> str:
    """The human-readable tournament report."""
    m = report["manifest"]
    bots = [b["bot"] for b in m["bots"]]
    lines = [
        f"woa {m['engine']} · rules {m['rules']} ({m['rules_hash']})"
        + (f" · variant {m['variant']}" if m.get("variant") else "")
        + f" · {m['players']} players · seed {m['seed']}",
        "bots: " + ", ".join(f"{b['bot']} ({b['kind']})" for b in m["bots"]),
        f"{m['games']} games in {m['seconds']:.1f} s with {m['workers']} worker(s), "
        + ("every bot in every seat equally often" if m["seat_balanced"] else "NOT seat-balanced: ")
        + (
            ""
            if m["seat_balanced"]
            else f"balanced game counts near this: {', '.join(map(str, m['balanced_game_counts']))}"
        ),
    ]
    if m.get("interrupted"):
        lines.append("INTERRUPTED: the figures cover the games finished before Ctrl-C")
    lines += ["", f"ratings: {m['rating']}", "rating (Elo scale, mean 0)   95% CI"]
    for r in report["ratings"]:
        lines.append(f"  {r['bot']:<24} {r['estimate']:+7.0f}   [{r['ci_low']:+.0f}, {r['ci_high']:+.0f}]")
    for a, b in report.get("dominance", []):
        lines.append(f"  note: no game put {b} ahead of {a}: the games bound their gap from below only, and the")
        lines.append(f"  prior (sd {PRIOR_SD:.0f}) from above")
    lines += ["", "wins per seat held         seats   wins   rate    95% CI"]
    for bot, w in report["win_rates"].items():
        lines.append(
            f"  {bot:<24} {w['seats']:>6} {w['wins']:>6} {100 * w['estimate']:5.1f}%  "
            f"[{100 * w['ci_low']:.1f}–{100 * w['ci_high']:.1f}]"
        )
    fair = next(iter(report["win_rates"].values()))["fair_share"] if report["win_rates"] else 0
    lines.append(f"  (an even share is {100 * fair:.1f}%)")
    lines += ["", "head to head: how often the row bot finished ahead of the column bot (games both played)"]
    width = max(12, *(len(b) + 2 for b in bots))
    lines.append(" " * 26 + "".join(f"{b:>{width}}" for b in bots))
    for a in bots:
        cells = []
        for b in bots:
            cell = report["head_to_head"][a].get(b)
            cells.append(
                "—" if cell is None or cell["estimate"] is None else f"{100 * cell['estimate']:.0f}% ({cell['games']})"
            )
        lines.append(f"  {a:<24}" + "".join(f"{c:>{width}}" for c in cells))
    return "\n".join(lines)
