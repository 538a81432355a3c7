"""Africa's turn flow, declared for the kernel (``woa_core.kernel.flow``), which advances it.

No rounds and no phases in the rulebook's sense (A10): a setup in which each player in turn
chooses a start city (A30), then turns clockwise from the start player until the bonus is taken
(A24) or the turn cap is reached (A31). The kernel's "round" is one pass around the table.

>>> [phase.name for phase in FLOW.setup], [phase.name for phase in FLOW.phases], FLOW.steps[:3]
(['city'], ['turns'], ('city', 'turn', 'walk'))
"""

from __future__ import annotations

from typing import Any

from woa_core.kernel.flow import Flow, Kind, Phase
from woa_core.packs.africa.scoring import final_scoring
from woa_core.packs.africa.state import EMPTY, NOBODY, seat_order
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK


def clockwise(game: Any) -> list[int]:
    """Every seat once, clockwise from the start player (A10, A30)."""
    return seat_order(game.state.first, game.state.players)


def start_turn(game: Any) -> None:
    """A turn begins: option A or option B's first step (A5)."""
    s = game.state
    s.stage = 0
    s.pending = EMPTY
    s.step = TURN


def ends(game: Any) -> bool:
    """Whether the game ends now: the bonus was taken (A17, A24), or the turn cap was reached (A31)."""
    s = game.state
    return s.bonus != NOBODY or s.turns >= game.rules.max_turns


def finish(game: Any) -> None:
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


def _nothing(game: Any) -> None:
    return None


FLOW = Flow(
    phases=(Phase("turns", Kind.TURNS, order=clockwise),),
    turn_steps=(TURN, WALK, ACT, PLACE, SWAP),
    start_turn=start_turn,
    end_round=_nothing,
    new_round=_nothing,
    over=OVER,
    setup=(Phase(CITY, Kind.TURNS, order=clockwise),),
    end_if=ends,
    finish=finish,
)
"""2. Setup (the start cities, in turns) and 4. Course of a turn, with the end of 7.: the kernel
checks ``ends`` after every action and before every turn."""
