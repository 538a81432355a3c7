"""Go West!'s figures: the statistics ``woa simulate``, compare, sweep and the reports show beside
the kernel's, each declared once (``woa_core.report.figures``): the game's length and its end by
name (the end mix of go-west-rulings §2.3), the start player's wins, VP, scorings and the
scoring cards used, wagons to California.

>>> [f.name for f in FIGURES]
['turns', 'ends_by', 'first_player_wins', 'vp', 'scorings', 'scoring_cards_used', 'wagons_out']
"""

from __future__ import annotations

from woa_core.report.figures import Figure, Kind, first_player_wins, length_and_end, score

FIGURES: tuple[Figure, ...] = (
    *length_and_end(
        lambda game, watched: game.state.turns,
        "turns",
        lambda game, watched: game.state.ended,
        note="vp50: 50 VP after a scoring (G18); wagons: New England and the East empty (G19); "
        "capped: the safety cap on turns (G22)",
    ),
    first_player_wins(lambda game, watched: game.state.first, "the start player"),
    score(lambda game, watched: list(game.state.vp), name="vp", label="VP", unit="VP"),
    Figure(
        "scorings",
        Kind.MEAN,
        lambda game, watched: sum(game.state.used),
        "scorings triggered",
        unit="scorings",
        csv="scorings",
    ),
    Figure(
        "scoring_cards_used",
        Kind.MEAN,
        lambda game, watched: list(game.state.used),
        "scoring cards used",
        seat=True,
        unit="cards",
        csv="scoring_cards",
        spread=False,
    ),
    Figure(
        "wagons_out",
        Kind.MEAN,
        lambda game, watched: game.state.wagons[game.rules.exit],
        "wagons to California",
        unit="wagons",
        csv="wagons_out",
    ),
)
"""Go West!'s figures, in report order."""
