"""Move Workers (5. Action: Move Workers, R4): one worker, one step, one action point.

A worker steps from a worker ship onto that ship's entry island, or from an island along a sea
link; workers never step onto a worker ship.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.legality import Among, Legality, Limit, Valid
from woa_core.packs.west_of_africa.core import GameCore, an_island

ACTION: Final = "move_workers"


def start_points(game: GameCore) -> int:
    """Action points when the action starts."""
    return game.rules.action_points


def _is_location(game: GameCore, loc: object) -> bool:
    return isinstance(loc, int) and 0 <= loc < len(game.rules.islands) + len(game.rules.worker_ships)


def _with_workers(game: GameCore, p: int, fresh: bool) -> list[int]:
    workers = game.state.workers[p]
    return list(compress(range(len(workers)), workers))  # the locations with a worker


def _steps_from(game: GameCore, p: int, fresh: bool, source: int) -> tuple[int, ...]:
    """Where a worker at ``source`` may step: along a sea link, or from a worker ship onto its
    entry island (R4)."""
    r, n = game.rules, len(game.rules.islands)
    return r.islands[source].neighbors if source < n else (r.ship_entry[source - n],)


def _no_step(game: GameCore, p: int, source: int, to: int) -> str:
    r, n = game.rules, len(game.rules.islands)
    if source >= n:
        entry = r.islands[r.ship_entry[source - n]].name
        return f"workers from the {r.location_name(source)} ship enter at {entry}, not {r.islands[to].name}"
    return f"no sea link from {r.islands[source].name} to {r.islands[to].name}"


def _points_left(game: GameCore, p: int, fresh: bool) -> bool:
    return (start_points(game) if fresh else game.state.points) > 0


WORKER: Final = Legality(
    Valid(0, _is_location, lambda game, p, source, to: f"there is no place {source!r} to move a worker from"),
    an_island(1),
    Limit(0, _points_left, "no action points left"),
    Among(0, _with_workers, lambda game, p, source, to: f"you have no worker at {game.rules.location_name(source)}"),
    Among(1, _steps_from, _no_step),
)
"""``worker FROM TO``: what a worker step must meet."""


def do_worker(game: GameCore, p: int, source: Any, to: Any) -> str:
    """``worker FROM TO``."""
    s = game.state

    def do() -> None:
        s.workers[p][source] -= 1
        s.workers[p][to] += 1
        s.points -= 1

    return game.run_step(p, "worker", (source, to), do)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Action: Move Workers",
    verbs=(
        Verb(
            "worker",
            ("location", "island"),
            do_worker,
            "FROM TO",
            "Move Workers: one worker, one step",
            legality=WORKER,
        ),
    ),
    start_points=start_points,
)
