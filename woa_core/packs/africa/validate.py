"""Africa's own checks: what its schemas cannot say, so that every validated ruleset can be played
(africa-rulings §1-§2). Every problem is reported at its place in the files, all at once.

- the board: ranges that run backwards or overlap, ids the format cannot make or makes twice, a
  board that is not connected or has a hole, a field with fewer neighbours than
  ``constraints.min_neighbours``;
- the start cities: one off the board or whose id is not its field's, two on one field or with
  one key, a city inland while ``constraints.cities_on_coast``, fewer cities than players;
- the tiles: not one per field that is not a start city (2. Setup); fewer monuments than the
  supply's camps + 1 (the last monument takes the bonus, A17; A35); more tiles of a good than
  the goods table scores (A25);
- the camps: the supply's and every player's not fitting in the box.

>>> from woa_core.rules.resolve import resolve
>>> located = resolve("africa").located
>>> check(located, None), check(located, 5)
([], [])
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from woa_core.packs.africa.hexes import board_cells, border, components, field_id, holes, neighbours, ranges
from woa_core.rules.checks import Checks
from woa_core.rules.source import Located, Path_

CHECKS = Checks()

ID = re.compile(r"^[a-z][a-z0-9_]*$")


check = CHECKS.run
"""Every problem of Africa's own checks in ``located`` (``Pack.check``; ``woa_core.rules.checks``)."""


Found = Iterator[tuple[Path_, str]]


@CHECKS.add
def _rows(located: Located, d: dict) -> Found:
    """Each range runs from west to east, and no two ranges of a row share a field."""
    taken: dict[tuple[int, int], Path_] = {}
    for r, a, b, path in ranges(d["board"]):
        if a > b:
            yield path, f"row {r} runs from q = {a} back to q = {b}: write [q_first, q_last] with q_first <= q_last"
            continue
        for q in range(a, b + 1):
            if (q, r) in taken:
                yield path, f"({q}, {r}) is listed twice in row {r}"
                break
            taken[(q, r)] = path


@CHECKS.add
def _ids(located: Located, d: dict) -> Found:
    """Every field gets an id from ``id_format``, snake_case and its own."""
    board = d["board"]
    seen: dict[str, tuple[int, int]] = {}
    for cell in board_cells(board):
        try:
            fid = field_id(board["id_format"], cell.at)
        except ValueError as e:
            yield ("board", "id_format"), str(e)
            return
        if not ID.match(fid):
            yield ("board", "id_format"), f"the field {cell.at} gets the id '{fid}', which is not snake_case"
            return
        if fid in seen:
            yield ("board", "id_format"), f"the fields {seen[fid]} and {cell.at} both get the id '{fid}'"
            return
        seen[fid] = cell.at


@CHECKS.add
def _connected(located: Located, d: dict) -> Found:
    """The board is one piece (A1: walking and relocating need every field reachable)."""
    cells = board_cells(d["board"])
    on_board = {c.at for c in cells}
    parts = components(on_board)
    for part in parts[1:]:
        first = next(c for c in cells if c.at in part)
        yield (
            first.path,
            (f"the board is not connected: {len(part)} field(s) from {first.at} on are cut off from the rest"),
        )


@CHECKS.add
def _no_holes(located: Located, d: dict) -> Found:
    """No place off the board is enclosed by fields (africa-rulings §1: a hole is no field, yet it
    would sit inside the map)."""
    board = d["board"]
    cells = board_cells(board)
    on_board = {c.at for c in cells}
    rows = {r: path for r, _, _, path in ranges(board)}
    for q, r in holes(on_board):
        path = rows.get(r, ("board", "rows"))
        yield path[:3], f"({q}, {r}) is a hole: a place off the board enclosed by fields"


@CHECKS.add
def _min_neighbours(located: Located, d: dict) -> Found:
    """Every field has at least ``constraints.min_neighbours`` neighbours (a reconstruction choice)."""
    board = d["board"]
    least = board.get("constraints", {}).get("min_neighbours", 0)
    cells = board_cells(board)
    on_board = {c.at for c in cells}
    for cell in cells:
        n = len(neighbours(cell.at, on_board))
        if n < least:
            yield (
                cell.path,
                (f"the field {cell.at} has {n} neighbour(s), fewer than constraints.min_neighbours ({least})"),
            )


@CHECKS.add
def _cities(located: Located, d: dict) -> Found:
    """Each start city is a field of the board under its own id, on the coast if asked, one per
    field and key; there are as many cities as players (A30)."""
    board = d["board"]
    cells = {c.at for c in board_cells(board)}
    coast = border(cells)
    on_coast = board.get("constraints", {}).get("cities_on_coast", True)
    fields: dict[tuple[int, int], str] = {}
    keys: set[str] = set()
    for i, city in enumerate(board["start_cities"]):
        at, path = (city["q"], city["r"]), ("board", "start_cities", i)
        name = city.get("name", city["key"])
        if city["key"] in keys:
            yield (*path, "key"), f"two start cities are called '{city['key']}'"
        keys.add(city["key"])
        if at not in cells:
            yield path, f"{name} at {at} is not a field of the board"
            continue
        try:
            fid = field_id(board["id_format"], at)
        except ValueError:
            fid = city["id"]  # _ids says what is wrong with the format
        if city["id"] != fid:
            yield (*path, "id"), f"{name} is at {at}, the field {fid}, not {city['id']}"
        if at in fields:
            yield path, f"{name} and {fields[at]} are both at {at}"
        fields[at] = name
        if on_coast and at not in coast:
            yield path, f"{name} at {at} is inland (six neighbours); constraints.cities_on_coast asks for the coast"
    players = d["_players"]
    if players is not None and len(board["start_cities"]) < players:
        yield (
            ("board", "start_cities"),
            (f"{len(board['start_cities'])} start cities are too few for {players} players (one each, A30)"),
        )


@CHECKS.add
def _one_tile_per_field(located: Located, d: dict) -> Found:
    """One face-down tile on every field but the start cities (2. Setup)."""
    board, tiles = d["board"], d["tiles"]
    cells = {c.at for c in board_cells(board)}
    cities = {(c["q"], c["r"]) for c in board["start_cities"]} & cells
    need = len(cells) - len(cities)
    have = total_tiles(tiles)
    if have != need:
        yield (
            ("tiles",),
            (
                f"the tiles add up to {have}, but the board has {need} fields that are not start cities "
                f"({len(cells)} fields, {len(cities)} cities): one tile lies face down on each (2. Setup)"
            ),
        )


def total_tiles(tiles: dict) -> int:
    """Every tile of the mix.

    >>> total_tiles({"monument": 11, "goods": {"a": 5}, "gold": {"1": 6}, "gem": {}, "animal": {"b": 8}, "nomad": 9})
    39
    """
    return int(
        tiles["monument"]
        + tiles["nomad"]
        + sum(sum(tiles[kind].values()) for kind in ("goods", "gold", "gem", "animal"))
    )


@CHECKS.add
def _monuments(located: Located, d: dict) -> Found:
    """Enough monuments for every camp of the general supply and then the bonus, whose taking ends
    the game (A17, A24): otherwise the game could only end by the turn cap (A35)."""
    camps = d["setup"]["supply"]["camps"]
    monuments = d["tiles"]["monument"]
    if monuments < camps + 1:
        yield (
            ("tiles", "monument"),
            (
                f"{monuments} monument(s) cannot give the supply's {camps} camps and then the bonus: "
                f"the game needs at least {camps + 1} (A17)"
            ),
        )


@CHECKS.add
def _goods_table(located: Located, d: dict) -> Found:
    """The goods table scores every count a player can hold of each good (A25)."""
    table = d["scoring"]["goods_vp"]
    for good, n in d["tiles"]["goods"].items():
        if n > len(table) - 1:
            yield (
                ("tiles", "goods", good),
                (f"{n} tiles of {good}, but scoring.goods_vp scores at most {len(table) - 1} of a good (A25)"),
            )


@CHECKS.add
def _camps_in_box(located: Located, d: dict) -> Found:
    """The general supply and every player's camps come out of the box (1., 2.)."""
    players = d["_players"]
    if players is None:
        return
    setup = d["setup"]
    need = setup["supply"]["camps"] + setup["player_camps"] * players
    if need > setup["camps_in_box"]:
        yield (
            ("setup", "camps_in_box"),
            (
                f"{setup['supply']['camps']} supply camps and {setup['player_camps']} for each of {players} players "
                f"need {need} camps, but the box holds {setup['camps_in_box']}"
            ),
        )
