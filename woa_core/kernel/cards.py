"""Hands, a face-down draw pile and a face-up discard pile: a card component any pack may keep in its
state (go-west-rulings §5 R-CARDS).

Cards are ints (indices into a pack's deck list). Each hand is seen by its owner only; the draw
pile's order by nobody; the discard pile by everyone. Drawing takes the pile's top (its end); the
moment a draw takes the last card, the discard pile is shuffled by the game's chance stream
(``woa_core.kernel.chance``) into the new pile (5.5, G15). What is public since that reshuffle is
kept, as §4 says a player can know it: the cards shuffled in (``pool``), each seat's hand at that
moment and its draws since (its own, to itself; their number, to all), and who discarded each card.
``public(seat)`` is what a view may carry; ``sample(view_cards, seat, deck, rng)`` deals the unseen
cards anew consistently with it (the determinizer of §4); ``problem(deck)`` is the conservation
invariant (every card exactly once).

>>> cards = Cards.dealt(deck_size=6, players=2, hand=2, stream=[1, 0])
>>> [len(h) for h in cards.hands], len(cards.pile), cards.discard
([2, 2], 2, [])
>>> stream = [1, 1]
>>> cards.take(0, cards.hands[0][0]); cards.draw(0, stream)
>>> cards.take(1, cards.hands[1][0]); cards.draw(1, stream)  # the pile's last card: a reshuffle
>>> len(cards.pile), cards.discard, cards.reshuffles, cards.problem(6)
(2, [], 1, None)
>>> _ = cards.hands[1].pop(); cards.problem(6)
'the cards in play are 5 of 6 (missing: [...])'

"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from woa_core.kernel.chance import Stream, shuffled


class Cards:
    """The card component of a game's state (plain data; see the module docstring)."""

    __slots__ = ("discard", "discarded_by", "drawn", "hands", "held", "pile", "pool", "reshuffles")

    def __init__(
        self,
        hands: list[list[int]],
        pile: list[int],
        discard: list[int] | None = None,
        discarded_by: list[int] | None = None,
        reshuffles: int = 0,
        pool: list[int] | None = None,
        held: list[list[int]] | None = None,
        drawn: list[list[int]] | None = None,
    ) -> None:
        self.hands = hands  # [seat] the cards in its hand (hidden from the others)
        self.pile = pile  # face down, the top at the end (hidden from all)
        self.discard = discard if discard is not None else []  # face up, oldest first
        self.discarded_by = discarded_by if discarded_by is not None else []  # [i] who discarded discard[i]
        self.reshuffles = reshuffles  # reshuffles so far
        self.pool = pool if pool is not None else []  # the cards of the last reshuffle (public), sorted
        self.held = held if held is not None else [[] for _ in hands]  # [seat] its hand at the last reshuffle
        self.drawn = drawn if drawn is not None else [[] for _ in hands]  # [seat] its draws since, in order

    @classmethod
    def dealt(cls, deck_size: int, players: int, hand: int, stream: Stream) -> Cards:
        """The deck shuffled by the stream's next draw, ``hand`` cards dealt to each seat, the rest the pile."""
        deck = shuffled(stream, list(range(deck_size)))
        hands = [sorted(deck[len(deck) - hand * (p + 1) : len(deck) - hand * p]) for p in range(players)]
        return cls(hands, deck[: len(deck) - hand * players])

    def copy(self) -> Cards:
        """An independent copy (made by ``__init__``: compiled with mypyc, ``Cards.__new__(Cards)``
        calls it without arguments)."""
        return Cards(
            [h[:] for h in self.hands],
            self.pile[:],
            self.discard[:],
            self.discarded_by[:],
            self.reshuffles,
            self.pool,
            self.held,
            [d[:] for d in self.drawn],
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and self.to_json() == other.to_json()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (copied)."""
        return {name: _copied(getattr(self, name)) for name in _FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Cards:
        """What ``to_json`` wrote; another shape is a ``ValueError``."""
        if not isinstance(data, dict) or set(data) - set(_FIELDS) or not {"hands", "pile"} <= set(data):
            raise ValueError("not a card component (hands, pile, discard, ...)")
        return cls(**{k: _copied(v) for k, v in data.items()})

    # ------------------------------------------------------------------ play

    def discard_card(self, card: int, seat: int) -> None:
        """``card`` (already out of the seat's hand) face up onto the discard pile."""
        self.discard.append(card)
        self.discarded_by.append(seat)

    def take(self, seat: int, card: int) -> None:
        """``card`` out of the seat's hand onto the discard pile."""
        self.hands[seat].remove(card)
        self.discard_card(card, seat)

    def draw(self, seat: int, stream: Stream) -> None:
        """The seat draws the pile's top card; if that was the last, the discard pile becomes the new
        pile at once, shuffled by the stream (G15). An empty pile with an empty discard pile draws nothing."""
        if not self.pile:
            self._reshuffle(stream)
            if not self.pile:
                return
        card = self.pile.pop()
        hand = self.hands[seat]
        hand.append(card)
        hand.sort()
        self.drawn[seat].append(card)
        if not self.pile:
            self._reshuffle(stream)

    def _reshuffle(self, stream: Stream) -> None:
        if not self.discard:
            return
        self.pool = sorted(self.discard)
        self.pile = shuffled(stream, self.pool[:])
        self.discard, self.discarded_by = [], []
        self.held = [sorted(h) for h in self.hands]
        self.drawn = [[] for _ in self.hands]
        self.reshuffles += 1

    # ------------------------------------------------------------------ what is seen

    def public(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, every hand's size, the pile's size, the discard pile
        (and who discarded each card), and since the last reshuffle the cards shuffled in, its own
        hand then and its own draws, and the others' number of draws (§4)."""
        return {
            "hand": self.hands[seat][:],
            "hand_sizes": [len(h) for h in self.hands],
            "pile_size": len(self.pile),
            "discard": self.discard[:],
            "discarded_by": self.discarded_by[:],
            "reshuffles": self.reshuffles,
            "pool": self.pool[:],
            "held": self.held[seat][:] if self.reshuffles else [],
            "drawn": self.drawn[seat][:],
            "draws": [len(d) for d in self.drawn],
        }

    def problem(self, deck_size: int) -> str | None:
        """None when every card is in exactly one place (a hand, the pile, the discard pile)."""
        seen = Counter(self.pile + self.discard + [c for h in self.hands for c in h])
        if seen == Counter(range(deck_size)):
            return None
        missing = [c for c in range(deck_size) if not seen[c]]
        twice = sorted(c for c, n in seen.items() if n > 1 or not 0 <= c < deck_size)
        return (
            f"the cards in play are {seen.total()} of {deck_size}"
            + (f" (missing: {missing[:8]})" if missing else "")
            + (f" (more than once or unknown: {twice[:8]})" if twice else "")
        )


def sample(seen: dict[str, Any], seat: int, players: int, deck_size: int, rng: Random, tries: int = 200) -> Cards:
    """A card component consistent with what ``seat`` sees (``Cards.public``), the unseen cards
    dealt anew by ``rng`` (go-west-rulings §4). Before the first reshuffle every arrangement of the
    unseen cards over the others' hands and the pile is equally likely; after one, the pile can
    hold only cards shuffled in then that nobody has drawn since, so the others' draws are chosen
    from those first. The others' hands keep their sizes, the pile its size.

    >>> cards = Cards.dealt(deck_size=10, players=2, hand=3, stream=[1, 0])
    >>> other = sample(cards.public(0), 0, 2, 10, Random(2))
    >>> other.hands[0] == cards.hands[0], len(other.hands[1]), len(other.pile), other.problem(10)
    (True, 3, 4, None)
    """
    sizes, own = seen["hand_sizes"], seen["hand"]
    others = [p for p in range(players) if p != seat]
    for _ in range(tries):
        if not seen["reshuffles"]:
            unseen = list((Counter(range(deck_size)) - Counter(own) - Counter(seen["discard"])).elements())
            rng.shuffle(unseen)
            split = sum(sizes[p] for p in others)
            pool_for_hands, pile, their_draws = unseen[:split], unseen[split:], []
        else:
            shuffled_in = Counter(seen["pool"]) - Counter(seen["drawn"])
            k = sum(n for p, n in enumerate(seen["draws"]) if p != seat)
            candidates = list(shuffled_in.elements())
            rng.shuffle(candidates)
            their_draws, pile = candidates[:k], candidates[k:]
            at_shuffle = Counter(range(deck_size)) - Counter(seen["held"]) - Counter(seen["pool"])
            played = Counter(c for c, by in zip(seen["discard"], seen["discarded_by"], strict=True) if by != seat)
            hands_pool = at_shuffle + Counter(their_draws)
            hands_pool.subtract(played)
            if any(n < 0 for n in hands_pool.values()):
                continue  # a draw the others' plays rule out: draw again (§4, step 3)
            pool_for_hands = list(hands_pool.elements())
            rng.shuffle(pool_for_hands)
        hands: list[list[int]] = [[] for _ in range(players)]
        hands[seat] = own[:]
        at = 0
        for p in others:
            hands[p] = sorted(pool_for_hands[at : at + sizes[p]])
            at += sizes[p]
        rng.shuffle(pile)
        drawn: list[list[int]] = [[] for _ in range(players)]
        drawn[seat] = seen["drawn"][:]
        if seen["reshuffles"]:  # the others' draws since, as many each as they made
            at = 0
            for p in others:
                drawn[p] = their_draws[at : at + seen["draws"][p]]
                at += seen["draws"][p]
        return Cards(
            hands,
            pile,
            seen["discard"][:],
            seen["discarded_by"][:],
            seen["reshuffles"],
            seen["pool"][:],
            [seen["held"][:] if p == seat else [] for p in range(players)],
            drawn,
        )
    raise ValueError(f"no deal of the unseen cards fits what seat {seat + 1} has seen ({tries} tries)")


_FIELDS = ("hands", "pile", "discard", "discarded_by", "reshuffles", "pool", "held", "drawn")


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value
