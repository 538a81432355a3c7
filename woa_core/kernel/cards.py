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
from collections.abc import Mapping
from random import Random
from typing import TypedDict, TypeVar

from woa_core.kernel.chance import Stream, shuffled


class Seen(TypedDict):
    """What one seat sees of the cards (``Cards.public``)."""

    hand: list[int]
    hand_sizes: list[int]
    pile_size: int
    discard: list[int]
    discarded_by: list[int]
    reshuffles: int
    pool: list[int]
    held: list[int]
    drawn: list[int]
    draws: list[int]


T = TypeVar("T")


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

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (copied)."""
        return {name: _copied(getattr(self, name)) for name in _FIELDS}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Cards:
        """What ``to_json`` wrote; another shape is a ``ValueError``."""
        if not isinstance(data, dict) or set(data) - set(_FIELDS) or not {"hands", "pile"} <= set(data):
            raise ValueError("not a card component (hands, pile, discard, ...)")
        for name, value in data.items():
            if not _of_depth(value, _DEPTH[name]):
                raise ValueError(f"the card component's {name} is not {_WHAT[_DEPTH[name]]}")
        sizes = {name: len(value) for name, value in data.items() if isinstance(value, list)}
        for name in ("held", "drawn"):
            if sizes.get(name, sizes["hands"]) != sizes["hands"]:
                raise ValueError(f"the card component's {name} has {sizes[name]} seats, its hands {sizes['hands']}")
        if sizes.get("discard", 0) != sizes.get("discarded_by", 0):
            raise ValueError("the card component's discard pile and who discarded each card differ in length")
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

    def kinds_held(self, seat: int, kind_of: tuple[int, ...]) -> list[int]:
        """The kinds of the cards in the seat's hand, each once, smallest first: ``kind_of[card]``
        is a card's kind, cards of one kind being alike in play (what a seat may play or sell).

        >>> Cards([[0, 2, 3], [1]], []).kinds_held(0, kind_of=(1, 0, 1, 0))
        [0, 1]
        """
        kinds = sorted([kind_of[card] for card in self.hands[seat]])  # no set: faster compiled, for a hand's few cards
        return [kind for i, kind in enumerate(kinds) if not i or kinds[i - 1] != kind]

    def lift(self, seat: int, kind_of: tuple[int, ...], kind: int) -> int:
        """The seat's first card of ``kind`` (``kinds_held``), taken out of its hand to be played:
        out of the component until it is discarded (``discard_card``); a ``ValueError`` when the
        hand holds no card of that kind.

        >>> cards = Cards([[0, 2, 3], [1]], [])
        >>> cards.lift(0, kind_of=(1, 0, 1, 0), kind=1), cards.hands[0]
        (0, [2, 3])
        """
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if kind_of[card] == kind:
                return hand.pop(i)
        raise ValueError(f"p{seat + 1} holds no card of kind {kind}")

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

    def public(self, seat: int) -> Seen:
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


def sample(
    seen: Seen,
    seat: int,
    players: int,
    deck_size: int,
    rng: Random,
    aside: tuple[tuple[int, int], ...] = (),
) -> Cards:
    """A card component consistent with what ``seat`` sees (``Cards.public``), the unseen cards
    dealt anew by ``rng``: every arrangement of them that fits the public history is equally likely
    (go-west-rulings §4, ignoring what the others' choices reveal). Each other seat gets a hand of its
    size and as many draws since the deal or the last reshuffle as it made, among which, or in its
    hand then, lies every card it has discarded since. After a reshuffle the draws come from the
    cards shuffled in then that the seat has not drawn itself (the pile is the rest), the hands then
    from every other card; before one, both from every card unseen. ``aside``: ``(card, seat)`` for
    each card out of the component that everyone sees (one being played: out of its seat's hand, not
    yet discarded), dealt to nobody. A view no deal fits is a ``ValueError``.

    >>> cards = Cards.dealt(deck_size=10, players=2, hand=3, stream=[1, 0])
    >>> other = sample(cards.public(0), 0, 2, 10, Random(2))
    >>> other.hands[0] == cards.hands[0], len(other.hands[1]), len(other.pile), other.problem(10)
    (True, 3, 4, None)
    """
    discard, by = seen["discard"], seen["discarded_by"]
    sizes, own, draws, shuffles = seen["hand_sizes"], seen["hand"], seen["draws"], seen["reshuffles"]
    others = [p for p in range(players) if p != seat]
    gone = {p: [c for c, b in (*zip(discard, by, strict=True), *aside) if b == p] for p in others}
    out = {c for c, _ in aside}
    if shuffles:  # the others' hands then: every card but the seat's own and those shuffled in
        then = set(range(deck_size)) - set(seen["held"]) - set(seen["pool"])
        since = set(seen["pool"]) - set(seen["drawn"])
    else:
        then = since = set(range(deck_size)) - set(own) - set(discard) - out
    forced_then = {p: [c for c in gone[p] if c in then] for p in others}
    forced_since = {p: [c for c in gone[p] if c not in then] for p in others}
    free_then = sorted(then - {c for p in others for c in forced_then[p]})
    free_since = sorted(since - {c for p in others for c in forced_since[p]}) if shuffles else free_then
    rng.shuffle(free_then)
    if shuffles:
        rng.shuffle(free_since)
    hands: list[list[int]] = [[] for _ in range(players)]
    held: list[list[int]] = [seen["held"][:] if p == seat else [] for p in range(players)]
    drawn: list[list[int]] = [seen["drawn"][:] if p == seat else [] for p in range(players)]
    hands[seat] = own[:]
    for p in others:
        if shuffles:  # its draws since, then its hand at the reshuffle: the hand is what is left
            extra, held_size = draws[p] - len(forced_since[p]), sizes[p] + len(gone[p]) - draws[p]
            if extra < 0 or held_size < len(forced_then[p]) or any(c not in since for c in forced_since[p]):
                raise ValueError(f"no deal of the unseen cards fits what seat {seat + 1} has seen of seat {p + 1}")
            drawn[p] = [*forced_since[p], *_taken(free_since, extra)]
            held[p] = sorted([*forced_then[p], *_taken(free_then, held_size - len(forced_then[p]))])
            kept = [*held[p], *drawn[p]]
        else:  # its hand now; its draws among that and what it has discarded
            kept = [*gone[p], *_taken(free_then, sizes[p])]
        rng.shuffle(kept)
        if not shuffles:
            drawn[p] = kept[: draws[p]]
        hands[p] = sorted(set(kept) - set(gone[p]))
        if len(hands[p]) != sizes[p] or len(drawn[p]) != draws[p]:
            raise ValueError(f"no deal of the unseen cards fits what seat {seat + 1} has seen of seat {p + 1}")
    pile = free_since if shuffles else free_then
    if shuffles and free_then:
        raise ValueError(f"no deal of the unseen cards fits what seat {seat + 1} has seen: {len(free_then)} left over")
    rng.shuffle(pile)
    return Cards(hands, pile, discard[:], by[:], shuffles, seen["pool"][:], held, drawn)


def _taken(cards: list[int], n: int) -> list[int]:
    """The last ``n`` of ``cards`` (shuffled already), taken off it."""
    if n < 0 or n > len(cards):
        raise ValueError(f"no deal of the unseen cards fits: {n} wanted of {len(cards)}")
    taken = cards[len(cards) - n :]
    del cards[len(cards) - n :]
    return taken


_FIELDS = ("hands", "pile", "discard", "discarded_by", "reshuffles", "pool", "held", "drawn")
_DEPTH = {"hands": 2, "pile": 1, "discard": 1, "discarded_by": 1, "reshuffles": 0, "pool": 1, "held": 2, "drawn": 2}
_WHAT = ("a whole number", "a list of cards (whole numbers)", "a list of card lists, one per seat")


def _of_depth(value: object, depth: int) -> bool:
    """Whether ``value`` is a whole number (depth 0) or a list of values of one depth less."""
    if depth == 0:
        return type(value) is int and value >= 0
    return isinstance(value, list) and all(_of_depth(v, depth - 1) for v in value)


def _copied(value: T) -> T:
    if isinstance(value, list):
        return [_copied(v) for v in value]  # type: ignore[return-value]
    return value
