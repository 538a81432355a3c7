"""How strong the bots behind a figure are: each bot class may declare its ``kind``.

- ``random``: picks among the legal actions by chance;
- ``scripted``: follows fixed rules of thumb (the heuristic bots);
- ``search``: looks ahead by playing the game forward (``mcts``).

A class without ``kind`` counts as ``unknown``. Seat-advantage and balance figures measured only
with random or scripted play describe those bots as much as the rules: reports say so.

>>> bot_kind("random"), bot_kind("heuristic")
('random', 'scripted')
>>> rests_on_weak_play(["heuristic", "random"])
True
"""

from __future__ import annotations

from collections.abc import Iterable

from woa_core.bots import bot_factory, parse_spec

WEAK = frozenset({"random", "scripted"})
"""Kinds whose figures say as much about the bot as about the rules."""


def bot_kind(spec: str) -> str:
    """The declared kind of the bot a spec names (``unknown`` if the class does not say); a
    restricted bot is of its inner bot's kind.

    >>> bot_kind("woa_core.eval.restricted:RestrictedBot:card=sell,bot=random")
    'random'
    """
    name, params = parse_spec(spec)
    if name == "woa_core.eval.restricted:RestrictedBot":
        return bot_kind(params.get("bot", "heuristic").replace(";", ","))
    kind = getattr(bot_factory(name), "kind", "unknown")
    return kind if isinstance(kind, str) else "unknown"


def rests_on_weak_play(specs: Iterable[str]) -> bool:
    """Whether every bot of a run is random or scripted (no search, nothing unknown)."""
    return all(bot_kind(spec) in WEAK for spec in specs)
