"""Sell Goods (5. Action: Sell Goods, R10, R25): one good at a time from a chosen island's
warehouse, at the island's regional price, gold capped."""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.legality import Among, Legality
from woa_core.packs.west_of_africa.core import GameCore, a_good, an_island, islands_acting

ACTION: Final = "sell"


def _in_warehouse(game: GameCore, p: int, fresh: bool, island: int) -> list[int]:
    stock = game.state.warehouse[island][p]
    return list(compress(range(len(stock)), stock))  # the goods in stock


SELL: Final = Legality(
    an_island(0),
    islands_acting(ACTION),
    a_good(1),
    Among(
        1,
        _in_warehouse,
        lambda game, p, island, good: (
            f"you have no {game.good_name(good).lower()} in the {game.rules.islands[island].name} warehouse"
        ),
    ),
)
"""``sell ISLAND GOOD``: what a good sold must meet."""


def do_sell(game: GameCore, p: int, island: Any, good: Any) -> str:
    """``sell ISLAND GOOD``."""
    r, s = game.rules, game.state

    def do() -> None:
        s.warehouse[island][p][good] -= 1
        s.supply[p][good] += 1
        game.change_gold(p, r.islands[island].price)

    return game.run_step(p, "sell", (island, good), do)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Action: Sell Goods",
    verbs=(Verb("sell", ("island", "good"), do_sell, "ISLAND GOOD", "Sell Goods: one good", legality=SELL),),
)
