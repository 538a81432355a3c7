"""Africa's turn flow: the named primitives that ``turn.yaml``'s ``flow`` puts in order.

No rounds and no phases in the rulebook's sense (A10): a setup in which each player in turn
chooses a start city (A30), then turns clockwise from the start player until the bonus is taken
(A24) or the turn cap is reached (A31). The kernel's "round" is one pass around the table. The
kernel compiles the declaration (``woa_core.kernel.flow.FlowPrimitives``) and advances it.

>>> from woa_core.rules import load_rules
>>> flow = load_rules("africa", 3).flow
>>> [phase.name for phase in flow.setup], [phase.name for phase in flow.phases], flow.steps[:3]
(['city'], ['turns'], ('city', 'turn', 'walk'))
"""

from __future__ import annotations

from woa_core.kernel.flow import FlowPrimitives
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.scoring import final_scoring
from woa_core.packs.africa.state import EMPTY, NOBODY, seat_order
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK

FLOW: FlowPrimitives[Game] = FlowPrimitives(at=("turn", "flow"), steps=(CITY, TURN, WALK, ACT, PLACE, SWAP, OVER))
"""Where the rules declare the flow (``turn.yaml``'s ``flow``), every step the code knows, and the
primitives the declaration names."""


@FLOW.order.register("clockwise")
def clockwise(game: Game) -> list[int]:
    """Every seat once, clockwise from the start player (A10, A30)."""
    return seat_order(game.state.first, game.state.players)


@FLOW.start_turn.register("begin_turn")
def start_turn(game: Game) -> str:
    """A turn begins: option A or option B's first step (A5), at ``turn``."""
    s = game.state
    s.stage = 0
    s.pending = EMPTY
    return TURN


@FLOW.end_if.register("bonus_or_turn_cap")
def ends(game: Game) -> bool:
    """Whether the game ends now: the bonus was taken (A17, A24), or the turn cap was reached (A31)."""
    s = game.state
    return s.bonus != NOBODY or s.turns >= game.rules.max_turns


@FLOW.finish.register("final_scoring")
def finish(game: Game) -> None:
    """The end (7.): the turn that took the bonus counts as played; then the final scoring. A game
    ended by the cap is flagged ``max_turns`` (capped), with no bonus (A31)."""
    s = game.state
    if s.bonus != NOBODY:
        s.ended = "bonus"
        s.turns += 1
    else:
        s.ended = "max_turns"
    s.pending = EMPTY
    final_scoring(game.rules, s)
