"""The engine's actions, each declared once (``woa_core.kernel.actions.ActionDecl``) in a module
of its own.

``DECLARATIONS`` lists them, in the order their steps are offered; everything else is derived:
the actions cards can name (``ACTIONS``), every verb of the notation (``VERBS``) and which action
a step verb belongs to (``STEP_OF_VERB``).

>>> "sell" in ACTIONS, "turn" in ACTIONS  # the turn flow's verbs are no card's action
(True, False)
>>> STEP_OF_VERB["load"], VERBS["sell"].args
('move_ship', ('island', 'good'))
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from woa_core.kernel.actions import Action, ActionDecl, Verb, make_action
from woa_core.packs.west_of_africa.actions import cultivation, founding, selling, shipping, turn, workers

DECLARATIONS: tuple[ActionDecl, ...] = (
    workers.DECLARATION,
    shipping.DECLARATION,
    cultivation.DECLARATION,
    selling.DECLARATION,
    founding.DECLARATION,
    turn.DECLARATION,
)
"""Every action the engine knows, the turn flow's own verbs last."""

ACTIONS: Final = MappingProxyType({d.name: d for d in DECLARATIONS if d.card})
"""The actions an action card may name (``cards.yaml`` ``action:``), by id."""

VERBS: Final = MappingProxyType({v.name: v for d in DECLARATIONS for v in d.verbs})
"""Every verb of the notation, by name."""

STEP_OF_VERB: Final = MappingProxyType({v.name: d.name for d in ACTIONS.values() for v in d.verbs if v.step})
"""Which action each step verb belongs to; a step verb played at ``main`` starts its action."""

__all__ = [
    "ACTIONS",
    "DECLARATIONS",
    "STEP_OF_VERB",
    "VERBS",
    "Action",
    "ActionDecl",
    "Verb",
    "make_action",
]
