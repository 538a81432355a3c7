"""Turn a validated Go West! document for one player count into ``Rules``.

Called once per ruleset and player count (and cached by ``load_rules``); it assumes the document
passed the schemas and ``validate.check``.

>>> expand([{"id": "A04", "region": "east", "discs": "2", "moves": 1, "cost": 2, "count": 2}])[1]["id"]
'A05'
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

from woa_core.kernel.compiled import freeze
from woa_core.packs.go_west.compiled import SYMBOLS, Rules
from woa_core.packs.go_west.flow import FLOW

NUMBERED = re.compile(r"^(.*?)([0-9]+)$")


def card_ids(entry: dict[str, Any]) -> list[str]:
    """The ids of a deck entry's cards: its own, and with ``count: k`` the k - 1 that count on from it.

    >>> card_ids({"id": "A09", "count": 3})
    ['A09', 'A10', 'A11']
    """
    match = NUMBERED.match(entry["id"])
    assert match is not None  # the schema's pattern ends an id in a digit
    stem, number = match.groups()
    return [f"{stem}{int(number) + i:0{len(number)}d}" for i in range(entry.get("count", 1))]


def expand(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per card, ``count`` written out."""
    return [{**entry, "id": cid} for entry in entries for cid in card_ids(entry)]


def compile_rules(
    name: str, document: dict[str, Any], players: int, content_hash: str, variant: str | None = None
) -> Rules:
    """Compile a validated, player-resolved document (see ``woa_core.rules.load_rules``)."""
    board, cards, setup, turn = document["board"], document["cards"], document["setup"], document["turn"]
    regions = board["regions"]
    keys = tuple(r["key"] for r in regions)
    blocks = tuple(keys.index(k) for k in board["score_order"])
    region_block = tuple(blocks.index(i) if i in blocks else -1 for i in range(len(regions)))
    deck = expand(list(cards["action_cards"]["cards"]))

    def shape_of(card: dict[str, Any]) -> tuple[int, int, int, int]:
        block = region_block[keys.index(card["region"])] if card["region"] is not None else -1
        return (block, SYMBOLS.index(card["discs"]), card["moves"], card["cost"])

    shapes: list[tuple[int, int, int, int]] = []
    words: list[str] = []
    card_shape = []
    for card in deck:
        shape = shape_of(card)
        if shape not in shapes:
            shapes.append(shape)
            words.append(card["id"])
        card_shape.append(shapes.index(shape))
    costs = tuple(c["cost"] for c in sorted(cards["scoring_cards"], key=lambda c: c["number"]))
    return Rules(
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
        circles=board["block"]["circles"],
        wagons=board["wagons"],
        start_vp=board["start_vp"],
        scoring_costs=costs,
        card_id=tuple(c["id"] for c in deck),
        card_shape=tuple(card_shape),
        shapes=tuple(shapes),
        shape_word=tuple(words),
        card_index=MappingProxyType({c["id"]: i for i, c in enumerate(deck)}),
        reconstructed=bool(cards["action_cards"].get("reconstructed", False)),
        discs=setup["discs"],
        hand=setup["hand"],
        tokens=setup["double_move_token"],
        vp_threshold=turn["vp_threshold"],
        gone_from=tuple(keys.index(k) for k in turn["wagons_gone_from"]),
        random_start=turn["start_player"] == "random",
        free_split=turn["vp_payment"] == "free_split",
        second_required=turn["double_second_action"] == "required",
        max_turns=turn["max_turns"],
        colours=tuple(setup["colours"][:players]),
        most_pay=max([c["cost"] for c in deck] + list(costs)),
    )
