"""A card component (``woa_core.kernel.cards.Cards``) in a scenario: the hands, draw pile and
discard pile a setup names, placed over a freshly dealt component (``place_cards``), and the
expect keys that read it (``CARD_EXPECT``, ``card_expect``), for any pack that keeps one.

A setup may name ``hands`` (seat -> card ids; each hand completed to the hand size: first with
the cards the seat was dealt, then from the rest), ``pile`` (ids, top last, lying on the cards
not placed; or its size) and ``discard`` (ids, oldest first; or its size). Every card lies in one
place: a card named twice, an unknown id, a hand over its size or piles that do not add up fail
at their path; so does an empty draw pile beside a discard pile (the discard pile becomes the
pile the moment the pile empties, ``Cards.draw``). How the messages name a card and cite the
pack's rules is the pack's (``CardWords``).

>>> from woa_core.kernel.cards import Cards
>>> def fail(path, message):
...     raise ValueError(f"{path}: {message}")
>>> def seat(text, *path):
...     return int(text[1:]) - 1
>>> ids = [f"C{n}" for n in range(10)]
>>> cards = Cards.dealt(deck_size=10, players=2, hand=3, stream=[1, 0])
>>> place_cards(cards, ids, 3, {"hands": {"p1": ["C7"]}, "discard": ["C2"], "pile": 1}, fail, seat)
>>> "C7" in card_expect(cards, ids, "hands")["p1"], card_expect(cards, ids, "hand_sizes")
(True, {'p1': 3, 'p2': 3})
>>> card_expect(cards, ids, "pile_size"), card_expect(cards, ids, "discard"), cards.problem(10)
(1, ['C2', ...], None)
>>> place_cards(cards, ids, 3, {"hands": {"p1": ["C7"]}, "pile": ["C7"]}, fail, seat)
Traceback (most recent call last):
ValueError: ('pile', 0): C7 is placed twice (hands p1): a card lies in one place
>>> place_cards(cards, ids, 3, {"hands": {"p2": ["C1", "C2", "C3", "C4"]}}, fail, seat)
Traceback (most recent call last):
ValueError: ('hands',): p2 holds 4 cards, not 3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from woa_core.kernel.cards import Cards, Seen
from woa_core.kernel.pack import SetupFail
from woa_core.kernel.scenario import by_seat


@dataclass(frozen=True, slots=True)
class CardWords:
    """How ``place_cards``'s messages name a card and cite the pack's rules (each citation is
    written in brackets after its sentence; an empty one is left out)."""

    card: str = "a card"  # what a valid id names: "'X9' is not a card"
    one_place: str = ""  # the rule that each card lies in one place
    hand_size: str = ""  # the rule of the hand size
    reshuffle: str = ""  # the rule that the discard pile becomes the pile the moment it empties


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def place_cards(
    cards: Cards,
    ids: Sequence[str],
    hand: int,
    setup: Mapping[str, object],
    fail: SetupFail,
    seat: Callable[..., int],
    words: CardWords = CardWords(),
) -> None:
    """Place the hands, draw pile and discard pile ``setup`` names over the freshly dealt ``cards``
    (the module docstring): ``ids`` the deck's card ids (a card is its index), ``hand`` the hand
    size, ``seat(text, *path)`` how the setup reads a seat. A setup naming none of them leaves the
    deal as it is. The discard pile's cards are booked as discarded by the seats in turn, and no
    seat has drawn since."""
    if not any(key in setup for key in ("hands", "pile", "discard")):
        return
    index = {w: i for i, w in enumerate(ids)}
    placed: dict[int, str] = {}

    def read(path: tuple[object, ...], given: object) -> list[int]:
        words_given = [str(w) for w in given] if isinstance(given, list) else []
        for i, w in enumerate(words_given):
            if w not in index:
                fail((*path, i), f"'{w}' is not {words.card}")
            if index[w] in placed:
                where = placed[index[w]]
                fail((*path, i), f"{w} is placed twice ({where}): a card lies in one place{_cite(words.one_place)}")
            placed[index[w]] = " ".join(map(str, path))
        return [index[w] for w in words_given]

    named = setup.get("hands", {})
    given = {seat(w, "hands", w): read(("hands", w), cs) for w, cs in named.items()} if isinstance(named, dict) else {}
    sizes = {k: v for k in ("pile", "discard") if isinstance(v := setup.get(k), int)}
    tops = {k: read((k,), setup.get(k)) for k in ("pile", "discard")}
    pool = [x for x in [*(x for h in cards.hands for x in h), *cards.pile, *cards.discard] if x not in placed]
    hands = []
    for p, dealt in enumerate(cards.hands):
        held = given.get(p, [])
        own = [x for x in dealt if x in pool][: max(0, hand - len(held))]
        pool = [x for x in pool if x not in own]
        held = held + own + [pool.pop() for _ in range(min(len(pool), hand - len(held) - len(own)))]
        if len(held) != hand:
            fail(("hands",), f"p{p + 1} holds {len(held)} cards, not {hand}{_cite(words.hand_size)}")
        hands.append(sorted(held))
    k = len(pool) - sizes["pile"] if "pile" in sizes else sizes.get("discard", 0)
    if not 0 <= k <= len(pool) or sizes.get("discard", k) != k:
        say = " and ".join(f"{v} in the {n}" for n, v in sizes.items())
        fail((next(iter(sizes)),), f"{len(pool)} cards are left for the piles, not {say} (the deck - hands - named)")
    cards.hands, cards.discard, cards.pile = hands, tops["discard"] + pool[:k], pool[k:] + tops["pile"]
    cards.discarded_by, cards.drawn = [i % len(hands) for i in range(len(cards.discard))], [[] for _ in hands]
    if not cards.pile and cards.discard:
        fail(
            ("pile",),
            "an empty draw pile: the discard pile is reshuffled the moment it empties" + _cite(words.reshuffle),
        )


CARD_EXPECT = ("hands", "hand_sizes", "pile_size", "discard", "discard_size", "reshuffles", "seen_discard")
"""The expect keys ``card_expect`` reads: each seat's hand (ids) and its size, the draw pile's
size, the discard pile (ids, oldest first) and its size, the reshuffles so far, and the discard
pile as each seat's view shows it."""


def card_expect(
    cards: Cards,
    ids: Sequence[str],
    key: str,
    marks: Sequence[str] = (),
    seen: Callable[[int], Seen] | None = None,
) -> object:
    """The value of the expect key ``key`` (one of ``CARD_EXPECT``) in the card component, card
    ids for cards, per seat under ``pN`` and each seat's mark (``woa_core.kernel.scenario.by_seat``);
    ``seen(seat)`` is what the seat's view carries of the cards (``Cards.public``), by default the
    component's own. ``KeyError`` for another key. (Example: the module docstring.)"""
    look = seen if seen is not None else cards.public
    seats = range(len(cards.hands))
    values: dict[str, Callable[[], object]] = {
        "hands": lambda: by_seat([[ids[x] for x in h] for h in cards.hands], marks),
        "hand_sizes": lambda: by_seat([len(h) for h in cards.hands], marks),
        "pile_size": lambda: len(cards.pile),
        "discard": lambda: [ids[x] for x in cards.discard],
        "discard_size": lambda: len(cards.discard),
        "reshuffles": lambda: cards.reshuffles,
        "seen_discard": lambda: by_seat([[ids[x] for x in look(p)["discard"]] for p in seats], marks),
    }
    return values[key]()
