"""The protocols of the contract every game keeps with the kernel's tools (issue 42.3): ``State``,
and ``Game`` generic over a pack's state, rules and view types. ``woa_core.kernel.contract`` is
where the tools take them from; they live here, below the compiled rules and the pack
declaration, so that both may name them without an import cycle.

>>> from woa_core.packs.africa.game import Game as AfricaGame
>>> from woa_core.rules import load_rules
>>> game: SomeGame = AfricaGame(load_rules("africa", 2), seed=1)
>>> game.deciders()
[0]
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol, Self, TypeVar

from woa_core.kernel.actions import Action
from woa_core.kernel.aliases import JSON, PackRules, PackState, PackView


class State(Protocol):
    """A game's state: plain data that copies fast and round-trips through JSON."""

    def copy(self) -> Self:
        """An independent copy."""
        ...

    def to_json(self) -> JSON:
        """A JSON-ready dict (``type(state).from_json`` reads it back)."""
        ...


S = TypeVar("S", bound=State)
"""A pack's state type."""
R = TypeVar("R")
"""A pack's compiled rules type (a subclass of ``woa_core.kernel.compiled.CompiledRules``, which this
module does not import: the rules name their pack, whose game is checked against ``Game``)."""
V = TypeVar("V")
"""A pack's view type (what ``observation`` gives and ``determinize`` reads)."""


class Game(Protocol[S, R, V]):
    """One game of a pack, generic over the pack's state, rules and view types (issue 42.3): what
    every tool may use of it. ``Pack[G]`` checks its ``game`` class against it, so a pack whose game
    drops a member fails the type check.

    - ``deciders()``: the seats that may act now (several while they choose simultaneously,
      none once the game is over);
    - ``legal_actions(seat)``: every action ``seat`` may take now, never empty while it decides;
    - ``apply(action)``: play any action, refusing an illegal one with ``IllegalAction`` and the
      state unchanged; ``apply_legal(action)``: play one from ``legal_actions()`` of this very
      state without checking it again (search plays millions);
    - ``observation(seat)``: what that seat may see, a snapshot with ``rules``, ``player`` and
      ``to_json()`` (the same JSON for every game it could be of); ``determinize(view, rng)``: a
      full game consistent with a view, what it hides sampled (face-down components reshuffled,
      the others' secret choices drawn); a pack whose search hooks give an opponent model gets
      it as a third argument (``woa_core.kernel.search.SearchHooks``);
    - ``over``, and once over ``ranking`` (seats, best first) in ``state``;
    - optionally ``peek(seat)``: what ``observation(seat)`` shows, without a copy, valid only
      until the game changes: the loop and the search bot's rollouts give it to a bot that
      declares ``peeks = True`` (it reads its view only while it chooses).

    ``ranking`` is a strict order: a pack breaks its ties (West of Africa by the gold track). A
    shared win is ``Pack.winners``, which every win figure counts 1/k to each of k winners. A
    shared place below the first is not said: the tournament's Plackett–Luce fit is a
    likelihood of strict finishing orders, and ties there need a tie parameter of their own
    (Davidson–Luce) with its own interval, which no game played so far calls for.
    """

    rules: R
    state: S

    def __init__(self, rules: R, seed: int = 0, state: S | None = None) -> None: ...

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        ...

    def deciders(self) -> list[int]:
        """The seats that may act now."""
        ...

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` may take now."""
        ...

    def apply(self, action: tuple[object, ...]) -> None:
        """Play ``action`` after checking it completely."""
        ...

    def apply_legal(self, action: tuple[object, ...]) -> None:
        """Play an action of ``legal_actions()`` without checking it again."""
        ...

    def is_legal(self, action: tuple[object, ...]) -> bool:
        """Whether ``action`` may be played now."""
        ...

    def observation(self, player: int) -> V:
        """What ``player`` may see now."""
        ...

    def copy(self) -> Self:
        """An independent game at the same state."""
        ...

    @classmethod
    def determinize(cls, view: V, rng: Random) -> Self:
        """A full game consistent with ``view``."""
        ...


SomeGame = Game[PackState, PackRules, PackView]
"""A game of some pack, its state, rules and view types unknown to the tool holding it (the
kernel's loop, logs, flow and legality hold any pack's game; a pack's own code names its own)."""
