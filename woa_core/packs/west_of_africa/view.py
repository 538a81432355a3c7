"""What one player may see of a game (R18, R23), for bots: a snapshot, not a window.

A ``PlayerView`` copies the state when it is made, leaving out what the player may not see:
the other players' selections until their turn starts. It holds no reference to the game, so a
bot cannot read a secret through it, and it does not change when the game goes on.
``selection(q)`` says ``None`` for "not chosen yet" and ``HIDDEN`` for "chosen, not shown";
``card_sum(q)`` is known once all have chosen (the sums are announced, 5.I).

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa.game import Game
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
>>> view = game.observation(0)
>>> view.selection(1), view.selection(0), view.gold
('hidden', None, [15, 15])

A view can seed a game: ``determinize`` fills in the hidden selections by sampling among those
consistent with everything the player saw (see ``woa_core.packs.west_of_africa.determinize``).
"""

from __future__ import annotations

from operator import mul
from typing import Any

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.selection import card_sum, card_values
from woa_core.packs.west_of_africa.state import GameState
from woa_core.packs.west_of_africa.steps import OVER, SELECT

HIDDEN = "hidden"
"""What ``PlayerView.selection`` says of a selection made but not yet revealed."""

PUBLIC = frozenset(
    (
        "players",
        "round",
        "step",
        "last_round",
        "end_reason",
        "order",
        "turn",
        "phase",
        "gold",
        "gold_time",
        "vp",
        "vp_from",
        "hand",
        "supply",
        "crop",
        "settlement",
        "warehouse",
        "workers",
        "ship",
        "alcalde",
        "track",
        "reserve",
        "used",
        "points",
        "ship_from",
        "loaded",
        "cargo",
        "helpers",
        "helper_ships",
        "planted",
        "displaced",
        "options",
        "winner",
        "ranking",
    )
)
"""State fields every player sees (hands are public: every set is the same, minus cards move
openly, R23)."""


class PlayerView:
    """Player ``player``'s view of ``game`` at this moment; public state fields read as attributes
    (``view.gold``, ``view.warehouse``...), copied when the view is made. Treat them as read-only.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.game import Game
    >>> view = Game(load_rules("west-of-africa", 2), seed=1).observation(0)
    >>> view.step, hasattr(view, "seed")
    ('select', False)
    """

    __slots__ = ("_hidden", "_key", "_state", "_sums", "player", "rules", *sorted(PUBLIC))

    # The public fields (``PUBLIC``), declared so that a compiled bot reads them as typed fields:
    players: int
    round: int
    step: str
    last_round: int
    end_reason: str
    order: list[int]
    turn: int
    phase: int
    gold: list[int]
    gold_time: list[int]
    vp: list[int]
    vp_from: list[dict[str, int]]
    hand: list[list[int]]
    supply: list[list[int]]
    crop: list[int]
    settlement: list[int]
    warehouse: list[list[list[int]]]
    workers: list[list[int]]
    ship: list[int]
    alcalde: list[int]
    track: int
    reserve: int
    used: list[str]
    points: int
    ship_from: int
    loaded: int
    cargo: list[int]
    helpers: list[int]
    helper_ships: list[list[int]]
    planted: list[bool]
    displaced: int
    options: list[int]
    winner: int
    ranking: list[int]
    rules: Rules
    player: int
    _state: GameState
    _hidden: tuple[bool, ...]
    _sums: tuple[int, ...] | None
    _key: tuple[object, ...] | None

    def __init__(self, game: GameCore, player: int, snapshot: bool = True) -> None:
        """``snapshot=False`` (``Game.peek``): the view reads the game's own state, so it is valid
        only until the game changes; what it may not see stays hidden all the same."""
        s = game.state
        state = s.copy() if snapshot else s
        hidden = [False] * s.players
        if s.step != OVER:
            revealed = s.order[: s.turn + 1] if s.step != SELECT else ()
            for q, sel in enumerate(s.selection):
                if sel is not None and q != player and q not in revealed:
                    if snapshot:
                        state.selection[q] = None
                    hidden[q] = True
        self.rules = game.rules
        self.player = player
        self._state = state
        self._hidden = tuple(hidden)
        if s.step == SELECT:
            self._sums = None
        else:
            values = card_values(game.rules)
            self._sums = tuple(0 if sel is None else sum(map(mul, sel, values)) for sel in s.selection)
        self._key = None
        self._show(state)

    def _show(self, state: GameState) -> None:
        """The public fields of ``state`` as this view's attributes (written out: fast, and typed)."""
        self.players = state.players
        self.round = state.round
        self.step = state.step
        self.last_round = state.last_round
        self.end_reason = state.end_reason
        self.order = state.order
        self.turn = state.turn
        self.phase = state.phase
        self.gold = state.gold
        self.gold_time = state.gold_time
        self.vp = state.vp
        self.vp_from = state.vp_from
        self.hand = state.hand
        self.supply = state.supply
        self.crop = state.crop
        self.settlement = state.settlement
        self.warehouse = state.warehouse
        self.workers = state.workers
        self.ship = state.ship
        self.alcalde = state.alcalde
        self.track = state.track
        self.reserve = state.reserve
        self.used = state.used
        self.points = state.points
        self.ship_from = state.ship_from
        self.loaded = state.loaded
        self.cargo = state.cargo
        self.helpers = state.helpers
        self.helper_ships = state.helper_ships
        self.planted = state.planted
        self.displaced = state.displaced
        self.options = state.options
        self.winner = state.winner
        self.ranking = state.ranking

    def selection(self, player: int) -> list[int] | str | None:
        """A player's selected cards if this player may see them (its own, or revealed);
        ``HIDDEN`` if chosen but not shown; ``None`` if not chosen yet."""
        if self._hidden[player]:
            return HIDDEN
        return self._state.selection[player]

    def hidden(self, player: int) -> bool:
        """Whether ``player`` has selected cards this player may not see yet."""
        return self._hidden[player]

    def card_sum(self, player: int) -> int | None:
        """A player's card sum: its own always, the others' once announced (after selection)."""
        if self._sums is not None:
            return self._sums[player]
        if player == self.player:
            return card_sum(self.rules, self._state.selection[player])
        return None

    def gold_rank(self) -> list[int]:
        """Players by the gold track, best first (R9)."""
        return self._state.gold_rank()

    def public_key(self) -> tuple[object, ...]:
        """Everything every player sees at this moment, as one hashable value: the same for each
        seat's view of one moment (its own selection left out), so what a bot derives from public
        facts alone can be kept by this key and shared (``PUBLIC``, and the announced card sums).

        >>> from woa_core.rules import load_rules
        >>> from woa_core.packs.west_of_africa.game import Game
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
        >>> game.observation(0).public_key() == game.observation(1).public_key()
        True
        """
        key = self._key
        if key is None:
            s = self._state
            ints = (s.players, s.round, s.last_round, s.turn, s.track, s.reserve, s.points, s.ship_from)
            more = (s.loaded, s.displaced, s.winner, s.phase)
            lists = (s.order, s.gold, s.gold_time, s.vp, s.crop, s.settlement, s.ship, s.alcalde, s.cargo)
            other = (s.helpers, s.planted, s.options, s.ranking)
            nested = (s.hand, s.supply, s.workers, s.helper_ships)
            key = self._key = (
                ints + more,
                (s.step, s.end_reason, tuple(s.used)),
                tuple(tuple(x) for x in lists + other),
                tuple(tuple(tuple(row) for row in x) for x in nested),
                tuple(tuple(tuple(goods) for goods in island) for island in s.warehouse),
                tuple(tuple(sorted(d.items())) for d in s.vp_from),
                self._sums,
            )
        return key

    def visible_state(self) -> GameState:
        """A copy of the state as this player sees it: hidden selections are ``None``."""
        state = self._state.copy()
        for q, hidden in enumerate(self._hidden):
            if hidden:
                state.selection[q] = None
        return state

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the public state, ``selection`` with ``"hidden"`` for hidden ones,
        ``card_sums`` (``None`` during selection) and ``player``. ``from_json`` reads it back."""
        data = self._state.to_json()
        data["selection"] = [HIDDEN if h else sel for h, sel in zip(self._hidden, data["selection"], strict=True)]
        data["card_sums"] = list(self._sums) if self._sums is not None else None
        data["player"] = self.player
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> PlayerView:
        """The view ``to_json`` wrote (for ``rules``); ``ValueError`` if it is not one."""
        if not isinstance(data, dict) or not {"selection", "card_sums", "player"} <= set(data):
            raise ValueError("not a woa player view")
        state_data = {k: v for k, v in data.items() if k not in ("card_sums", "player")}
        hidden = tuple(sel == HIDDEN for sel in state_data.get("selection", ()))
        state_data["selection"] = [None if h else sel for h, sel in zip(hidden, state_data["selection"], strict=True)]
        state = GameState.from_json(state_data)
        view = cls(GameCore(rules, state=state), int(data["player"]))
        view._hidden = hidden
        view._sums = tuple(data["card_sums"]) if data["card_sums"] is not None else None
        view._key = None
        return view


def revealed_players(state: GameState) -> set[int]:
    """Players whose selection everyone sees: those whose turn has started (R18), all at the end."""
    if state.step == OVER:
        return set(range(state.players))
    if state.step == SELECT:
        return set()
    return set(state.order[: state.turn + 1])
