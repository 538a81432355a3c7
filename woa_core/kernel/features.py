"""A view as numbers, written part by part (``Pack.features``: the PettingZoo observation).

A pack's ``features(view)`` must give as many numbers for every view of one ruleset and player
count. ``Features`` writes them in order, each part of a width that the rules fix whatever the
view holds: a number, one-hot over a fixed number of choices (nobody: all zeros), how many
items there are of each kind, a list padded to its longest, what a seat sees of the kernel's card
component (``cards``). So the count is what the encoder writes, never a formula kept in step with
it by hand: ``feature_count`` counts it on a new game.

>>> out = Features()
>>> out.add(3, True)
>>> out.one_hot(1, 3); out.one_hot(-1, 2)  # the second of three; nobody of two
>>> out.counts([0, 2, 2], kind_of=(0, 1, 1), kinds=2)  # three items of kinds 0, 1, 1
>>> out.padded([2], 3)  # a ranking of one seat out of three
>>> out.numbers
[3.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 2.0, -1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from woa_core.kernel.cards import Seen
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import new_game


class Features:
    """The numbers of a view, written in order (``numbers``)."""

    __slots__ = ("numbers",)

    def __init__(self) -> None:
        self.numbers: list[float] = []

    def add(self, *values: float) -> None:
        """Numbers as they are (a count, a flag, a score)."""
        self.numbers += [float(v) for v in values]

    def one_hot(self, index: int, size: int) -> None:
        """``size`` numbers, 1 at ``index`` and 0 elsewhere; all 0 for an ``index`` outside
        ``0..size-1`` (nobody, nothing: -1, say).

        >>> out = Features(); out.one_hot(2, 3); out.numbers
        [0.0, 0.0, 1.0]
        """
        hot = [0.0] * size
        if 0 <= index < size:
            hot[index] = 1.0
        self.numbers += hot

    def counts(self, items: Iterable[int], kind_of: Sequence[int], kinds: int) -> None:
        """``kinds`` numbers: how many of ``items`` are of each kind, ``kind_of[item]`` being an
        item's (cards counted by shape, say, where cards of one shape are alike).

        >>> out = Features(); out.counts([4, 5, 4], kind_of=(0, 0, 0, 0, 2, 1), kinds=3); out.numbers
        [0.0, 1.0, 2.0]
        """
        counted = [0.0] * kinds
        for item in items:
            counted[kind_of[item]] += 1.0
        self.numbers += counted

    def cards(
        self, seen: Seen, kind_of: Sequence[int], kinds: int, deck_size: int, also_seen: Collection[int] = ()
    ) -> None:
        """What one seat sees of the card component (``Cards.public``): by kind (``counts``) the
        seat's hand, the discard pile, the pool (the cards shuffled in at the last reshuffle) and
        the cards it has not seen (each of the deck's ``0..deck_size-1`` in neither the hand nor
        the discard pile nor ``also_seen``: a card being played face up, say; a value there that
        is no card's index, -1 for none, is no card); then the pile's size and the reshuffles.

        >>> from woa_core.kernel.cards import Cards
        >>> cards = Cards(hands=[[0, 3], [1]], pile=[4], discard=[2])
        >>> out = Features(); out.cards(cards.public(0), kind_of=(0, 0, 1, 1, 1), kinds=2, deck_size=5)
        >>> out.numbers  # hand 1 + 1, discard 0 + 1, pool 0 + 0, unseen (1, 4) 1 + 1, pile 1, reshuffles 0
        [1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0]
        """
        known = {*seen["hand"], *seen["discard"], *also_seen}
        unseen = [card for card in range(deck_size) if card not in known]
        for cards in (seen["hand"], seen["discard"], seen["pool"], unseen):
            self.counts(cards, kind_of, kinds)
        self.add(seen["pile_size"], seen["reshuffles"])

    def padded(self, values: Sequence[float], size: int, fill: float = -1.0) -> None:
        """``size`` numbers: ``values`` (at most ``size`` of them), then ``fill`` (a ranking that
        holds no seat before the game is over, say).

        >>> out = Features(); out.padded([1, 0], 3); out.numbers
        [1.0, 0.0, -1.0]
        """
        if len(values) > size:
            raise ValueError(f"{len(values)} values do not fit in {size} features")
        self.numbers += [float(v) for v in values] + [fill] * (size - len(values))


def feature_count(rules: CompiledRules) -> int:
    """How many numbers the features of every view under ``rules`` are (``Pack.features``):
    counted on a new game's first view, as each view has as many.

    >>> from woa_core.rules import load_rules
    >>> feature_count(load_rules("west-of-africa", 2)) > 100
    True
    """
    features = rules.pack.features
    if features is None:
        raise ValueError(f"the rule pack {rules.pack.name} declares no features (Pack.features)")
    return len(features(new_game(rules, seed=0).observation(0)))
