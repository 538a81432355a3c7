"""What one player may see of a game (R18), for bots: public state plus its own cards.

A ``PlayerView`` reads through to the live state without copying it, so bots stay fast; the
secret part (other players' selections before they are revealed) is simply not reachable.

>>> from woa_core.rules import load_rules
>>> from woa_core.engine.game import Game
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
>>> view = PlayerView(game, 0)
>>> view.selection(1) is None, view.gold
(True, [15, 15])
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from woa_core.engine.game import Game
from woa_core.rules import Rules

PUBLIC = frozenset(
    {
        "players",
        "round",
        "step",
        "last_round",
        "order",
        "turn",
        "gold",
        "gold_time",
        "vp",
        "vp_from",
        "supply",
        "crop",
        "settlement",
        "warehouse",
        "workers",
        "ship",
        "alcalde",
        "track",
        "reserve",
        "used",
        "points",
        "ship_from",
        "loaded",
        "cargo",
        "helpers",
        "planted",
        "displaced",
        "options",
        "winner",
        "ranking",
        "hand",
    }
)
"""State fields every player sees (hands are public: every set is the same, minus cards move openly)."""


class PlayerView:
    """Player ``player``'s view of ``game``; public state fields read as attributes."""

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        self.player = player

    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not public fields (those are properties, below).
        raise AttributeError(f"'{name}' is not visible to a player")

    @property
    def rules(self) -> Rules:
        """The compiled rules (public: everyone knows the rules)."""
        return self._game.rules

    def selection(self, player: int) -> list[int] | None:
        """A player's selected cards if this player may see them (its own, or revealed)."""
        s = self._game.state
        if player == self.player:
            return s.selection[player]
        if s.step == "select" or player not in s.order[: s.turn + 1]:
            return None
        return s.selection[player]

    def card_sum(self, player: int) -> int | None:
        """A player's announced card sum (None while cards are being selected)."""
        if self._game.state.step == "select" and player != self.player:
            return None
        return self._game.card_sum(player)

    def gold_rank(self) -> list[int]:
        """Players by the gold track, best first (R9)."""
        return self._game.state.gold_rank()

    def observation(self) -> dict:
        """The same as a JSON-ready dict (see ``Game.observation``)."""
        return self._game.observation(self.player)


for _field in sorted(PUBLIC):
    # One property per public field: plain attribute speed, and nothing else reachable.
    setattr(PlayerView, _field, property(attrgetter(f"_game.state.{_field}")))
