"""West of Africa's turn flow, declared for the kernel (``woa_core.kernel.flow``), which advances it.

>>> [phase.name for phase in FLOW.phases], FLOW.steps[:3]
(['select', 'actions'], ('select', 'place', 'main'))
"""

from __future__ import annotations

from types import MappingProxyType

from woa_core.kernel.flow import Flow, Kind, Phase
from woa_core.packs.west_of_africa.actions import ACTIONS
from woa_core.packs.west_of_africa.actions.turn import new_round, round_order, start_turn
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.round_end import end_round
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, OVER, PLACE, RETREAT, SELECT


def _not_selected(game: GameCore) -> list[int]:
    """The players who have not chosen their cards yet this round (5.I, R18)."""
    return [p for p, chosen in enumerate(game.state.selection) if chosen is None]


FLOW = Flow(
    phases=(
        Phase(SELECT, Kind.SIMULTANEOUS, waiting=_not_selected),
        Phase("actions", Kind.TURNS, order=round_order),
    ),
    turn_steps=(PLACE, MAIN, *ACTIONS, DISPLACE, RETREAT),
    start_turn=start_turn,
    end_round=lambda game: end_round(game.rules, game.state),
    new_round=new_round,
    over=OVER,
    decider_of=MappingProxyType({RETREAT: lambda game: game.state.displaced}),
)
"""5. Sequence of Play: each round, a simultaneous secret selection of cards (5.I), then the
players' turns in the order of R8 (5.II): in round 1 a turn begins by placing the ship (R11),
then actions are started from ``main``, each at the step named by the action, a full harbor asks
``displace`` and a fork ``retreat`` of the displaced ship's owner (R3); after the last turn the
round-end steps and the end checks run (5.III, 6)."""
