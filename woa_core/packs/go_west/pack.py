"""Go West!'s declaration as a rule pack: what the kernel needs to read, check, compile and play its
rules (``woa_core.kernel.pack``).

>>> PACK.name, PACK.sections
('go_west', ('board', 'cards', 'setup', 'turn'))
"""

from __future__ import annotations

from types import MappingProxyType

import woa_core.packs.go_west.records as records
from woa_core.kernel.pack import Pack
from woa_core.packs.go_west.bots.search import SEARCH
from woa_core.packs.go_west.compile import compile_rules
from woa_core.packs.go_west.draw.drawing import DRAWING
from woa_core.packs.go_west.features import features
from woa_core.packs.go_west.figures import FIGURES
from woa_core.packs.go_west.flow import FLOW
from woa_core.packs.go_west.game import VERBS, Game
from woa_core.packs.go_west.hidden import resample_hidden
from woa_core.packs.go_west.invariants import INVARIANTS
from woa_core.packs.go_west.notation import ARG_KINDS
from woa_core.packs.go_west.scenario import SCENARIO
from woa_core.packs.go_west.scoring import winners
from woa_core.packs.go_west.validate import check
from woa_core.rules.bundled import data_root

PACK = Pack(
    name="go_west",
    sections=("board", "cards", "setup", "turn"),
    schema_dir=data_root() / "schema" / "go-west",
    compile=compile_rules,
    game=Game,
    verbs=VERBS,
    flow=FLOW,
    arg_kinds=ARG_KINDS,
    check=check,
    log_figures=records.log_figures,
    result=records.result,
    where=records.where,
    winners=lambda game: winners(game.state),
    summary=records.summary,
    figures=FIGURES,
    score=lambda game: game.state.vp,
    score_by="turn",
    invariants=MappingProxyType(INVARIANTS),
    resample_hidden=resample_hidden,
    features=features,
    scenario=SCENARIO,
    drawing=DRAWING,
    search=SEARCH,
    bots=MappingProxyType({"heuristic": "woa_core.packs.go_west.bots.heuristic:HeuristicBot"}),
    default_bots="heuristic",
)
