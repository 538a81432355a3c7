"""The random bot: uniform over the legal actions, with its own seeded generator.

>>> import random
>>> RandomBot(3).choose(None, [("a",), ("b",), ("c",)]) == RandomBot(3).choose(None, [("a",), ("b",), ("c",)])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from woa_core.bots.base import PlayerView
from woa_core.kernel.actions import Action


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    kind = "random"
    uses_view = False  # the game loop then passes no view (and makes none)

    def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
        self._rng = random.Random(seed)
        self._choice = self._rng.choice

    def reseed(self, seed: int) -> None:
        """Restart its random choices from ``seed`` (search replays the same luck)."""
        self._rng.seed(seed)

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        """A uniformly random one of ``legal`` (the view is not needed)."""
        return self._choice(legal)
