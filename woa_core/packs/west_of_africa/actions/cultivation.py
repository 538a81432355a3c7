"""Cultivate Goods (5. Action: Cultivate Goods, R5, R20, R21): helpers, then goods on fields.

Per island, the player may first say which of its workers there help (``help ISLAND SHIP...``,
once, before planting there); each good planted on that island then costs
``max(0, cost - worker_discount * helpers)``. Workers "used to decrease the costs leave the island
after their help": the helpers go to the worker ships named when the first good is planted on
that island, and only then. Helpers declared where nothing is planted stay where they are, and
``help`` is offered only where the player can plant something at the lowered cost.
"""

from __future__ import annotations

from woa_core.kernel.actions import Action, ActionDecl, Verb, make_action
from woa_core.packs.west_of_africa.core import GameCore

ACTION = "cultivate"


def useful_helpers(game: GameCore) -> int:
    """How many helpers can each lower the cost of a good (beyond them a worker helps no more).

    >>> from woa_core.packs.west_of_africa import Game
    >>> from woa_core.rules import load_rules
    >>> useful_helpers(Game(load_rules()))  # cost 3, 1 gold per helper
    3
    """
    r = game.rules
    if r.worker_discount <= 0:
        return 0
    return -(-r.cultivation_cost // r.worker_discount)  # ceiling division


def price(game: GameCore, helpers: int) -> int:
    """What one good costs with ``helpers`` helpers (R5)."""
    r = game.rules
    return max(0, r.cultivation_cost - r.worker_discount * max(helpers, 0))


def plantable_groups(game: GameCore, p: int, island: int) -> list[int]:
    """The free fields of ``island`` for which ``p`` has a goods marker in its supply."""
    r, supply = game.rules, game.state.supply[p]
    return [g for g in game.free_groups(island, cultivate=True) if supply[r.spaces[g].good] > 0]


def steps(game: GameCore, p: int, fresh: bool) -> list[Action]:
    """Every helping and planting step ``p`` may take now."""
    r, s = game.rules, game.state
    out: list[Action] = []
    gold = s.gold[p]
    # (a scenario may set up more workers than the rules hand out; they help no further)
    most = min(useful_helpers(game), len(r.help_options) - 1)
    for i in range(len(r.islands)):
        if not game.acts_on(p, i, ACTION):
            continue
        groups = plantable_groups(game, p, i)
        if not groups:
            continue  # nothing to plant: no help either (a helper must lower a real cost)
        declared = -1 if fresh else s.helpers[i]
        if declared < 0 and (fresh or not s.planted[i]):
            for k in range(1, min(s.workers[p][i], most) + 1):
                if price(game, k) <= gold:
                    out += [make_action((p, "help", i, ships)) for ships in r.help_options[k]]
        if price(game, declared) <= gold:
            out += [make_action((p, "cultivate", group)) for group in groups]
    return out


def cost(game: GameCore, p: int, island: int) -> int:
    """What one good costs ``p`` on ``island`` now, after its declared helpers (R5)."""
    s = game.state
    return price(game, s.helpers[island] if s.step == ACTION else 0)


def do_help(game: GameCore, p: int, island: int, ships: tuple[int, ...]) -> None:
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
        useful = useful_helpers(game)
        if len(ships) > useful:
            return f"only {useful} helper(s) can lower the cost of {r.cultivation_cost} gold (R5)"
        if not game.free_groups(island, cultivate=True):
            return f"{name} has no free field: helpers there would lower no cost (R5)"
        if not plantable_groups(game, p, island):
            return f"you have no goods marker for a free field on {name}: helpers would lower no cost (R5)"
        if price(game, len(ships)) > s.gold[p]:
            return f"you have {s.gold[p]} gold, a good on {name} costs {price(game, len(ships))} even with helpers"
        return None

    def do() -> None:
        s.helpers[island] = len(ships)
        s.helper_ships[island] = list(ships)

    game.run_step(p, "help", check, do)


def do_cultivate(game: GameCore, p: int, group: int) -> None:
    """``cultivate ISLAND GOOD``: one good from the supply on a free field of its kind; the first
    good on an island sends its helpers to their worker ships (R5)."""
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
        due = cost(game, p, info.island)
        if due > s.gold[p]:
            return f"you have {s.gold[p]} gold, cultivating here costs {due}"
        return None

    def do() -> None:
        info = r.spaces[group]
        island = info.island
        game.change_gold(p, -cost(game, p, island))
        s.crop[game.free_space(group)] = p
        s.supply[p][info.good] -= 1
        if not s.planted[island]:
            # the helpers lowered this good's cost: now they leave the island (R5)
            for ship in s.helper_ships[island]:
                s.workers[p][island] -= 1
                s.workers[p][len(r.islands) + ship] += 1
        s.planted[island] = True

    game.run_step(p, "cultivate", check, do)


DECLARATION = ActionDecl(
    name=ACTION,
    section="5. Action: Cultivate Goods",
    verbs=(
        Verb("help", ("island", "ships"), do_help, "ISLAND SHIP...", "Cultivate: workers help, then go to these ships"),
        Verb("cultivate", ("field",), do_cultivate, "ISLAND GOOD", "Cultivate: one good on a free field of that kind"),
    ),
    steps=steps,
)
