"""Turn a validated rules document for one player count into ``Rules``.

Called once per game setup (and cached by ``load_rules``), never per step. It assumes the
document passed ``validate``; networkx is used here, at compile time only, for distances.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any

import networkx as nx

from woa_core.kernel.compiled import freeze
from woa_core.packs.west_of_africa.compiled import Card, Island, Rules, Space
from woa_core.packs.west_of_africa.flow import FLOW


def sea_graph(board: dict[str, Any]) -> nx.Graph:
    """The islands as nodes and sea links as edges (for checks and distances)."""
    graph = nx.Graph()
    graph.add_nodes_from(board["islands"])
    for key in board["sea_links"]:
        a, b = key.split("-")
        graph.add_edge(a, b)
    return graph


def select_spaces(board: dict[str, Any], selector: dict[str, Any]) -> list[tuple[str, int]]:
    """Settlement spaces a ``preplaced_settlements`` selector picks, as (island, number).

    >>> board = {"islands": {"x": {"spaces": [{"good": "wine"}, {"settle": 6}, {"settle": 6}]}}}
    >>> select_spaces(board, {"cost": 6, "count": 1})
    [('x', 2)]
    """
    found = []
    for island_id, island in board["islands"].items():
        if "island" in selector and selector["island"] != island_id:
            continue
        for number, space in enumerate(island.get("spaces", []), start=1):
            if "settle" not in space:
                continue
            if "space" in selector and selector["space"] != number:
                continue
            if "cost" in selector and selector["cost"] != space["settle"]:
                continue
            found.append((island_id, number))
    return found[: selector["count"]] if "count" in selector else found


def compile_rules(
    name: str, document: dict[str, Any], players: int, rules_hash: str, variant: str | None = None
) -> Rules:
    """Compile a validated, player-resolved document (see ``woa_core.rules.load_rules``)."""
    board, cards_doc = document["board"], document["cards"]
    economy, turn, setup = document["economy"], document["turn"], document["setup"]

    goods = tuple(board["goods"])
    good_ix = {g: i for i, g in enumerate(goods)}
    island_ids = tuple(board["islands"])
    island_ix = {x: i for i, x in enumerate(island_ids)}
    graph = sea_graph(board)
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    unreachable = len(island_ids) + 1
    distance = tuple(tuple(lengths[a].get(b, unreachable) for b in island_ids) for a in island_ids)

    spaces: list[Space] = []
    islands: list[Island] = []
    for i, island_id in enumerate(island_ids):
        raw = board["islands"][island_id]
        first = len(spaces)
        raw_spaces = raw.get("spaces", [])
        keys = [(s.get("good"), s.get("settle")) for s in raw_spaces]
        group_of: dict[tuple, int] = {}
        for number, (good, cost) in enumerate(keys, start=1):
            group = group_of.setdefault((good, cost), first + number - 1)
            spaces.append(
                Space(
                    island=i,
                    number=number,
                    good=good_ix[good] if good is not None else -1,
                    cost=cost if cost is not None else -1,
                    group=group,
                    cultivate_label=_cultivate_label(good, cost, keys),
                    found_label=_found_label(good, cost, keys),
                )
            )
        region = board["regions"][raw["region"]]
        islands.append(
            Island(
                id=island_id,
                name=raw["name"],
                region=raw["region"],
                price=region["price"],
                at=(float(raw["at"][0]), float(raw["at"][1])),
                moorings=raw["moorings"],
                spaces=tuple(range(first, len(spaces))),
                neighbors=tuple(sorted(island_ix[n] for n in graph.neighbors(island_id))),
                fields=tuple((s, spaces[s].group) for s in range(first, len(spaces)) if spaces[s].good >= 0),
                sites=tuple((s, spaces[s].group) for s in range(first, len(spaces)) if spaces[s].cost >= 0),
            )
        )

    card_ids = tuple(cards_doc["cards"])
    cards = tuple(
        Card(
            id=cid,
            name=c.get("name", cid),
            kind=c["kind"],
            value=c["value"],
            island=island_ix[c["island"]] if c["kind"] == "island" else -1,
            action=c.get("action") if c["kind"] == "action" else None,
        )
        for cid, c in cards_doc["cards"].items()
    )
    island_card = [-1] * len(island_ids)
    for ci, card in enumerate(cards):
        if card.island >= 0:
            island_card[card.island] = ci
    ship_ids = tuple(board["worker_ships"])
    space_at = {(spaces[s].island, spaces[s].number): s for s in range(len(spaces))}
    preplaced = tuple(
        space_at[(island_ix[isl], num)]
        for selector in setup.get("preplaced_settlements", [])
        for isl, num in select_spaces(board, selector)
    )
    index = {f"island:{x}": i for i, x in enumerate(island_ids)}
    index |= {f"good:{g}": i for i, g in enumerate(goods)}
    index |= {f"card:{c}": i for i, c in enumerate(card_ids)}
    index |= {f"ship:{s}": i for i, s in enumerate(ship_ids)}
    influence = economy["alcalde"]["influence"]
    return Rules(
        name=name,
        players=players,
        content_hash=rules_hash,
        variant=variant,
        document=freeze(document),
        flow=FLOW.compile(document),
        goods=goods,
        good_names=tuple(board["goods"][g].get("name", g) for g in goods),
        islands=tuple(islands),
        spaces=tuple(spaces),
        distance=distance,
        worker_ships=ship_ids,
        ship_entry=tuple(island_ix[board["worker_ships"][s]["enters"]] for s in ship_ids),
        cards=cards,
        card_values=tuple(c.value for c in cards),
        action_card=MappingProxyType({c.action: i for i, c in enumerate(cards) if c.action}),
        island_card=tuple(island_card),
        island_cards=tuple(c for c in island_card if c >= 0),
        passing_cards=tuple(i for i, c in enumerate(cards) if c.kind == "minus"),
        start_gold=economy["gold"]["start"],
        gold_cap=economy["gold"]["cap"],
        min_cards=economy["selection"]["min_cards"],
        max_cards=economy["selection"]["max_cards"],
        free_cards=economy["selection"]["free_cards"],
        extra_card_cost=economy["selection"]["extra_card_cost"],
        cultivation_cost=economy["cultivation"]["cost"],
        worker_discount=economy["cultivation"]["worker_discount"],
        settlement_vp=economy["settlement"]["vp"],
        action_points=economy["workers"]["action_points"],
        ship_range=economy["ship"]["range"],
        ship_capacity=economy["ship"]["capacity"],
        influence_good=influence["good"],
        influence_worker=influence["worker"],
        influence_ship=influence["ship"],
        alcalde_vp=economy["alcalde"]["vp"],
        gold_vp_by_rank=tuple(economy["gold_majority"]["vp_by_rank"]),
        vp_threshold=economy["game_end"]["vp_threshold"],
        end_when_all_settled=economy["game_end"]["when_all_settlements_founded"],
        extra_rounds=economy["game_end"]["extra_rounds"],
        gold_per_vp=economy["final_scoring"]["gold_per_vp"],
        max_rounds=economy["game_end"].get("max_rounds", 60),
        round_end=tuple(turn["round_end"]),
        player_order=turn.get("player_order", "card_sum"),
        minus_cards_pass=turn.get("minus_cards_pass", "left"),
        displacement_fallback=turn.get("displacement_fallback", "nearest_free_harbor"),
        place_ships_first_round=turn["first_round"]["place_ships"],
        first_round_forbidden=frozenset(turn["first_round"]["forbidden_actions"]),
        island_actions=frozenset(turn["island_actions"]),
        start_workers=tuple(setup["workers"].get(s, 0) for s in ship_ids),
        help_options=tuple(
            tuple(combinations_with_replacement(range(len(ship_ids)), k))
            for k in range(sum(setup["workers"].values()) + 1)
        ),
        start_goods=tuple(setup["goods"].get(g, 0) for g in goods),
        settlements_total=setup["settlements"]["total"],
        track_size=setup["settlements"]["track"],
        preplaced=preplaced,
        index=MappingProxyType(index),
    )


def _cultivate_label(good: str | None, cost: int | None, keys: list[tuple]) -> tuple[str, ...]:
    if good is None:
        return ()
    alike = {k for k in keys if k[0] == good}
    return (good,) if len(alike) == 1 or cost is None else (good, str(cost))


def _found_label(good: str | None, cost: int | None, keys: list[tuple]) -> tuple[str, ...]:
    if cost is None:
        return ()
    alike = {k for k in keys if k[1] == cost}
    return (str(cost),) if len(alike) == 1 or good is None else (str(cost), good)
