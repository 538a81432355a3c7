"""The contract every game keeps with the kernel's tools, after OpenSpiel's Game/State split.

A pack's ``Game`` class (``Pack.game``) holds compiled ``rules`` and a ``state`` of plain data;
the tools (the game loop, logs and replay, bots, search, checks) use only what ``Game`` declares (its
protocols are ``woa_core.kernel.protocols``'s). ``new_game`` starts one for any compiled rules.

>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> game.deciders(), game.over
([0, 1], False)
"""

from __future__ import annotations

from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.protocols import Game, SomeGame, State

__all__ = ["Game", "SomeGame", "State", "new_game"]


def new_game(rules: CompiledRules, seed: int) -> SomeGame:
    """A new game of ``rules`` (any pack's), set up with ``seed``, its declared flow begun: a
    pack's game begins ``rules.flow`` when it makes a new game (``Flow.begin``: both bundled
    packs, and ``woa_core.kernel.plain.ListedGame``), never the verbs (issue 42.1).

    >>> from woa_core.rules import load_rules
    >>> game = new_game(load_rules("africa", 2), seed=1)
    >>> game.state.round, game.state.step
    (0, 'city')
    """
    game: SomeGame = rules.pack.game(rules, seed=seed)
    return game
