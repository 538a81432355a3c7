"""The card selections a player may choose (5.I Selecting Cards, R6), enumerated once and cached.

A selection is a tuple of card counts. The legal selections depend only on the hand, the
selection limits and how many cards the player can pay for, so they are computed once per
distinct situation and shared by every game in the process.

>>> choices = selections((1, 1, 1), min_cards=1, max_cards=2)
>>> choices
((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from woa_core.kernel.actions import Action, new_action
from woa_core.kernel.native import mypyc_attr
from woa_core.packs.west_of_africa.compiled import Rules


def card_sum(rules: Rules, selection: Sequence[int] | None) -> int:
    """The sum of a selection's card values; the minus card lowers it (5.I, R8).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules()
    >>> card_sum(rules, [1 if c.id in ("sell", "minus") else 0 for c in rules.cards])
    1
    """
    if not selection:
        return 0
    values = card_values(rules)
    total = 0
    for i in range(len(values)):  # a loop: compiled, sum(map(...)) is a generic call per card
        total += selection[i] * values[i]
    return total


def card_values(rules: Rules) -> tuple[int, ...]:
    """Each card's value, by card index (compiled with the rules).

    >>> from woa_core.rules import load_rules
    >>> card_values(load_rules())[-1]
    -4
    """
    return rules.card_values


@lru_cache(maxsize=4096)
def selections(hand: tuple[int, ...], min_cards: int, max_cards: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of cards from ``hand`` with between ``min_cards`` and ``max_cards`` cards,
    in the order of ``itertools.product`` (the counts of the first card varying slowest).

    >>> from itertools import product
    >>> selections((2, 1), 1, 2) == tuple(c for c in product(range(3), range(2)) if 1 <= sum(c) <= 2)
    True
    """
    out: list[tuple[int, ...]] = []
    left = [0] * (len(hand) + 1)  # the cards held from each card on: a branch short of the fewest is cut
    for i in range(len(hand) - 1, -1, -1):
        left[i] = left[i + 1] + hand[i]
    _fill(out, [0] * len(hand), 0, 0, hand, left, min_cards, max_cards)
    return tuple(out)


def _fill(
    out: list[tuple[int, ...]],
    counts: list[int],
    i: int,
    total: int,
    hand: tuple[int, ...],
    left: list[int],
    fewest: int,
    most: int,
) -> None:
    """Append the selections that keep ``counts[:i]`` (``total`` cards), in order: the cards from
    ``i`` on counted depth first, never beyond ``most`` cards (no product of every count filtered)."""
    if i == len(hand):
        if fewest <= total <= most:  # always, but for an empty hand
            out.append(tuple(counts))
        return
    for n in range(min(hand[i], most - total) + 1):
        if total + n + left[i + 1] >= fewest:
            counts[i] = n
            _fill(out, counts, i + 1, total + n, hand, left, fewest, most)
    counts[i] = 0


@mypyc_attr(native_class=False)  # compiled: a tuple subclass stays a Python class
class ActionTuple(tuple[Action, ...]):
    """A tuple of actions whose ``in`` test is a set lookup, so the game loop and a bot may ask
    ``action in legal`` of the 2,379 selections without scanning them. The set is built when
    first needed, once: the tuples are cached (``selection_actions``) and asked again and again.

    >>> legal = ActionTuple([(0, "end"), (1, "end")])
    >>> (1, "end") in legal, (2, "end") in legal
    (True, False)
    """

    def __contains__(self, item: object) -> bool:
        members = self.__dict__.get("members")
        if members is None:
            members = self.__dict__["members"] = frozenset(self)
        return item in members


@lru_cache(maxsize=4096)
def selection_actions(player: int, hand: tuple[int, ...], min_cards: int, max_cards: int) -> ActionTuple:
    """The ``select`` actions of ``player`` (see ``woa_core.packs.west_of_africa.actions``), not
    interned (``new_action``): this cache shares them.

    >>> selection_actions(1, (1, 0), 1, 1)
    ((1, 'select', (1, 0)),)
    """
    return ActionTuple([new_action((player, "select", c)) for c in selections(hand, min_cards, max_cards)])
