"""Africa's figures: the statistics ``woa simulate``, compare, sweep and the reports show beside
the kernel's (who wins, a shared win counted 1/k to each winner, shared wins, decisions), each
declared once (``woa_core.report.figures``).

>>> [f.name for f in FIGURES]
['turns', 'ends_by', 'first_player_wins', 'vp', 'vp_by_source', 'camps_built']
"""

from __future__ import annotations

from woa_core.report.figures import Figure, Kind, first_player_wins, length_and_end, vp_by_source

FIGURES: tuple[Figure, ...] = (
    *length_and_end(
        lambda game, watched: game.state.turns,
        "turns",
        lambda game, watched: game.state.ended,
        note="max_turns: capped by the safety cap (A31), no bonus",
    ),
    first_player_wins(lambda game, watched: game.state.first, "the start player"),
    *vp_by_source(
        lambda game, watched: list(game.state.vp), lambda game, watched: [dict(v) for v in game.state.vp_from]
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
