"""Africa's scoring: VP at once and at the end (7. End of the game and final scoring).

>>> majority_vp([5, 3, 3], (10, 6), 1, False)
[10, 3, 3]
>>> majority_vp([4, 1, 4], (10, 6), 1, False)
[8, 0, 8]
>>> majority_vp([3, 0, 0], (10, 6), 1, False), majority_vp([0, 0, 0], (10, 6), 1, False)
([10, 0, 0], [0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.state import State
from woa_core.report.standings import tied_with_first


def add_vp(state: State, seat: int, vp: int, source: str) -> None:
    """Give ``seat`` ``vp`` victory points from ``source`` (one of ``VP_SOURCES``)."""
    state.vp[seat] += vp
    state.vp_from[seat][source] += vp


def goods_vp(rules: Rules, state: State, seat: int) -> int:
    """A seat's VP for its trade goods: the goods table for each good, added up (7., A25).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.state import new_state
    >>> rules = load_rules("africa", 2)
    >>> s = new_state(rules, 1)
    >>> s.display[0][rules.goods_face[0]], s.display[0][rules.goods_face[1]] = 4, 2
    >>> goods_vp(rules, s, 0)
    11
    """
    held = state.display[seat]
    return sum(rules.goods_vp[held[face]] for face in rules.goods_face)


def amounts(rules: Rules, state: State, faces: Sequence[int]) -> list[int]:
    """Each seat's symbols on the tiles of ``faces`` in its display (gold nuggets, gems: A26)."""
    value = rules.face_value
    return [sum(held[f] * value[f] for f in faces) for held in state.display]


def majority_vp(amount: Sequence[int], prizes: Sequence[int], min_amount: int, round_up: bool) -> list[int]:
    """Each seat's VP in one majority (7. Gold and gems, A26, A27): seats with at least
    ``min_amount`` take places by amount, highest first; a tied group shares the prizes of the
    places it occupies, rounded down (or up); further places score nothing."""
    n = len(amount)
    out = [0] * n
    place, above, first = 0, 0, True
    while True:  # loops over the few seats (compiled, sorted() and sum() over generators are generic calls)
        a, found = 0, False  # the next amount down: the highest below the last group's, at least min_amount
        for x in amount:
            if x >= min_amount and (first or x < above) and (not found or x > a):
                a, found = x, True
        if not found:
            return out
        size = 0
        for x in amount:
            if x == a:
                size += 1
        total = 0
        for i in range(place, min(place + size, len(prizes))):
            total += prizes[i]
        share = -(-total // size) if round_up else total // size
        for p in range(n):
            if amount[p] == a:
                out[p] = share
        place += size
        above, first = a, False


def final_scoring(rules: Rules, state: State) -> None:
    """7.: goods, then gold and gems by majority; then the ranking by VP (ties by seat; the tied
    leaders share the win, A28)."""
    n = state.players
    for p in range(n):
        add_vp(state, p, goods_vp(rules, state, p), "goods")
    for faces, source in ((rules.gold_faces, "gold"), (rules.gem_faces, "gems")):
        for p, vp in enumerate(
            majority_vp(amounts(rules, state, faces), rules.prizes, rules.min_amount, rules.round_up)
        ):
            add_vp(state, p, vp, source)
    state.ranking = sorted(range(n), key=lambda p: (-state.vp[p], p))


def winners(state: State) -> list[int]:
    """The seats with the most VP once the game is over (A28: all of them share the win).

    >>> from types import SimpleNamespace
    >>> winners(SimpleNamespace(ranking=[0, 2, 1], vp=[47, 40, 47]))
    [0, 2]
    """
    return tied_with_first(state.ranking, lambda p: state.vp[p])


__all__ = ["add_vp", "amounts", "final_scoring", "goods_vp", "majority_vp", "winners"]
