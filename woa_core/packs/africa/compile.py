"""Turn a validated Africa document for one player count into ``Rules``.

Called once per ruleset and player count (and cached by ``load_rules``), never per step; it
assumes the document passed the schemas and ``validate.check``.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 2)
>>> rules.supply_camps, rules.steps, rules.goods_vp
(8, 2, (0, 1, 3, 5, 8, 12))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from woa_core.kernel.compiled import freeze
from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, KINDS, MONUMENT, NOMAD, TILE_OFFSET, Rules
from woa_core.packs.africa.flow import FLOW
from woa_core.packs.africa.hexes import board_cells, field_id, neighbours


def faces(tiles: dict[str, Any]) -> list[tuple[str, int, int, int, int]]:
    """Every face of the mix as (name, kind, sub, value, tiles), in face order: the monument, the
    goods, gold and gems by symbols, the species, the nomads.

    >>> faces({"monument": 1, "goods": {"mask": 2}, "gold": {"2": 1}, "gem": {}, "animal": {}, "nomad": 0})
    [('monument', 0, -1, 0, 1), ('mask', 1, 0, 0, 2), ('gold_2', 2, -1, 2, 1), ('nomad', 5, -1, 0, 0)]
    """
    out = [("monument", MONUMENT, -1, 0, tiles["monument"])]
    out += [(good, GOODS, i, 0, n) for i, (good, n) in enumerate(tiles["goods"].items())]
    for kind, name in ((GOLD, "gold"), (GEM, "gem")):
        out += [(f"{name}_{v}", kind, -1, int(v), tiles[name][v]) for v in sorted(tiles[name], key=int)]
    out += [(species, ANIMAL, i, 0, n) for i, (species, n) in enumerate(tiles["animal"].items())]
    out.append(("nomad", NOMAD, -1, 0, tiles["nomad"]))
    return out


def two_steps(near: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each field, the fields two steps away and not nearer, each with the one or two fields
    between (``(g, m1, m2)``, ``m2 == m1`` for one): a walk of two steps reaches ``g`` if ``g`` and
    ``m1`` or ``m2`` may be entered (A7).

    >>> two_steps(((1,), (0, 2), (1,)))
    (((2, 1, 1),), (), ((0, 1, 1),))
    """
    out = []
    for f, nbrs in enumerate(near):
        via: dict[int, list[int]] = {}
        for m in nbrs:
            for g in near[m]:
                if g != f and g not in nbrs:
                    via.setdefault(g, []).append(m)
        out.append(tuple((g, ms[0], ms[-1]) for g, ms in sorted(via.items())))
    return tuple(out)


def getter(fields: tuple[int, ...]) -> Callable[[list[int]], Sequence[int]]:
    """A function of a list giving its items at ``fields`` as a sequence, in C (``itemgetter``).

    >>> getter((2, 0))([5, 6, 7]), getter((1,))([5, 6, 7]), getter(())([5])
    ((7, 5), [6], [])
    """
    if len(fields) > 1:
        return itemgetter(*fields)
    if fields:
        return itemgetter(slice(fields[0], fields[0] + 1))
    return itemgetter(slice(0, 0))


def compile_rules(
    name: str, document: dict[str, Any], players: int, content_hash: str, variant: str | None = None
) -> Rules:
    """Compile a validated, player-resolved document (see ``woa_core.rules.load_rules``)."""
    board, tiles, scoring = document["board"], document["tiles"], document["scoring"]
    turn, setup = document["turn"], document["setup"]

    cells = [c.at for c in board_cells(board)]
    on_board = frozenset(cells)
    index = {at: i for i, at in enumerate(cells)}
    ids = tuple(field_id(board["id_format"], at) for at in cells)
    near = tuple(tuple(index[h] for h in neighbours(at, on_board)) for at in cells)
    cities = tuple(index[(c["q"], c["r"])] for c in board["start_cities"])

    face_list = faces(tiles)
    kind = tuple(f[1] for f in face_list)
    mix = tuple(face for face, f in enumerate(face_list) for _ in range(f[4]))
    majority = scoring["majority"]
    research = {KINDS.index(k) for k in scoring["research"]}
    mine = {KINDS.index(k) for k in scoring["mine"]}
    return Rules(
        name=name,
        players=players,
        content_hash=content_hash,
        variant=variant,
        document=freeze(document),
        flow=FLOW.compile(document),
        fields=ids,
        q=tuple(q for q, _ in cells),
        r=tuple(r for _, r in cells),
        neighbours=near,
        adjacent=tuple(frozenset(n) for n in near),
        closed=tuple((f, *n) for f, n in enumerate(near)),
        ring2=two_steps(near),
        around=tuple(getter(n) for n in near),
        coast=tuple(len(n) < 6 for n in near),
        cities=cities,
        city_keys=tuple(c["key"] for c in board["start_cities"]),
        city_names=tuple(c.get("name", c["key"]) for c in board["start_cities"]),
        is_city=tuple(i in cities for i in range(len(cells))),
        field_index=MappingProxyType({f: i for i, f in enumerate(ids)}),
        face_names=tuple(f[0] for f in face_list),
        face_kind=kind,
        face_sub=tuple(f[2] for f in face_list),
        face_value=tuple(f[3] for f in face_list),
        tile_kind=(-1,) * TILE_OFFSET + kind,
        mix=mix,
        mix_counts=tuple(f[4] for f in face_list),
        goods=tuple(tiles["goods"]),
        goods_face=tuple(face for face, k in enumerate(kind) if k == GOODS),
        species=tuple(tiles["animal"]),
        gold_faces=tuple(face for face, k in enumerate(kind) if k == GOLD),
        gem_faces=tuple(face for face, k in enumerate(kind) if k == GEM),
        monuments=tiles["monument"],
        animal_itself=scoring["reveal"]["animal_itself"],
        nomad_itself=scoring["reveal"]["nomad_itself"],
        research=tuple(k in research for k in kind),
        mine=tuple(k in mine for k in kind),
        goods_vp=tuple(scoring["goods_vp"]),
        prizes=tuple(majority["prizes"]),
        round_up=majority["rounding"] == "ceil",
        min_amount=majority["min_amount"],
        steps=turn["steps"],
        walk_range=turn["walk_range"],
        random_start=turn["start_player"] == "random",
        max_turns=turn["max_turns"],
        player_camps=setup["player_camps"],
        supply_camps=setup["supply"]["camps"],
        bonus_vp=setup["supply"]["bonus_vp"],
        camps_in_box=setup["camps_in_box"],
    )
