"""The search bot ``mcts``: Monte-Carlo search over determinizations, from its own view only, for
any pack.

At a decision worth searching it lists the candidate actions, then repeats ``iterations`` times
(or until ``seconds`` have passed): pick a candidate by UCB1 (exploration constant ``c``), build a
full game consistent with what it sees (``Game.determinize``: what the view hides, sampled), play
the candidate, and let the rollout bots play every seat on, to the end of the game or to the
pack's horizon. The outcome is scored (the pack's evaluation, else who won), and the
candidate played most often wins. This is information-set Monte-Carlo search with the tree kept
at the root information set (each iteration a new determinization, so it never plays on a
secret); deeper decisions are left to the rollout policy, which is what makes it cheap enough to
run at every decision. It uses only the game contract (``woa_core.kernel.contract``): the pack's
hidden information, whether secret choices or face-down components, is the pack's
``determinize``.

What is game-specific comes from the pack's search hooks (``Pack.search``, a
``woa_core.kernel.search.SearchHooks``), all optional: the rollout policies, the bot for the
decisions not searched, which decisions to search, the candidates at a wide decision, the
horizon, the evaluation and the opponent model used when determinizing. Without them it compares
every legal action with random rollouts to the end. West of Africa's are in
``woa_core.packs.west_of_africa.bots.search`` (heuristic rollouts, whole card plans as
candidates, the end of the round plus ``horizon`` rounds, a VP estimate, predicted rival plans).

Parameters (``--bots mcts:iterations=400,c=1.4,rollout=heuristic``): ``iterations`` per decision
(the default budget, reproducible), ``seconds`` per decision instead when above 0, ``c``,
``rollout`` (the rollout policy: ``random``, or a name the pack's hooks declare; ``heuristic``, the
default, is random for a pack that declares none), ``horizon`` (rounds played on after the current
one, for a pack that declares a horizon), ``candidates`` (how many a pack's candidate hook keeps),
``trust`` (how many standard errors another candidate must beat the first, the pack's policy's
choice, by before it is played instead; 0, the default, plays the most tried), ``trials`` (a budget
per candidate: a decision with ``k`` candidates gets ``trials * k`` iterations, at most
``iterations``, so a narrow choice costs less and a wide one gets the trials it needs; 0, the
default, gives every decision ``iterations``; not used with ``seconds``), and ``steps``: which
decisions it searches (the others it plays with the pack's policy): ``all``, or a set the pack names
(``main``, the default, is every decision for a pack that names none). By how much of the game is
behind a decision (the pack's ``progress`` hook, 0 to 1; the middle for a pack without one), a
decision before ``early`` (default 0: none) gets ``early_trials`` a candidate instead of ``trials``,
and one from ``late`` on (default 1: none) rolls out ``late_horizon`` rounds (default 2) with
``late_trials`` a candidate (0, the default, for ``trials``): a search that gains little early
in a game and ranks better with a longer look near its end spends its budget there. The budgets are bounded
(``MctsBot.limits``): ``iterations`` at most 10,000 (an iteration takes 7-20 ms on one core in West
of Africa, so up to a few minutes a decision; the default is 64), ``seconds`` at most 60 a decision,
``horizon`` at most 60 rounds, ``candidates`` at most 50, ``trust`` at most 10, ``trials`` at most
10,000.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> bot = MctsBot(1, seat=0, players=2, iterations=8)
>>> bot.choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from woa_core.bots import bot_factory, bot_params, bundled_rule_packs, parse_spec
from woa_core.bots.base import Bot, PlayerView, outside_limits
from woa_core.kernel.actions import Action
from woa_core.kernel.contract import Game
from woa_core.kernel.native import mypyc_attr
from woa_core.kernel.pack import Pack
from woa_core.kernel.search import Searched, SearchHooks

RANDOM = "random"
"""The rollout policy every pack has."""
ALL = "all"
"""The ``steps`` that searches every decision, in every pack."""
NO_HOOKS = SearchHooks()


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search found of one candidate: tried ``trials`` times, scoring ``mean`` in [0, 1]
    on average (the pack's evaluation; the share of wins for rollouts to the end)."""

    action: Action
    trials: int
    mean: float


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside bot may extend it (issue 42.7)
class MctsBot:
    """Monte-Carlo search over determinizations (see the module docstring)."""

    name: ClassVar[str] = "mcts"
    kind: ClassVar[str] = "search"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "iterations": (1, 10_000),
        "seconds": (0, 60),
        "horizon": (0, 60),
        "candidates": (1, 50),
        "trust": (0, 10),
        "trials": (0, 10_000),
        "early": (0, 1),
        "early_trials": (0, 10_000),
        "late": (0, 1),
        "late_horizon": (0, 60),
        "late_trials": (0, 10_000),
    }
    # set for the pack of the first decision (``_setup``):
    _hooks: SearchHooks
    _game: Any  # the pack's Game class
    _policy: Bot
    _rollout: list[Bot]
    _views: list[bool]
    _looks: list[Callable[[Any, int], Any]]  # per seat: the game's peek for a bot that peeks, else observation
    _reseed: list[Callable[[int], None] | None]
    _searched: Searched | None

    @staticmethod
    def param_choices(pack: Pack | None = None) -> dict[str, tuple[str, ...]]:
        """The values ``rollout`` and ``steps`` may take for ``pack`` (default: any bundled pack).

        >>> MctsBot.param_choices()
        {'rollout': ('heuristic', 'heuristic-fast', 'random'), 'steps': ('select', 'main', 'turn', 'action', 'all')}
        """
        packs = (pack,) if pack is not None else bundled_rule_packs()
        hooks = [p.search for p in packs if p.search is not None]
        rollouts = dict.fromkeys(["heuristic", *(name for h in hooks for name in h.rollouts), RANDOM])
        steps = dict.fromkeys([*(name for h in hooks for name in h.steps), "main", ALL])
        return {"rollout": tuple(rollouts), "steps": tuple(steps)}

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
        trust: float = 0.0,
        trials: int = 0,
        early: float = 0.0,
        early_trials: int = 0,
        late: float = 1.0,
        late_horizon: int = 2,
        late_trials: int = 0,
    ) -> None:
        budgets = {
            "iterations": iterations,
            "seconds": seconds,
            "horizon": horizon,
            "candidates": candidates,
            "trials": trials,
            "early": early,
            "early_trials": early_trials,
            "late": late,
            "late_horizon": late_horizon,
            "late_trials": late_trials,
        }
        problem = outside_limits(self.limits, budgets)
        if problem:
            raise ValueError(problem)
        self.seat, self.players = seat, players
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.rollout, self.horizon, self.candidates, self.steps = rollout, horizon, candidates, steps
        self.trust, self.trials = trust, trials
        self.early, self.early_trials = early, early_trials
        self.late, self.late_horizon, self.late_trials = late, late_horizon, late_trials
        self._rng = random.Random(seed)
        self._policy_seed = self._rng.getrandbits(32)
        self._rollout_seeds = [self._rng.getrandbits(32) for _ in range(players)]
        self._pack: Pack | None = None  # the pack the bots below are for (known at the first decision)

    def _setup(self, pack: Pack) -> None:
        """The pack's hooks, its policy bot and one rollout bot per seat (from the seeds drawn
        when this bot was made, so a game plays the same whichever pack it is). ``--bots`` has
        checked ``rollout`` and ``steps`` against the pack's names; a bot made otherwise is
        checked here."""
        for key, value in self.param_choices(pack).items():
            if getattr(self, key) not in value:
                raise ValueError(f"{key} must be one of {', '.join(value)}, not {getattr(self, key)!r}")
        self._pack = pack
        hooks = self._hooks = pack.search or NO_HOOKS
        self._game = pack.game
        self._policy = _bot(hooks.policy, self._policy_seed, self.seat, self.players, pack)
        rollout = hooks.rollouts.get(self.rollout, RANDOM)
        self._rollout = [_bot(rollout, s, q, self.players, pack) for q, s in enumerate(self._rollout_seeds)]
        self._views = [getattr(bot, "uses_view", True) for bot in self._rollout]
        peek = getattr(self._game, "peek", None)
        self._looks = [
            peek if peek is not None and getattr(bot, "peeks", False) else self._game.observation
            for bot in self._rollout
        ]
        self._reseed = [getattr(bot, "reseed", None) for bot in self._rollout]
        self._searched = hooks.steps.get(self.steps) if self.steps != ALL else None

    # ------------------------------------------------------------------ choose

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> tuple:
        """The candidate that did best over the determinized rollouts."""
        if len(legal) == 1:
            return legal[0]
        if view.rules.pack is not self._pack:
            self._setup(view.rules.pack)
        if self._searched is not None and not self._searched(view, legal):
            return self._policy.choose(view, legal)
        candidates = self.candidate_actions(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self._search(view, candidates)]

    def candidate_actions(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The actions worth comparing: the pack's choice (``SearchHooks.candidates``), else every
        legal action."""
        if view.rules.pack is not self._pack:
            self._setup(view.rules.pack)
        prune = self._hooks.candidates
        return list(legal) if prune is None else prune(view, legal, self.candidates, self._policy)

    # ------------------------------------------------------------------ search

    def estimates(
        self, view: PlayerView, legal: Sequence[Action], progress: Callable[[int, int], None] | None = None
    ) -> list[Estimate]:
        """Search this decision as ``choose`` does, and say what each candidate scored: the hint
        of ``woa serve`` and ``woa play`` (what this bot would play, with its prospects), best
        first. With an evaluation that scores only finished games (rollouts to the end: no
        pack horizon, or ``horizon`` past the last round), a candidate's mean is its estimated
        share of wins. ``progress(done, asked)``, if given, is told after every iteration how
        many are done of the budget (a page's progress bar).

        >>> from woa_core.kernel.contract import new_game
        >>> from woa_core.rules import load_rules
        >>> game = new_game(load_rules("west-of-africa", 2), seed=1)
        >>> bot = MctsBot(1, seat=0, players=2, iterations=12, steps="all")
        >>> found = bot.estimates(game.observation(0), game.legal_actions(0))
        >>> sum(e.trials for e in found), 0 <= found[0].mean <= 1
        (12, True)
        """
        if view.rules.pack is not self._pack:
            self._setup(view.rules.pack)
        candidates = self.candidate_actions(view, legal)
        visits, totals, _ = self._trials(view, candidates, progress)
        found = [Estimate(a, n, t / n if n else 0.0) for a, n, t in zip(candidates, visits, totals, strict=True)]
        return sorted(found, key=lambda e: (-e.trials, -e.mean))

    def _search(self, view: PlayerView, candidates: list[Action]) -> int:
        """UCB1 over the candidates: the one tried most (then best on average). With ``trust``,
        the first candidate (the pack's policy's choice, where its candidates hook puts that
        first) stays unless the chosen one beat it by more than ``trust`` standard errors over
        the worlds both were tried in (a paired comparison: the same worlds, the same luck)."""
        visits, totals, scores = self._trials(view, candidates)
        best = max(range(len(candidates)), key=lambda j: (visits[j], totals[j]))
        if self.trust > 0 and best != 0:
            n = min(visits[0], visits[best])
            if n < 2:
                return 0
            gains = [scores[best][k] - scores[0][k] for k in range(n)]
            mean = sum(gains) / n
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
            if mean <= self.trust * spread:
                return 0
        return best

    def _trials(
        self, view: PlayerView, candidates: list[Action], progress: Callable[[int, int], None] | None = None
    ) -> tuple[list[int], list[float], list[list[float]]]:
        """UCB1 over the candidates: how often each was tried and its total score. The k-th
        trial of every candidate is played in the same world (determinization and rollout noise
        from the k-th seed), so candidates are compared on the same hidden information and the
        same luck: common random numbers. ``progress``: told ``(done, budget)`` after each trial."""
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        scores: list[list[float]] = [[] for _ in candidates]  # [candidate][world]
        model = self._hooks.opponent_model
        determinize = self._game.determinize
        extra = () if model is None else (model(view),)
        worlds: list[int] = []
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        trials, horizon = self.plan(self._done(view))
        budget = self.budget(len(candidates), trials) if deadline is None else 1 << 30
        n = 0
        while n < budget:
            if deadline is not None and n >= len(candidates) and time.perf_counter() > deadline:
                break
            i = self._pick(visits, totals, n)
            k = visits[i]
            if k == len(worlds):
                worlds.append(self._rng.getrandbits(32))
            world = random.Random(worlds[k])
            game = determinize(view, world, *extra)
            for reseed in self._reseed:
                seed = world.getrandbits(32)
                if reseed is not None:
                    reseed(seed)
            game.apply_legal(candidates[i])
            score = self._play_out(game, view.player, horizon)
            scores[i].append(score)
            totals[i] += score
            visits[i] += 1
            n += 1
            if progress is not None:
                progress(n, budget)
        return visits, totals, scores

    def plan(self, done: float | None) -> tuple[int, int]:
        """The trials a candidate and the horizon for a decision with ``done`` of the game behind
        it (the pack's ``progress``; ``None`` when the pack has none): ``early_trials`` before
        ``early``, ``late_trials`` and ``late_horizon`` from ``late`` on, else ``trials`` and
        ``horizon``; a phase's trials of 0 stand for ``trials``.

        >>> bot = MctsBot(1, trials=40, early=0.5, early_trials=10, late=0.7)
        >>> bot.plan(0.2), bot.plan(0.5), bot.plan(0.8), bot.plan(None)
        ((10, 1), (40, 1), (40, 2), (40, 1))
        """
        if done is None:
            return self.trials, self.horizon
        if done < self.early:
            return self.early_trials or self.trials, self.horizon
        if self.late < 1 and done >= self.late:
            return self.late_trials or self.trials, self.late_horizon
        return self.trials, self.horizon

    def _done(self, view: PlayerView) -> float | None:
        """How much of the game is behind the decision at ``view`` (the pack's ``progress``;
        ``None`` without one, or when no phase needs it)."""
        progress = self._hooks.progress
        return progress(view) if progress is not None and (self.early > 0 or self.late < 1) else None

    def budget(self, width: int, trials: int | None = None) -> int:
        """The iterations a decision among ``width`` candidates gets: ``trials`` per candidate
        (when set; by default the bot's), at most ``iterations``.

        >>> MctsBot(1, iterations=320, trials=24).budget(3), MctsBot(1, iterations=320, trials=24).budget(16)
        (72, 320)
        >>> MctsBot(1, iterations=320).budget(3), MctsBot(1, iterations=320).budget(3, trials=10)
        (320, 30)
        """
        per = self.trials if trials is None else trials
        return min(self.iterations, per * width) if per > 0 else self.iterations

    def _pick(self, visits: list[int], totals: list[float], n: int) -> int:
        for j, v in enumerate(visits):
            if v == 0:
                return j
        log_n = math.log(n)
        return max(range(len(visits)), key=lambda j: totals[j] / visits[j] + self.c * math.sqrt(log_n / visits[j]))

    def _play_out(self, game: Game, me: int, rounds: int) -> float:
        """Play every seat with the rollout bots to the horizon ``rounds`` gives (or the end); my
        score in [0, 1]."""
        horizon = self._hooks.horizon
        stop = horizon(game, rounds) if horizon is not None else None
        policies, views, looks = self._rollout, self._views, self._looks
        while not game.over and (stop is None or not stop(game)):
            seat = game.deciders()[0]
            legal = game.legal_actions(seat)
            action: tuple  # a rollout bot may answer with a plain tuple
            if len(legal) == 1:
                action = legal[0]
            else:
                action = policies[seat].choose(looks[seat](game, seat) if views[seat] else None, legal)
            game.apply_legal(action)
        return self._hooks.evaluate(game, me)


def _bot(spec: str, seed: int, seat: int, players: int, pack: Pack) -> Bot:
    """A bot of ``pack`` (or the kernel) from its spec, with its seed, seat and player count."""
    name, text = parse_spec(spec)
    bot: Bot = bot_factory(name, pack)(seed, seat=seat, players=players, **bot_params(name, text, pack))
    return bot
