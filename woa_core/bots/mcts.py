"""The search bot ``mcts``: Monte-Carlo search over determinizations, from its own view only.

At a decision worth searching it lists a few candidate actions, then repeats ``iterations`` times
(or until ``seconds`` have passed): pick a candidate by UCB1 (exploration constant ``c``), build a
full game consistent with what it sees (``Game.determinize``: the others' hidden selections drawn
from the ones they could have made, the plausible ones first), play the candidate, and let the
rollout policy (``heuristic`` or ``random``) play every seat to the end of the round plus
``horizon`` rounds. The outcome is scored from the final or estimated VP margin, and the candidate
played most often wins. This is information-set Monte-Carlo search with the tree kept at the
root information set (each iteration a new determinization, so it never plays on a secret);
deeper decisions are left to the rollout policy, which is what makes it cheap enough to run at
every decision.

The simultaneous selection (R18) is handled soundly: its candidates are whole plans (the
heuristic's best distinct selections, ``candidates`` of them), opponents who have not chosen yet
choose inside each rollout, and those who have are sampled among the selections consistent with
their hand, gold and announced sum, weighted towards the plans the heuristic would predict.

Parameters (``--bots mcts:iterations=400,c=1.4,rollout=heuristic``): ``iterations`` per decision
(the default budget, reproducible), ``seconds`` per decision instead when above 0, ``c``,
``rollout`` (``heuristic``, ``heuristic-fast``: without predicting the others' plans, about
twice as fast and much weaker as a model of heuristic opponents, or ``random``), ``horizon``,
``candidates``, and ``steps``: which decisions it searches (the others
it plays with the rollout policy): ``select`` (cards), ``main`` (which action next), ``all``.
The budgets are bounded (``MctsBot.limits``): ``iterations`` at most 10,000 (an iteration takes
7-20 ms on one core, so up to a few minutes a decision; the default is 64), ``seconds`` at most
60 a decision, ``horizon`` at most 60 rounds, ``candidates`` at most 50.

>>> from woa_core.packs.west_of_africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> bot = MctsBot(1, seat=0, players=2, iterations=8)
>>> bot.choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import ClassVar

from woa_core.bots.base import outside_limits
from woa_core.bots.random_bot import RandomBot
from woa_core.packs.west_of_africa.actions import STEP_OF_VERB, Action
from woa_core.packs.west_of_africa.bots.heuristic import HeuristicBot, choice_counts, ranked_choices, rival_predictions
from woa_core.packs.west_of_africa.game import Game
from woa_core.packs.west_of_africa.view import PlayerView

ROLLOUTS = ("heuristic", "heuristic-fast", "random")
ALCALDE_WORTH = 0.5
"""Share of an Alcalde's next-round VP counted in the estimate (it may be lost)."""
SETTLE_RIGHT = 2.0
"""Worth in VP of the right to found on an island with free settlement spaces."""
STEPS = ("select", "main", "all")


class MctsBot:
    """Monte-Carlo search over determinizations (see the module docstring)."""

    name = "mcts"
    kind = "search"
    param_choices: ClassVar[dict[str, tuple[str, ...]]] = {"rollout": ROLLOUTS, "steps": STEPS}
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "iterations": (1, 10_000),
        "seconds": (0, 60),
        "horizon": (0, 60),
        "candidates": (1, 50),
    }

    def __init__(
        self,
        seed: int,
        seat: int = 0,
        players: int = 2,
        iterations: int = 64,
        seconds: float = 0.0,
        c: float = 0.7,
        rollout: str = "heuristic",
        horizon: int = 1,
        candidates: int = 6,
        steps: str = "main",
    ) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if steps not in STEPS:
            raise ValueError(f"steps must be one of {', '.join(STEPS)}, not {steps!r}")
        budgets = {"iterations": iterations, "seconds": seconds, "horizon": horizon, "candidates": candidates}
        problem = outside_limits(self.limits, budgets)
        if problem:
            raise ValueError(problem)
        self.seat, self.players = seat, players
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.horizon, self.candidates, self.steps = horizon, candidates, steps
        self._rng = random.Random(seed)
        self._policy = HeuristicBot(self._rng.getrandbits(32), seat, players)
        seeds = [self._rng.getrandbits(32) for _ in range(players)]
        if rollout.startswith("heuristic"):
            predict = rollout == "heuristic"  # the fast one does not predict the others' plans
            self._rollout: list[HeuristicBot | RandomBot] = [
                HeuristicBot(s, q, players, predict=predict) for q, s in enumerate(seeds)
            ]
        else:
            self._rollout = [RandomBot(s, q, players) for q, s in enumerate(seeds)]

    # ------------------------------------------------------------------ choose

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The candidate that did best over the determinized rollouts."""
        if len(legal) == 1:
            return legal[0]
        verb = legal[0][1]
        searched = verb == "select" or self.steps == "all" or (self.steps == "main" and view.step == "main")
        if not searched:
            return self._policy.choose(view, legal)
        candidates = self.candidate_actions(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self._search(view, candidates)]

    def candidate_actions(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The actions worth comparing: whole plans at selection, each startable action's best
        first step (and ending the turn) at ``main``, the best-scoring steps otherwise."""
        p, k = view.player, self.candidates
        if legal[0][1] == "select":
            choices = ranked_choices(view, p, None, rival_predictions(view, p), 0.0, k, wide=True)
            out = [Action(p, "select", choice_counts(view.rules, c)) for c in choices]
            return [a for a in out if a in legal] or [self._policy.choose(view, legal)]
        scored = sorted(legal, key=lambda a: -self._policy.score(view, a))
        if view.step == "main":
            best: dict[str, Action] = {}
            for action in scored:
                group = STEP_OF_VERB.get(action[1], action[1])
                best.setdefault(group, action)
            return list(best.values())[: k + 1]
        keep = scored[:k]
        keep += [a for a in legal if a[1] in ("done", "end") and a not in keep]
        return keep

    # ------------------------------------------------------------------ search

    def _search(self, view: PlayerView, candidates: list[Action]) -> int:
        """UCB1 over the candidates. The k-th trial of every candidate is played in the same
        world (determinization and rollout noise from the k-th seed), so candidates are compared
        on the same hidden cards and the same luck: common random numbers."""
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        sampler = _PlanSampler(view)
        worlds: list[int] = []
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        budget = self.iterations if deadline is None else 1 << 30
        n = 0
        while n < budget:
            if deadline is not None and n >= len(candidates) and time.perf_counter() > deadline:
                break
            i = self._pick(visits, totals, n)
            k = visits[i]
            if k == len(worlds):
                worlds.append(self._rng.getrandbits(32))
            world = random.Random(worlds[k])
            game = Game.determinize(view, world, sampler)
            for policy in self._rollout:
                policy.reseed(world.getrandbits(32))
            game.apply_legal(candidates[i])
            totals[i] += self._play_out(game, view.player)
            visits[i] += 1
            n += 1
        return max(range(len(candidates)), key=lambda j: (visits[j], totals[j]))

    def _pick(self, visits: list[int], totals: list[float], n: int) -> int:
        for j, v in enumerate(visits):
            if v == 0:
                return j
        log_n = math.log(n)
        return max(range(len(visits)), key=lambda j: totals[j] / visits[j] + self.c * math.sqrt(log_n / visits[j]))

    def _play_out(self, game: Game, me: int) -> float:
        """Play every seat with the rollout policy to the horizon; my score in [0, 1]."""
        s = game.state
        stop = s.round + self.horizon + 1
        policies = self._rollout
        while s.step != "over" and s.round < stop:
            seat = game.deciders()[0]
            legal = game.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else policies[seat].choose(game.observation(seat), legal)
            game.apply_legal(action)
        return evaluate(game, me)


def evaluate(game: Game, me: int) -> float:
    """``me``'s prospects in [0, 1]: 1/0 for a finished game's winner/loser, else the logistic
    of its estimated final VP lead over the best other player (VP, plus gold and goods at what
    they will turn into: settlements while the game goes on, final gold at the end).

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


class _PlanSampler:
    """Draws an opponent's hidden selection: one of the plans the heuristic would consider for it
    (with the announced sum), else uniformly among the consistent selections."""

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
