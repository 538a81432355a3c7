"""``woa simulate --csv``: one row per game, its columns from the declared figures.

The columns: ``game`` and ``seed``, each figure of a whole game that names a CSV column (in
report order: game length, how it ended, the winner(s), decisions, how the game unfolded),
``master_seed``, then per seat ``pN_bot`` and each per-seat figure's ``pN_COLUMN`` (a value
after each round in one cell, space-separated: ``0 3 7 12``).

>>> from woa_core.report.figures import KERNEL_FIGURES
>>> header(KERNEL_FIGURES, 2)
['game', 'seed', 'winner', 'decisions', 'master_seed', 'p1_bot', 'p2_bot']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from woa_core.report.figures import Figure, Kind, game_order, seat_figures, seat_name
from woa_core.sim.runner import GameRecord


def _game_columns(figures: Sequence[Figure]) -> list[Figure]:
    return [f for f in game_order(figures) if f.csv]


def _seat_columns(figures: Sequence[Figure]) -> list[Figure]:
    return [f for f in seat_figures(figures) if f.csv]


def header(figures: Sequence[Figure], players: int) -> list[str]:
    """The CSV's header row."""
    cols = ["game", "seed", *(f.csv for f in _game_columns(figures)), "master_seed"]
    for p in range(players):
        cols += [f"{seat_name(p)}_bot", *(f"{seat_name(p)}_{f.csv}" for f in _seat_columns(figures))]
    return cols


def row(figures: Sequence[Figure], master_seed: int, r: GameRecord) -> list[Any]:
    """One game's row (the winners of a shared win in one cell: ``p1 p3``)."""
    out: list[Any] = [r.index, r.seed]
    for f in _game_columns(figures):
        value = r.figures[f.name]
        out.append(" ".join(seat_name(s) for s, share in enumerate(value) if share) if f.kind is Kind.WINS else value)
    out.append(master_seed)
    seats = _seat_columns(figures)
    for p in range(len(r.bots)):
        out += [r.bots[p], *(_cell(f, r.figures[f.name][p]) for f in seats)]
    return out


def _cell(f: Figure, value: Any) -> Any:
    """A seat's value in its cell: a series as its values, space-separated.

    >>> from woa_core.report.figures import SCORE_BY
    >>> _cell(SCORE_BY["round"], [0, 3, 7.5])
    '0 3 7.5'
    """
    return " ".join(f"{v:g}" for v in value) if f.kind is Kind.SERIES else value
