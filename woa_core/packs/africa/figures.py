"""Africa's figures: the statistics ``woa simulate``, compare, sweep and the reports show beside
the kernel's (who wins, a shared win counted 1/k to each winner, shared wins, decisions), each
declared once (``woa_core.kernel.figures``).

>>> [f.name for f in FIGURES]
['turns', 'ends_by', 'first_player_wins', 'vp', 'vp_by_source', 'camps_built']
"""

from __future__ import annotations

from woa_core.kernel.figures import GAME_LENGTH, WHO_WINS, Figure, Kind, score

VP_BY_SOURCE = "VP per player, by source"

FIGURES: tuple[Figure, ...] = (
    Figure(
        "turns",
        Kind.MEAN,
        lambda game, watched: game.state.turns,
        "game length",
        unit="turns",
        group=GAME_LENGTH,
        csv="turns",
        histogram=True,
        aliases=("length",),
    ),
    Figure(
        "ends_by",
        Kind.CATEGORY,
        lambda game, watched: game.state.ended or "none",
        "game end",
        unit="games",
        group=GAME_LENGTH,
        json="end_reasons",
        csv="end_reason",
        note="max_turns: capped by the safety cap (A31), no bonus",
    ),
    Figure(
        "first_player_wins",
        Kind.WON,
        lambda game, watched: game.state.first,
        "the start player",
        unit="share of games",
        group=WHO_WINS,
        json="first_player",
        objective="first-player",
        note_if_bots_differ="bots differ, so not a seat effect",
    ),
    score(lambda game, watched: list(game.state.vp), name="vp", label="VP", unit="VP", group=VP_BY_SOURCE),
    Figure(
        "vp_by_source",
        Kind.MEAN,
        lambda game, watched: [dict(v) for v in game.state.vp_from],
        "VP by source",
        seat=True,
        unit="VP",
        group=VP_BY_SOURCE,
        keyed=True,
        rows="vp",
        spread=False,
        parts_of="vp",
    ),
    Figure(
        "camps_built",
        Kind.MEAN,
        lambda game, watched: [game.state.camp.count(p) for p in range(game.rules.players)],
        "camps built",
        seat=True,
        unit="camps",
        group="camps per player",
        csv="camps",
        spread=False,
    ),
)
"""Africa's figures, in report order."""
