"""How strong the bots behind a figure are: each bot class may declare its ``kind``.

- ``random``: picks among the legal actions by chance;
- ``scripted``: follows fixed rules of thumb (the heuristic bots);
- ``search``: looks ahead by playing the game forward (``mcts``).

A class without ``kind`` counts as ``unknown``. Seat-advantage and balance figures measured only
with random or scripted play describe those bots as much as the rules: reports say so.

>>> bot_kind("random"), bot_kind("heuristic")
('random', 'scripted')
>>> bot_kind("mcts:iterations=50")
'search'
>>> rests_on_weak_play(["heuristic", "random"]), rests_on_weak_play(["heuristic", "mcts"])
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from woa_core.bots import bot_factory, parse_spec
from woa_core.errors import UsageError

if TYPE_CHECKING:
    from woa_core.kernel.pack import SomePack

WEAK = frozenset({"random", "scripted"})
"""Kinds whose figures say as much about the bot as about the rules."""


def bot_kind(spec: str, pack: SomePack | None = None) -> str:
    """The declared kind of the bot a spec names, a bot of ``pack`` (default: of any bundled
    pack); ``unknown`` if the class does not say, or cannot be found there (an outside pack's own
    bot asked of without its pack). A restricted bot is of its inner bot's kind.

    >>> bot_kind("woa_core.eval.restricted:RestrictedBot:forbid=card:sell,bot=random"), bot_kind("cautious")
    ('random', 'unknown')
    """
    name, params = parse_spec(spec)
    if name == "woa_core.eval.restricted:RestrictedBot":
        return bot_kind(params.get("bot", "heuristic").replace(";", ","), pack)
    try:
        kind = getattr(bot_factory(name, pack), "kind", "unknown")
    except UsageError:
        return "unknown"
    return kind if isinstance(kind, str) else "unknown"


def rests_on_weak_play(specs: Iterable[str]) -> bool:
    """Whether every bot of a run is random or scripted (no search, nothing unknown)."""
    return all(bot_kind(spec) in WEAK for spec in specs)


def strength_warnings(bots: Sequence[str], rotate_seats: bool) -> list[str]:
    """What a reader must know about the bots before trusting seat and balance figures.

    >>> strength_warnings(("heuristic", "heuristic"), rotate_seats=False)[0][:40]
    'every bot here plays randomly or by scri'
    >>> len(strength_warnings(("heuristic", "random"), rotate_seats=True))
    2
    """
    out = []
    if rests_on_weak_play(bots):
        out.append(
            "every bot here plays randomly or by script (no search): seat-advantage and balance figures describe "
            "these bots as much as the rules; confirm a conclusion with search bots (--bots mcts)"
        )
    if len(set(bots)) > 1:
        out.append(
            "the bots differ: the first-player figure mixes bot strength with turn order (which bot plays first, "
            "and in some games who comes first depends on the bots' own play), so it is no seat effect"
            + (
                ""
                if rotate_seats
                else "; without --rotate-seats each seat keeps its bot, so the per-seat figures compare bots"
            )
        )
    return out
