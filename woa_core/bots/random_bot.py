"""The random bot: uniform over the legal actions, with its own seeded generator; or, where the
game weighs its legal actions (``Weighted``), by those weights.

A pack whose decisions break one choice into several (Go West!'s wagon steps, go-west-rulings
G26) can make a uniform pick at each decision far from a uniform pick among the choice's
distinct outcomes. Such a pack returns from ``legal_actions`` a ``Weighted`` list: the same
actions, in the same order, with a way to ask each one's weight (an int >= 0, not all 0), which
the random bot draws by; every other bot sees a plain list. The weights are asked for only by the
random bot (so a pack pays for them only when it plays at random), and only while the game stands
where it listed them. A pack that returns plain lists makes the random bot play exactly as before:
its draws, and so its games, do not change.

>>> import random
>>> RandomBot(3).choose(None, [("a",), ("b",), ("c",)]) == RandomBot(3).choose(None, [("a",), ("b",), ("c",)])
True
>>> legal = Weighted([("a",), ("b",)], lambda: [0, 1])
>>> legal == [("a",), ("b",)], {RandomBot(seed).choose(None, legal) for seed in range(20)}
(True, {('b',)})
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from woa_core.bots.base import PlayerView
from woa_core.kernel.native import mypyc_attr


@mypyc_attr(native_class=False)  # a subclass of a built-in type stays a Python class
class Weighted(list[tuple[Any, ...]]):
    """Legal actions with a weight each for a random player: ``weights()`` calls ``weigh`` (no
    arguments; the pack's, valid while the game has not changed), one int >= 0 per action, in
    order. Otherwise a plain list; it pickles as one (``weigh`` need not pickle).

    >>> legal = Weighted([("x", 1), ("x", 2)], lambda: [3, 1])
    >>> legal.weights(), legal[1], len(legal), legal[:1]
    ([3, 1], ('x', 2), 2, [('x', 1)])
    """

    __slots__ = ("_weigh",)

    def __init__(self, actions: Iterable[tuple[Any, ...]], weigh: Callable[[], Sequence[int]]) -> None:
        super().__init__(actions)
        self._weigh = weigh

    def weights(self) -> Sequence[int]:
        """Each action's weight, in order (see the class docstring)."""
        return self._weigh()

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside bot may extend it (issue 42.7)
class RandomBot:
    """Picks uniformly among the legal actions, or by their weights (``Weighted``)."""

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
        draw, written out (the same choices, without its Python frames); from a ``Weighted`` list,
        one drawn by its weights."""
        n = len(legal)
        if n == 0:
            raise IndexError("cannot choose from an empty sequence")
        if isinstance(legal, Weighted):
            return legal[self.weighted(legal.weights())]
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with chance ``weights[i] / sum(weights)`` (exact: integer weights, one
        draw below their sum, as ``choose`` draws).

        >>> bot = RandomBot(1)
        >>> sorted({bot.weighted([0, 2, 0, 1]) for _ in range(50)})
        [1, 3]
        """
        total = 0
        for w in weights:
            total += w
        if total <= 0:
            raise ValueError("the weights of the legal actions add up to nothing")
        k = total.bit_length()
        r = self._bits(k)
        while r >= total:
            r = self._bits(k)
        for i, w in enumerate(weights):
            r -= w
            if r < 0:
                return i
        raise AssertionError("unreachable")
