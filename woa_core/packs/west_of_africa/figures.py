"""West of Africa's figures: the statistics ``woa simulate``, compare, sweep and the reports
show beside the kernel's (who wins, decisions), each declared once (``woa_core.report.figures``).

A new statistic is one more ``Figure`` in ``FIGURES``: read from the ended game, or from what
``PlayCounts`` (the one observer these figures share) counted during play.

>>> [f.name for f in FIGURES][:4]
['rounds', 'ends_by', 'first_player_wins', 'gold_track_top']
"""

from __future__ import annotations

from typing import Any

from woa_core.kernel.loop import Observer
from woa_core.packs.west_of_africa.actions import STEP_OF_VERB
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.state import GameState
from woa_core.packs.west_of_africa.steps import MAIN
from woa_core.report.figures import WHO_WINS, Figure, Kind, first_player_wins, length_and_end, vp_by_source


class PlayCounts(Observer):
    """What the figures count during play: actions started and goods sold per seat, the first
    player of round 1, the seat on top of the starting gold track."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.sold = [dict.fromkeys(sorted({i.region for i in rules.islands}), 0) for _ in range(rules.players)]
        self.started = [dict.fromkeys(rules.action_card, 0) for _ in range(rules.players)]
        self.first_player = -1
        self.gold_top = -1

    def start(self, game: Any) -> None:
        self.gold_top = game.state.gold_rank()[0]

    def before(self, game: Any, seat: int, action: tuple) -> None:
        # one hook per action (a second costs time on the hot path): the order of round 1 is
        # known before the first action after the selection
        state: GameState = game.state  # typed: compiled, its fields are read natively
        if self.first_player < 0 and state.order:
            self.first_player = state.order[0]
        verb = action[1]
        if verb in STEP_OF_VERB:
            if state.step == MAIN:
                self.started[seat][STEP_OF_VERB[verb]] += 1
            if verb == "sell":
                self.sold[seat][self.rules.islands[action[2]].region] += 1


def _settlements(game: GameCore, watched: Any) -> list[int]:
    owners = game.state.settlement
    return [sum(1 for s in owners if s == p) for p in range(game.rules.players)]


FIGURES: tuple[Figure, ...] = (
    *length_and_end(lambda game, watched: game.state.round, "rounds", lambda game, watched: game.state.end_reason),
    first_player_wins(lambda game, watched: watched.first_player, "first in round-1 order", watch=PlayCounts),
    Figure(
        "gold_track_top",
        Kind.WON,
        lambda game, watched: watched.gold_top,
        "top of the starting gold track",
        unit="share of games",
        group=WHO_WINS,
        watch=PlayCounts,
        compared=False,
        note="the tie-break cube, R9: a different advantage from turn order",
    ),
    *vp_by_source(
        lambda game, watched: list(game.state.vp), lambda game, watched: [dict(v) for v in game.state.vp_from]
    ),
    Figure(
        "final_gold",
        Kind.MEAN,
        lambda game, watched: list(game.state.gold),
        "final gold",
        seat=True,
        unit="gold",
        group="gold and settlements per player",
        csv="gold",
    ),
    Figure(
        "settlements",
        Kind.MEAN,
        _settlements,
        "settlements",
        seat=True,
        unit="settlements",
        group="gold and settlements per player",
        csv="settlements",
        spread=False,
    ),
    Figure(
        "sold",
        Kind.COUNT,
        lambda game, watched: watched.sold,
        "goods sold by region",
        seat=True,
        unit="goods",
        group="goods sold per player, by region",
        watch=PlayCounts,
        json="goods_sold_by_region",
    ),
    Figure(
        "used",
        Kind.COUNT,
        lambda game, watched: watched.started,
        "actions used",
        seat=True,
        unit="actions",
        group="actions used per player",
        watch=PlayCounts,
        json="actions_used",
    ),
)
"""West of Africa's figures, in report order (see the module docstring)."""
