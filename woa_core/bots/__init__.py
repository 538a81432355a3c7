"""Bots, and how a name on the command line becomes one.

``--bots`` takes bundled names (``random``, ``heuristic``), ``module:Class`` for a class of your
own, or the name of an entry point in the ``woa.bots`` group.

>>> factory = bot_factory("random")
>>> factory(1).name
'random'
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from importlib.metadata import entry_points

from woa_core.bots.base import Bot, BotFactory
from woa_core.bots.random_bot import RandomBot
from woa_core.errors import UsageError

BUNDLED: dict[str, str] = {
    "random": "woa_core.bots.random_bot:RandomBot",
    "heuristic": "woa_core.bots.heuristic:HeuristicBot",
}

__all__ = ["BUNDLED", "Bot", "BotFactory", "RandomBot", "bot_factory", "make_bots", "seat_bots"]


def seat_bots(text: str, seats: int) -> tuple[str, ...]:
    """The bot of each seat from a ``--bots`` value: one name for all seats or one per seat.
    ``UsageError`` if the count does not fit or a bot cannot be found.

    >>> seat_bots("heuristic", 3)
    ('heuristic', 'heuristic', 'heuristic')
    >>> seat_bots("random,heuristic", 2)
    ('random', 'heuristic')
    """
    names = tuple(b.strip() for b in text.split(",") if b.strip())
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise UsageError(f"--bots names {len(names)} bots for {seats} seats: give one, or one per seat")
    for name in set(names):
        bot_factory(name)
    return names


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per name, each with its own seed derived from the game's seed and its place."""
    return [bot_factory(name)(seed * 8 + i + 1) for i, name in enumerate(names)]


@cache
def bot_factory(spec: str) -> BotFactory:
    """The bot class named by ``spec``; ``UsageError`` if it cannot be found."""
    target = BUNDLED.get(spec, spec)
    if ":" not in target:
        plugins = {ep.name: ep for ep in entry_points(group="woa.bots")}
        if spec in plugins:
            return plugins[spec].load()
        known = ", ".join([*BUNDLED, *plugins])
        raise UsageError(f"unknown bot '{spec}' (bundled: {known}; or give module:Class)")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        factory = getattr(module, attr)
    except (ImportError, AttributeError) as e:
        raise UsageError(f"cannot load bot '{spec}': {e}") from None
    if not callable(factory):
        raise UsageError(f"bot '{spec}' is not a class or factory")
    return factory
