"""Cultivate Goods (5. Action: Cultivate Goods, R5, R20, R21): helpers, then goods on fields.

Per island, the player may first say which of its workers there help (``help ISLAND SHIP...``,
once, before planting there); each good planted on that island then costs
``max(0, cost - worker_discount * helpers)``, and the helpers go to the worker ships named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from woa_core.engine.game import Action, Game

ACTION = "cultivate"


def steps(game: Game, p: int, fresh: bool) -> list[Action]:
    """Every helping and planting step ``p`` may take now."""
    r, s = game.rules, game.state
    out: list[Action] = []
    gold = s.gold[p]
    supply = s.supply[p]
    for i in range(len(r.islands)):
        if not game.acts_on(p, i, ACTION):
            continue
        declared = -1 if fresh else s.helpers[i]
        if declared < 0 and (fresh or not s.planted[i]):
            # (a scenario may set up more workers than the rules hand out; they help no further)
            for k in range(1, min(s.workers[p][i], len(r.help_options) - 1) + 1):
                out += [(p, "help", i, ships) for ships in r.help_options[k]]
        cost = max(0, r.cultivation_cost - r.worker_discount * max(declared, 0))
        if cost > gold:
            continue
        for group in game.free_groups(i, cultivate=True):
            if supply[r.spaces[group].good] > 0:
                out.append((p, "cultivate", group))
    return out


def cost(game: Game, p: int, island: int) -> int:
    """What one good costs ``p`` on ``island`` now, after its declared helpers (R5)."""
    r, s = game.rules, game.state
    helpers = max(s.helpers[island], 0) if s.step == ACTION else 0
    return max(0, r.cultivation_cost - r.worker_discount * helpers)


def do_help(game: Game, p: int, island: int, ships: tuple) -> None:
    """``help ISLAND SHIP...``: one ship per helping worker (R5, R21)."""
    r, s = game.rules, game.state

    def check() -> str | None:
        problem = game.island_card_problem(p, island, ACTION)
        if problem:
            return problem
        name = r.islands[island].name
        if (
            not isinstance(ships, tuple)
            or not ships
            or not all(isinstance(x, int) and 0 <= x < len(r.worker_ships) for x in ships)
        ):
            return "helpers go to worker ships: name one ship per helper"
        if s.helpers[island] >= 0 or s.planted[island]:
            return f"helpers on {name} must be chosen once, before cultivating there (R21)"
        if len(ships) > s.workers[p][island]:
            return f"you have {s.workers[p][island]} worker(s) on {name}, not {len(ships)}"
        return None

    def do() -> None:
        s.helpers[island] = len(ships)
        s.workers[p][island] -= len(ships)
        for ship in ships:
            s.workers[p][len(r.islands) + ship] += 1

    game.run_step(p, "help", check, do)


def do_cultivate(game: Game, p: int, group: int) -> None:
    """``cultivate ISLAND GOOD``: one good from the supply on a free field of its kind."""
    r, s = game.rules, game.state

    def check() -> str | None:
        if not game.is_group(group) or r.spaces[group].good < 0:
            return f"there is no field {group!r}"
        info = r.spaces[group]
        problem = game.island_card_problem(p, info.island, ACTION)
        if problem:
            return problem
        name, good = r.islands[info.island].name, game.good_name(info.good).lower()
        if group not in game.free_groups(info.island, cultivate=True):
            return f"{name} has no free {good} field"
        if s.supply[p][info.good] <= 0:
            return f"you have no {good} marker in your supply"
        price = cost(game, p, info.island)
        if price > s.gold[p]:
            return f"you have {s.gold[p]} gold, cultivating here costs {price}"
        return None

    def do() -> None:
        info = r.spaces[group]
        game.change_gold(p, -cost(game, p, info.island))
        s.crop[game.free_space(group)] = p
        s.supply[p][info.good] -= 1
        s.planted[info.island] = True

    game.run_step(p, "cultivate", check, do)


HANDLERS = {"help": (2, do_help), "cultivate": (1, do_cultivate)}
