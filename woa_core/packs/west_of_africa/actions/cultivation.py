"""Cultivate Goods (5. Action: Cultivate Goods, R5, R20, R21): helpers, then goods on fields.

Per island, the player may first say which of its workers there help (``help ISLAND SHIP...``,
once, before planting there); each good planted on that island then costs
``max(0, cost - worker_discount * helpers)``. Workers "used to decrease the costs leave the island
after their help": the helpers go to the worker ships named when the first good is planted on
that island, and only then. Helpers declared where nothing is planted stay where they are, and
``help`` is offered only where the player can plant something at the lowered cost.
"""

from __future__ import annotations

from typing import Any, Final

from woa_core.kernel.actions import Action, ActionDecl, Verb
from woa_core.kernel.legality import Among, Legality, Limit, Part, Valid
from woa_core.packs.west_of_africa.core import GameCore, an_island, island_acting, islands_acting
from woa_core.packs.west_of_africa.state import NOBODY

ACTION: Final = "cultivate"


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


def can_plant(game: GameCore, p: int, island: int) -> bool:
    """Whether ``island`` has a free field for which ``p`` has a goods marker in its supply."""
    r, s = game.rules, game.state
    crop, settlement, supply, spaces = s.crop, s.settlement, s.supply[p], r.spaces
    for space, _ in r.islands[island].fields:  # a loop, not any(): listing asks this for every island
        if crop[space] == NOBODY and settlement[space] == NOBODY and supply[spaces[space].good] > 0:
            return True
    return False


def has_free_field(game: GameCore, island: int) -> bool:
    """Whether ``island`` has a free field."""
    crop, settlement = game.state.crop, game.state.settlement
    return any(crop[space] == NOBODY and settlement[space] == NOBODY for space, _ in game.rules.islands[island].fields)


def cost(game: GameCore, p: int, island: int) -> int:
    """What one good costs ``p`` on ``island`` now, after its declared helpers (R5)."""
    s = game.state
    return price(game, s.helpers[island])  # no helper yet (-1, as at main) costs the full price


def _name(game: GameCore, island: int) -> str:
    return game.rules.islands[island].name


def _are_ships(game: GameCore, ships: object) -> bool:
    n = len(game.rules.worker_ships)
    return isinstance(ships, tuple) and bool(ships) and all(isinstance(x, int) and 0 <= x < n for x in ships)


def _counts(game: GameCore, p: int, fresh: bool, island: int) -> range:
    """How many helpers there may be: one up to every worker the rules hand out."""
    return range(1, len(game.rules.help_options))


def _ways(game: GameCore, p: int, fresh: bool, island: int, helpers: int) -> tuple[tuple[int, ...], ...]:
    """Every way ``helpers`` helpers go to worker ships (one ship per helper, in ship order)."""
    return game.rules.help_options[helpers]


def _helpers_undeclared(game: GameCore, p: int, fresh: bool, island: int) -> bool:
    s = game.state
    return fresh or (s.helpers[island] < 0 and not s.planted[island])


def _helpers_there(game: GameCore, p: int, fresh: bool, island: int, helpers: int) -> bool:
    return helpers <= game.state.workers[p][island]


def _helpers_useful(game: GameCore, p: int, fresh: bool, island: int, helpers: int) -> bool:
    return helpers <= useful_helpers(game)


def _plantable(game: GameCore, p: int, fresh: bool, island: int) -> bool:
    return can_plant(game, p, island)


def _helped_affordable(game: GameCore, p: int, fresh: bool, island: int, helpers: int) -> bool:
    return price(game, helpers) <= game.state.gold[p]


HELPERS_GO_TO_SHIPS = "helpers go to worker ships: name one ship per helper"


def _too_many_helpers(game: GameCore, p: int, island: int, ships: tuple[int, ...]) -> str:
    """The refusal of more helpers than the rules hand out workers (R17): no position of a game
    reaches it, only a hand-made one with more workers on an island."""
    return f"each player has {len(game.rules.help_options) - 1} workers in all: {len(ships)} cannot help (R17)"


def _ships_out_of_order(game: GameCore, p: int, island: int, ships: tuple[int, ...]) -> str:
    """The refusal of helpers' ships not in ship order: the notation sorts them, so only an action
    given as a tuple (the Python API, a log) can name them out of order."""
    return f"name the helpers' ships in ship order ({', '.join(game.rules.worker_ships)})"


HELP: Final = Legality(
    an_island(0),
    islands_acting(ACTION),
    Valid(2, _are_ships, HELPERS_GO_TO_SHIPS),
    Limit(
        1,
        _helpers_undeclared,
        lambda game, p, island, ships: (
            f"helpers on {_name(game, island)} must be chosen once, before cultivating there (R21)"
        ),
    ),
    Limit(
        2,
        _helpers_there,
        lambda game, p, island, ships: (
            f"you have {game.state.workers[p][island]} worker(s) on {_name(game, island)}, not {len(ships)}"
        ),
    ),
    Limit(
        2,
        _helpers_useful,
        lambda game, p, island, ships: (
            f"only {useful_helpers(game)} helper(s) can lower the cost of {game.rules.cultivation_cost} gold (R5)"
        ),
    ),
    Limit(
        1,
        _plantable,
        lambda game, p, island, ships: (
            f"you have no goods marker for a free field on {_name(game, island)}: helpers would lower no cost (R5)"
            if has_free_field(game, island)
            else f"{_name(game, island)} has no free field: helpers there would lower no cost (R5)"
        ),
    ),
    Limit(
        2,
        _helped_affordable,
        lambda game, p, island, ships: (
            f"you have {game.state.gold[p]} gold, a good on {_name(game, island)} costs "
            f"{price(game, len(ships))} even with helpers"
        ),
    ),
    Part(1, _counts, lambda game, ships: len(ships), _too_many_helpers),
    Among(2, _ways, _ships_out_of_order),
)
"""``help ISLAND SHIP...``: what helpers must meet (R5, R21); level 1 is how many they are."""


def _is_field(game: GameCore, group: object) -> bool:
    return game.is_group(group) and game.rules.spaces[group].good >= 0


def _free_fields(game: GameCore, p: int, fresh: bool, island: int) -> list[int]:
    return game.free_groups(island, cultivate=True)


def _field(game: GameCore, group: int) -> tuple[str, str]:
    """The island and good of a field, for messages."""
    info = game.rules.spaces[group]
    return _name(game, info.island), game.good_name(info.good).lower()


def _marker_in_supply(game: GameCore, p: int, fresh: bool, island: int, group: int) -> bool:
    return game.state.supply[p][game.rules.spaces[group].good] > 0


def _affordable(game: GameCore, p: int, fresh: bool, island: int) -> bool:
    return cost(game, p, island) <= game.state.gold[p]


CULTIVATE: Final = Legality(
    Valid(1, _is_field, lambda game, p, group: f"there is no field {group!r}"),
    island_acting(ACTION),
    Among(1, _free_fields, lambda game, p, group: "{} has no free {} field".format(*_field(game, group))),
    Limit(
        2,
        _marker_in_supply,
        lambda game, p, group: f"you have no {_field(game, group)[1]} marker in your supply",
    ),
    Limit(
        1,
        _affordable,
        lambda game, p, group: (
            f"you have {game.state.gold[p]} gold, cultivating here costs "
            f"{cost(game, p, game.rules.spaces[group].island)}"
        ),
    ),
)
"""``cultivate ISLAND GOOD``: what a good planted must meet (R5, R20); level 0 is its island."""


def steps(game: GameCore, p: int, fresh: bool) -> list[Action]:
    """Every helping and planting step ``p`` may take now, island by island (the first level of
    both verbs): an island's help first, then its fields."""
    out: list[Action] = []
    for island in game.acting_islands(p, ACTION):
        out += HELP.listing_at(game, p, "help", fresh, island)
        out += CULTIVATE.listing_at(game, p, "cultivate", fresh, island)
    return out


def do_help(game: GameCore, p: int, island: Any, ships: Any) -> str:
    """``help ISLAND SHIP...``: one ship per helping worker (R5, R21)."""
    s = game.state

    def do() -> None:
        s.helpers[island] = len(ships)
        s.helper_ships[island] = list(ships)

    return game.run_step(p, "help", (island, ships), do)


def do_cultivate(game: GameCore, p: int, group: Any) -> str:
    """``cultivate ISLAND GOOD``: one good from the supply on a free field of its kind; the first
    good on an island sends its helpers to their worker ships (R5)."""
    r, s = game.rules, game.state

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

    return game.run_step(p, "cultivate", (group,), do)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Action: Cultivate Goods",
    verbs=(
        Verb(
            "help",
            ("island", "ships"),
            do_help,
            "ISLAND SHIP...",
            "Cultivate: workers help, then go to these ships",
            legality=HELP,
        ),
        Verb(
            "cultivate",
            ("field",),
            do_cultivate,
            "ISLAND GOOD",
            "Cultivate: one good on a free field of that kind",
            legality=CULTIVATE,
        ),
    ),
    steps=steps,
)
