"""The hex board as plain data: fields from ``board.yaml``'s rows, neighbours, the border, holes.

Pure functions of the board section, shared by the checks (``validate``) and the compiler
(``compile``); nothing here runs during a game. Coordinates are axial (q, r) of pointy-top hexes
(africa-rulings §1, A1).

>>> board = {"rows": {"0": [0, 2], "1": [[0, 0], [2, 2]], "2": [0, 1]}}
>>> cells = board_cells(board)
>>> [c.at for c in cells][:4]
[(0, 0), (1, 0), (2, 0), (0, 1)]
>>> holes({c.at for c in cells})
[(1, 1)]
>>> neighbours((1, 1), {c.at for c in cells})
[(2, 1), (2, 0), (1, 0), (0, 1), (0, 2), (1, 2)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial neighbours of (q, r), as offsets: E, NE, NW, W, SW, SE (A1)."""

Hex = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Cell:
    """A field as the rows list it: its coordinates and the rules path of its range (for messages)."""

    at: Hex
    path: tuple[str | int, ...]


def ranges(board: Mapping[str, Any]) -> list[tuple[int, int, int, tuple[str | int, ...]]]:
    """Every range of the rows as (r, q_first, q_last, path), rows in order of r.

    >>> ranges({"rows": {"1": [[0, 1], [3, 3]], "0": [2, 4]}})
    [(0, 2, 4, ('board', 'rows', '0')), (1, 0, 1, ('board', 'rows', '1', 0)), (1, 3, 3, ('board', 'rows', '1', 1))]
    """
    out: list[tuple[int, int, int, tuple[str | int, ...]]] = []
    for key in sorted(board["rows"], key=int):
        value = board["rows"][key]
        if value and isinstance(value[0], list):
            out += [(int(key), a, b, ("board", "rows", key, i)) for i, (a, b) in enumerate(value)]
        else:
            out.append((int(key), value[0], value[1], ("board", "rows", key)))
    return out


def board_cells(board: Mapping[str, Any]) -> list[Cell]:
    """The board's fields in board order (by r, then q), each once (a q in two ranges counts once)."""
    seen: dict[Hex, Cell] = {}
    for r, a, b, path in ranges(board):
        for q in range(a, b + 1):
            seen.setdefault((q, r), Cell((q, r), path))
    return sorted(seen.values(), key=lambda c: (c.at[1], c.at[0]))


def neighbours(at: Hex, board: set[Hex] | frozenset[Hex]) -> list[Hex]:
    """The neighbours of ``at`` on the board, in the order of ``DIRECTIONS``."""
    q, r = at
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in board]


def distance(a: Hex, b: Hex) -> int:
    """Hex steps between two places.

    >>> distance((4, 0), (0, 3))
    4
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def components(board: set[Hex]) -> list[set[Hex]]:
    """The connected parts of the board, the one holding its first field (by r, then q) first."""
    left = set(board)
    parts: list[set[Hex]] = []
    for start in sorted(board, key=lambda h: (h[1], h[0])):
        if start not in left:
            continue
        part = _flood(start, left.__contains__)
        left -= part
        parts.append(part)
    return parts


def holes(board: set[Hex]) -> list[Hex]:
    """Places off the board enclosed by fields: not reachable from outside the board's bounding
    box without crossing a field (by r, then q)."""
    if not board:
        return []
    qs, rs = [q for q, _ in board], [r for _, r in board]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1

    def outside(h: Hex) -> bool:
        return lo_q <= h[0] <= hi_q and lo_r <= h[1] <= hi_r and h not in board

    reached = _flood((lo_q, lo_r), outside)
    enclosed = [
        (q, r)
        for r in range(lo_r, hi_r + 1)
        for q in range(lo_q, hi_q + 1)
        if outside((q, r)) and (q, r) not in reached
    ]
    return enclosed


def _flood(start: Hex, passable: Any) -> set[Hex]:
    seen = {start}
    todo = deque([start])
    while todo:
        q, r = todo.popleft()
        for dq, dr in DIRECTIONS:
            h = (q + dq, r + dr)
            if h not in seen and passable(h):
                seen.add(h)
                todo.append(h)
    return seen


def field_id(id_format: str, at: Hex) -> str:
    """A field's id under ``board.id_format`` (``ValueError`` if the format cannot make one).

    >>> field_id("h{r:02d}_{q:02d}", (3, 7))
    'h07_03'
    """
    try:
        return id_format.format(q=at[0], r=at[1])
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as e:
        raise ValueError(f"'{id_format}' cannot name a field (only {{q}} and {{r}} may appear): {e}") from None


def border(board: Iterable[Hex]) -> set[Hex]:
    """The fields with fewer than six neighbours on the board: the coast."""
    cells = set(board)
    return {h for h in cells if len(neighbours(h, cells)) < 6}
