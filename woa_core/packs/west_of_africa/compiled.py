"""The compiled rules: frozen, indexed structures the engine reads on its hot path.

Islands, goods, spaces, cards and worker ships become small integers (their position in the
tuples below); the sea graph becomes adjacency tuples and a distance matrix. Nothing here reads
YAML or schemas, and nothing is computed per game step.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from woa_core.kernel.compiled import CompiledRules


@dataclass(frozen=True, slots=True)
class Island:
    """An island: ``neighbors`` are island indices joined by a sea link, ``spaces`` global
    space indices in board order; ``fields`` and ``sites`` its fields and settlement spaces in
    board order, each as ``(space, group)`` (what ``GameCore.free_groups`` walks)."""

    id: str
    name: str
    region: str
    price: int
    at: tuple[float, float]
    moorings: int
    spaces: tuple[int, ...]
    neighbors: tuple[int, ...]
    fields: tuple[tuple[int, int], ...] = ()
    sites: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Space:
    """A field (``good`` >= 0), a settlement space (``cost`` >= 0), or both (a dual space).

    Spaces of one island with the same good and cost are interchangeable and share a ``group``;
    ``cultivate_label`` / ``found_label`` are the words that name the group in the notation."""

    island: int
    number: int
    good: int
    cost: int
    group: int
    cultivate_label: tuple[str, ...]
    found_label: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a player's set; ``island`` is an island index (or -1), ``action`` an action name."""

    id: str
    name: str
    kind: str
    value: int
    island: int
    action: str | None


@dataclass(frozen=True, slots=True)
class Rules(CompiledRules):
    """Everything the engine needs to play one game of a ruleset at one player count."""

    goods: tuple[str, ...]
    good_names: tuple[str, ...]  # display names, for messages
    islands: tuple[Island, ...]
    spaces: tuple[Space, ...]
    distance: tuple[tuple[int, ...], ...]
    worker_ships: tuple[str, ...]
    ship_entry: tuple[int, ...]
    cards: tuple[Card, ...]
    card_values: tuple[int, ...]  # [card] its value (5.I: the sum decides the order)
    action_card: MappingProxyType  # action name -> card index
    island_card: tuple[int, ...]  # island index -> card index or -1
    island_cards: tuple[int, ...]  # the card indices of island cards
    passing_cards: tuple[int, ...]  # cards that pass to the left neighbour after use (R7)

    start_gold: int
    gold_cap: int
    min_cards: int
    max_cards: int
    free_cards: int
    extra_card_cost: int
    cultivation_cost: int
    worker_discount: int
    settlement_vp: int
    action_points: int
    ship_range: int
    ship_capacity: int
    influence_good: int
    influence_worker: int
    influence_ship: int
    alcalde_vp: int
    gold_vp_by_rank: tuple[int, ...]
    vp_threshold: int
    end_when_all_settled: bool
    extra_rounds: int
    gold_per_vp: int

    max_rounds: int  # the safety cap: the game ends after this round at the latest
    round_end: tuple[str, ...]
    player_order: str  # the engine's order primitive (R8)
    minus_cards_pass: str  # where minus cards go (R7)
    displacement_fallback: str  # where a ship with no way onward goes (R19)
    place_ships_first_round: bool
    first_round_forbidden: frozenset[str]
    island_actions: frozenset[str]  # actions restricted to the selected islands (R12)

    start_workers: tuple[int, ...]  # per worker ship
    help_options: tuple[tuple[tuple[int, ...], ...], ...]  # [k]: ways k helpers go to worker ships (R5)
    start_goods: tuple[int, ...]  # per good
    settlements_total: int
    track_size: int
    preplaced: tuple[int, ...]  # space indices

    index: MappingProxyType  # "island:la_palma" / "good:wine" / "card:sell" / "ship:west" -> int

    def number(self, action: str, name: str) -> int:
        """The number ``name`` of ``action`` these rules give: ``economy.yaml``'s ``actions: {ACTION:
        {NAME: n}}``, for an action beyond the rulebook's that declares it (``ActionDecl.numbers``;
        ``woa validate`` holds every action with a card in the rules to its numbers, so it is there).

        >>> from dataclasses import replace
        >>> from woa_core.kernel.compiled import freeze
        >>> from woa_core.rules import load_rules
        >>> rules = load_rules("west-of-africa", 2)  # the rulebook's actions read sections of their own
        >>> given = {**rules.document, "economy": {"actions": {"offering": {"vp": 3}}}}
        >>> replace(rules, document=freeze(given)).number("offering", "vp")
        3
        """
        return int(self.document["economy"]["actions"][action][name])

    def island_id(self, name: str) -> int:
        """The index of island ``name``, or -1.

        >>> from woa_core.rules import load_rules
        >>> load_rules("west-of-africa", 4).island_id("tenerife")
        3
        """
        return self.index.get("island:" + name, -1)

    def good_id(self, name: str) -> int:
        """The index of good ``name``, or -1."""
        return self.index.get("good:" + name, -1)

    def card_id(self, name: str) -> int:
        """The index of card ``name``, or -1."""
        return self.index.get("card:" + name, -1)

    def worker_ship_id(self, name: str) -> int:
        """The index of worker ship ``name``, or -1."""
        return self.index.get("ship:" + name, -1)

    def location_name(self, loc: int) -> str:
        """Worker locations are island indices, then worker ships after them."""
        n = len(self.islands)
        return self.islands[loc].id if loc < n else self.worker_ships[loc - n]
