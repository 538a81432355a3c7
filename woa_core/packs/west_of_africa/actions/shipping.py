"""Move Ship (5. Action: Move Ship, R1-R3, R19): sail, load, unload, and displacement.

The ship sails up to ``ship.range`` harbors, loads and unloads at any harbor it is in (R2),
and nothing stays aboard. Only at the end of the move, if the harbor is full, one ship makes way
onward in the direction of the last step (R3), or to the nearest free harbor (R19).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Any, Final

from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.legality import Among, Legality, Limit
from woa_core.kernel.registry import Registry
from woa_core.packs.west_of_africa.core import GameCore, a_good, an_island
from woa_core.packs.west_of_africa.state import NOBODY
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, RETREAT

ACTION: Final = "move_ship"


def start_points(game: GameCore) -> int:
    """Harbors the ship may still sail when the action starts."""
    return game.rules.ship_range


def done_problem(game: GameCore, p: int) -> str | None:
    """Why the move cannot end now (goods aboard, R2; nowhere to moor)."""
    r, s = game.rules, game.state
    if any(s.cargo):
        return "goods never stay aboard: unload them first (R2)"
    here = s.ship[p]
    if s.ship_from != NOBODY and r.islands[here].moorings <= 0:
        return f"{r.islands[here].name} has no mooring to end at"
    return None


def on_done(game: GameCore, p: int) -> str:
    """After the move: displace a ship if the harbor is full (R3). Returns the next step."""
    r, s = game.rules, game.state
    if s.ship_from == NOBODY:
        return MAIN  # a ship that did not move displaces no one
    here = s.ship[p]
    others = [q for q in range(s.players) if q != p and s.ship[q] == here]
    if len(others) < r.islands[here].moorings:
        return MAIN
    if len(others) > 1:
        s.options = others
        return DISPLACE
    return displace(game, others[0])


def displace(game: GameCore, victim: int) -> str:
    """Move ``victim``'s ship on (or let its owner choose at a fork). Returns the next step."""
    s = game.state
    options = retreat_options(game, s.ship[victim], s.ship_from, victim)
    s.displaced = victim
    if len(options) == 1:
        return retreat_to(game, options[0])
    s.options = options
    return RETREAT


FALLBACK: Final[Registry[Callable[[GameCore, int, list[int]], list[int]]]] = Registry("displacement fallback")
"""Where a displaced ship goes when no way onward has a free mooring, by the name
``turn.displacement_fallback`` uses (R19): ``fallback(game, harbor, free) -> harbors``, where
``free`` lists the other harbors with a free mooring (never empty)."""


@FALLBACK.register("nearest_free_harbor")
def nearest_free_harbor(game: GameCore, harbor: int, free: list[int]) -> list[int]:
    """R19: the nearest free harbors by sea links; the owner chooses among equally near ones."""
    distance = game.rules.distance[harbor]
    near = min(distance[i] for i in free)
    return [i for i in free if distance[i] == near]


@FALLBACK.register("any_free_harbor")
def any_free_harbor(game: GameCore, harbor: int, free: list[int]) -> list[int]:
    """A variant of R19: the owner chooses any harbor with a free mooring."""
    return free


def retreat_options(game: GameCore, harbor: int, came_from: int, victim: int) -> list[int]:
    """Where a ship displaced from ``harbor`` may go (R3, R19): onward in the direction of the
    active ship's last step to the first harbor with a free mooring, its owner choosing at a
    fork; if no way onward has one, what ``turn.displacement_fallback`` says (``FALLBACK``)."""
    r = game.rules
    direction = r.islands[harbor].at[0] - r.islands[came_from].at[0]
    found: list[int] = []
    frontier = [harbor]
    seen = {harbor}
    while frontier and direction:
        onward: list[int] = []
        for here in frontier:
            hx = r.islands[here].at[0]
            for n in r.islands[here].neighbors:
                if n in seen or (r.islands[n].at[0] - hx) * direction <= 0:
                    continue
                seen.add(n)
                (found if game.free_moorings(n, ignore=victim) > 0 else onward).append(n)
        frontier = onward
    if found:
        return sorted(found)
    free = [i for i in range(len(r.islands)) if i != harbor and game.free_moorings(i, ignore=victim) > 0]
    if not free:
        return [harbor]
    return FALLBACK[r.displacement_fallback](game, harbor, free)


def retreat_to(game: GameCore, island: int) -> str:
    """Moor the displaced ship at ``island``; the turn goes on at ``main``."""
    s = game.state
    s.ship[s.displaced] = island
    s.displaced = NOBODY
    s.options = []
    s.ship_from = NOBODY
    return MAIN


def _on_board(game: GameCore, p: int, fresh: bool) -> bool:
    return game.state.ship[p] != NOBODY


ON_BOARD: Final = Limit(0, _on_board, "your ship is not on the board")


def _sea_links(game: GameCore, p: int, fresh: bool) -> tuple[int, ...]:
    return game.rules.islands[game.state.ship[p]].neighbors


def _here(game: GameCore, p: int) -> str:
    return game.rules.islands[game.state.ship[p]].name


def _steps_left(game: GameCore, p: int, fresh: bool) -> bool:
    return (start_points(game) if fresh else game.state.points) > 0


SAIL: Final = Legality(
    an_island(0),
    ON_BOARD,
    Limit(
        0,
        _steps_left,
        lambda game, p, to: f"your ship has sailed its {game.rules.ship_range} harbors",
    ),
    Among(0, _sea_links, lambda game, p, to: f"no sea link from {_here(game, p)} to {game.rules.islands[to].name}"),
)
"""``sail ISLAND``: what a harbor sailed to must meet (R1)."""


def _in_warehouse(game: GameCore, p: int, fresh: bool) -> list[int]:
    stock = game.state.warehouse[game.state.ship[p]][p]
    return list(compress(range(len(stock)), stock))  # the goods in stock


def _aboard(game: GameCore, p: int, fresh: bool) -> list[int]:
    cargo = game.state.cargo
    return [] if fresh else list(compress(range(len(cargo)), cargo))  # the goods aboard


def _room_aboard(game: GameCore, p: int, fresh: bool) -> bool:
    return (0 if fresh else game.state.loaded) < game.rules.ship_capacity


LOAD: Final = Legality(
    a_good(0),
    ON_BOARD,
    Limit(
        0,
        _room_aboard,
        lambda game, p, good: f"a ship carries at most {game.rules.ship_capacity} goods per move",
    ),
    Among(
        0,
        _in_warehouse,
        lambda game, p, good: f"you have no {game.good_name(good).lower()} in the {_here(game, p)} warehouse",
    ),
)
"""``load GOOD``: what a good loaded must meet (R2)."""

UNLOAD: Final = Legality(
    a_good(0),
    Among(0, _aboard, lambda game, p, good: f"your ship carries no {game.good_name(good).lower()}"),
)
"""``unload GOOD``: a good aboard (R2)."""


def do_sail(game: GameCore, p: int, to: Any) -> str:
    """``sail ISLAND``: one harbor along a sea link (R1)."""
    s = game.state

    def do() -> None:
        s.ship_from = s.ship[p]
        s.ship[p] = to
        s.points -= 1

    return game.run_step(p, "sail", (to,), do)


def do_load(game: GameCore, p: int, good: Any) -> str:
    """``load GOOD`` from the warehouse of the harbor the ship is in (R2)."""
    s = game.state

    def do() -> None:
        s.warehouse[s.ship[p]][p][good] -= 1
        s.cargo[good] += 1
        s.loaded += 1

    return game.run_step(p, "load", (good,), do)


def do_unload(game: GameCore, p: int, good: Any) -> str:
    """``unload GOOD`` into the warehouse of the harbor the ship is in (R2)."""
    s = game.state

    def do() -> None:
        s.cargo[good] -= 1
        s.warehouse[s.ship[p]][p][good] += 1

    return game.run_step(p, "unload", (good,), do)


def _options(game: GameCore, p: int, fresh: bool) -> list[int]:
    return game.state.options


DISPLACE_WHO: Final = Legality(
    Among(
        0,
        _options,
        lambda game, p, victim: (
            f"{f'p{victim + 1}' if isinstance(victim, int) else repr(victim)}'s ship is not one that can make way "
            f"(choose {', '.join(f'p{q + 1}' for q in game.state.options)})"
        ),
    ),
)
"""``displace PLAYER``: one of the ships that can make way (R3)."""

RETREAT_TO: Final = Legality(
    an_island(0),
    Among(
        0,
        _options,
        lambda game, p, island: (
            f"the displaced ship cannot go to {game.rules.islands[island].name} "
            f"(choose {', '.join(game.rules.islands[i].name for i in game.state.options)})"
        ),
    ),
)
"""``retreat ISLAND``: one of the harbors the displaced ship may go to (R3, R19)."""


def do_displace(game: GameCore, p: int, victim: Any) -> str:
    """``displace pN``: the active player picks which ship makes way (R3); the turn goes on at the
    step ``displace`` returns."""
    game.expect_step(DISPLACE)
    game.refuse(p, "displace", (victim,))
    return displace(game, victim)


def do_retreat(game: GameCore, p: int, island: Any) -> str:
    """``retreat ISLAND``: the displaced ship's owner picks where it goes (R3); the turn goes on at
    the step ``retreat_to`` returns."""
    game.expect_step(RETREAT)
    game.refuse(p, "retreat", (island,))
    return retreat_to(game, island)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Action: Move Ship",
    verbs=(
        Verb("sail", ("island",), do_sail, "ISLAND", "Move Ship: one harbor", legality=SAIL),
        Verb("load", ("good",), do_load, "GOOD", "Move Ship: load at the harbor the ship is in", legality=LOAD),
        Verb("unload", ("good",), do_unload, "GOOD", "Move Ship: unload at the harbor the ship is in", legality=UNLOAD),
        # these two follow a finished move: they are no steps that start it
        Verb(
            "displace",
            ("player",),
            do_displace,
            "PLAYER",
            "which ship makes way at a full harbor",
            step=False,
            legality=DISPLACE_WHO,
        ),
        Verb(
            "retreat",
            ("island",),
            do_retreat,
            "ISLAND",
            "the displaced ship's owner picks at a fork",
            step=False,
            legality=RETREAT_TO,
        ),
    ),
    start_points=start_points,
    done_problem=done_problem,
    on_done=on_done,
)
