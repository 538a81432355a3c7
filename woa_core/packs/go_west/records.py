"""What Go West!'s logs record of a game: the figures each action line's check covers, the result
line, where a game stands in words, and a finished game for people (``Pack.log_figures``,
``result``, ``where``, ``summary``).

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("go-west", 2), seed=1)
>>> log_figures(game)[:2], where(game)
((0, 'declare'), 'turn 1 (p1)')
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.go_west.flow import turn_cap
from woa_core.packs.go_west.scoring import winners
from woa_core.packs.go_west.steps import OVER
from woa_core.report.standings import ended_result, standings


def log_figures(game: Any) -> tuple[Any, ...]:
    """The main figures after an action, which a log's running check covers: turns, the step, VP,
    supplies, wagons, the blocks, the discard pile (so a replay that draws other cards fails it)."""
    s = game.state
    return (s.turns, s.step, s.vp, s.supply, s.wagons, s.blocks, s.cards.discard, s.cards.reshuffles)


def result(game: Any) -> dict[str, Any]:
    """How a finished game ended, as a log's last line holds it: which end (``ended``: vp50,
    wagons, capped), whether it was the safety cap on turns (``capped``: the end whose condition is
    ``turn_cap``, G22, by whatever name turn.yaml gives it), VP, the winners and the ranking."""
    s = game.state
    capped = any(end.name == s.ended and end.when is turn_cap for end in game.rules.flow.ends)
    return ended_result(s.turns, s.vp, s.ended, capped, winners(s), s.ranking)


def where(game: Any) -> str:
    """Where the game stands, for messages: ``turn 12 (p3)``."""
    s = game.state
    if s.step == OVER:
        return f"the end ({s.ended}), after {s.turns} turns"
    return f"turn {s.turns + 1} (p{s.order[s.turn] + 1})"


def summary(game: Any) -> list[str]:
    """A finished game for people (``woa replay``): how it ended, then each seat's VP, supply and
    VP from scorings and the final scoring; tied leaders share the win (G21)."""
    s = game.state

    def detail(p: int) -> str:
        return f"(supply {s.supply[p]}; scorings {s.scored[p][0]}, final {s.scored[p][1]})"

    return standings(f"over {s.turns} turns, ended by {s.ended}", s.ranking, s.vp, detail, winners(s))
