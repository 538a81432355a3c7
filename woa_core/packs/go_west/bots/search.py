"""What the search bot ``mcts`` knows of Go West!: the pack's ``SearchHooks``.

``mcts`` (``woa_core.bots.mcts``) works on any pack through the game contract: for every trial it
deals the cards it cannot see anew from its view (``Game.determinize``: the others' hands and the
draw pile sampled as go-west-rulings §4 says, the chance stream of the reshuffles drawn anew; it
never reads the true ones), plays a candidate, then plays on with rollout bots. These hooks make
it play Go West! reasonably at about 0.1 s a decision:

- rollouts by the heuristic (``rollout=heuristic``, the default), which also plays what is not
  searched; ``steps=action`` searches only the choice of action (play, sell or score) and leaves
  the double move, the "+1" block and the wagon steps to the heuristic; ``main`` (the default)
  searches those too, but not the payment (the fewest VP, G9);
- the candidates (``candidates``) are the heuristic's own choice first, then a scoring, the
  cards it could play (those with discs by what they make of a scoring now), the dearest sale:
  at most ``k``; a plain choice (one candidate) is not searched;
- a rollout plays the rest of the turn under way and ``horizon`` more turns of every seat, or to
  the end (``horizon``);
- and is scored (``evaluate``) by the seats' equities: VP, plus ``BOARD`` of the VP a scoring
  now would give (the final scoring, G19, pays the board as it stands; a scoring any seat may
  trigger pays it too), plus ``DISC`` a disc in supply; a softmax at ``EVAL_SCALE`` VP makes
  them chances of winning that add up to 1, so the margin to the best rival is what counts. A
  finished game scores its share of the win (G21).

>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 2), seed=1)
>>> evaluate(game, 0)
0.5
>>> game.state.vp[1] = 14
>>> evaluate(game, 0) < 0.5 < evaluate(game, 1)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any, Final

from woa_core.kernel.actions import Action
from woa_core.kernel.search import SearchHooks, win_share
from woa_core.packs.go_west.bots.heuristic import Board, Look
from woa_core.packs.go_west.steps import ACTION, ALSO, DECLARE, OVER, STEP

EVAL_SCALE: Final = 4.0
"""The spread, in VP of equity, of the softmax that turns equities into chances of winning."""
BOARD: Final = 0.5
"""What a VP a scoring now would give a seat counts in its equity."""
DISC: Final = 0.1
"""What a disc in a seat's supply counts in its equity, in VP."""


def equities(game: Any) -> list[float]:
    """Every seat's equity: VP, ``BOARD`` of a scoring now, ``DISC`` a disc in supply.

    >>> from woa_core.packs.go_west.game import Game
    >>> from woa_core.rules import load_rules
    >>> equities(Game(load_rules("go-west", 2), seed=1))
    [13.0, 13.0]
    """
    s, rules = game.state, game.rules
    board = Board(s.blocks, rules.block_region, s.players)
    return [s.vp[p] + BOARD * board.gains(s.wagons, p) + DISC * s.supply[p] for p in range(s.players)]


def evaluate(game: Any, me: int) -> float:
    """``me``'s prospects in [0, 1]: its share of the win once the game is over, else its chance
    of winning by the softmax of the equities (see the module docstring)."""
    if game.state.step == OVER:
        return win_share(game, me)
    equity = equities(game)
    top = max(equity)
    total = 0.0
    for e in equity:
        total += math.exp((e - top) / EVAL_SCALE)
    return math.exp((equity[me] - top) / EVAL_SCALE) / total


def horizon(game: Any, rounds: int) -> Callable[[Any], bool]:
    """A rollout plays the rest of the turn under way and then ``rounds`` more turns of every seat."""
    stop = game.state.turns + 1 + rounds * game.state.players
    return lambda g: g.state.turns >= stop


def candidates(view: Any, legal: Sequence[Action], k: int, policy: Any) -> list[Action]:
    """At most ``k`` actions worth comparing: the heuristic's choice (``policy``) first; at the
    choice of action then a scoring, the cards with discs by their value to a scoring now, the
    cards without, the dearest sale; never ``stop`` (the bots take the second action, §2.3);
    at any other decision every legal action."""
    first = policy.choose(view, legal)
    if view.step != ACTION:
        return [first, *(a for a in legal if a != first)][:k]
    look = Look(view)
    shapes = view.rules.shapes
    plays = sorted((a for a in legal if a[1] == "play"), key=lambda a: look.card_value(a[2]), reverse=True)
    sells = sorted((a for a in legal if a[1] == "sell"), key=lambda a: -shapes[a[2]][3])
    order = [first, *(a for a in legal if a[1] == "score"), *plays, *sells[:1]]
    return list(dict.fromkeys(a for a in order if a[1] != "stop"))[:k]


def progress(view: Any) -> float:
    """How much of the game is behind the decision, 0 to 1: the share of the wagons that have left
    the regions whose emptying ends it (G19), or of the VP threshold its leader has (G18), the
    further on.

    >>> from woa_core.packs.go_west.game import Game
    >>> from woa_core.rules import load_rules
    >>> progress(Game(load_rules("go-west", 4), seed=1).observation(0))
    0.2
    """
    rules = view.rules
    left = sum(view.wagons[r] for r in rules.gone_from)
    return max(1.0 - left / rules.wagons, max(view.vp) / rules.vp_threshold)


def _searched(*steps: str) -> Callable[[Any, Sequence[Action]], bool]:
    return lambda view, legal: view.step in steps


SEARCH = SearchHooks(
    rollouts=MappingProxyType({"heuristic": "heuristic"}),
    policy="heuristic",
    steps=MappingProxyType({"main": _searched(ACTION, DECLARE, ALSO, STEP), "action": _searched(ACTION)}),
    candidates=candidates,
    horizon=horizon,
    evaluate=evaluate,
    progress=progress,
)
"""Go West!'s search hooks (``Pack.search``)."""
