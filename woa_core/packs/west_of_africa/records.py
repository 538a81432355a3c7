"""What West of Africa's logs record of a game: the figures each action line's check covers, the
result line, where a game stands in words, a finished game for people, and the score the
figures of how a game unfolds follow (``Pack.log_figures``, ``result``, ``where``, ``summary``,
``score``).

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> log_figures(game)[:2], where(game)
((1, 'select'), 'round 1')
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.west_of_africa.core import GameCore
from woa_core.report.standings import ranking, standings


def log_figures(game: GameCore) -> tuple[Any, ...]:
    """The main figures of the game after an action: a log's running check covers them."""
    s = game.state
    return (s.round, s.step, s.turn, s.gold, s.vp, s.ship, s.track)


def result(game: GameCore) -> dict[str, Any]:
    """How a finished game ended, as a log's last line holds it."""
    s = game.state
    return {
        "rounds": s.round,
        "vp": list(s.vp),
        "gold": list(s.gold),
        "ranking": ranking(s.ranking),
    }


def score(game: GameCore) -> list[int]:
    """Each player's VP now: the score ``woa_core.report.unfolding`` reads after each round."""
    return game.state.vp


def where(game: GameCore) -> str:
    """Where the game stands, for messages: ``round 3``."""
    return f"round {game.state.round}"


def summary(game: GameCore) -> list[str]:
    """A finished game for people (``woa replay``): how long it lasted, then each player's VP and
    gold, best first."""
    s = game.state
    return standings(f"over {s.round} rounds", s.ranking, s.vp, lambda p: f"{s.gold[p]:>3} gold")
