"""The bot interface: a bot sees its player's view and the legal actions, and picks one.

A bot class is constructed with a seed (so games are reproducible), its seat, the player count
and its own parameters (keyword arguments with defaults, set from the command line as
``--bots mine:depth=3``)::

    class MyBot:
        name = "mine"
        def __init__(self, seed: int, seat: int = 0, players: int = 2, depth: int = 2) -> None: ...
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...
        def game_over(self, view: PlayerView) -> None: ...   # optional: called once at the end

``legal`` is never empty; the action returned must be one of it. ``view`` is a snapshot of what
the bot's player may see (``woa_core.packs.west_of_africa.view``), made for this decision: a bot may keep it
but learns nothing more from it later. A bot should rebuild any plan from the view at each
decision, so that it can be started at any point of a game (search bots do exactly that).
A bot that never reads its view may declare ``uses_view = False``: the game loop then passes
``None`` and saves making a snapshot per decision. A class whose constructor takes only ``seed``
still works (it gets no seat, players or parameters).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from woa_core.kernel.actions import Action

PlayerView = Any
"""What a bot sees: its pack's view of the game for its seat (``Game.observation``)."""


@runtime_checkable
class Bot(Protocol):
    """Anything with ``name`` and ``choose``; see the module docstring."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen with what ``view`` shows."""
        ...


def notify_game_over(bots: Sequence[Bot], views: Sequence[PlayerView]) -> None:
    """Call each bot's optional ``game_over`` once with its final view."""
    for bot, view in zip(bots, views, strict=True):
        game_over = getattr(bot, "game_over", None)
        if game_over is not None:
            game_over(view)


class BotFactory(Protocol):
    """A bot class (or any callable) that makes a bot from a seed, seat, player count and
    parameters."""

    def __call__(self, seed: int, /, *args: Any, **params: Any) -> Bot: ...
