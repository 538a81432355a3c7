"""What a position of Africa is worth to each seat before the end: the estimates the heuristic
weighs its actions with and the search bot scores a rollout's last position with.

A seat's *equity* is its VP now plus what the final scoring and its camps will add: its goods at
the goods table (7.), its gold and gems at their share of the majorities (7., A26-A27), and its
unbuilt camps at what a camp still earns. Only public facts are read (the displays, the board's
face-up tiles, the unseen multiset of africa-rulings §4), so a view's state (``View.seen``) and
the full state give the same estimate. The judgement is in the few weights below; every number of
the game comes from the rules.

>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 4), seed=1)
>>> outlook = Outlook.of(game.rules, game.state)
>>> round(outlook.reveals_left, 1), outlook.camp > 0, equities(game.rules, game.state, outlook)
(88.9, True, [6.0, 6.0, 6.0, 6.0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from woa_core.packs.africa.compiled import MONUMENT, Rules
from woa_core.packs.africa.game import walkable
from woa_core.packs.africa.scoring import majority_vp
from woa_core.packs.africa.state import DOWN, State
from woa_core.packs.africa.view import unseen as unseen_of

CAMP_WORTH: Final = 3.0
"""What an unbuilt camp earns later, in VP, while the game has long to run (research scores 2-4
early, a mining camp can swing a majority)."""
CAMP_TURNS: Final = 4.0
"""A camp keeps its full worth while its holder has this many turns left; then it fades to 0."""
REVEALS_PER_TURN: Final = 1.5
"""Tiles revealed per player turn, on average (a turn has two actions; some are moves or camps)."""
LEAD_SCALE: Final = 6.0
"""VP of estimated lead that make a win about 3 to 1 (the logistic's scale in ``win_chance``)."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """How far the end is and what is still to be collected, from public facts:

    - ``unseen``: the face-down tiles by face (africa-rulings §4);
    - ``down``: face-down tiles;
    - ``reveals_left``: reveals expected before the bonus is taken (A17, A24);
    - ``camp``: what an unbuilt camp is worth now;
    - ``gold_left``, ``gem_left``: symbols not in any display yet (face up on the board or unseen).
    """

    unseen: tuple[int, ...]
    down: int
    reveals_left: float
    camp: float
    gold_left: int
    gem_left: int

    @classmethod
    def of(cls, rules: Rules, position: State, unseen: Sequence[int] | None = None) -> Outlook:
        """The outlook of ``position`` (a ``State``, or a view's: ``View.seen``); ``unseen`` if
        already known."""
        counts = tuple(unseen if unseen is not None else unseen_of(rules, position))
        kind = rules.face_kind
        down = monuments = 0
        for face, n in enumerate(counts):  # one loop: compiled, sum() over a generator is a generic call
            down += n
            if kind[face] == MONUMENT:
                monuments += n
        left = reveals_left(position.supply, down, monuments)
        turns = left / (REVEALS_PER_TURN * position.players)
        value = rules.face_value
        on_board = [0] * len(counts)
        for t in position.tile:
            if t >= 0:
                on_board[t] = on_board[t] + 1  # not ``+=``: compiled, that is a generic operation on a list item
        gold = gem = 0
        for f in rules.gold_faces:
            gold += (counts[f] + on_board[f]) * value[f]
        for f in rules.gem_faces:
            gem += (counts[f] + on_board[f]) * value[f]
        return cls(counts, down, left, CAMP_WORTH * min(1.0, turns / CAMP_TURNS), gold, gem)


def reveals_left(supply: int, down: int, monuments: int) -> float:
    """Reveals expected before the game ends: the (supply + 1)-th monument among ``down`` face-down
    tiles of which ``monuments`` are monuments lies on average at (s + 1)(down + 1)/(m + 1)
    (A17, A24); every tile when too few monuments are left to end it.

    >>> reveals_left(0, 9, 2), reveals_left(10, 96, 11), reveals_left(3, 10, 1)
    (3.3333333333333335, 88.91666666666667, 10)
    """
    if monuments <= supply:
        return down
    return (supply + 1) * (down + 1) / (monuments + 1)


def majority_outlook(rules: Rules, amount: Sequence[int], left: int) -> list[float]:
    """Each seat's expected prize in one majority (gold or gems): the prizes as they would fall now
    (A26-A27), blended with a share of the prizes in proportion to the symbols held, the more so the
    more symbols are still to be collected (``left``).

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 3)
    >>> majority_outlook(rules, [5, 3, 0], 0), majority_outlook(rules, [0, 0, 0], 18)
    ([10.0, 6.0, 0.0], [0.0, 0.0, 0.0])
    """
    now = majority_vp(amount, rules.prizes, rules.min_amount, rules.round_up)
    held = sum(amount)
    if left <= 0 or held == 0:
        return [float(x) for x in now]
    settled = held / (held + left)
    pot = sum(rules.prizes[: len(amount)])
    per_symbol = pot / (held + 0.5 * left)
    return [settled * x + (1.0 - settled) * per_symbol * a for x, a in zip(now, amount, strict=True)]


def gold_and_gems(rules: Rules, display: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Each seat's gold nuggets and gems in its display (A26)."""
    value = rules.face_value
    gold = [sum(held[f] * value[f] for f in rules.gold_faces) for held in display]
    gem = [sum(held[f] * value[f] for f in rules.gem_faces) for held in display]
    return gold, gem


def goods_value(rules: Rules, held: Sequence[int]) -> int:
    """A display's trade goods at the goods table (7., A25)."""
    table = rules.goods_vp
    return sum(table[held[face]] for face in rules.goods_face)


def equities(rules: Rules, position: State, outlook: Outlook) -> list[float]:
    """Each seat's equity (see the module docstring)."""
    gold, gem = gold_and_gems(rules, position.display)
    g = majority_outlook(rules, gold, outlook.gold_left)
    m = majority_outlook(rules, gem, outlook.gem_left)
    camps, vp, display = position.camps, position.vp, position.display
    return [vp[p] + goods_value(rules, display[p]) + g[p] + m[p] + camps[p] * outlook.camp for p in range(len(vp))]


def reach(rules: Rules, position: State, seat: int) -> int:
    """The face-down tiles ``seat``'s explorer could reveal on its next turn, at most one for each
    action of a turn (``Rules.steps``): those next to a field it could walk to (``walkable``); 0
    before it is placed.

    >>> from woa_core.packs.africa.game import Game
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("africa", 2), seed=1)
    >>> reach(game.rules, game.state, 0)
    0
    >>> game.apply((0, "start", 0))
    >>> reach(game.rules, game.state, 0)
    2
    """
    here, most = position.at[seat], rules.steps
    if here < 0 or most <= 0:
        return 0
    tile = position.tile
    found: list[int] = []
    for f in walkable(rules, tile, position.at, here):
        for g in rules.neighbours[f]:
            if tile[g] == DOWN and g not in found:
                found.append(g)
                if len(found) == most:
                    return most
    return len(found)


def final_scores(rules: Rules, position: State) -> list[int]:
    """Each seat's VP if the game ended now, bonus aside: VP plus goods and majorities (7.)."""
    gold, gem = gold_and_gems(rules, position.display)
    g = majority_vp(gold, rules.prizes, rules.min_amount, rules.round_up)
    m = majority_vp(gem, rules.prizes, rules.min_amount, rules.round_up)
    return [
        v + goods_value(rules, held) + a + b for v, held, a, b in zip(position.vp, position.display, g, m, strict=True)
    ]


def win_chance(lead: float) -> float:
    """A rough chance of winning from an estimated lead over the best other seat.

    >>> win_chance(0.0), round(win_chance(LEAD_SCALE), 2)
    (0.5, 0.73)
    """
    return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))
