"""Bots: the interface, the random bot, and a heuristic bot that clearly beats random play."""

from __future__ import annotations

import pytest

from woa_core.bots import bot_factory
from woa_core.bots.base import Bot
from woa_core.errors import UsageError
from woa_core.report.figures import declared
from woa_core.rules import load_rules
from woa_core.sim.runner import RunSpec, run_games
from woa_core.sim.stats import Stats


def test_bundled_bots_follow_the_interface() -> None:
    for name in ("random", "heuristic"):
        bot = bot_factory(name)(7)
        assert isinstance(bot, Bot) and bot.name == name


def test_unknown_bot_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown bot 'nope'"):
        bot_factory("nope")
    with pytest.raises(UsageError, match=r"cannot load bot 'no\.such\.module:Bot'"):
        bot_factory("no.such.module:Bot")


def _run(players: int, bots: tuple[str, ...], games: int, seed: int = 3) -> dict:
    spec = RunSpec("west-of-africa", players, bots, seed, rotate_seats=True)
    stats = Stats(declared(spec.compiled()), players, bots)
    for record in run_games(spec, games):
        stats.add(record)
    return stats.to_json()


def test_heuristic_beats_three_random_bots() -> None:
    """Simulator issue: one heuristic bot against three random bots wins at least 90% (rotated seats)."""
    stats = _run(4, ("heuristic", "random", "random", "random"), 40)
    assert stats["wins_by_bot"]["heuristic"]["estimate"] >= 0.9


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_games_end_like_human_games(players: int) -> None:
    """Heuristic-only games end by the VP threshold or the settlement supply, in a plausible
    number of rounds (R16), with settlements founded along the way."""
    stats = _run(players, ("heuristic",) * players, 12)
    assert set(stats["end_reasons"]) <= {"vp_threshold", "settlements", "vp_threshold+settlements"}
    assert 5 <= stats["rounds"]["mean"] <= 15
    assert sum(seat["settlements"] for seat in stats["per_seat"]) >= 1
    rules = load_rules("west-of-africa", players)
    assert max(map(int, stats["rounds"]["histogram"])) < 25 + rules.extra_rounds
