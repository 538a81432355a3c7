"""Africa's declaration as a rule pack: what the kernel needs to read, check, compile and play its
rules (``woa_core.kernel.pack``).

>>> PACK.name, PACK.sections
('africa', ('board', 'tiles', 'scoring', 'turn', 'setup'))
"""

from __future__ import annotations

from types import MappingProxyType

import woa_core.packs.africa.records as records
from woa_core.kernel.pack import Pack
from woa_core.packs.africa.bots.search import SEARCH
from woa_core.packs.africa.compile import compile_rules
from woa_core.packs.africa.draw.drawing import DRAWING
from woa_core.packs.africa.features import features
from woa_core.packs.africa.figures import FIGURES
from woa_core.packs.africa.flow import FLOW
from woa_core.packs.africa.game import VERBS, Game
from woa_core.packs.africa.hidden import resample_hidden
from woa_core.packs.africa.invariants import INVARIANTS
from woa_core.packs.africa.notation import ARG_KINDS
from woa_core.packs.africa.scenario import SCENARIO
from woa_core.packs.africa.scoring import winners
from woa_core.packs.africa.validate import check
from woa_core.rules.bundled import data_root

PACK = Pack(
    name="africa",
    sections=("board", "tiles", "scoring", "turn", "setup"),
    schema_dir=data_root() / "schema" / "africa",
    compile=compile_rules,
    game=Game,
    verbs=VERBS,
    flow=FLOW,
    arg_kinds=ARG_KINDS,
    check=check,
    log_figures=records.log_figures,
    result=records.result,
    where=records.where,
    invariants=MappingProxyType(INVARIANTS),
    scenario=SCENARIO,
    winners=lambda game: winners(game.state),
    summary=records.summary,
    figures=FIGURES,
    bots=MappingProxyType({"heuristic": "woa_core.packs.africa.bots.heuristic:HeuristicBot"}),
    default_bots="heuristic",  # simulate, compare, sweep, value, play and serve without --bots (issue 42.5)
    search=SEARCH,
    resample_hidden=resample_hidden,
    drawing=DRAWING,
    features=features,
    score=lambda game: game.state.vp,
    score_by="turn",  # no rounds to speak of: a turn is the unit of time (issue 16's unfolding figures)
)
