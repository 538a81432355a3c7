"""What Africa's logs record of a game: the figures each action line's check covers, the result
line, where a game stands in words, and a finished game for people (``Pack.log_figures``,
``result``, ``where``, ``summary``).

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("africa", 2), seed=1)
>>> log_figures(game)[:2], where(game)
((0, 'city'), 'setup: p1 chooses a start city')
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.africa.scoring import winners
from woa_core.packs.africa.steps import CITY, OVER
from woa_core.report.standings import ended_result, standings


def log_figures(game: Any) -> tuple[Any, ...]:
    """The main figures after an action, which a log's running check covers: turns, the step, VP,
    the explorers, what lies face up (so a replay that reveals another tile fails its check)."""
    s = game.state
    return (s.turns, s.step, s.vp, s.at, s.tile, s.supply, s.camps)


def result(game: Any) -> dict[str, Any]:
    """How a finished game ended, as a log's last line holds it (``capped``: by the turn cap, A31)."""
    s = game.state
    return ended_result(s.turns, s.vp, s.ended, s.ended == "max_turns", winners(s), s.ranking)


def where(game: Any) -> str:
    """Where the game stands, for messages: ``turn 12 (p3)``."""
    s = game.state
    if s.step == OVER:
        return f"the end, after {s.turns} turns"
    if s.step == CITY:
        return f"setup: p{s.order[s.turn] + 1} chooses a start city"
    return f"turn {s.turns + 1} (p{s.order[s.turn] + 1})"


def summary(game: Any) -> list[str]:
    """A finished game for people (``woa replay``): its length, then each seat's VP by source,
    best first; tied leaders share the win (A28)."""
    s = game.state
    capped = " (capped: no bonus, A31)" if s.ended == "max_turns" else ""

    def detail(p: int) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in s.vp_from[p].items() if v)
        return f"({parts})"

    return standings(f"over {s.turns} turns{capped}", s.ranking, s.vp, detail, winners(s))
