"""A full game state consistent with what one player sees: the hidden part sampled (search).

What a player cannot see is the other players' selections before their turns start (R18).
Everything else is public: hands (R23), gold, the board, and — once all have chosen — every
player's card sum. A hidden selection is therefore sampled among the selections its player could
have made: cards it held when choosing (its hand now, less minus cards passed to it this round,
R7), a count it could pay for (R6), and the announced sum. Nothing else of the game is needed,
so a determinization cannot reveal a secret: it is built from the view alone.

>>> import random
>>> from woa_core.packs.west_of_africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
>>> game.apply((0, "select", game.card_counts("move_workers")))
>>> state = determinize(game.observation(0), random.Random(3))
>>> from woa_core.packs.west_of_africa.selection import card_sum
>>> card_sum(game.rules, state.selection[1]), state.order == game.state.order
(9, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random

from woa_core.packs.west_of_africa.actions.turn import CARD_PASSING
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.selection import card_values, selections
from woa_core.packs.west_of_africa.state import GameState
from woa_core.packs.west_of_africa.steps import SELECT
from woa_core.packs.west_of_africa.view import PlayerView

Sampler = Callable[[PlayerView, int, Sequence[tuple[int, ...]], Random], tuple[int, ...]]
"""Picks player ``q``'s hidden selection among the consistent ``candidates`` (an opponent model);
the default is uniform."""


def determinize(view: PlayerView, rng: Random, sampler: Sampler | None = None) -> GameState:
    """A state consistent with ``view``, each hidden selection drawn by ``sampler`` (default:
    uniformly) from ``consistent_selections``."""
    state = view.visible_state()
    for q in range(view.players):
        if view.hidden(q):
            candidates = consistent_selections(view, q)
            if not candidates:
                raise ValueError(f"no selection of p{q + 1} fits what p{view.player + 1} saw")
            chosen = sampler(view, q, candidates, rng) if sampler is not None else rng.choice(candidates)
            state.selection[q] = list(chosen)
    return state


def consistent_selections(view: PlayerView, q: int) -> tuple[tuple[int, ...], ...]:
    """Every selection player ``q`` could have made, given what ``view`` shows: from the hand it
    held when choosing, affordable, and of the announced sum once sums are known.

    >>> from woa_core.packs.west_of_africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("west-of-africa", 2), seed=1)
    >>> len(consistent_selections(game.observation(0), 1))  # not announced: any selection
    2379
    """
    return possible_selections(view.rules, selection_hand(view, q), view.gold[q], view.card_sum(q))


def possible_selections(rules: Rules, hand: Sequence[int], gold: int, total: int | None) -> tuple[tuple[int, ...], ...]:
    """Every selection from ``hand`` that ``gold`` pays for (R6), of card sum ``total`` (None: any).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> hand = (1,) * len(rules.cards)  # one of each card, as every hand starts
    >>> len(possible_selections(rules, hand, 15, None)), len(possible_selections(rules, hand, 15, 9))
    (2379, 118)
    """
    affordable = rules.max_cards
    if rules.extra_card_cost > 0:
        affordable = min(rules.max_cards, rules.free_cards + gold // rules.extra_card_cost)
    return _with_sum(tuple(hand), rules.min_cards, affordable, card_values(rules), total)


def selection_hand(view: PlayerView, q: int) -> tuple[int, ...]:
    """``q``'s hand when it chose: its hand now, less the minus cards passed to it this round by
    players whose turn has ended (their selections are revealed, R7, R18)."""
    r = view.rules
    hand = list(view.hand[q])
    if view.step != SELECT:
        for p in view.order[: view.turn]:
            sel = view.selection(p)
            if isinstance(sel, list) and CARD_PASSING[r.minus_cards_pass](p, view.players) == q and p != q:
                for card in r.passing_cards:
                    hand[card] -= sel[card]
    return tuple(max(0, n) for n in hand)


@lru_cache(maxsize=4096)
def _with_sum(
    hand: tuple[int, ...], min_cards: int, max_cards: int, values: tuple[int, ...], total: int | None
) -> tuple[tuple[int, ...], ...]:
    every = selections(hand, min_cards, max_cards)
    if total is None:
        return every
    return tuple(c for c in every if sum(n * v for n, v in zip(c, values, strict=True)) == total)
