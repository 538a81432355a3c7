"""The card selections a player may choose (5.I Selecting Cards, R6): listed lazily, or
enumerated once and cached.

A selection is a tuple of card counts. The legal selections depend only on the hand, the
selection limits and how many cards the player can pay for. ``SelectionActions`` is what
``legal_actions`` offers: it counts the selections and makes the ``k``-th on demand, without
listing the others (a hand has up to 2,379 and a random bot plays one); ``selections`` lists them
all, once per distinct situation, shared by every game in the process.

>>> choices = selections((1, 1, 1), min_cards=1, max_cards=2)
>>> choices
((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import overload

from woa_core.kernel.actions import Action, new_action
from woa_core.kernel.native import mypyc_attr
from woa_core.packs.west_of_africa.compiled import Rules


def card_sum(rules: Rules, selection: Sequence[int] | None) -> int:
    """The sum of a selection's card values; the minus card lowers it (5.I, R8). ``selection``:
    the count of each card, any sequence (a bot's own tuple too: both builds accept what the
    signature says, issue 42.7).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules()
    >>> picked = [1 if c.id in ("sell", "minus") else 0 for c in rules.cards]
    >>> card_sum(rules, picked), card_sum(rules, tuple(picked)), card_sum(rules, None)
    (1, 1, 0)
    """
    if not selection:
        return 0
    counts = selection if isinstance(selection, list) else list(selection)  # compiled: indexed as a list
    values = card_values(rules)
    total = 0
    for i in range(len(values)):  # a loop: compiled, sum(map(...)) is a generic call per card
        total += counts[i] * values[i]
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


@lru_cache(maxsize=4096)
def completions(hand: tuple[int, ...], min_cards: int, max_cards: int) -> tuple[int, ...]:
    """How many selections complete each start: entry ``i * (max_cards + 1) + t`` counts the ways
    to choose the cards from ``i`` on when ``t`` cards of those before ``i`` are chosen (entry 0:
    every selection). A small table, counted from the last card back, no selection listed.

    >>> completions((2, 1), 1, 2)[0] == len(selections((2, 1), 1, 2))
    True
    """
    cards = len(hand)
    width = max(max_cards, 0) + 1
    ways = [0] * ((cards + 1) * width)
    for t in range(width):
        ways[cards * width + t] = 1 if min_cards <= t <= max_cards else 0
    for i in range(cards - 1, -1, -1):
        here, after = i * width, (i + 1) * width
        for t in range(width):
            total = 0
            for n in range(min(hand[i], max_cards - t) + 1):
                total += ways[after + t + n]
            ways[here + t] = total
    return tuple(ways)


class SelectionActions(Sequence[Action]):
    """The ``select`` actions of ``player`` (``selection_actions``, in the same order), read only
    and made on demand: ``len`` counts them (``completions``), ``[k]`` makes the ``k``-th alone,
    ``in`` checks an action's shape (the player, ``select``, counts within the hand and the limits)
    and iterating lists them all (cached: ``selection_actions``). Equal to a tuple of the same
    actions, as a tuple is.

    >>> legal = SelectionActions(0, (1, 1, 1), 1, 2)
    >>> len(legal), legal[0], legal[-1]
    (6, (0, 'select', (0, 0, 1)), (0, 'select', (1, 1, 0)))
    >>> (0, "select", (1, 0, 1)) in legal, (0, "select", (1, 1, 1)) in legal, (1, "select", (1, 0, 1)) in legal
    (True, False, False)
    >>> legal == selection_actions(0, (1, 1, 1), 1, 2)
    True
    """

    player: int
    hand: tuple[int, ...]
    min_cards: int
    max_cards: int
    _ways: tuple[int, ...]
    _width: int
    _count: int
    _made: Action | None  # the last selection ``[k]`` made: ``in`` knows it at once (the game
    # loop asks ``in`` of the very action a bot picked)

    def __init__(self, player: int, hand: tuple[int, ...], min_cards: int, max_cards: int) -> None:
        self.player = player
        self.hand = hand
        self.min_cards = min_cards
        self.max_cards = max_cards
        self._ways = completions(hand, min_cards, max_cards)
        self._width = max(max_cards, 0) + 1
        self._count = self._ways[0]
        self._made = None

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple([self._make(k) for k in range(*index.indices(self._count))])
        k = index
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError("selection index out of range")
        return self._make(k)

    def _make(self, k: int) -> Action:
        """The ``k``-th selection (0 <= k < len): each card's count in turn, the first count whose
        completions reach past ``k``, as ``selections`` lists them (the first card slowest)."""
        hand, ways, width, most = self.hand, self._ways, self._width, self.max_cards
        counts = [0] * len(hand)
        t = 0
        for i in range(len(hand)):
            after = (i + 1) * width + t
            top = min(hand[i], most - t)
            n = 0
            while n < top:
                w = ways[after + n]
                if k < w:
                    break
                k -= w
                n += 1
            counts[i] = n
            t += n
        made = self._made = new_action((self.player, "select", tuple(counts)))
        return made

    def __contains__(self, item: object) -> bool:
        if item is self._made and item is not None:
            return True
        if not isinstance(item, tuple) or len(item) != 3 or item[0] != self.player or item[1] != "select":
            return False
        counts = item[2]
        hand = self.hand
        if not isinstance(counts, tuple) or len(counts) != len(hand):
            return False
        total = 0
        for i in range(len(hand)):
            n = counts[i]
            if not isinstance(n, int) or n < 0 or n > hand[i]:
                return False
            total += n
        return self.min_cards <= total <= self.max_cards

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """Where ``value`` is in the listing, counted from the completions table as ``[k]`` makes
        the ``k``-th (the inverse of ``_make``), no selection listed; ``ValueError`` if it is not
        there (between ``start`` and ``stop``), as a tuple's ``index`` says.

        >>> legal = SelectionActions(0, (1, 1, 1), 1, 2)
        >>> legal.index((0, "select", (1, 0, 1))), legal[4]
        (4, (0, 'select', (1, 0, 1)))
        """
        if not isinstance(value, tuple) or value not in self:
            raise ValueError(f"{value!r} is not a selection of this listing")
        k = self._rank(value[2])  # (``in`` checked its shape: counts within the hand)
        first, last, _ = slice(start, stop).indices(self._count)
        if not first <= k < last:
            raise ValueError(f"{value!r} is not in the listing between {start} and {stop}")
        return k

    def _rank(self, counts: tuple[int, ...]) -> int:
        """The position of the selection ``counts``: for each card, the selections that take fewer
        of it (and the same of the cards before it) come first."""
        ways, width = self._ways, self._width
        k = 0
        t = 0
        for i in range(len(counts)):
            after = (i + 1) * width + t
            for n in range(counts[i]):
                k += ways[after + n]
            t += counts[i]
        return k

    def __iter__(self) -> Iterator[Action]:
        return iter(selection_actions(self.player, self.hand, self.min_cards, self.max_cards))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SelectionActions):
            if (self.player, self.hand, self.min_cards, self.max_cards) == (
                other.player,
                other.hand,
                other.min_cards,
                other.max_cards,
            ):
                return True
            return len(self) == len(other) and tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return len(self) == len(other) and tuple(self) == other
        return False

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))
