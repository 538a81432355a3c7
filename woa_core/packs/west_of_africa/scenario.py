"""What West of Africa's scenarios may say beyond the kernel's keys (``Pack.scenario``): how a
``setup`` changes a fresh game (round, gold, VP, workers, ships, warehouses, crops, settlements,
Alcaldes, hands, ...) and what each of its ``expect`` keys reads. Their schema is
``schema/scenario.schema.json``; ``woa_core.check.scenario`` runs scenarios of any game.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.kernel.scenario import declared_expect
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> def fail(path, message):
...     raise ValueError(f"{path}: {message}")
>>> setup(game, {"gold": {"p2": 20}, "ships": {"p1": "tenerife"}}, fail)
>>> declared_expect(SCENARIO, game, "gold"), expect(game, "ships")
({'p1': 15, 'p2': 20}, {'p1': 'tenerife', 'p2': None})
>>> setup(game, {"ships": {"p1": "atlantis"}}, fail)
Traceback (most recent call last):
ValueError: ('ships', 'p1'): 'atlantis' is not an island (one of: la_palma, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from woa_core.kernel.notation import parse_player
from woa_core.kernel.pack import ScenarioHooks, SetupFail, setup_words
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.core import GameCore as Game
from woa_core.packs.west_of_africa.notation import parse_card, parse_good, parse_island, parse_location
from woa_core.packs.west_of_africa.state import NEUTRAL, NOBODY
from woa_core.packs.west_of_africa.validate import selection_bound


def _space(rules: Rules, island: int, number: int, fail: SetupFail, path: tuple) -> int:
    for space in rules.islands[island].spaces:
        if rules.spaces[space].number == number:
            return space
    fail(path, f"{rules.islands[island].id} has no space {number}")


def _check_space_kind(rules: Rules, space: int, key: str, fail: SetupFail, path: tuple) -> None:
    """A crop needs a field, a settlement a settlement space (the board says which each is)."""
    sp = rules.spaces[space]
    island = rules.islands[sp.island].id
    if key == "crops" and sp.good < 0:
        fail(path, f"space {sp.number} of {island} is not a field: no crop can grow there")
    if key == "settlements" and sp.cost < 0:
        fail(path, f"space {sp.number} of {island} is not a settlement space")


def setup(game: Game, setup: Mapping[str, Any], fail: SetupFail) -> None:
    """Change the fresh game's state as ``setup`` describes (only what it names)."""
    r, s = game.rules, game.state

    word = setup_words(r, fail)

    for key, value in setup.items():
        if key == "round":
            s.round = value
        elif key == "gold":
            for who, amount in value.items():
                s.gold[word(parse_player, who, key, who)] = amount
        elif key == "vp":
            for who, amount in value.items():
                p = word(parse_player, who, key, who)
                # VP from before the scenario starts are booked as "setup", so that
                # vp == sum(vp_from) still holds.
                s.vp_from[p]["setup"] = s.vp_from[p].get("setup", 0) + amount - s.vp[p]
                s.vp[p] = amount
        elif key == "gold_order":
            for rank, who in enumerate(value):
                s.gold_time[word(parse_player, who, key, rank)] = rank - len(value)
        elif key == "workers":
            for who, places in value.items():
                p = word(parse_player, who, key, who)
                s.workers[p] = [0] * len(s.workers[p])
                for place, n in places.items():
                    s.workers[p][word(parse_location, place, key, who, place)] = n
        elif key == "ships":
            for who, place in value.items():
                island = NOBODY if place is None else word(parse_island, place, key, who)
                s.ship[word(parse_player, who, key, who)] = island
        elif key == "warehouses":
            for island, owners in value.items():
                i = word(parse_island, island, key, island)
                for who, goods in owners.items():
                    p = word(parse_player, who, key, island, who)
                    for good, n in goods.items():
                        s.warehouse[i][p][word(parse_good, good, key, island, who, good)] = n
        elif key == "supply":
            for who, goods in value.items():
                p = word(parse_player, who, key, who)
                for good, n in goods.items():
                    s.supply[p][word(parse_good, good, key, who, good)] = n
        elif key in ("crops", "settlements"):
            for i, item in enumerate(value):
                island = word(parse_island, item["island"], key, i)
                space = _space(r, island, item["space"], fail, (key, i))
                _check_space_kind(r, space, key, fail, (key, i))
                if key == "crops":
                    if "player" not in item:
                        fail((key, i), "a crop needs the player whose good it is")
                    s.crop[space] = word(parse_player, item["player"], key, i)
                else:
                    s.settlement[space] = word(parse_player, item["player"], key, i) if item.get("player") else NEUTRAL
        elif key == "alcaldes":
            for island, who in value.items():
                holder = NOBODY if who is None else word(parse_player, who, key, island)
                s.alcalde[word(parse_island, island, key, island)] = holder
        elif key == "hands":
            for who, cards in value.items():
                p = word(parse_player, who, key, who)
                for card, n in cards.items():
                    s.hand[p][word(parse_card, card, key, who, card)] = n
                too_many = selection_bound(s.hand[p], r.min_cards, r.max_cards)  # as rule files are bounded
                if too_many:
                    fail((key, who), f"{who} holds too many cards to choose among: {too_many}")
        elif key == "track":
            s.reserve += s.track - value
            s.track = value
        elif key == "reserve":
            s.reserve = value
        elif key == "last_round":
            s.last_round = value


def expect(game: Game, key: str) -> Any:
    """The value of an expectation ``key`` in the game, in the words a scenario uses
    (``KeyError`` for a key West of Africa does not know); the kernel reads the plain fields and
    per-seat lists ``SCENARIO`` declares."""
    r, s = game.rules, game.state

    def name(p: int) -> str | None:
        return f"p{p + 1}" if p >= 0 else None

    if key == "vp_from":
        return {f"p{p + 1}": dict(v) for p, v in enumerate(s.vp_from)}
    if key == "order":
        return [name(p) for p in s.order]
    if key == "gold_rank":
        return [name(p) for p in s.gold_rank()]
    if key == "ships":
        return {f"p{p + 1}": (r.islands[i].id if i >= 0 else None) for p, i in enumerate(s.ship)}
    if key == "alcaldes":
        return {i.id: name(s.alcalde[k]) for k, i in enumerate(r.islands)}
    if key == "workers":
        return {
            f"p{p + 1}": {r.location_name(loc): n for loc, n in enumerate(s.workers[p]) if n} for p in range(s.players)
        }
    if key == "warehouses":
        out: dict[str, Any] = {}
        for i, island in enumerate(r.islands):
            for p in range(s.players):
                goods = {r.goods[g]: n for g, n in enumerate(s.warehouse[i][p]) if n}
                if goods:
                    out.setdefault(island.id, {})[f"p{p + 1}"] = goods
        return out
    if key == "supply":
        return {f"p{p + 1}": {r.goods[g]: n for g, n in enumerate(s.supply[p])} for p in range(s.players)}
    if key == "crops":
        return sorted(
            f"{name(owner)} {r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"
            for sp, owner in enumerate(s.crop)
            if owner >= 0
        )
    if key == "settlements":
        return sorted(
            f"{name(owner) or 'neutral'} {r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"
            for sp, owner in enumerate(s.settlement)
            if owner != NOBODY
        )
    if key == "hands":
        return {f"p{p + 1}": {c.id: s.hand[p][i] for i, c in enumerate(r.cards)} for p in range(s.players)}
    raise KeyError(key)


SCENARIO = ScenarioHooks(
    setup=setup,
    expect=expect,
    unordered=frozenset({"crops", "settlements"}),
    fields=frozenset({"round", "track", "reserve", "step", "last_round", "end_reason"}),
    seat_fields=frozenset({"gold", "vp"}),
)
"""West of Africa's scenario keys, for the kernel (``Pack.scenario``)."""
