"""What the search bot ``mcts`` knows of Africa: the pack's ``SearchHooks``.

``mcts`` (``woa_core.bots.mcts``) works on any pack through the game contract: for every trial it
samples the face-down tiles anew from its view (``Game.determinize``: the unseen tiles dealt
uniformly, africa-rulings §4; it never reads the true deal), plays a candidate, then plays on with
rollout bots. Africa's sampled games reveal their tiles in the order of the deal (``Dealt``), so
the candidates tried in one sampled game meet the same tiles: a comparison shows the choices
rather than the luck of which field hid the better tile. These hooks make it play Africa well:

- rollouts by the heuristic (``rollout=heuristic``), or by its cheaper form without the
  second-step look-ahead (``heuristic-fast``); the heuristic plays what is not searched;
- every decision is searched by default; ``steps=turn`` searches only the turn's choices (option
  A or B, each walk, each action) and leaves the start city, where a revealed animal or nomad
  goes and keep-or-swap to the heuristic, which scores those exactly;
- the candidates are the heuristic's ``k`` best actions (``candidates``), leaving out those
  ``MARGIN`` VP or more below its best: a plain choice leaves one, and nothing is searched;
- a rollout plays the rest of the turn under way and ``horizon`` more turns of every seat, and is
  scored by each seat's estimated chance of winning (``evaluate``).

What makes it strong is how wide it looks, not how deep or how long. Every run against three
heuristic bots (4 players, ``--rotate-seats``), its setting, games, win share with its interval and
its difference from the best setting on the same games, is in
``benchmarks/results/africa-mcts/README.md``, made from the runs' files (``runs.yaml`` beside it).
What the runs showed:

- wide beats deep: many candidates (the heuristic's 16 best) with heuristic rollouts of one
  round; a longer horizon loses with few candidates (the heuristic rollouts blur the difference
  one choice makes) and, with 16, two rounds at fewer trials won no more, a shorter one with more
  iterations loses too (it sees no reply), and whole steps as candidates lost;
- ``trust=1`` plays the heuristic's choice unless another candidate beat it by more than one
  standard error over the same sampled worlds (with 20 trials a candidate, the most tried may be
  a lucky one), a gain; a stricter threshold loses clearly (the search's departures from the
  heuristic are where it wins), a looser one is no different;
- ``trials=40`` (a budget per candidate) spends on the wide choices what the narrow ones do not
  need, a small gain at about the same CPU; ``trials=40,iterations=640`` is the best setting
  (56 trials a candidate, 1.4 times its CPU, won no more over the same 600 games);
- an evaluation fitted to who wins predicted the winner better and did not choose better: what
  decides a search is how the evaluation ranks the few positions one decision leads to;
- judged so, decision by decision (``benchmarks/eval_ranking.py``: every candidate played on to
  the end in the same sampled worlds), the evaluation after one round ranks them as well as any
  tried (other temperatures, the lead, VP for the turns until a seat's next) and clearly better
  than a shorter horizon; the one addition that chose a little better over 480 decisions is
  ``REACH``, a VP for each tile an explorer could reveal next turn (600 games: 59.6%, level with
  the reference);
- what is left (``eval_ranking.py --budgets``): at 40 trials a candidate more trials are worth
  little, two rounds rank better only at more CPU than one round's trials, and weights refitted to
  the ranking did not carry over to other decisions; the outcome itself, with trials enough, would
  rank far better, so a stronger search needs an evaluation that knows more or cheaper rollouts;
- or a budget spent by the part of the game (``eval_ranking.py --phases``, by ``progress``): in
  the first half of the reveals the search gains next to nothing and ten trials a candidate rank
  as well as forty, while in the last quarter two rounds rank clearly better than one, so
  ``early=0.5,early_trials=10,late=0.72,late_trials=60`` spends there what the opening does not
  need (row 30 of the table: 60.5% [56.5, 64.3] over 600 games, +1.5 ± 5.3 points paired
  against the reference, at 0.17-0.20 s a decision on the issues' machine).

At the default budget (64 iterations, 6 candidates) a decision takes about 0.04 s of CPU compiled
(``python -P benchmarks/compiled.py --only mcts``).

>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> SEARCH.steps["turn"](game.observation(0), game.legal_actions(0))
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
from woa_core.packs.africa.bots.estimate import Outlook, equities, reach
from woa_core.packs.africa.bots.heuristic import END_STAKE, Look
from woa_core.packs.africa.steps import ACT, OVER, TURN, WALK

EVAL_SCALE = 1.2
"""The spread of the final scores still to come, per square root of the reveals left
(``evaluate``'s temperature is ``EVAL_SCALE * sqrt(reveals_left + 1)``): fitted to heuristic
self-play, where the best fixed spread fell from about 12 VP early to 3 VP in the last reveals
(``python benchmarks/eval_calibration.py --rules africa --vary EVAL_SCALE=...``)."""
REACH = 1.0
"""VP ``evaluate`` adds to a seat's equity for each face-down tile its explorer could reveal on
its next turn (``estimate.reach``, at most one an action): where a choice leaves the explorers matters to
what it is worth (``benchmarks/eval_ranking.py``)."""
MARGIN = 20.0
"""Candidates whose value by the heuristic lies this many VP below its best are not searched
(only hopeless ones: the search finds the heuristic's misjudgements among the rest; the first runs
in ``benchmarks/results/africa-mcts/README.md``, at 2 to 12 VP, won far less)."""


def candidates(view: Any, legal: Sequence[Action], k: int, policy: Any) -> list[Action]:
    """The heuristic's ``k`` best actions by its values (``Look.value``) that are worth at most
    ``MARGIN`` VP less than its best: a single one when the choice is plain (the search then
    leaves it at that)."""
    look = Look(view, getattr(policy, "end_stake", END_STAKE))
    more = view.stage + 1 < view.rules.steps
    scored = sorted(((look.value(a, more), i, a) for i, a in enumerate(legal)), key=lambda x: (-x[0], x[1]))
    top = scored[0][0] - MARGIN
    return [a for value, _, a in scored[:k] if value >= top]


def horizon(game: Any, rounds: int) -> Callable[[Any], bool]:
    """A rollout plays the rest of the turn under way and then ``rounds`` more turns of every
    seat (a round counted from the searching seat: the others' replies, then its own next turn)."""
    stop = game.state.turns + 1 + rounds * game.state.players
    return lambda g: g.state.turns >= stop


def evaluate(game: Any, me: int) -> float:
    """``me``'s prospects in [0, 1]: its share of the win once the game is over (A28), else its
    chance of winning estimated from every seat's equity (``estimate``) and ``REACH`` VP for each
    tile its explorer could reveal next turn: a softmax whose temperature shrinks with the reveals
    left (``EVAL_SCALE``), so the seats' prospects add up to 1 and a lead counts for more the nearer
    the end.

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
    rules = game.rules
    outlook = Outlook.of(rules, s)
    equity = equities(rules, s, outlook)
    for q in range(len(equity)):
        equity[q] += REACH * reach(rules, s, q)
    spread = EVAL_SCALE * math.sqrt(outlook.reveals_left + 1.0)
    top = max(equity)
    total = 0.0
    for e in equity:
        total += math.exp((e - top) / spread)
    return math.exp((equity[me] - top) / spread) / total


def progress(view: Any) -> float:
    """How much of the game is behind the decision at ``view``, 0 to 1: the tiles revealed over
    those plus the reveals expected before the end (``estimate.reveals_left``).

    >>> from woa_core.packs.africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("africa", 4), seed=1)
    >>> progress(game.observation(0))
    0.0
    """
    rules = view.rules
    outlook = Outlook.of(rules, view.seen, view.unseen)
    revealed = len(rules.mix) - outlook.down
    return revealed / (revealed + outlook.reveals_left) if revealed > 0 else 0.0


def _turn(view: Any, legal: Sequence[Action]) -> bool:
    return view.step in (TURN, WALK, ACT)


SEARCH = SearchHooks(
    rollouts=MappingProxyType({"heuristic": "heuristic", "heuristic-fast": "heuristic:fast=true"}),
    policy="heuristic",
    steps=MappingProxyType({"turn": _turn}),
    candidates=candidates,
    horizon=horizon,
    evaluate=evaluate,
    progress=progress,
)
"""Africa's search hooks (``Pack.search``)."""
