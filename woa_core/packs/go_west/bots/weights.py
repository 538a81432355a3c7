"""The distinct results of a card's wagon steps, counted and listed (go-west-rulings G7, G26).

A card's ``left`` steps leave regions no further east than the last step's (``floor``), so a
result is fixed by how many steps leave each region, ``s[i]`` from region ``i`` on: any
``s[i] >= 0`` adding up to ``left`` with ``s[i] <= wagons[i] + s[i - 1]`` (a region's own wagons
and those the steps just before brought in; none come into ``floor``), each result by exactly one
path (G26). ``completions`` counts them, a small dynamic programme over the regions; ``results``
lists them. A random player that weighs each ``step`` by the completions after it
(``step_weights``, the game's ``Weighted`` legal steps) picks every distinct result of the card
equally likely (go-west-rulings §2.3, ``uniform``): the chances along a path multiply to one over
the results.

>>> completions((10, 5, 3, 1, 1), 0, 3)  # T7: A55's 3 steps from 10/5/3/1/1
27
>>> completions((20, 0, 0, 0, 0), 0, 3), completions((20, 0, 0, 0, 0), 0, 4)  # G7: from the start
(3, 5)
>>> [w for w, first in results((1, 0, 0, 0, 1), 0, 4)]  # T16: two results
[(0, 0, 0, 0, 2), (0, 0, 0, 1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any


def completions(wagons: Sequence[int], floor: int, left: int) -> int:
    """How many distinct results ``left`` more steps from regions ``floor`` on can have, with
    ``wagons`` the counts of every region on the board before the exit (G26). A region holding
    more wagons than there are steps counts as holding that many (it cannot give more), so the
    counts are remembered by what matters.

    >>> completions((0, 0, 0, 0, 1), 0, 2), completions((0, 1, 0, 0, 0), 3, 1)
    (0, 0)
    """
    return _count(floor, left, tuple(w if w < left else left for w in wagons[floor:]))


@lru_cache(maxsize=1 << 16)
def _count(floor: int, left: int, wagons: tuple[int, ...]) -> int:
    ways = {(0, 0): 1}  # (steps out of the region before: wagons coming in, steps made) -> ways
    for w in wagons:
        after: dict[tuple[int, int], int] = {}
        for (carry, made), n in ways.items():
            for s in range(min(w + carry, left - made) + 1):
                key = (s, made + s)
                after[key] = after.get(key, 0) + n
        ways = after
    return sum(n for (_, made), n in ways.items() if made == left)


def results(wagons: Sequence[int], floor: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each distinct result of ``left`` steps from regions ``floor`` on (``wagons``: the counts
    before the exit), as the new counts before the exit and the region its path's first step
    leaves, in the order of the paths (east first).

    >>> next(results((10, 5, 3, 1, 1), 0, 3))
    ((7, 8, 3, 1, 1), 0)
    """
    regions = len(wagons)
    steps = [0] * regions

    def walk(i: int, carry: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == regions:
            if not left:
                new = [w - s for w, s in zip(wagons, steps, strict=True)]
                for r in range(floor + 1, regions):
                    new[r] += steps[r - 1]
                yield tuple(new), next((r for r in range(regions) if steps[r]), floor)
            return
        for s in range(min(wagons[i] + carry, left), -1, -1):
            steps[i] = s
            yield from walk(i + 1, s, left - s)
        steps[i] = 0

    yield from walk(floor, 0, left) if floor < regions else iter(())


def step_weights(game: Any) -> Sequence[int]:
    """Each legal ``step``'s completions in ``game`` (the legal steps, ``Game.step_regions``, in
    order): the weights a random player draws its steps by, so that each distinct result is as
    likely as any (go-west-rulings §2.3). Remembered by what matters, as ``completions``.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.go_west.game import Game
    >>> game = Game(load_rules("go-west", 2), seed=1)
    >>> game.state.step, game.state.left, game.state.floor = "step", 3, 0
    >>> game.state.wagons = [10, 5, 3, 1, 1, 0]
    >>> weights = step_weights(game); weights, sum(weights)  # NE, E, GP, MW (W alone cannot take 3)
    ((13, 8, 5, 1), 27)
    """
    s = game.state
    left, floor = s.left, s.floor
    return _weights(floor, left, tuple(w if w < left else left for w in s.wagons[floor : game.rules.exit]))


@lru_cache(maxsize=1 << 16)
def _weights(floor: int, left: int, wagons: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for i in range(len(wagons)):
        if wagons[i]:
            after = list(wagons)
            after[i] -= 1
            if i + 1 < len(after):
                after[i + 1] += 1
            n = completions(after, i, left - 1)
            if n:
                out.append(n)
    return tuple(out)
