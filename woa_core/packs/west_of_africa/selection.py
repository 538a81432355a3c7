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
from itertools import product
from operator import mul

from woa_core.kernel.actions import Action, make_action
from woa_core.kernel.native import mypyc_attr
from woa_core.packs.west_of_africa.compiled import Rules


def card_sum(rules: Rules, selection: Sequence[int] | None) -> int:
    """The sum of a selection's card values; the minus card lowers it (5.I, R8).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules()
    >>> card_sum(rules, [1 if c.id in ("sell", "minus") else 0 for c in rules.cards])
    1
    """
    return sum(map(mul, selection, card_values(rules))) if selection else 0


def card_values(rules: Rules) -> tuple[int, ...]:
    """Each card's value, by card index (compiled with the rules).

    >>> from woa_core.rules import load_rules
    >>> card_values(load_rules())[-1]
    -4
    """
    return rules.card_values


@lru_cache(maxsize=4096)
def selections(hand: tuple[int, ...], min_cards: int, max_cards: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of cards from ``hand`` with between ``min_cards`` and ``max_cards`` cards."""
    ranges = [range(held + 1) for held in hand]
    return tuple(c for c in product(*ranges) if min_cards <= sum(c) <= max_cards)


@mypyc_attr(native_class=False)  # compiled: a tuple subclass stays a Python class
class ActionTuple(tuple[Action, ...]):
    """A tuple of actions whose ``in`` test is a set lookup, so a bot may ask ``action in legal``
    of the 2,379 selections without scanning them. The set is built when first needed: the game
    loop asks with one of these very actions, found by identity without it.

    >>> legal = ActionTuple([(0, "end"), (1, "end")])
    >>> (1, "end") in legal, (2, "end") in legal
    (True, False)
    """

    def __contains__(self, item: object) -> bool:
        members = self.__dict__.get("members")
        if members is None:
            for action in self:
                if action is item:
                    return True
            members = self.__dict__["members"] = frozenset(self)
        return item in members


@lru_cache(maxsize=4096)
def selection_actions(player: int, hand: tuple[int, ...], min_cards: int, max_cards: int) -> ActionTuple:
    """The ``select`` actions of ``player`` (see ``woa_core.packs.west_of_africa.actions``)."""
    return ActionTuple(make_action((player, "select", c)) for c in selections(hand, min_cards, max_cards))
