"""Go West!'s compiled rules: frozen, indexed structures the game reads on its hot path.

Regions are small integers in their order from east to west (``board.yaml``: 0 is the start of
every wagon, the last is the exit); blocks are numbered in scoring order (``score_order``), each
in one region; action cards are numbered in deck order and grouped into *shapes* (region, symbol,
moves, cost): cards of one shape are interchangeable in play (G26), so the notation and the legal
actions name shapes. Nothing here reads YAML (``compile.compile_rules`` builds it once per ruleset
and player count).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("go-west", 4)
>>> rules.regions, rules.block_region, len(rules.card_id), len(rules.shapes)
(('NE', 'E', 'GP', 'MW', 'W', 'CA'), (1, 2, 3, 4), 56, 44)
>>> rules.scoring_costs, rules.capacity, rules.exit
((1, 3, 6, 10, 15, 16), 7, 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.document_fields import from_document

NONE: Final = 0
ONE: Final = 1
TWO: Final = 2
PLUS_ONE: Final = 3
SYMBOLS: Final = (None, "1", "2", "+1")
"""A card's disc symbol (5.1, G5): ``NONE`` (no region), ``ONE``, ``TWO``, ``PLUS_ONE``; the words of cards.yaml."""


@dataclass(frozen=True, slots=True)
class Rules(CompiledRules):
    """Go West!'s rules for one player count (see the module docstring); a field declared
    ``from_document`` is the document's value at that path, as it is."""

    # the board (board.yaml)
    regions: tuple[str, ...]  # [region] its word in the notation (NE), east to west
    region_keys: tuple[str, ...]  # [region] its id in the files (new_england)
    region_names: tuple[str, ...]  # [region] its name for people
    exit: int  # the last region: a wagon there is out of play
    block_region: tuple[int, ...]  # [block] its region, blocks in scoring order (5.2)
    region_block: tuple[int, ...]  # [region] its block, or -1
    capacity: int  # discs a block holds (circles - 1, 3.1.1)
    circles: int = field(metadata=from_document("board.block.circles"))
    wagons: int = field(metadata=from_document("board.wagons"))
    start_vp: int = field(metadata=from_document("board.start_vp"))
    # the cards (cards.yaml)
    scoring_costs: tuple[int, ...]  # [k] the cost of a player's (k+1)-th scoring (3.3)
    card_id: tuple[str, ...]  # [card] A01 ...
    card_shape: tuple[int, ...]  # [card] its shape
    shapes: tuple[tuple[int, int, int, int], ...]  # [shape] (block or -1, symbol, moves, cost)
    shape_word: tuple[str, ...]  # [shape] the id of its first card: its word in the notation
    card_index: Mapping[str, int]  # card id -> card
    reconstructed: bool = field(metadata=from_document("cards.action_cards.reconstructed", default=False))
    # setup (setup.yaml) and turn (turn.yaml)
    discs: int = field(metadata=from_document("setup.discs"))
    hand: int = field(metadata=from_document("setup.hand"))
    tokens: bool = field(metadata=from_document("setup.double_move_token"))
    vp_threshold: int = field(metadata=from_document("turn.vp_threshold"))
    gone_from: tuple[int, ...]  # regions that must hold no wagon for the wagons end (G19)
    random_start: bool = field(metadata=from_document("turn.start_player", equals="random"))
    free_split: bool = field(metadata=from_document("turn.vp_payment", equals="free_split"))  # G9
    second_required: bool = field(metadata=from_document("turn.double_second_action", equals="required"))  # G17
    max_turns: int = field(metadata=from_document("turn.max_turns"))
    colours: tuple[str, ...]
    most_pay: int  # the largest cost of any card: the ``pay`` values run 0..most_pay
