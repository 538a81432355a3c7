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

What makes it strong is how wide it looks, not how deep or how long. One against three
heuristic bots, 4 players, ``--rotate-seats`` (win share, Wilson 95% interval):

================================================  =======  ================  =================
``--bots mcts:...``                               games    mcts wins         CPU s / decision
================================================  =======  ================  =================
default, margin 2, former evaluation *            200      38.8% [32, 46]    0.035
default, margin 2                                 100      37.5% [29, 47]    0.035
``horizon=0``, margin 2 *                         100      30.0% [22, 40]    0.006
``horizon=3``, margin 2 *                         100      31.3% [23, 41]    0.105
``candidates=8,iterations=128``, margin 6 *       100      44.5% [35, 54]    0.09
``candidates=12,iterations=256``, margin 12       100      55.8% [46, 65]    0.17
``candidates=16,iterations=320``                  200      57.9% [51, 65]    0.22
the same, sequential halving **                   200      57.2% [50, 64]    0.22
``horizon=0,candidates=16,iterations=1400``       48 ***   41.7% [29, 56]    0.22
``trust=1,candidates=16,iterations=320``          200      61.3% [54, 68]    0.21
the same, games 200-399 ****                      200      56.2% [49, 63]    0.21
the same, all 400                                 400      58.7% [54, 63]    0.21
the same, games 400-599 ****                      200      55.5% [49, 62]    0.21
the same, all 600                                 600      57.6% [54, 62]    0.21
the same but ``trust=2``                          200      54.4% [48, 61]    0.21
``trust=1,...,iterations=256``, endgame *****     200      55.8% [49, 63]    about 0.21
whole steps, ``...,iterations=480`` *****         48 ***   45.8% [33, 60]    about 0.21
``trust=1,candidates=20,iterations=400``          72 ***   51.4% [40, 63]    about 0.25
``trust=1,...,iterations=440,steps=turn``        200      58.4% [52, 65]    about 0.23
``trust=1,...,trials=40,iterations=640`` ******  200      61.8% [55, 68]    about 0.22
the same, games 200-399 ****                      200      58.5% [52, 65]    about 0.22
the same, all 400                                 400      60.1% [55, 65]    about 0.22
the same, games 400-599 ****                      200      56.7% [50, 63]    about 0.22
the same, all 600                                 600      59.0% [55, 63]    about 0.22
the same but ``trust=1.5``                        72 ***   40.7% [30, 52]    about 0.22
the same but ``trust=0.5``, games 0-119          120      63.8% [55, 72]    about 0.22
``trust=1,...,trials=44,iterations=704`` *******  200      56.0% [49, 63]    about 0.22
fitted evaluation, ``trials=40`` ********         200      59.0% [52, 66]    about 0.22
================================================  =======  ================  =================

(CPU seconds per decision: the compiled build of this commit; the margin as each row names it, else
``MARGIN``; ``woa simulate --rules africa --players 4 --bots
mcts:candidates=16,iterations=320,heuristic,heuristic,heuristic --rotate-seats --games 200``,
master seed 0. Rows marked * were played with the former evaluation, a logistic of the lead over
the best other seat; either build plays the same games. ** The budget spread by sequential halving
instead of UCB1, tried on a branch and not kept. *** Stopped early: the 1400 iterations once the
interval lay below the row above, the whole steps and 20 candidates once paired comparisons with
the same games of two rows above said enough (the 20: 7.6 ± 15.5 and 11.1 ± 15.6 points below on
games 0-71, its CPU scaled from the 320-iteration row's; ``trust=1.5`` at ``trials=40``: 23.1 ±
16.2 points below ``trust=1`` on games 0-71). ``steps=turn`` leaves the start city,
placements and swaps to the heuristic, where the search spent a fifth of its CPU and changed 3 of
61 choices (``benchmarks/search_departures.py``), and spends that on 440 iterations at the turn's
choices: games 0-199, 4.0 ± 8.8 and 2.7 ± 9.1 points above the trust=2 and endgame rows (paired),
2.9 below the 320-iteration row of all steps, so no clear gain; its CPU per decision measured
against that row's on games 0-1 on one busy machine (0.551 s against 0.494 s). **** ``--first-game
200`` (``400``). ***** Tried at commit 25dcbe9 and reverted: where the end was expected within 2
rounds of reveals, a rollout played 3 rounds (to the end in most sampled worlds) instead of 1; that
made a decision about a quarter dearer at the same budget, so the budget was cut to 256 iterations.
Games 0-199, 5.5 points below the 320-iteration row without it. The whole steps
(``trust=1,candidates=16,iterations=480,plans=true``) were tried at commit 872834a and reverted: at
a walk the candidates were the walk with the action after it, played out without a second search,
which paid for 480 iterations; 13.5 ± 17.9 and 19.8 ± 17.7 points below the two runs above on the
same 48 games, paired (likely because a step's action, searched apart, is compared among a few at
one field with more trials each). ****** ``trials=40``: 40 iterations per candidate, at most 640,
instead of 320 at every decision: most of the turn's first walks have 16 candidates, most actions
3 to 7, so what the narrow choices no longer spend pays for twice the trials at the wide ones, at
1.05-1.07 times the CPU of the 320-iteration row on the same decisions
(``benchmarks/search_cost.py``, games 0-3); games 0-199, 0.5 points above that row's same games;
over 400 games 60.1%, 1.4 points above that row's 400; games 400-599, 1.2 ± 8.1 points above
that row's same games, paired; over 600 games 59.0%, 1.4 points above that row's 600, short of
60%. ******* The heuristic's move and camp values worked out with fewer looks (commit ae98c48, the
same games) pay for 44 trials a candidate at the CPU ``trials=40`` had (1.138 times the
320-iteration row's, games 0-1, that build); games 0-199, -5.8 ± 9.2 points against the
``trials=40`` row's same games, paired. ******** The evaluation fitted to who wins in heuristic
self-play (commit eefc9e8, reverted): the equity's parts weighed (goods 1.06, gold 1.09, gems 1.2,
unbuilt camps 0.74 of their worth), 4.7 VP for the place in the turn order and ``EVAL_SCALE``
1.0 predicted the winners of 400 games the fit never saw with a log-loss of 0.482 against 0.503
(``benchmarks/eval_calibration.py --fit``), at the same CPU; games 0-199, -2.8 ± 9.7 points
against the ``trials=40`` row's same games, paired: a better prediction, no stronger play.)

A longer horizon loses: the heuristic rollouts blur the difference one choice makes; a shorter
one with more iterations loses too (it sees no reply).
``trust=1`` plays the heuristic's choice unless another candidate beat it by more than one standard
error over the same sampled worlds (with 20 trials a candidate, the most tried may be a lucky one):
on the same 200 games it won 3.4 points more than without, over 400 games 58.7%, and over 600
57.6%, short of 60%. At ``trials=40`` the threshold matters little below 1 and much above it:
``trust=0.5`` won 63.8% [54.8, 71.8] of games 0-119 (120 games, fixed beforehand), -0.8 ± 12.7
points against ``trust=1`` on the same games, paired; ``trust=1.5`` lost clearly. At the default
budget (64 iterations, 6 candidates) a decision takes about 0.04 s of CPU compiled (``python -P
benchmarks/compiled.py --only mcts``).

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
from woa_core.packs.africa.bots.estimate import Outlook, equities
from woa_core.packs.africa.bots.heuristic import END_STAKE, Look
from woa_core.packs.africa.steps import ACT, OVER, TURN, WALK

EVAL_SCALE = 1.2
"""The spread of the final scores still to come, per square root of the reveals left
(``evaluate``'s temperature is ``EVAL_SCALE * sqrt(reveals_left + 1)``): fitted to heuristic
self-play, where the best fixed spread fell from about 12 VP early to 3 VP in the last reveals
(``python benchmarks/eval_calibration.py --rules africa --vary EVAL_SCALE=...``)."""
MARGIN = 20.0
"""Candidates whose value by the heuristic lies this many VP below its best are not searched
(only hopeless ones: the search finds the heuristic's misjudgements among the rest; at 2 VP,
``mcts`` won 38.8% of its games against three heuristics, at 12 VP with 12 candidates 55.8%)."""


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
    chance of winning estimated from every seat's equity (``estimate``): a softmax whose
    temperature shrinks with the reveals left (``EVAL_SCALE``), so the seats' prospects add up to 1
    and a lead counts for more the nearer the end.

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
    outlook = Outlook.of(game.rules, s)
    equity = equities(game.rules, s, outlook)
    spread = EVAL_SCALE * math.sqrt(outlook.reveals_left + 1.0)
    top = max(equity)
    total = 0.0
    for e in equity:
        total += math.exp((e - top) / spread)
    return math.exp((equity[me] - top) / spread) / total


def _turn(view: Any, legal: Sequence[Action]) -> bool:
    return view.step in (TURN, WALK, ACT)


SEARCH = SearchHooks(
    rollouts=MappingProxyType({"heuristic": "heuristic", "heuristic-fast": "heuristic:fast=true"}),
    policy="heuristic",
    steps=MappingProxyType({"turn": _turn}),
    candidates=candidates,
    horizon=horizon,
    evaluate=evaluate,
)
"""Africa's search hooks (``Pack.search``)."""
