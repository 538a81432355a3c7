"""An Africa player's view as numbers (``Pack.features``): the observation of the PettingZoo
environment (``woa_core.pettingzoo``), of the same length for every view of one ruleset and
player count. A view never holds the face of a face-down tile (A23), so neither do these numbers:
what is unseen is counted by face over the whole board (``View.unseen``), as every player may.

Per field: what lies there, one-hot over nothing / a face-down tile / a camp / each face; whose
camp it is and whose explorer stands there, one-hot over the seats. Per seat: VP, VP by source,
camps to build, the display by face. Then the supply, who took the bonus, the start player, the
step one-hot, the step of option B under way, the field or good pending, the turn order, turns
played, the active seat and the viewing seat one-hot, the unseen tiles by face, the ranking once
over (-1 before).

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("africa", 3), seed=1)
>>> a, b = features(game.observation(0)), features(game.observation(2))
>>> len(a) == len(b) == size(game.rules), a == b
(True, False)
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, VP_SOURCES
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK

STEPS = (CITY, TURN, WALK, ACT, PLACE, SWAP, OVER)
"""Every kind of pending decision (``State.step``), for the one-hot step."""


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def features(view: Any) -> list[float]:
    """A player's view (``woa_core.packs.africa.view.View``) as numbers (the module docstring
    says which, in order)."""
    rules: Rules = view.rules
    n, faces, fields = view.players, len(rules.face_names), len(rules.fields)
    out: list[float] = []
    codes = (EMPTY, DOWN, CAMP)
    for f in range(fields):
        t = view.tile[f]
        out += _one_hot(codes.index(t) if t < 0 else len(codes) + t, len(codes) + faces)
        out += _one_hot(view.camp[f] if t == CAMP else NOBODY, n)
        out += [1.0 if view.at[p] == f else 0.0 for p in range(n)]
    for p in range(n):
        out.append(float(view.vp[p]))
        out += [float(view.vp_from[p][source]) for source in VP_SOURCES]
        out.append(float(view.camps[p]))
        out += [float(k) for k in view.display[p]]
    out.append(float(view.supply))
    out += _one_hot(view.bonus, n) + _one_hot(view.first, n)
    out += _one_hot(STEPS.index(view.step), len(STEPS))
    out.append(float(view.stage))
    out += _one_hot(view.pending if view.step == PLACE else NOBODY, fields)
    out += _one_hot(view.pending if view.step == SWAP else NOBODY, len(rules.goods))
    out += [float(p) for p in view.order] + [-1.0] * (n - len(view.order))
    out.append(float(view.turns))
    out += _one_hot(view.order[view.turn] if view.order and view.step != OVER else NOBODY, n)
    out += _one_hot(view.player, n)
    out += [float(k) for k in view.unseen]
    out += [float(p) for p in view.ranking] + [-1.0] * (n - len(view.ranking))
    return out


def size(rules: Rules) -> int:
    """The number of features of any view under ``rules``.

    >>> from woa_core.rules import load_rules
    >>> size(load_rules("africa", 2)), size(load_rules("africa", 4))
    (2310, 2774)
    """
    n, faces, fields, goods = rules.players, len(rules.face_names), len(rules.fields), len(rules.goods)
    per_field = 3 + faces + 2 * n
    per_seat = 1 + len(VP_SOURCES) + 1 + faces
    return fields * per_field + n * per_seat + 1 + 2 * n + len(STEPS) + 1 + fields + goods + n + 1 + 2 * n + faces + n
