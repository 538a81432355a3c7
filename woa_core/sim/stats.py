"""Streaming statistics over game records: memory does not grow with the number of games.

>>> s = Stats(players=2, bots=("a", "b"))
>>> s.add_win_only(winner=0, bots=("a", "b"))
>>> s.wins_by_seat
[1, 0]
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from woa_core.engine.state import VP_SOURCES
from woa_core.sim.runner import GameRecord


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% confidence interval of a proportion.

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class Mean:
    """Running mean and standard deviation (Welford)."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        """Fold in one value."""
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two values)."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def to_json(self) -> dict[str, float]:
        """Mean and standard deviation, rounded."""
        return {"mean": round(self.mean, 4), "sd": round(self.sd, 4)}


@dataclass(slots=True)
class Stats:
    """Aggregates of a run, fed one ``GameRecord`` at a time."""

    players: int
    bots: tuple[str, ...]
    games: int = 0
    decisions: int = 0
    rounds: Mean = field(default_factory=Mean)
    rounds_hist: Counter = field(default_factory=Counter)
    end_reasons: Counter = field(default_factory=Counter)
    wins_by_seat: list[int] = field(default_factory=list)
    bot_games: Counter = field(default_factory=Counter)
    bot_wins: Counter = field(default_factory=Counter)
    first_player_wins: int = 0
    vp: list[Mean] = field(default_factory=list)
    vp_from: list[dict[str, Mean]] = field(default_factory=list)
    gold: list[Mean] = field(default_factory=list)
    sold: list[Counter] = field(default_factory=list)
    actions: list[Counter] = field(default_factory=list)
    settlements: list[Mean] = field(default_factory=list)
    per_player: dict[str, Mean] = field(default_factory=dict)  # per game, averaged over the seats

    def __post_init__(self) -> None:
        n = self.players
        self.wins_by_seat = [0] * n
        self.vp = [Mean() for _ in range(n)]
        self.vp_from = [{s: Mean() for s in VP_SOURCES} for _ in range(n)]
        self.gold = [Mean() for _ in range(n)]
        self.sold = [Counter() for _ in range(n)]
        self.actions = [Counter() for _ in range(n)]
        self.settlements = [Mean() for _ in range(n)]
        self.per_player = {k: Mean() for k in ("vp", *(f"vp_{s}" for s in VP_SOURCES), "final_gold", "settlements")}

    def add_win_only(self, winner: int, bots: tuple[str, ...]) -> None:
        """Count a game's winner and bot appearances (the part of ``add`` about winning)."""
        self.wins_by_seat[winner] += 1
        for bot in bots:
            self.bot_games[bot] += 1
        self.bot_wins[bots[winner]] += 1

    def add(self, r: GameRecord) -> None:
        """Fold one game into the aggregates."""
        self.games += 1
        self.decisions += r.decisions
        self.rounds.add(r.rounds)
        self.rounds_hist[r.rounds] += 1
        self.end_reasons[r.end_reason] += 1
        self.add_win_only(r.winner, r.bots)
        self.first_player_wins += r.first_player == r.winner
        for p in range(self.players):
            self.vp[p].add(r.vp[p])
            for source, value in r.vp_from[p].items():
                self.vp_from[p][source].add(value)
            self.gold[p].add(r.gold[p])
            self.sold[p].update(r.sold[p])
            self.actions[p].update(r.actions[p])
            self.settlements[p].add(r.settlements[p])
        n = self.players
        table = self.per_player
        table["vp"].add(sum(r.vp) / n)
        for source in VP_SOURCES:
            table[f"vp_{source}"].add(sum(v.get(source, 0) for v in r.vp_from) / n)
        table["final_gold"].add(sum(r.gold) / n)
        table["settlements"].add(sum(r.settlements) / n)

    def to_json(self) -> dict[str, Any]:
        """Every figure, JSON-ready."""
        g = max(self.games, 1)
        return {
            "games": self.games,
            "decisions": self.decisions,
            "rounds": {
                **self.rounds.to_json(),
                "histogram": {str(k): v for k, v in sorted(self.rounds_hist.items())},
            },
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "wins_by_seat": [
                {
                    "seat": f"p{p + 1}",
                    "wins": w,
                    "rate": round(w / g, 4),
                    "ci95": [round(x, 4) for x in wilson(w, self.games)],
                }
                for p, w in enumerate(self.wins_by_seat)
            ],
            "wins_by_bot": {
                bot: {
                    "games": n,
                    "wins": self.bot_wins[bot],
                    "rate": round(self.bot_wins[bot] / n, 4),
                    "ci95": [round(x, 4) for x in wilson(self.bot_wins[bot], n)],
                }
                for bot, n in sorted(self.bot_games.items())
            },
            "first_player": {
                "wins": self.first_player_wins,
                "rate": round(self.first_player_wins / g, 4),
                "ci95": [round(x, 4) for x in wilson(self.first_player_wins, self.games)],
                "fair_share": round(1 / self.players, 4),
            },
            "per_player": {k: m.to_json() for k, m in self.per_player.items()},
            "per_seat": [
                {
                    "seat": f"p{p + 1}",
                    "vp": self.vp[p].to_json(),
                    "vp_by_source": {s: round(m.mean, 4) for s, m in self.vp_from[p].items()},
                    "final_gold": self.gold[p].to_json(),
                    "settlements": round(self.settlements[p].mean, 4),
                    "goods_sold_by_region": {k: round(v / g, 4) for k, v in sorted(self.sold[p].items())},
                    "actions_used": {k: round(v / g, 4) for k, v in sorted(self.actions[p].items())},
                }
                for p in range(self.players)
            ],
        }
