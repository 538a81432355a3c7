"""Scoring a block (5.2, G13), a scoring, the final scoring (7.0, G19) and the ranking (G27).

>>> score_block([2, 0, 1, 2, 0, 2], 4, 3)  # 5.2 example 1 (T4): G+3, R+1, B+0
[1, 0, 3]
>>> score_block([2, 0, 0, 0, 2, 1, 2], 5, 3)  # example 2 (T5): tied discs in age order
[3, 0, 2]
"""

from __future__ import annotations

from collections import Counter

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.state import State
from woa_core.report.standings import tied_with_first


def score_block(queue: list[int], wagons: int, players: int) -> list[int]:
    """Each seat's VP from one block holding ``queue`` (owners, oldest first) in a region of
    ``wagons`` wagons: 1 VP per disc, at most ``wagons`` in all, the largest holdings first and
    tied holdings disc by disc in age order (G13)."""
    gains = [0] * players
    cap = wagons  # VP still to give: the loop stops at 0, so a region without wagons gives none
    counts = Counter(queue)
    for held in sorted(set(counts.values()), reverse=True):
        for owner in queue:
            if counts[owner] == held:
                if cap == 0:
                    return gains
                gains[owner] += 1
                cap -= 1
    return gains


def score_all(rules: Rules, s: State, final: bool) -> None:
    """Score every block east to west, each region's VP recorded at once (G12, G28). ``final``:
    the final scoring (G19), which uses no card and costs nothing."""
    for b, region in enumerate(rules.block_region):
        gains = score_block(s.blocks[b], s.wagons[region], s.players)
        for p, g in enumerate(gains):
            s.vp[p] += g
            s.scored[p][final] += g


def rank(rules: Rules, s: State) -> None:
    """The final ranking (G27): most VP, then most discs in supply (G20), then seat order."""
    s.ranking = sorted(range(s.players), key=lambda p: (-s.vp[p], -s.supply[p], p))


def winners(s: State) -> list[int]:
    """Every seat tied with the first in VP and supply discs: a shared win (7.0, G21, G27)."""
    return tied_with_first(s.ranking, lambda p: (s.vp[p], s.supply[p]))
