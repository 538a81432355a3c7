"""Africa's state: plain data (ints, strings, lists, dicts) that serialises to JSON as it is.

Indices are those of the compiled ``Rules``: seats 0..n-1 (shown as ``p1``..``pN``), fields (board
order), faces (``Rules.face_names``), goods. The flow's place (``round``, ``phase``, ``step``,
``order``, ``turn``: the kernel's ``FlowState``) is kept apart from the game's data.

The board, by field:

- ``tile[f]``: what lies on ``f``: the face of a face-up tile (0 or more), ``DOWN`` (a face-down
  tile), ``CAMP`` (a camp), or ``EMPTY`` (nothing: a field holds one thing at most, A2);
- ``hidden[f]``: the face of the face-down tile on ``f`` (``EMPTY`` where there is none): the
  seeded shuffle's deal, which no view shows (africa-rulings §4);
- ``camp[f]``: the seat whose camp stands on ``f`` (where ``tile[f]`` is ``CAMP``), or ``NOBODY``;
- ``revealed``: the fields whose face-down tile has been revealed, in the order of the reveals
  (public; with the start cities, exactly the fields without a face-down tile: code that sets up
  a position by hand keeps it so, and the invariant ``tiles_conserved`` checks it);
- ``aside[face]``: tiles out of play (public). A game never puts any there (the list stays
  empty); only a scenario's setup does, with the tiles its position took off the board without
  saying whose display holds them (``woa_core.packs.africa.scenario``), so that every tile of the
  mix is still in exactly one place;
- ``boxed``: camps out of play (public), in the box: a game never puts any there; only a
  scenario's ``complete`` setup does, with the camps its case does not mention, so that every
  camp dealt is still in exactly one place.

A field is *empty* when ``tile[f]`` is ``EMPTY``: no tile and no camp (A3); explorers make no
difference.
Nothing random happens after setup, so the state keeps no seed or generator.

>>> from woa_core.rules import load_rules
>>> s = new_state(load_rules("africa", 4), seed=7)
>>> s.step, s.round, s.camps, s.supply, sum(t == DOWN for t in s.tile)
('city', 0, [2, 2, 2, 2], 10, 96)
>>> State.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any, Final

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.steps import CITY

EMPTY: Final = -1
"""No tile (``tile``, ``hidden``), or no explorer on the board yet (``at``)."""
DOWN: Final = -2
"""A face-down tile (``tile``)."""
CAMP: Final = -3
"""A camp (``tile``; ``camp`` says whose)."""
NOBODY: Final = -1
"""No seat (``camp``, ``bonus``)."""

VP_SOURCES = ("reveals", "animals", "nomads", "research", "goods", "gold", "gems", "bonus")
"""Where victory points come from: gold and gems revealed (A12), animals and nomads revealed or
moved (A14-A19), research (A21), and at the end goods sets (A25), the gold and gem majorities
(A26) and the bonus (A24)."""


@dataclass(slots=True)
class State:
    """Everything that changes during a game. See the module docstring for the indices."""

    players: int
    # the flow (woa_core.kernel.flow.FlowState): round 0 is the setup's choice of cities
    round: int = 0
    step: str = CITY
    order: list[int] = field(default_factory=list)  # seats in turn order (A10), from the start player
    turn: int = 0  # index of the active seat in ``order``
    phase: int = 0  # the flow's phase running (of the setup in round 0)
    # the board, by field
    tile: list[int] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)
    camp: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)  # fields whose face-down tile was revealed, in order
    aside: list[int] = field(default_factory=list)  # [face] tiles out of play: only a scenario's setup puts any
    boxed: int = 0  # camps out of play: only a scenario's complete setup puts any
    # the seats
    at: list[int] = field(default_factory=list)  # [seat] its explorer's field, EMPTY before it chose a city
    vp: list[int] = field(default_factory=list)
    vp_from: list[dict[str, int]] = field(default_factory=list)  # [seat] VP by VP_SOURCES
    camps: list[int] = field(default_factory=list)  # [seat] camps in its own supply (A20)
    display: list[list[int]] = field(default_factory=list)  # [seat][face] tiles in front of it: goods, gold, gems
    supply: int = 0  # camps left in the general supply; the bonus comes after them (A17)
    bonus: int = NOBODY  # the seat that took the bonus (its taking ends the game, A24)
    first: int = 0  # the start player (A30)
    # the turn under way
    stage: int = 0  # steps of option B finished this turn (A8)
    pending: int = EMPTY  # at ``place``: the field of the revealed animal or nomad; at ``swap``: the good revealed
    turns: int = 0  # player turns played; the one in which the bonus was taken counts
    ended: str = ""  # how the game ended: "bonus", or "max_turns" (capped, A31)
    ranking: list[int] = field(default_factory=list)  # seats by final VP, best first (ties by seat), once over

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (a deep copy)."""
        new = self.copy()
        data = {name: getattr(new, name) for name in _FIELDS}
        if not new.boxed:  # written only where a scenario's setup boxed camps: a game's JSON is as it was
            del data["boxed"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The state ``to_json`` wrote (copied); unknown or missing keys, or values not of the
        state's shape, are a ``ValueError``."""
        if not isinstance(data, dict) or set(data) - _NAMES or "players" not in data:
            raise ValueError("not an Africa game state")
        try:
            return cls(**data).copy()
        except (TypeError, AttributeError) as e:
            raise ValueError(f"not an Africa game state: {e}") from None

    def copy(self) -> State:
        """An independent copy (written out field by field: search copies states constantly).

        >>> from woa_core.rules import load_rules
        >>> s = new_state(load_rules("africa", 2), seed=1)
        >>> c = s.copy()
        >>> c.display[0][1] = 3
        >>> c == s, s.display[0][1]
        (False, 0)
        """
        new = State.__new__(State)  # no __init__: every field is set below
        new.players = self.players
        new.round = self.round
        new.step = self.step
        new.order = self.order[:]
        new.turn = self.turn
        new.phase = self.phase
        new.tile = self.tile[:]
        new.hidden = self.hidden[:]
        new.camp = self.camp[:]
        new.revealed = self.revealed[:]
        new.aside = self.aside[:]
        new.boxed = self.boxed
        new.at = self.at[:]
        new.vp = self.vp[:]
        new.vp_from = [d.copy() for d in self.vp_from]
        new.camps = self.camps[:]
        new.display = [d[:] for d in self.display]
        new.supply = self.supply
        new.bonus = self.bonus
        new.first = self.first
        new.stage = self.stage
        new.pending = self.pending
        new.turns = self.turns
        new.ended = self.ended
        new.ranking = self.ranking[:]
        return new

    def active(self) -> int:
        """The seat whose turn (or choice of city) it is; ``NOBODY`` once the game is over."""
        return self.order[self.turn] if self.order and not self.ranking else NOBODY


_FIELDS = tuple(f.name for f in fields(State))
_NAMES = frozenset(_FIELDS)


def seat_order(first: int, players: int) -> list[int]:
    """Every seat once, clockwise (ascending, wrapping) from ``first`` (A10).

    >>> seat_order(2, 4)
    [2, 3, 0, 1]
    """
    return [(first + i) % players for i in range(players)]


def new_state(rules: Rules, seed: int) -> State:
    """The state after setup (2. Setup, A29, A30) for ``rules.players``: the tiles shuffled with
    ``seed`` onto the fields that are not start cities, the camps dealt, the start player chosen.
    The game's flow then begins (``Flow.begin``): the players choose their start cities."""
    n = rules.players
    rng = random.Random(seed)
    deal = list(rules.mix)
    rng.shuffle(deal)
    hidden = [EMPTY] * len(rules.fields)
    spots = [f for f in range(len(rules.fields)) if not rules.is_city[f]]
    for f, face in zip(spots, deal, strict=True):
        hidden[f] = face
    tile = [DOWN if face != EMPTY else EMPTY for face in hidden]
    first = rng.randrange(n) if rules.random_start else 0
    return State(
        players=n,
        tile=tile,
        hidden=hidden,
        camp=[NOBODY] * len(rules.fields),
        at=[EMPTY] * n,
        vp=[0] * n,
        vp_from=[dict.fromkeys(VP_SOURCES, 0) for _ in range(n)],
        camps=[rules.player_camps] * n,
        display=[[0] * len(rules.face_names) for _ in range(n)],
        supply=rules.supply_camps,
        first=first,
    )
