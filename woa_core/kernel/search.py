"""What a pack may tell the search bot about its game: ``SearchHooks`` (``Pack.search``).

The search bot ``mcts`` (``woa_core.bots.mcts``) plays any pack through the game contract alone
(``woa_core.kernel.contract``): it determinizes its view, tries candidate actions and plays each
determinized game on with rollout bots. Without hooks it compares every legal action, rolls out
at random to the end of the game and scores who won. A pack that knows its game better
says so here; every hook is optional:

- ``rollouts``: rollout policies by the name ``mcts:rollout=NAME`` uses, each a bot spec of the
  kernel or the pack (``"heuristic"``, ``"heuristic:predict=false"``); ``random`` always exists,
  and a name the pack does not declare rolls out at random;
- ``policy``: the bot spec that plays the decisions the search leaves out (see ``steps``) and
  that ``candidates`` may consult;
- ``steps``: named sets of decisions to search (``mcts:steps=NAME``), each a test
  ``searched(view, legal)``; ``all`` (every decision) always exists, and a name the pack does not
  declare searches every decision;
- ``candidates(view, legal, k, policy)``: the actions worth comparing at a decision (at most
  about ``k``; ``policy`` is the bot ``policy`` names), for a decision too wide to try every
  action, such as a simultaneous selection of cards;
- ``horizon(game, rounds)``: where a rollout stops before the end, given the determinized game
  after the candidate and ``mcts:horizon``: a test ``stop(game)``;
- ``evaluate(game, seat)``: ``seat``'s prospects in [0, 1] where a rollout stopped (the default,
  ``win_share``, scores a finished game by ``Pack.winners``: 1/k for each of k winners);
- ``opponent_model(view)``: made once per searched decision and passed to the pack's
  ``Game.determinize(view, rng, model)`` as its third argument (how the others' hidden choices
  are drawn);
- ``progress(view)``: how much of the game is behind a decision, from 0 at the start to 1 at the
  end (``mcts:early=P`` and ``late=P`` spend a budget by it); without it every decision counts
  as the middle of the game.

>>> hooks = SearchHooks(rollouts={"greedy": "my.pack.bots:Greedy"})
>>> hooks.policy, hooks.candidates is None
('random', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from woa_core.kernel.actions import Action
from woa_core.kernel.aliases import PackBot, PackGame, PackView

if TYPE_CHECKING:
    from woa_core.kernel.protocols import SomeGame

Searched = Callable[[PackView, Sequence[Action]], bool]
"""Whether a decision (the view, the legal actions) is one to search."""


def win_share(game: SomeGame, seat: int) -> float:
    """``seat``'s share of a finished game's win: 1/k when it is one of k winners
    (``Pack.winners``: a shared win counts 1/k, as in every statistic), else 0; 0.5 while the game
    is not over (the default evaluation).

    >>> from types import SimpleNamespace
    >>> shared = SimpleNamespace(pack=SimpleNamespace(winners=lambda game: [0, 2]))
    >>> finished = SimpleNamespace(over=True, rules=shared)
    >>> [win_share(finished, seat) for seat in range(3)]
    [0.5, 0.0, 0.5]
    """
    if not game.over:
        return 0.5
    winners = game.rules.pack.winners(game)
    return 1.0 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """What the search bot may use of a pack's knowledge of its game (see the module docstring)."""

    rollouts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    policy: str = "random"
    steps: Mapping[str, Searched] = field(default_factory=lambda: MappingProxyType({}))
    candidates: Callable[[PackView, Sequence[Action], int, PackBot], list[Action]] | None = None
    horizon: Callable[[PackGame, int], Callable[[PackGame], bool]] | None = None
    evaluate: Callable[[PackGame, int], float] = win_share
    opponent_model: Callable[[PackView], object] | None = None
    progress: Callable[[PackView], float] | None = None
