"""Every named primitive the rules files can choose, by the schema definition listing its names.

The turn's round-end steps, its player order, where minus cards go and R19's displacement
fallback are mechanisms the engine registers under names (``woa_core.kernel.registry``); the YAML
names them and the schema's enums list the same names (``tests/engine/test_declarations.py``
holds them equal).

>>> sorted(PRIMITIVES["card_passing"])
['keep', 'left', 'right']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from woa_core.kernel.registry import Registry
from woa_core.packs.west_of_africa.actions.shipping import FALLBACK
from woa_core.packs.west_of_africa.actions.turn import CARD_PASSING, PLAYER_ORDER
from woa_core.packs.west_of_africa.round_end import ROUND_END

PRIMITIVES: Mapping[str, Registry] = MappingProxyType(
    {
        "round_end_step": ROUND_END,  # turn.round_end (R13)
        "player_order": PLAYER_ORDER,  # turn.player_order (R8)
        "card_passing": CARD_PASSING,  # turn.minus_cards_pass (R7)
        "displacement_fallback": FALLBACK,  # turn.displacement_fallback (R19)
    }
)
"""The registries by the name of the ``turn.schema.json`` definition that lists their names."""
