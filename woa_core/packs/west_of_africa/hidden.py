"""What West of Africa hides from a seat, declared by changing it (``Pack.resample_hidden``).

The rules hide one thing (R18): another player's selection, from the moment it is made until
that player's turn starts (and only until the card sums are announced, its sum). Everything
else is public: hands (R23), gold (extra cards are paid when the turn starts, R6), the board.
``resample_hidden`` draws each selection hidden from a seat anew among those its player could
have made, from the state alone — never from a view, which is what ``woa check``'s
``views_keep_secrets`` tests with it.

>>> import random
>>> from woa_core.packs.west_of_africa.game import Game
>>> from woa_core.packs.west_of_africa.selection import card_sum
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 3), seed=1)
>>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
>>> other = resample_hidden(game, 0, random.Random(2))
>>> other.selection[1] != game.state.selection[1], other.gold == game.state.gold
(True, True)
>>> resample_hidden(game, 1, random.Random(2)) is None  # p2 sees its own selection; nobody else chose
True
"""

from __future__ import annotations

from random import Random

from woa_core.packs.west_of_africa.actions.turn import CARD_PASSING
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.determinize import possible_selections
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import GameState
from woa_core.packs.west_of_africa.steps import SELECT
from woa_core.packs.west_of_africa.view import revealed_players


def resample_hidden(game: GameCore, seat: int, rng: Random) -> GameState | None:
    """A state differing from ``game``'s only in the selections ``seat`` may not see yet, each
    drawn anew (another one where its player had another choice); None if none is hidden."""
    s = game.state
    secret = hidden_selections(s, seat)
    if not secret:
        return None
    state = s.copy()
    for q in secret:
        chosen = s.selection[q]
        candidates = selections_of(game.rules, s, q)
        others = [c for c in candidates if chosen is None or list(c) != chosen]
        state.selection[q] = list(rng.choice(others or candidates))
    return state


def hidden_selections(state: GameState, seat: int) -> list[int]:
    """The players whose selection ``seat`` may not see: made, not its own, not yet revealed (R18).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> state = new_state(load_rules("west-of-africa", 3), seed=1)
    >>> state.selection[1] = state.selection[2] = [0] * len(state.hand[0])
    >>> hidden_selections(state, 0), hidden_selections(state, 1)
    ([1, 2], [2])
    """
    revealed = revealed_players(state)
    return [q for q, sel in enumerate(state.selection) if sel is not None and q != seat and q not in revealed]


def selections_of(rules: Rules, state: GameState, q: int) -> tuple[tuple[int, ...], ...]:
    """Every selection ``q`` could have made, as far as the public part of ``state`` tells: from
    the hand it held when choosing (its hand now, less the minus cards passed to it by players
    whose turn has ended, R7), paid for by its gold (R6), of its card sum once sums are announced."""
    hand = list(state.hand[q])
    if state.step != SELECT:
        for p in state.order[: state.turn]:
            sel = state.selection[p]
            if sel is not None and p != q and CARD_PASSING[rules.minus_cards_pass](p, state.players) == q:
                for card in rules.passing_cards:
                    hand[card] -= sel[card]
    total = None if state.step == SELECT else card_sum(rules, state.selection[q])
    return possible_selections(rules, [max(0, n) for n in hand], state.gold[q], total)
