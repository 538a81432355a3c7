"""What the search bot ``mcts`` knows of Africa: the pack's ``SearchHooks``.

``mcts`` (``woa_core.bots.mcts``) works on any pack through the game contract: it samples the
face-down tiles anew from its view for every trial (``Game.determinize``: the unseen multiset
dealt uniformly onto the face-down fields, africa-rulings §4; it never reads the true deal), plays
a candidate, then plays on with rollout bots. These hooks make it play Africa well:

- rollouts by the heuristic (``rollout=heuristic``), or by its cheaper form without the
  second-step look-ahead (``heuristic-fast``); the heuristic plays what it does not search;
- it searches the turn's choices (``steps=main``, the default: option A or B, each walk, each
  action) and leaves the rest to the heuristic, which scores them exactly (the start city, where
  a revealed animal or nomad goes, keep or swap); ``all`` searches every decision;
- its candidates are the heuristic's ``k`` best actions (``candidates``), and at a turn's start
  the best relocation too;
- rollouts stop after the current round and ``horizon`` more (a round: every seat one turn),
  and are scored by the estimated final lead (``evaluate``).

>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> SEARCH.steps["main"](game.observation(0), game.legal_actions(0))
False
>>> evaluate(game, 0)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any

from woa_core.kernel.actions import Action
from woa_core.kernel.search import SearchHooks, win_share
from woa_core.packs.africa.bots.estimate import Outlook, equities
from woa_core.packs.africa.bots.heuristic import END_STAKE, RELOCATE, STUCK, Look
from woa_core.packs.africa.steps import ACT, OVER, TURN, WALK

EVAL_SCALE = 10.0
"""VP of estimated lead that make a position's value about 0.73 (the logistic's scale in
``evaluate``): wide enough that a few VP more still count when far ahead or behind."""
MARGIN = 2.0
"""Candidates whose value by the heuristic lies this many VP below its best are not searched."""


def candidates(view: Any, legal: Sequence[Action], k: int, policy: Any) -> list[Action]:
    """The heuristic's ``k`` best actions (walks by where they lead, actions by their value, a
    relocation by what it prepares) that are worth at most ``MARGIN`` VP less than its best:
    a single one when the choice is plain (the search then leaves it at that)."""
    look = Look(view, getattr(policy, "end_stake", END_STAKE))
    more = view.stage + 1 < view.rules.steps
    scored: list[tuple[float, int, Action]] = []
    for i, a in enumerate(legal):
        verb = a[1]
        if verb == "walk":
            value = look.walk(a[2], more)
        elif verb == "relocate":
            value = RELOCATE * look.spot(a[2]) - STUCK
        else:
            value = look.action(a)
        scored.append((value, i, a))
    scored.sort(key=lambda x: (-x[0], x[1]))
    top = scored[0][0] - MARGIN
    return [a for value, _, a in scored[:k] if value >= top]


def horizon(game: Any, rounds: int) -> Callable[[Any], bool]:
    """A rollout plays the rest of the turn under way and then ``rounds`` more turns of every
    seat (a round counted from the searching seat: the others' replies, then its own next turn)."""
    stop = game.state.turns + 1 + rounds * game.state.players
    return lambda g: g.state.turns >= stop


def evaluate(game: Any, me: int) -> float:
    """``me``'s prospects in [0, 1]: its share of the win once the game is over (A28), else the
    logistic of its equity's lead over the best other seat's (``estimate``).

    >>> from woa_core.packs.africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("africa", 3), seed=2)
    >>> game.state.vp[1] = 12
    >>> evaluate(game, 0) < 0.5 < evaluate(game, 1)
    True
    """
    s = game.state
    if s.step == OVER:
        return win_share(game, me)
    equity = equities(game.rules, s, Outlook.of(game.rules, s))
    lead = equity[me] - max(e for q, e in enumerate(equity) if q != me)
    return 1.0 / (1.0 + math.exp(-lead / EVAL_SCALE))


def _turn(view: Any, legal: Sequence[Action]) -> bool:
    return view.step in (TURN, WALK, ACT)


SEARCH = SearchHooks(
    rollouts=MappingProxyType({"heuristic": "heuristic", "heuristic-fast": "heuristic:fast=true"}),
    policy="heuristic",
    steps=MappingProxyType({"main": _turn}),
    candidates=candidates,
    horizon=horizon,
    evaluate=evaluate,
)
"""Africa's search hooks (``Pack.search``)."""
