"""Africa's compiled rules: frozen, indexed structures the game reads on its hot path.

Fields, faces of tiles, goods, species and cities become small integers (their position in the
tuples below); adjacency becomes tuples of field indices. Nothing here reads YAML or schemas, and
nothing is computed per game step (``compile.compile_rules`` builds it once per ruleset and player
count).

A *face* is what a tile shows: the monument, one trade good, gold or gems of so many symbols, one
species, the nomads. ``KINDS`` names the kinds of faces; ``Rules.face_kind[face]`` is one of them.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 4)
>>> len(rules.fields), len(rules.mix), rules.fields[rules.cities[0]]
(101, 96, 'h00_04')
>>> rules.face_names[:3], rules.face_kind[:3]
(('monument', 'statue', 'kettle'), (0, 1, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from woa_core.kernel.compiled import CompiledRules

MONUMENT: Final = 0
GOODS: Final = 1
GOLD: Final = 2
GEM: Final = 3
ANIMAL: Final = 4
NOMAD: Final = 5
KINDS = ("monument", "goods", "gold", "gem", "animal", "nomad")
"""The kinds of tile faces, as ``tiles.yaml`` names them; ``MONUMENT``.. are their indices (``Final``:
compiled code reads them as constants)."""

TILE_OFFSET: Final = 3
"""``Rules.tile_kind[t + TILE_OFFSET]`` is the kind of a ``State.tile`` value ``t`` (the codes for
a camp, a face-down tile and nothing are -3, -2, -1: no kind)."""


@dataclass(frozen=True, slots=True)
class Rules(CompiledRules):
    """Africa's rules for one player count (see the module docstring)."""

    # the board (board.yaml, A1)
    fields: tuple[str, ...]  # field ids, in board order (by r, then q)
    q: tuple[int, ...]  # each field's axial coordinates
    r: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]  # [field] the fields next to it, in the order E NE NW W SW SE
    adjacent: tuple[frozenset[int], ...]  # [field] the same, as a set
    closed: tuple[tuple[int, ...], ...]  # [field] the field itself, then its neighbours
    ring2: tuple[tuple[tuple[int, int, int], ...], ...]  # [field] (g, m1, m2): g two steps away via m1 or m2
    around: tuple[Callable[[list[int]], Sequence[int]], ...]  # [field] around[f](state.tile): what its neighbours hold
    coast: tuple[bool, ...]  # [field] fewer than six neighbours
    cities: tuple[int, ...]  # the start cities' fields, in file order
    city_keys: tuple[str, ...]  # their words in the notation (tangier)
    city_names: tuple[str, ...]  # their names for people (Tangier)
    is_city: tuple[bool, ...]  # [field]
    field_index: Mapping[str, int]  # field id -> index
    # the tiles (tiles.yaml)
    face_names: tuple[str, ...]  # monument, statue, ..., gold_1, gold_2, gem_1, gem_2, elephant, ..., nomad
    face_kind: tuple[int, ...]  # [face] MONUMENT..NOMAD
    face_sub: tuple[int, ...]  # [face] its good or species index (-1 for the others)
    face_value: tuple[int, ...]  # [face] the symbols a gold or gem tile shows (0 for the others)
    tile_kind: tuple[int, ...]  # [State.tile value + TILE_OFFSET] the kind a field shows, -1 for none
    mix: tuple[int, ...]  # one face per tile, every tile of the game (96)
    mix_counts: tuple[int, ...]  # [face] tiles of that face
    goods: tuple[str, ...]  # the trade goods
    goods_face: tuple[int, ...]  # [good] its face
    species: tuple[str, ...]  # the animal species
    gold_faces: tuple[int, ...]
    gem_faces: tuple[int, ...]
    monuments: int
    # scoring (scoring.yaml)
    animal_itself: int
    nomad_itself: int
    research: tuple[bool, ...]  # [face] a face-up tile of it next to a new camp scores 1 (4.B4)
    mine: tuple[bool, ...]  # [face] a face-up tile of it next to a new camp is taken (4.B5)
    goods_vp: tuple[int, ...]  # [tiles of one good] VP
    prizes: tuple[int, ...]  # majority prizes by place
    round_up: bool  # shared prizes rounded up (else down)
    min_amount: int  # the least amount that takes a place in a majority (A27)
    # the turn (turn.yaml) and setup (setup.yaml)
    steps: int  # steps of option B (A8; 1 in the simple variant)
    walk_range: int  # fields per walk (A7)
    random_start: bool  # the start player drawn with the seed (else seat 1, A30)
    max_turns: int  # the safety cap on player turns (A31)
    player_camps: int
    supply_camps: int
    bonus_vp: int
    camps_in_box: int

    def field(self, word: str) -> int:
        """The index of a field id, or -1.

        >>> from woa_core.rules import load_rules
        >>> rules = load_rules("africa", 2)
        >>> rules.field("h02_06"), rules.field("nowhere")
        (23, -1)
        """
        return self.field_index.get(word, -1)
