"""A West of Africa player's view as numbers (``Pack.features``): the observation of the PettingZoo
environment (``woa_core.pettingzoo``), of the same length for every view of one ruleset and
player count. -1 marks nobody or unknown, -2 a neutral settlement.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 3), seed=1)
>>> a, b = features(game.observation(0)), features(game.observation(2))
>>> len(a) == len(b) > 100, a == b
(True, False)
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.west_of_africa.actions import ACTIONS
from woa_core.packs.west_of_africa.state import VP_SOURCES
from woa_core.packs.west_of_africa.view import PlayerView

STEPS = ("select", "place", "main", *ACTIONS, "displace", "retreat", "over")
"""Every kind of pending decision (``GameState.step``), for the one-hot step."""

_FIXED = (
    "round",
    "last_round",
    "turn",
    "gold",
    "gold_time",
    "vp",
    "hand",
    "supply",
    "crop",
    "settlement",
    "warehouse",
    "workers",
    "ship",
    "alcalde",
    "track",
    "reserve",
    "points",
    "ship_from",
    "loaded",
    "cargo",
    "helpers",
    "planted",
    "displaced",
    "winner",
)
"""View fields of fixed shape, flattened as they are."""


def _flat(value: Any, out: list[float]) -> None:
    if isinstance(value, list | tuple):
        for v in value:
            _flat(v, out)
    elif value is None:
        out.append(-1.0)
    else:
        out.append(float(value))


def features(view: PlayerView) -> list[float]:
    """A player's view as numbers: the public state's numbers, then who the player is, the step,
    the actions used and under way, the round's order, others' selections where revealed (with
    flags for chosen-but-hidden), the announced card sums, the final ranking."""
    rules = view.rules
    n = view.players
    out: list[float] = []
    for name in _FIXED:
        _flat(getattr(view, name), out)
    for per_player in view.vp_from:
        out += [float(per_player.get(source, 0)) for source in VP_SOURCES]
    out += [1.0 if p == view.player else 0.0 for p in range(n)]
    out += [1.0 if view.step == s else 0.0 for s in STEPS]
    out += [1.0 if a in view.used else 0.0 for a in ACTIONS]
    out += [1.0 if a == view.step else 0.0 for a in ACTIONS]  # the action under way is the step (R22)
    out += [float(p) for p in view.order] + [-1.0] * (n - len(view.order))
    out += [float(p) for p in view.ranking] + [-1.0] * (n - len(view.ranking))
    options = set(view.options)
    out += [1.0 if i in options else 0.0 for i in range(max(n, len(rules.islands)))]
    for ships in getattr(view, "helper_ships", [[] for _ in rules.islands]):
        out += [float(sum(1 for s in ships if s == w)) for w in range(len(rules.worker_ships))]
    for p in range(n):
        selection = view.selection(p)
        chosen = selection is not None
        visible = isinstance(selection, list | tuple)
        out += [1.0 if chosen else 0.0, 1.0 if chosen and not visible else 0.0]
        out += [float(c) for c in selection] if visible else [0.0] * len(rules.cards)  # type: ignore[union-attr]
        total = view.card_sum(p)
        out.append(float(total) if total is not None else -1.0)
    return out
