"""West of Africa's turn flow: the named primitives that ``turn.yaml``'s ``flow`` puts in order.

The flow's shape is data (5. Sequence of Play): each round, a simultaneous secret selection of
cards (5.I), then the players' turns in the order of R8 (5.II): in round 1 a turn begins by
placing the ship (R11), then actions are started from ``main``, each at the step named by the
action, a full harbor asks ``displace`` and a fork ``retreat`` of the displaced ship's owner (R3);
after the last turn the round-end steps and the end checks run (5.III, 6). The kernel compiles it
(``woa_core.kernel.flow.FlowPrimitives``) and advances it; this module holds the mechanisms it
names, never their order.

>>> from woa_core.rules import load_rules
>>> flow = load_rules("west-of-africa", 2).flow
>>> [phase.name for phase in flow.phases], flow.steps[:6], flow.phases[1].order is round_order
(['select', 'actions'], ('select', 'place', 'main', 'displace', 'retreat', 'move_workers'), True)
"""

from __future__ import annotations

from woa_core.kernel.flow import FlowPrimitives
from woa_core.packs.west_of_africa.actions import ACTIONS
from woa_core.packs.west_of_africa.actions.turn import new_round, round_order, start_turn
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.round_end import end_round
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, OVER, PLACE, RETREAT, SELECT

FLOW: FlowPrimitives[GameCore] = FlowPrimitives(
    at=("turn", "flow"), steps=(SELECT, PLACE, MAIN, DISPLACE, RETREAT, OVER), action_steps=tuple(ACTIONS)
)
"""Where the rules declare the flow (``turn.yaml``'s ``flow``), every step of the flow, the steps
of the actions (each action under way is at the step named by itself, declared with the action),
and the primitives the declaration names."""


@FLOW.waiting.register("not_selected")
def not_selected(game: GameCore) -> list[int]:
    """The players who have not chosen their cards yet this round (5.I, R18)."""
    return [p for p, chosen in enumerate(game.state.selection) if chosen is None]


FLOW.order.register("player_order")(round_order)  # R8, by turn.player_order
FLOW.start_turn.register("begin_turn")(start_turn)  # R6, R11: pay for extra cards, place the ship in round 1
FLOW.new_round.register("take_back_selections")(new_round)  # 5.I


@FLOW.end_round.register("round_end")
def round_end(game: GameCore) -> bool:
    """5.III and 6: the steps ``turn.round_end`` lists, then the end checks (R13, R16); whether
    the game is over."""
    return end_round(game.rules, game.state)


@FLOW.decider.register("displaced_owner")
def displaced_owner(game: GameCore) -> int:
    """R3: the displaced ship's owner decides where it retreats."""
    return game.state.displaced
