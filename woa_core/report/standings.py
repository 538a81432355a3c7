"""What a pack's records (``Pack.winners``, ``Pack.result`` and ``Pack.summary``) share: the
seats tied at the top of a ranking, the seats in finishing order by name, and a finished game's
standings for people. A pack gives its data (the order, each seat's score, what else a line says
about a seat, who won); the shape is here, once. A game that ends by a named end after some
turns writes its result line with ``ended_result``.

>>> standings("over 3 rounds", [1, 0], [7, 10], lambda p: f"{p * 5} gold")
['over 3 rounds', '  1. p2   10 VP  5 gold', '  2. p1    7 VP  0 gold']
>>> standings("over 3 rounds", [1, 0], [7, 7], lambda p: f"{p * 5} gold", winners=[1, 0])[1]
'  1. p2    7 VP  5 gold (shared win)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from woa_core.kernel.aliases import JSON


def ranking(order: Sequence[int]) -> list[str]:
    """The seats of ``order`` (best first) by name, as a log's result line holds them.

    >>> ranking([2, 0, 1])
    ['p3', 'p1', 'p2']
    """
    return [f"p{p + 1}" for p in order]


def tied_with_first(order: Sequence[int], key: Callable[[int], object]) -> list[int]:
    """The seats of ``order`` (best first) whose ``key`` equals the first seat's: the winners of a
    ranking whose seats tied at the top share the win (none before there is a ranking).

    >>> vp, supply = [47, 40, 47], [3, 9, 2]
    >>> tied_with_first([0, 2, 1], lambda p: vp[p]), tied_with_first([0, 2, 1], lambda p: (vp[p], supply[p]))
    ([0, 2], [0])
    >>> tied_with_first([], lambda p: vp[p])
    []
    """
    if not order:
        return []
    top = key(order[0])
    return [p for p in order if key(p) == top]


def ended_result(
    turns: int, vp: Sequence[int], ended: str, capped: bool, winners: Sequence[int], order: Sequence[int]
) -> JSON:
    """The result line of a game ended by a named end after ``turns`` player turns
    (``Pack.result``): its length, each seat's VP, the end's name (``ended``), whether that end was
    a safety cap on turns (``capped``), the winners and the ranking (``order``, best first) by name.

    >>> ended_result(31, [52, 40], "vp50", False, [0], [0, 1])
    {'turns': 31, 'vp': [52, 40], 'ended': 'vp50', 'capped': False, 'winners': ['p1'], 'ranking': ['p1', 'p2']}
    """
    return {
        "turns": turns,
        "vp": list(vp),
        "ended": ended,
        "capped": capped,
        "winners": ranking(winners),
        "ranking": ranking(order),
    }


def standings(
    headline: str,
    order: Sequence[int],
    vp: Sequence[int],
    detail: Callable[[int], str],
    winners: Sequence[int] = (),
) -> list[str]:
    """A finished game for people (``woa replay``): ``headline`` (how long it lasted), then a line
    per seat in ``order`` (best first): its place, name, VP and ``detail(seat)``, and when several
    ``winners`` share the win, ``(shared win)`` after each of theirs."""
    shared = winners if len(winners) > 1 else ()
    return [
        headline,
        *(
            f"  {place}. p{p + 1}  {vp[p]:>3} VP  {detail(p)}" + (" (shared win)" if p in shared else "")
            for place, p in enumerate(order, start=1)
        ),
    ]
