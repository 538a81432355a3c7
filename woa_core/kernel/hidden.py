"""Hidden cards and a hidden chance stream, declared once: for a game whose state keeps a card
component as ``state.cards`` (``woa_core.kernel.cards.Cards``) and a chance stream as
``state.chance`` (``woa_core.kernel.chance``), what no seat sees of them (go-west-rulings §4,
§5 R-CARDS, R-CHANCE).

A pack declares a ``CardsAndChance``: how many cards its deck holds (read from its rules) and
which cards are out of the component while everyone sees them (a card being played: out of its
hand, not yet discarded), as ``(card, seat)`` pairs. That one declaration serves everywhere:

- it is the pack's ``Pack.resample_hidden`` (it is called as one): the state with the cards the
  seat has not seen dealt anew consistently with what it has (``cards.sample``) and the stream
  redrawn (``chance.redrawn``);
- ``determinized(state, seen, seat, rules, rng)`` does the same from what a view shows, for the
  pack's ``Game.determinize``;
- ``woa check`` reads it for the kernel's invariants ``cards_conserved`` (``problem``: every card
  exactly once, those set aside counted), ``chance_never_seen`` and, where a full hand's size is
  declared, ``hands_full`` (``hand_problem``) (``woa_core.check.components``).

>>> from dataclasses import dataclass
>>> from random import Random
>>> from types import SimpleNamespace
>>> from woa_core.kernel.cards import Cards
>>> @dataclass
... class Table:
...     players: int
...     cards: Cards
...     chance: list[int]
...     def copy(self):
...         return Table(self.players, self.cards.copy(), self.chance[:])
>>> hidden = CardsAndChance(deck_size=lambda rules: 10)
>>> game = SimpleNamespace(rules=None, state=Table(2, Cards.dealt(10, 2, 3, [1, 0]), [5, 1]))
>>> other = hidden(game, 0, Random(1))
>>> other.cards.hands[0] == game.state.cards.hands[0], other.chance != game.state.chance
(True, True)
>>> hidden.problem(None, other) is None, len(other.cards.pile)
(True, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Generic, Protocol, Self, TypeVar

from woa_core.kernel.cards import Cards, Seen, sample
from woa_core.kernel.chance import Stream, redrawn

Aside = Sequence[tuple[int, int]]
"""Cards out of the card component that everyone sees, each as ``(card, seat)``: the seat it
came from (a card being played: out of its seat's hand, not yet discarded, G8)."""


class HoldsCardsAndChance(Protocol):
    """A state that keeps a card component and a chance stream, and copies itself."""

    players: int
    cards: Cards
    chance: Stream

    def copy(self) -> Self:
        """An independent copy."""
        ...


S = TypeVar("S", bound=HoldsCardsAndChance)
"""The pack's state."""
R = TypeVar("R")
"""The pack's compiled rules."""
S_co = TypeVar("S_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)


class GameOf(Protocol[S_co, R_co]):
    """A game as ``resample_hidden`` reads it: its rules and its state."""

    @property
    def rules(self) -> R_co:
        """The compiled rules."""
        ...

    @property
    def state(self) -> S_co:
        """The state now."""
        ...


def nothing_aside(state: object) -> Aside:
    """The default ``CardsAndChance.aside``: no card is ever out of the component."""
    return ()


class CardsAndChance(Generic[S, R]):
    """What a game with a card component and a chance stream hides (see the module docstring):
    ``deck_size(rules)``, the number of cards; ``aside(state)``, the cards out of the component
    that everyone sees (``Aside``; none by default); ``hand_size(rules)``, for a game whose hands
    are always full, the cards of a full hand (None: hands of any size)."""

    __slots__ = ("aside", "deck_size", "hand_size")

    def __init__(
        self,
        deck_size: Callable[[R], int],
        aside: Callable[[S], Aside] = nothing_aside,
        hand_size: Callable[[R], int] | None = None,
    ) -> None:
        self.deck_size = deck_size
        self.aside = aside
        self.hand_size = hand_size

    def __call__(self, game: GameOf[S, R], seat: int, rng: Random) -> S:
        """``Pack.resample_hidden``: a copy of the game's state with what ``seat`` may not see drawn
        anew by ``rng``, the others' hands and the pile's order (a card set aside stays where it
        is) and the stream's seed."""
        state = game.state
        seen = state.cards.public(seat)
        return self.determinized(state.copy(), seen, seat, game.rules, rng)

    def determinized(self, state: S, seen: Seen, seat: int, rules: R, rng: Random) -> S:
        """``state`` with its cards dealt anew consistently with what ``seat`` has ``seen`` of them
        (``Cards.public``, as its view carries it) and its stream redrawn (the state changed and
        returned): a ``Game.determinize`` gives it the view's public fields first."""
        deck = self.deck_size(rules)
        state.cards = sample(seen, seat, state.players, deck, rng, tuple(self.aside(state)))
        state.chance = redrawn(state.chance, rng)
        return state

    def problem(self, rules: R, state: S) -> str | None:
        """None when every card of the deck is in exactly one place, a card set aside counting as
        one on the discard pile (``Cards.problem``), else what is wrong."""
        cards = state.cards
        aside = self.aside(state)
        if aside:
            cards = cards.copy()
            cards.discard.extend(card for card, _ in aside)
        return cards.problem(self.deck_size(rules))

    def hand_problem(self, rules: R, state: S) -> str | None:
        """None when every hand is full, ``hand_size(rules)`` cards less those its seat has set
        aside (a card being played), or short only because no card is left to draw (the pile and
        the discard pile empty); else what is wrong. None for hands of any size (no ``hand_size``).

        >>> from types import SimpleNamespace
        >>> full = CardsAndChance(lambda rules: 6, hand_size=lambda rules: 2)
        >>> table = SimpleNamespace(cards=Cards([[0, 1], [2, 3]], [4, 5]))
        >>> full.hand_problem(None, table), table.cards.hands[1].pop(), full.hand_problem(None, table)
        (None, 3, 'p2 holds 1 card, not the 2 of a full hand, with cards left to draw')
        """
        if self.hand_size is None:
            return None
        full, cards = self.hand_size(rules), state.cards
        out = [seat for _, seat in self.aside(state)]
        for seat, hand in enumerate(cards.hands):
            wanted = full - out.count(seat)
            if len(hand) > wanted or (len(hand) < wanted and (cards.pile or cards.discard)):
                held = f"{len(hand)} card" + "s" * (len(hand) != 1)
                aside = f" less the {full - wanted} set aside" if wanted != full else ""
                left = ", with cards left to draw" if len(hand) < wanted else ""
                return f"p{seat + 1} holds {held}, not the {full} of a full hand{aside}{left}"
        return None
