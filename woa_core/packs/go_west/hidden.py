"""What Go West! hides from a seat, declared by changing it (``Pack.resample_hidden``): the other
hands, the draw pile's order and the chance stream the next reshuffle draws from (G23, §4, §5
R-CHANCE). ``resample_hidden`` deals the unseen cards anew consistently with what the seat has seen
(``woa_core.kernel.cards.sample``) and redraws the stream (``chance.redrawn``), from the state
alone; ``woa check``'s ``views_keep_secrets`` then wants the seat shown the same.

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

from random import Random
from typing import Any

from woa_core.kernel.cards import sample
from woa_core.kernel.chance import redrawn
from woa_core.packs.go_west.state import State


def resample_hidden(game: Any, seat: int, rng: Random) -> State:
    """A state differing from ``game``'s only in what ``seat`` may not see: the others' hands and
    the pile's order dealt anew (a card being played stays where it is), the stream redrawn."""
    s: State = game.state
    state = s.copy()
    aside = ((s.card, s.order[s.turn]),) if s.card >= 0 else ()
    state.cards = sample(s.cards.public(seat), seat, s.players, len(game.rules.card_id), rng, aside)
    state.chance = redrawn(s.chance, rng)
    return state
