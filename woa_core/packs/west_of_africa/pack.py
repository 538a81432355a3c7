"""West of Africa's declaration as a rule pack: what the kernel needs to read, check, compile and
play its rules (``woa_core.kernel.pack``).

>>> PACK.name, PACK.sections
('west_of_africa', ('board', 'cards', 'economy', 'turn', 'setup'))
"""

from __future__ import annotations

from types import MappingProxyType

import woa_core.packs.west_of_africa.records as records
from woa_core.kernel.pack import Pack
from woa_core.packs.west_of_africa.actions import ACTIONS, VERBS
from woa_core.packs.west_of_africa.bots.search import SEARCH
from woa_core.packs.west_of_africa.compile import compile_rules
from woa_core.packs.west_of_africa.coverage import Coverage
from woa_core.packs.west_of_africa.draw.drawing import DRAWING
from woa_core.packs.west_of_africa.features import features
from woa_core.packs.west_of_africa.figures import FIGURES
from woa_core.packs.west_of_africa.flow import FLOW
from woa_core.packs.west_of_africa.game import Game
from woa_core.packs.west_of_africa.hidden import resample_hidden
from woa_core.packs.west_of_africa.invariants import INVARIANTS
from woa_core.packs.west_of_africa.notation import ARG_KINDS
from woa_core.packs.west_of_africa.primitives import PRIMITIVES
from woa_core.packs.west_of_africa.restrictions import restrictions
from woa_core.packs.west_of_africa.scenario import SCENARIO
from woa_core.packs.west_of_africa.validate import check
from woa_core.rules.data import data_root

TUNABLES: tuple[tuple[str, ...], ...] = (
    ("economy", "gold", "start"),
    ("economy", "gold", "cap"),
    ("economy", "selection", "max_cards"),
    ("economy", "selection", "free_cards"),
    ("economy", "selection", "extra_card_cost"),
    ("economy", "cultivation", "cost"),
    ("economy", "cultivation", "worker_discount"),
    ("economy", "settlement", "vp"),
    ("economy", "workers", "action_points"),
    ("economy", "ship", "range"),
    ("economy", "ship", "capacity"),
    ("economy", "alcalde", "influence", "good"),
    ("economy", "alcalde", "influence", "worker"),
    ("economy", "alcalde", "influence", "ship"),
    ("economy", "alcalde", "vp"),
    ("economy", "game_end", "vp_threshold"),
    ("economy", "game_end", "extra_rounds"),
    ("economy", "final_scoring", "gold_per_vp"),
    ("board", "regions", "west", "price"),
    ("board", "regions", "center", "price"),
    ("board", "regions", "east", "price"),
)
"""The numbers a designer tunes (``Pack.tunables``): the economy and the regions' prices."""

PACK = Pack(
    name="west_of_africa",
    sections=("board", "cards", "economy", "turn", "setup"),
    schema_dir=data_root() / "schema",
    compile=compile_rules,
    game=Game,
    verbs=VERBS,
    flow=FLOW,
    drawing=DRAWING,
    arg_kinds=ARG_KINDS,
    check=check,
    schema_names=MappingProxyType({"action": ACTIONS.keys, **{name: r.keys for name, r in PRIMITIVES.items()}}),
    log_figures=records.log_figures,
    result=records.result,
    where=records.where,
    bots=MappingProxyType(
        {
            "heuristic": "woa_core.packs.west_of_africa.bots.heuristic:HeuristicBot",
            "heuristic-v1": "woa_core.packs.west_of_africa.bots.heuristic_v1:HeuristicV1Bot",
        }
    ),
    default_bots="heuristic",  # simulate, compare, sweep, value, play and serve without --bots (issue 42.5)
    # What the generic tools ask beyond the contract (check, scenario, replay, PettingZoo, mcts).
    invariants=MappingProxyType(INVARIANTS),
    coverage=Coverage,
    scenario=SCENARIO,
    summary=records.summary,
    features=features,
    search=SEARCH,
    resample_hidden=resample_hidden,
    figures=FIGURES,
    # how a game unfolds (issue 16): the VP after each round
    score=records.score,
    restrictions=restrictions,
    tunables=TUNABLES,
)
