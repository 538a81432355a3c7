"""What ``woa value``'s restricted play may forbid in West of Africa (``Pack.restrictions``): each
card, each step of an action, each island, in that order, each with its display name.

>>> from woa_core.rules import load_rules
>>> rows = restrictions(load_rules())
>>> rows[0], rows[13], rows[-1]
(('card', 'la_palma', 'La Palma'), ('action', 'worker', 'Move Workers: worker'), ('island', 'lanzarote', 'Lanzarote'))
"""

from __future__ import annotations

from woa_core.packs.west_of_africa.actions import STEP_OF_VERB, VERBS
from woa_core.packs.west_of_africa.compiled import Rules


def restrictions(rules: Rules) -> list[tuple[str, str, str]]:
    """Every card, step verb and island of ``rules`` as ``(kind, id, name)``; a step is named by
    its action's card (``Sell Goods: sell``), or its summary where the rules have no such card."""
    steps = []
    for verb, action in STEP_OF_VERB.items():
        card = rules.action_card.get(action)
        steps.append(("action", verb, f"{rules.cards[card].name}: {verb}" if card is not None else VERBS[verb].summary))
    return [("card", c.id, c.name) for c in rules.cards] + steps + [("island", i.id, i.name) for i in rules.islands]
