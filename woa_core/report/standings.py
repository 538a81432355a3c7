"""What a pack's records (``Pack.result`` and ``Pack.summary``) share: the seats in finishing
order by name, and a finished game's standings for people. A pack gives its data (the order, each
seat's score, what else a line says about a seat); the shape is here, once.

>>> standings("over 3 rounds", [1, 0], [7, 10], lambda p: f"{p * 5} gold")
['over 3 rounds', '  1. p2   10 VP  5 gold', '  2. p1    7 VP  0 gold']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def ranking(order: Sequence[int]) -> list[str]:
    """The seats of ``order`` (best first) by name, as a log's result line holds them.

    >>> ranking([2, 0, 1])
    ['p3', 'p1', 'p2']
    """
    return [f"p{p + 1}" for p in order]


def standings(headline: str, order: Sequence[int], vp: Sequence[int], detail: Callable[[int], str]) -> list[str]:
    """A finished game for people (``woa replay``): ``headline`` (how long it lasted), then a line
    per seat in ``order`` (best first): its place, name, VP and ``detail(seat)``."""
    return [
        headline,
        *(f"  {place}. p{p + 1}  {vp[p]:>3} VP  {detail(p)}" for place, p in enumerate(order, start=1)),
    ]
