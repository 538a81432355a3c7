"""What Go West! hides from a seat (G23, §4, §5 R-CHANCE): the other hands, the draw pile's order
and the chance stream the next reshuffle draws from, declared once as the kernel's
``CardsAndChance`` (``HIDDEN``, ``woa_core.kernel.hidden``). ``resample_hidden`` (``Pack.resample_hidden``)
deals the unseen cards anew consistently with what the seat has seen and redraws the stream, from
the state alone; ``Game.determinize`` does the same from a view; ``woa check`` counts the cards
(``cards_conserved``), looks for the stream in every view (``chance_never_seen``) and sees every
hand full (``hands_full``) by it.

>>> import random
>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 3), seed=1)
>>> other = resample_hidden(game, 0, random.Random(3))
>>> other.cards.hands[0] == game.state.cards.hands[0], other.cards.hands[1] != game.state.cards.hands[1]
(True, True)
>>> seen_again = type(game)(game.rules, state=other).observation(0).to_json()
>>> other.chance != game.state.chance, seen_again == game.observation(0).to_json()
(True, True)
"""

from __future__ import annotations

from woa_core.kernel.hidden import Aside, CardsAndChance
from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.state import State


def card_under_way(s: State) -> Aside:
    """The action card being played, with its player: out of its hand, not yet discarded (G8)."""
    return ((s.card, s.order[s.turn]),) if s.card >= 0 else ()


HIDDEN: CardsAndChance[State, Rules] = CardsAndChance(
    lambda rules: len(rules.card_id), card_under_way, hand_size=lambda rules: rules.hand
)
"""Go West!'s hidden cards and stream: its deck of ``card_id`` cards, the card under way set aside,
and hands always full (``hands_full``: a player draws after every card played or sold, G14)."""

resample_hidden = HIDDEN
"""``Pack.resample_hidden``: the declaration, called as one."""
