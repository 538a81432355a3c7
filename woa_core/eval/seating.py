"""Who sits where in a tournament: lineups of bots, each played in every seat arrangement.

With ``k`` bots and ``n`` seats, a *lineup* is the multiset of bots at one table:

- ``k <= n``: every bot plays, and the ``n - k`` spare seats go to each multiset of bots in
  turn (3 bots at 4 seats: each bot takes the spare seat once);
- ``k > n``: every combination of ``n`` different bots.

Each lineup is played in all its distinct seat arrangements, grouped into *orbits* of cyclic
rotations: after each whole orbit, every bot of the lineup has sat in every seat equally often,
so any number of whole orbits is seat-balanced. The schedule takes orbits from the lineups in
turn (so the lineups are equally represented) and repeats when all are used.

>>> schedule(("a", "b", "c"), players=2, games=6)
[('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
>>> balanced(("a", "b"), players=3, games=6)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, permutations

Lineup = tuple[str, ...]


def lineups(bots: Sequence[str], players: int) -> list[Lineup]:
    """The multisets of bots that meet at a table, in a fixed order.

    >>> lineups(("r", "h", "m"), 4)
    [('r', 'r', 'h', 'm'), ('r', 'h', 'h', 'm'), ('r', 'h', 'm', 'm')]
    >>> lineups(("a", "b", "c"), 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    order = {b: i for i, b in enumerate(bots)}
    if len(bots) > players:
        return [tuple(c) for c in combinations(bots, players)]
    out = []
    for spare in combinations_with_replacement(bots, players - len(bots)):
        out.append(tuple(sorted((*bots, *spare), key=order.__getitem__)))
    return out


def orbits(lineup: Lineup) -> list[list[Lineup]]:
    """The distinct seat arrangements of a lineup, as groups of cyclic rotations.

    >>> orbits(("a", "a", "b"))
    [[('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a')]]
    >>> len(orbits(("a", "b", "c", "d")))  # 4! arrangements in orbits of 4
    6
    """
    seen: set[Lineup] = set()
    out: list[list[Lineup]] = []
    for arrangement in permutations(lineup):
        if arrangement in seen:
            continue
        orbit: list[Lineup] = []
        for shift in range(len(arrangement)):
            rotated = arrangement[shift:] + arrangement[:shift]
            if rotated not in seen:
                seen.add(rotated)
                orbit.append(rotated)
        out.append(orbit)
    return out


def schedule(bots: Sequence[str], players: int, games: int) -> list[Lineup]:
    """The seat assignment of each of ``games`` games (see the module docstring)."""
    per_lineup = [orbits(lineup) for lineup in lineups(bots, players)]
    out: list[Lineup] = []
    cycle = 0
    while len(out) < games:
        for lineup_orbits in per_lineup:
            out += lineup_orbits[cycle % len(lineup_orbits)]
        cycle += 1
    return out[:games]


def balanced(bots: Sequence[str], players: int, games: int) -> bool:
    """Whether every bot sits in every seat equally often in the first ``games`` games."""
    seats = [Counter(lineup[s] for lineup in schedule(bots, players, games)) for s in range(players)]
    return all(seats[s][b] == seats[0][b] for s in range(players) for b in bots)


def balanced_counts(bots: Sequence[str], players: int, limit: int = 2000) -> list[int]:
    """The game counts up to ``limit`` after which the schedule is seat-balanced.

    >>> balanced_counts(("r", "h", "m"), 4, limit=30)
    [4, 8, 12, 16, 20, 24, 28]
    """
    sched = schedule(bots, players, limit)
    seats: list[Counter[str]] = [Counter() for _ in range(players)]
    out = []
    for i, lineup in enumerate(sched, start=1):
        for s, bot in enumerate(lineup):
            seats[s][bot] += 1
        if all(seats[s] == seats[0] for s in range(players)):
            out.append(i)
    return out
