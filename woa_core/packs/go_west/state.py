"""Go West!'s state: plain data that serialises to JSON as it is.

Indices are those of the compiled ``Rules``: seats 0..n-1 (``p1``..), regions east to west,
blocks in scoring order, cards in deck order. The flow's place (``round``, ``phase``, ``step``,
``order``, ``turn``: the kernel's ``FlowState``) and how the game ended (``ended``: the name of
the end that fired, the kernel's) are kept apart from the game's data.

- ``wagons[r]``: the wagons in region ``r``; the exit's count is the wagons out of play (G3);
- ``blocks[b]``: the owners of block ``b``'s discs, oldest first (a queue, G4); ``pushed[b]``: how
  many discs were pushed out of it (the divider's circle is ``pushed[b] % circles``, for pictures);
- ``supply``, ``lid``, ``vp``, ``used`` (scoring cards used), ``token`` (held) per seat (G10, G17);
- ``cards``: the hands, the draw pile and the discard pile (``woa_core.kernel.cards``); ``chance``:
  the seeded stream the reshuffles draw from (``woa_core.kernel.chance``), which no view shows;
- the action under way: ``doubled`` (a double move was declared this turn), ``acts`` (actions
  finished this turn), ``card`` (the action card being played, -1 for none), ``cost`` (a cost
  waiting for its ``pay`` decision), ``left`` (wagon steps still to make) and ``floor`` (the
  easternmost region the next step may leave, G26);
- ``scored[seat]``: VP from scorings and from the final scoring; ``turns``: player turns played.

>>> from woa_core.rules import load_rules
>>> s = new_state(load_rules("go-west", 4), seed=7)
>>> s.wagons, [len(h) for h in s.cards.hands], len(s.cards.pile), s.supply, s.vp
([20, 0, 0, 0, 0, 0], [7, 7, 7, 7], 28, [30, 30, 30, 30], [10, 10, 10, 10])
>>> State.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from woa_core.kernel.cards import Cards
from woa_core.kernel.chance import draw, is_stream, new_stream
from woa_core.kernel.record import Record
from woa_core.packs.go_west.compiled import Rules

NOBODY = -1


@dataclass(slots=True, eq=False)
class State:
    """Everything that changes during a game (see the module docstring)."""

    players: int
    cards: Cards
    chance: list[int]
    # the flow (woa_core.kernel.flow.FlowState) and how the game ended
    round: int = 0
    phase: int = 0
    step: str = "action"
    order: list[int] = field(default_factory=list)
    turn: int = 0
    ended: str = ""
    # the board
    wagons: list[int] = field(default_factory=list)
    blocks: list[list[int]] = field(default_factory=list)
    pushed: list[int] = field(default_factory=list)
    # the seats
    supply: list[int] = field(default_factory=list)
    lid: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    token: list[bool] = field(default_factory=list)
    scored: list[list[int]] = field(default_factory=list)  # [seat] [VP from scorings, VP from the final scoring]
    first: int = 0
    # the action under way
    doubled: bool = False
    acts: int = 0
    card: int = -1
    cost: int = -1
    left: int = 0
    floor: int = 0
    turns: int = 0
    ranking: list[int] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and RECORD.equal(self, other)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (a deep copy)."""
        return RECORD.to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> State:  # Any: compiled, a dict hint would refuse a list unchecked
        """The state ``to_json`` wrote; another shape is a ``ValueError`` naming the field."""
        return RECORD.from_json(data)

    def copy(self) -> State:
        """An independent copy (search copies states constantly: ``RECORD`` wrote it for the fields)."""
        return RECORD.copy(self)

    def active(self) -> int:
        """The seat whose turn it is; ``NOBODY`` once the game is over."""
        return self.order[self.turn] if self.order and not self.ranking else NOBODY

    def discs_placed(self, seat: int) -> int:
        """The seat's discs in the blocks: with its supply and lid, all its discs (G10)."""
        return sum(queue.count(seat) for queue in self.blocks)


RECORD: Record[State] = Record(
    State,
    "a Go West! game state",
    hidden={"chance": [0, 0]},  # no view shows it (R-CHANCE); a state made from a view has this
    in_part={"cards": Cards([], [])},  # a view shows the cards' public(seat) (§4)
    checks={"chance": (is_stream, "its chance stream is not two whole numbers (a seed, draws made)")},
)
"""Its copy, JSON and view (``woa_core.kernel.record``): made once from the fields."""


def new_state(rules: Rules, seed: int) -> State:
    """The state after setup (3.4, G24): discs, VP, tokens and scoring cards per seat, the action
    cards shuffled by the game's chance stream and dealt, every wagon in the first region, the
    blocks empty; the start player seat 1 or drawn (G2). The flow then begins the first turn."""
    n = rules.players
    chance = new_stream(seed)
    cards = Cards.dealt(len(rules.card_id), n, rules.hand, chance)
    first = draw(chance).randrange(n) if rules.random_start else 0
    return State(
        players=n,
        cards=cards,
        chance=chance,
        wagons=[rules.wagons] + [0] * rules.exit,
        blocks=[[] for _ in rules.block_region],
        pushed=[0] * len(rules.block_region),
        supply=[rules.discs] * n,
        lid=[0] * n,
        vp=[rules.start_vp] * n,
        used=[0] * n,
        token=[rules.tokens] * n,
        scored=[[0, 0] for _ in range(n)],
        first=first,
    )
