"""What the search bot ``mcts`` knows of West of Africa: the pack's ``SearchHooks``.

``mcts`` (``woa_core.bots.mcts``) works on any pack; these hooks make it play this game well:

- rollouts by the heuristic bot (``rollout=heuristic``, which predicts the others' plans, or
  ``heuristic-fast``, which does not: about twice as fast and much weaker as a model of heuristic
  opponents), and the heuristic for the decisions it does not search;
- which decisions it searches (``steps``): ``select`` (cards), ``main`` (cards and which action
  next, the default) or ``all``;
- the simultaneous selection (R18) searched soundly: its candidates are whole plans (the
  heuristic's best distinct selections), opponents who have not chosen yet choose inside each
  rollout, and those who have are sampled among the selections consistent with their hand, gold
  and announced sum, weighted towards the plans the heuristic would predict (``PlanSampler``);
- rollouts played to the end of the round plus ``horizon`` rounds, then scored from the
  estimated final VP margin (``evaluate``).

>>> from woa_core.packs.west_of_africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> SEARCH.steps["select"](game.observation(0), game.legal_actions(0))
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from types import MappingProxyType

from woa_core.kernel.search import SearchHooks
from woa_core.packs.west_of_africa.actions import STEP_OF_VERB, Action
from woa_core.packs.west_of_africa.bots.heuristic import (
    HeuristicBot,
    choice_counts,
    ranked_choices,
    rival_predictions,
    unranked_actions,
)
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.view import PlayerView

ALCALDE_WORTH = 0.5
"""Share of an Alcalde's next-round VP counted in the estimate (it may be lost)."""
SETTLE_RIGHT = 2.0
"""Worth in VP of the right to found on an island with free settlement spaces."""


UNRANKED_SHARE = 3
"""For each action the heuristic does not weigh (``heuristic.unranked_actions``: one a variant's
card brings in), one more candidate per this many (at least one) is drawn from it, so the search
tries what the heuristic cannot judge and plays it when it pays."""


def candidates(view: PlayerView, legal: Sequence[Action], k: int, policy: HeuristicBot) -> list[Action]:
    """The actions worth comparing: whole plans at selection (the ``k`` best distinct ones), each
    startable action's best first step (and ending the turn) at ``main``, the ``k`` best-scoring
    steps otherwise (and finishing the action). Each action the heuristic does not weigh adds a
    share of candidates of its own (``UNRANKED_SHARE``): its card with the best plans, a spread of
    its steps."""
    p = view.player
    others = unranked_actions(view.rules)
    if legal[0][1] == "select":
        choices = ranked_choices(view, p, None, rival_predictions(view, p), 0.0, k, wide=True)
        out = [Action(p, "select", choice_counts(view.rules, c)) for c in choices]
        kept = [a for a in out if a in legal]
        if others:
            kept += unranked_selections(view, kept, legal, others, _share(k))
        return kept or [policy.choose(view, legal)]
    scored = sorted(legal, key=lambda a: -policy.score(view, a))
    if view.step == "main":
        best: dict[str, Action] = {}
        for action in scored:
            group = STEP_OF_VERB.get(action[1], action[1])
            best.setdefault(group, action)
        keep = list(best.values())[: k + 1]
        for name in others:
            keep += spread([a for a in legal if STEP_OF_VERB.get(a[1]) == name and a not in keep], _share(k))
        return keep
    keep = scored[:k]
    keep += [a for a in legal if a[1] in ("done", "end") and a not in keep]
    if view.step in others:  # within an action the heuristic does not weigh: all its steps score alike
        keep += spread([a for a in legal if a not in keep], _share(k))
    return keep


def _share(k: int) -> int:
    return max(1, k // UNRANKED_SHARE)


def spread(actions: Sequence[Action], n: int) -> list[Action]:
    """``n`` of ``actions`` spread evenly over them, the first included (all when there are no
    more than ``n``).

    >>> spread([Action(0, "x", i) for i in range(10)], 3)
    [(0, 'x', 0), (0, 'x', 3), (0, 'x', 6)]
    """
    if len(actions) <= n:
        return list(actions)
    return [actions[i * len(actions) // n] for i in range(n)]


def unranked_selections(
    view: PlayerView, plans: Sequence[Action], legal: Sequence[Action], others: Sequence[str], n: int
) -> list[Action]:
    """Up to ``n`` selections for each action of ``others`` (the actions the heuristic does not
    weigh) that it may start this round: the heuristic's ``plans`` in order, each with the action's
    card added, then with it in place of one of the plan's cards (the highest first), then the card
    alone; only legal ones, none twice. An action limited to the selected islands (R12) is only
    offered with an island card.

    >>> from woa_core.packs.west_of_africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("west-of-africa", 2), seed=1)
    >>> plan = Action(0, "select", game.card_counts("move_ship", "tenerife"))
    >>> picked = unranked_selections(game.observation(0), [plan], game.legal_actions(0), ["cultivate"], 2)
    >>> [" ".join(game.rules.cards[c].id for c, n in enumerate(a[2]) if n) for a in picked]
    ['tenerife move_ship cultivate', 'tenerife cultivate']
    """
    r, p = view.rules, view.player
    hand = view.hand[p]
    out: list[Action] = []
    for action in others:
        card = r.action_card[action]
        if not hand[card] or (view.round == 1 and action in r.first_round_forbidden):
            continue
        island = action in r.island_actions
        found = 0
        for counts in (*(plan[2] for plan in plans), (0,) * len(r.cards)):
            for option in _with_card(r, counts, card):
                if found == n:
                    break
                if island and not any(option[c] for c in r.island_cards):
                    continue
                candidate = Action(p, "select", option)
                if candidate in legal and candidate not in plans and candidate not in out:
                    out.append(candidate)
                    found += 1
    return out


def _with_card(r: Rules, counts: tuple[int, ...], card: int) -> list[tuple[int, ...]]:
    """``counts`` with ``card`` added, then with it in place of each other card (the highest
    value first); none if ``counts`` holds it already."""
    if counts[card]:
        return []
    more = list(counts)
    more[card] = 1
    out = [tuple(more)]
    for c in sorted((c for c, n in enumerate(counts) if n), key=lambda c: -r.cards[c].value):
        fewer = list(more)
        fewer[c] -= 1
        if any(fewer):
            out.append(tuple(fewer))
    return out


def horizon(game: GameCore, rounds: int) -> Callable[[GameCore], bool]:
    """A rollout stops at the end of the current round plus ``rounds`` more."""
    stop = game.state.round + rounds + 1
    return lambda g: g.state.round >= stop


def evaluate(game: GameCore, me: int) -> float:
    """``me``'s prospects in [0, 1]: 1/0 for a finished game's winner/loser, else the logistic
    of its estimated final VP lead over the best other player (VP, plus gold and goods at what
    they will turn into: settlements while the game goes on, final gold at the end).

    >>> from woa_core.packs.west_of_africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> evaluate(Game(load_rules("west-of-africa", 2), seed=1), 0)
    0.5
    """
    s, r = game.state, game.rules
    if s.step == "over":
        return 1.0 if s.winner == me else 0.0
    ending = s.last_round > 0
    per_gold = 1.0 / r.gold_per_vp if ending else 1.0 / 4.0
    best = max(i.price for i in r.islands)
    worth = [max(i.price, 0.7 * best) * (1.0 if ending else 0.8) for i in r.islands]
    grown = [0] * s.players
    for owner in s.crop:
        if owner >= 0:
            grown[owner] += 1
    estimates = []
    settle = [any(r.spaces[x].cost >= 0 and s.settlement[x] < 0 for x in i.spaces) for i in r.islands]
    for q in range(s.players):
        goods = sum(sum(s.warehouse[i][q]) * worth[i] for i in range(len(r.islands)))
        wealth = s.gold[q] + goods + (0.0 if ending else grown[q] * 0.5 * best)
        # An Alcalde keeps earning (R13) and may found there next round (R15).
        held = (
            0.0
            if s.last_round and s.round > s.last_round
            else ALCALDE_WORTH
            * sum(
                r.alcalde_vp + (SETTLE_RIGHT if settle[i] and s.track > 0 else 0.0)
                for i, owner in enumerate(s.alcalde)
                if owner == q
            )
        )
        estimates.append(s.vp[q] + wealth * per_gold + held)
    lead = estimates[me] - max(e for q, e in enumerate(estimates) if q != me)
    return 1.0 / (1.0 + math.exp(-lead / 2.0))


class PlanSampler:
    """Draws an opponent's hidden selection: one of the plans the heuristic would consider for it
    (with the announced sum), else uniformly among the consistent selections (the opponent model
    of ``woa_core.packs.west_of_africa.determinize``)."""

    def __init__(self, view: PlayerView) -> None:
        self._plans: dict[int, list[tuple[int, ...]]] = {}
        self._view = view

    def __call__(
        self, view: PlayerView, q: int, candidates: Sequence[tuple[int, ...]], rng: random.Random
    ) -> tuple[int, ...]:
        plans = self._plans.get(q)
        if plans is None:
            allowed = set(candidates)
            ranked = ranked_choices(view, q, None, [], 0.0, 8, wide=True)
            plans = self._plans[q] = [c for c in (choice_counts(view.rules, x) for x in ranked) if c in allowed]
        if plans and rng.random() < 0.85:
            return plans[min(int(rng.expovariate(1.0)), len(plans) - 1)]
        return rng.choice(candidates)


def _selecting(view: PlayerView, legal: Sequence[Action]) -> bool:
    return legal[0][1] == "select"


def _selecting_or_main(view: PlayerView, legal: Sequence[Action]) -> bool:
    return legal[0][1] == "select" or view.step == "main"


SEARCH = SearchHooks(
    rollouts=MappingProxyType({"heuristic": "heuristic", "heuristic-fast": "heuristic:predict=false"}),
    policy="heuristic",
    steps=MappingProxyType({"select": _selecting, "main": _selecting_or_main}),
    candidates=candidates,
    horizon=horizon,
    evaluate=evaluate,
    opponent_model=PlanSampler,
)
"""West of Africa's search hooks (``Pack.search``)."""
