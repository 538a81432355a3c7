"""The game state: plain data (ints, strings, lists, dicts) that serialises to JSON as it is.

Indices are those of the compiled ``Rules``: players 0..n-1 (shown as ``p1``..``pN``), islands,
goods, cards, spaces, worker ships. Workers stand on *locations*: the islands first, then the
worker ships. Nothing random happens after setup, so the state keeps the seed, not a generator.

>>> from woa_core.rules import load_rules
>>> s = new_state(load_rules("west-of-africa", 4), seed=7)
>>> s.gold, s.step, s.round
([15, 15, 15, 15], 'select', 1)
>>> GameState.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any, Final

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.steps import OVER, SELECT

NOBODY: Final = -1
NEUTRAL: Final = -2  # a pre-placed settlement belongs to no player

VP_SOURCES = ("settlements", "gold_majority", "alcalde", "final_gold")
"""Where victory points come from, for statistics (the round-end and scoring primitives)."""


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game. See the module docstring for the indices."""

    players: int
    seed: int
    round: int = 1
    step: str = SELECT  # the kind of decision pending: see woa_core.packs.west_of_africa.game
    last_round: int = 0  # the round after which the game ends, once triggered (R16)
    end_reason: str = ""  # what triggered the end: "vp_threshold" and/or "settlements"
    order: list[int] = field(default_factory=list)  # player order of this round (R8)
    turn: int = 0  # index into ``order`` during the action phase
    phase: int = 0  # the flow's phase running this round (woa_core.kernel.flow.FlowState)
    gold: list[int] = field(default_factory=list)
    gold_time: list[int] = field(default_factory=list)  # arrival on the gold track (R9)
    clock: int = 0
    vp: list[int] = field(default_factory=list)
    vp_from: list[dict[str, int]] = field(default_factory=list)
    hand: list[list[int]] = field(default_factory=list)  # [player][card] counts
    selection: list[list[int] | None] = field(default_factory=list)  # [player][card] or None
    supply: list[list[int]] = field(default_factory=list)  # [player][good]
    crop: list[int] = field(default_factory=list)  # [space] player growing a good, or -1
    settlement: list[int] = field(default_factory=list)  # [space] player, -1 free, -2 neutral
    warehouse: list[list[list[int]]] = field(default_factory=list)  # [island][player][good]
    workers: list[list[int]] = field(default_factory=list)  # [player][location] counts
    ship: list[int] = field(default_factory=list)  # [player] island or -1 (not placed)
    alcalde: list[int] = field(default_factory=list)  # [island] player or -1
    track: int = 0
    reserve: int = 0
    # The action under way in the current turn (R12).
    used: list[str] = field(default_factory=list)  # actions finished this turn
    points: int = 0  # worker action points or ship steps left
    ship_from: int = NOBODY  # where the ship's last step came from (R3 direction)
    loaded: int = 0  # goods loaded in this Move Ship action (R2)
    cargo: list[int] = field(default_factory=list)  # [good] aboard now
    helpers: list[int] = field(default_factory=list)  # [island] workers helping, -1 none yet
    helper_ships: list[list[int]] = field(default_factory=list)  # [island] where they go once a good is planted (R5)
    planted: list[bool] = field(default_factory=list)  # [island] cultivated in this action
    displaced: int = NOBODY  # the ship being displaced (R3)
    options: list[int] = field(default_factory=list)  # players to displace / harbors to retreat to
    winner: int = NOBODY
    ranking: list[int] = field(default_factory=list)  # final order, best first

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (a deep copy)."""
        return {name: _copy(getattr(self, name)) for name in _FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        """The state ``to_json`` wrote; unknown or missing keys are a ``ValueError``."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) - names or {"players", "seed"} - set(data):
            raise ValueError("not a woa game state")
        return cls(**{k: _copy(v) for k, v in data.items()})

    def copy(self) -> GameState:
        """An independent copy (written out field by field: search copies states constantly).

        >>> from woa_core.rules import load_rules
        >>> s = new_state(load_rules("west-of-africa", 2), seed=1)
        >>> c = s.copy()
        >>> c.warehouse[0][1][2] = 5
        >>> c == s, s.warehouse[0][1][2]
        (False, 0)
        """
        new = GameState.__new__(GameState)  # no __init__: every field is set below
        new.players = self.players
        new.seed = self.seed
        new.round = self.round
        new.step = self.step
        new.last_round = self.last_round
        new.end_reason = self.end_reason
        new.order = self.order[:]
        new.turn = self.turn
        new.phase = self.phase
        new.gold = self.gold[:]
        new.gold_time = self.gold_time[:]
        new.clock = self.clock
        new.vp = self.vp[:]
        # map(list.copy, ...) copies the inner lists in C (a comprehension is one more call)
        new.vp_from = list(map(dict.copy, self.vp_from))
        new.hand = list(map(list.copy, self.hand))
        new.selection = [None if c is None else c[:] for c in self.selection]
        new.supply = list(map(list.copy, self.supply))
        new.crop = self.crop[:]
        new.settlement = self.settlement[:]
        new.warehouse = [list(map(list.copy, island)) for island in self.warehouse]
        new.workers = list(map(list.copy, self.workers))
        new.ship = self.ship[:]
        new.alcalde = self.alcalde[:]
        new.track = self.track
        new.reserve = self.reserve
        new.used = self.used[:]
        new.points = self.points
        new.ship_from = self.ship_from
        new.loaded = self.loaded
        new.cargo = self.cargo[:]
        new.helpers = self.helpers[:]
        new.helper_ships = list(map(list.copy, self.helper_ships))
        new.planted = self.planted[:]
        new.displaced = self.displaced
        new.options = self.options[:]
        new.winner = self.winner
        new.ranking = self.ranking[:]
        return new

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.step == OVER

    def active(self) -> int:
        """The player whose turn it is in the action phase (-1 while selecting)."""
        return self.order[self.turn] if self.step not in (SELECT, OVER) else NOBODY

    def gold_rank(self) -> list[int]:
        """Players by the gold track, best first: more gold, then earlier arrival (R9).

        >>> from woa_core.rules import load_rules
        >>> s = new_state(load_rules("west-of-africa", 4), seed=7)
        >>> s.gold, s.gold_time = [15, 22, 9, 22], [3, 1, 0, 7]
        >>> s.gold_rank()
        [1, 3, 0, 2]
        """
        # sorted(range(players), key=lambda p: (-gold[p], gold_time[p])), as an insertion sort:
        # faster for five players at most, pure or compiled
        gold, time = self.gold, self.gold_time
        rank: list[int] = []
        for p in range(self.players):
            g, t = gold[p], time[p]
            i = len(rank)
            while i:
                q = rank[i - 1]
                if gold[q] > g or (gold[q] == g and time[q] <= t):
                    break
                i -= 1
            rank.insert(i, p)
        return rank


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) if isinstance(v, list | dict) else v for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


_FIELDS = tuple(f.name for f in fields(GameState))


def new_state(rules: Rules, seed: int) -> GameState:
    """The state after setup (4. Game Preparations, 7. Changes, R17) for ``rules.players``."""
    n = rules.players
    n_islands, n_goods = len(rules.islands), len(rules.goods)
    arrival = list(range(n))
    random.Random(seed).shuffle(arrival)  # "the cubes are placed randomly" on the gold track (R9)
    settlement = [NOBODY] * len(rules.spaces)
    for space in rules.preplaced:
        settlement[space] = NEUTRAL
    track = min(rules.track_size, rules.settlements_total - len(rules.preplaced))
    return GameState(
        players=n,
        seed=seed,
        gold=[rules.start_gold] * n,
        gold_time=[arrival.index(p) for p in range(n)],
        clock=n,
        vp=[0] * n,
        vp_from=[dict.fromkeys(VP_SOURCES, 0) for _ in range(n)],
        hand=[[1] * len(rules.cards) for _ in range(n)],
        selection=[None] * n,
        supply=[list(rules.start_goods) for _ in range(n)],
        crop=[NOBODY] * len(rules.spaces),
        settlement=settlement,
        warehouse=[[[0] * n_goods for _ in range(n)] for _ in range(n_islands)],
        workers=[[0] * n_islands + list(rules.start_workers) for _ in range(n)],
        ship=[NOBODY] * n,
        alcalde=[NOBODY] * n_islands,
        track=track,
        reserve=rules.settlements_total - len(rules.preplaced) - track,
        cargo=[0] * n_goods,
        helpers=[-1] * n_islands,
        helper_ships=[[] for _ in range(n_islands)],
        planted=[False] * n_islands,
    )
