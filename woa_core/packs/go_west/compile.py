"""Turn a validated Go West! document for one player count into ``Rules``.

Called once per ruleset and player count (and cached by ``load_rules``); it assumes the document
passed the schemas and ``validate.check``. The action cards are a deck as rules data
(``woa_core.kernel.deck``): ``count: k`` written out by ``expand``, and cards of one shape (region,
symbol, wagons, cost) one kind, named in the notation by its first card's id.

>>> expand([{"id": "A04", "region": "east", "discs": "2", "moves": 1, "cost": 2, "count": 2}])[1]["id"]
'A05'
>>> from woa_core.rules import load_rules
>>> rules = load_rules("go-west", 2)
>>> rules.card_id[:3], rules.card_shape[:3], rules.shape_word[:2]
(('A01', 'A02', 'A03'), (0, 1, 2), ('A01', 'A02'))
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from woa_core.kernel.compiled import freeze
from woa_core.kernel.deck import Kinds, expand
from woa_core.kernel.document_fields import document_fields
from woa_core.packs.go_west.compiled import SYMBOLS, Rules
from woa_core.packs.go_west.flow import FLOW


def compile_rules(
    name: str, document: dict[str, Any], players: int, content_hash: str, variant: str | None = None
) -> Rules:
    """Compile a validated, player-resolved document (see ``woa_core.rules.load_rules``)."""
    board, cards, setup, turn = document["board"], document["cards"], document["setup"], document["turn"]
    regions = board["regions"]
    keys = tuple(r["key"] for r in regions)
    blocks = tuple(keys.index(k) for k in board["score_order"])
    region_block = tuple(blocks.index(i) if i in blocks else -1 for i in range(len(regions)))
    deck = expand(cards["action_cards"]["cards"])  # one entry per card, count: k written out

    def shape_of(card: dict[str, Any]) -> tuple[int, int, int, int]:
        block = region_block[keys.index(card["region"])] if card["region"] is not None else -1
        return (block, SYMBOLS.index(card["discs"]), card["moves"], card["cost"])

    shapes = Kinds.of(deck, key=shape_of)  # cards of one shape are interchangeable (G26)
    costs = tuple(c["cost"] for c in sorted(cards["scoring_cards"], key=lambda c: c["number"]))
    return Rules(
        **document_fields(Rules, document),
        name=name,
        players=players,
        content_hash=content_hash,
        variant=variant,
        document=freeze(document),
        flow=FLOW.compile(document),
        regions=tuple(r["short"] for r in regions),
        region_keys=keys,
        region_names=tuple(r["name"] for r in regions),
        exit=len(regions) - 1,
        block_region=blocks,
        region_block=region_block,
        capacity=board["block"]["circles"] - 1,
        scoring_costs=costs,
        card_id=tuple(c["id"] for c in deck),
        card_shape=shapes.kind,
        shapes=shapes.keys,
        shape_word=shapes.first_id,
        card_index=MappingProxyType({c["id"]: i for i, c in enumerate(deck)}),
        gone_from=tuple(keys.index(k) for k in turn["wagons_gone_from"]),
        colours=tuple(setup["colours"][:players]),
        most_pay=max([c["cost"] for c in deck] + list(costs)),
    )
