"""Move Workers (5. Action: Move Workers, R4): one worker, one step, one action point.

A worker steps from a worker ship onto that ship's entry island, or from an island along a sea
link; workers never step onto a worker ship.
"""

from __future__ import annotations

from woa_core.kernel.actions import Action, ActionDecl, Verb, make_action
from woa_core.packs.west_of_africa.core import GameCore

ACTION = "move_workers"


def start_points(game: GameCore) -> int:
    """Action points when the action starts."""
    return game.rules.action_points


def steps(game: GameCore, p: int, fresh: bool) -> list[Action]:
    """Every worker step ``p`` may take now (``fresh``: the action is not started yet)."""
    r, s = game.rules, game.state
    if (r.action_points if fresh else s.points) <= 0:
        return []
    out: list[Action] = []
    n = len(r.islands)
    for loc, count in enumerate(s.workers[p]):
        if not count:
            continue
        if loc < n:
            out += [make_action((p, "worker", loc, to)) for to in r.islands[loc].neighbors]
        else:
            out.append(make_action((p, "worker", loc, r.ship_entry[loc - n])))
    return out


def do_worker(game: GameCore, p: int, source: int, to: int) -> None:
    """``worker FROM TO``."""
    r, s = game.rules, game.state
    n = len(r.islands)

    def check() -> str | None:
        if not isinstance(source, int) or not 0 <= source < n + len(r.worker_ships):
            return f"there is no place {source!r} to move a worker from"
        dest = game.island_name(to)
        where = r.location_name(source)
        if s.points <= 0:
            return "no action points left"
        if s.workers[p][source] <= 0:
            return f"you have no worker at {where}"
        if source >= n:
            entry = r.ship_entry[source - n]
            if to != entry:
                return f"workers from the {where} ship enter at {r.islands[entry].name}, not {dest}"
        elif to not in r.islands[source].neighbors:
            return f"no sea link from {r.islands[source].name} to {dest}"
        return None

    def do() -> None:
        s.workers[p][source] -= 1
        s.workers[p][to] += 1
        s.points -= 1

    game.run_step(p, "worker", check, do)


DECLARATION = ActionDecl(
    name=ACTION,
    section="5. Action: Move Workers",
    verbs=(Verb("worker", ("location", "island"), do_worker, "FROM TO", "Move Workers: one worker, one step"),),
    steps=steps,
    start_points=start_points,
)
