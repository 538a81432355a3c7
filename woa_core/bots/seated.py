"""Bots seated at the table: the loop's chooser (``woa_core.kernel.loop.Chooser``) of one bot per seat.

The loop asks a ``Chooser`` for each decision and knows no bot (the kernel imports nothing from
``woa_core.bots``, issue 42.4: ``tests/test_layers.py``); ``Bots`` is the chooser that asks a
seat's bot, and ``bots`` makes one from bot names, as ``--bots`` gives them:

>>> from woa_core.kernel import loop
>>> from woa_core.packs.west_of_africa import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> loop.run(game, bots(["random", "random"], seed=1))
<Ending.OVER: 'over'>
>>> game.over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from woa_core.bots import make_bots
from woa_core.bots.base import Bot, bot_exited, bot_failed, bot_name, not_an_action, notify_game_over
from woa_core.errors import WoaError
from woa_core.kernel.actions import Action
from woa_core.kernel.contract import SomeGame
from woa_core.kernel.loop import Ending, Observer, StopGame
from woa_core.kernel.pack import SomePack


class Bots(Observer):
    """A chooser of bots, one per seat; at the end of a finished game each bot that has
    ``game_over`` gets it once, with its final view. Views come from ``game.observation(seat)``,
    once per decision, except for a bot that declares ``uses_view = False`` (it gets ``None``:
    a snapshot per decision is most of the time a random bot's game takes) or ``peeks = True``
    (it gets ``game.peek(seat)``, no copy, where the game has it)."""

    def __init__(self, players: Sequence[Bot]) -> None:
        self.players = list(players)
        self._views = [getattr(bot, "uses_view", True) for bot in self.players]
        self._peeks = [bool(getattr(bot, "peeks", False)) for bot in self.players]

    def __call__(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> tuple[object, ...]:
        view = None
        if self._views[seat]:  # a bot that peeks gets the view without a copy, where the game has one
            peek = getattr(game, "peek", None) if self._peeks[seat] else None
            view = peek(seat) if peek is not None else game.observation(seat)
        bot: Any = self.players[seat]  # its answer is the game's to judge (a plain tuple too), not its type's
        try:
            answer: object = bot.choose(view, legal)
        except SystemExit as e:  # a plug-in may not end the run without a word
            raise bot_exited(bot_name(bot), e, seat) from None
        except (WoaError, StopGame):
            raise
        except Exception as e:  # a plug-in's bug: a sentence naming the bot and its line, not a traceback
            raise bot_failed(bot_name(bot), e, seat, bot) from e
        if not isinstance(answer, tuple):  # the same sentence in both builds (compiled: no tuple, no return)
            raise not_an_action(bot_name(bot), answer, seat)
        return answer

    def end(self, game: SomeGame, ending: Ending) -> None:
        if ending is Ending.OVER:
            notify_game_over(self.players, game.observation)


def bots(names: Sequence[str], seed: int, pack: SomePack | None = None) -> Bots:
    """The ``Bots`` chooser for bot names (one per seat), seeded from the game's seed; ``pack``:
    the game's pack, whose own bots the names may be.

    >>> [bot.name for bot in bots(["random", "heuristic"], seed=3).players]
    ['random', 'heuristic']
    """
    return Bots(make_bots(names, seed, pack=pack))
