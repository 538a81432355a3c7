"""The bot interface: a bot sees its player's view and the legal actions, and picks one.

A bot class is constructed with a seed (so games are reproducible) and needs one method::

    class MyBot:
        name = "mine"
        def __init__(self, seed: int) -> None: ...
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...

``legal`` is never empty; the action returned must be one of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from woa_core.engine.game import Action
from woa_core.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose``; see the module docstring."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen with what ``view`` shows."""
        ...


class BotFactory(Protocol):
    """A bot class (or any callable) that makes a bot from a seed."""

    def __call__(self, seed: int) -> Bot: ...
