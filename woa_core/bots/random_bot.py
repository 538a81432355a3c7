"""The random bot: uniform over the legal actions, with its own seeded generator.

>>> import random
>>> RandomBot(3).choose(None, [("a",), ("b",), ("c",)]) == RandomBot(3).choose(None, [("a",), ("b",), ("c",)])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from woa_core.bots.base import PlayerView
from woa_core.kernel.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside bot may extend it (issue 42.7)
class RandomBot:
    """Picks uniformly among the legal actions."""

    name: ClassVar[str] = "random"
    kind: ClassVar[str] = "random"
    uses_view: ClassVar[bool] = False  # the game loop then passes no view (and makes none)

    def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def reseed(self, seed: int) -> None:
        """Restart its random choices from ``seed`` (search replays the same luck)."""
        self._rng.seed(seed)

    def choose(self, view: PlayerView | None, legal: Sequence[tuple]) -> tuple:
        """A uniformly random one of ``legal`` (the view is not needed): ``random.choice``'s own
        draw, written out (the same choices, without its Python frames)."""
        n = len(legal)
        if n == 0:
            raise IndexError("cannot choose from an empty sequence")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]
