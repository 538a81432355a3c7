"""Sell Goods (5. Action: Sell Goods, R10, R25): one good at a time from a chosen island's
warehouse, at the island's regional price, gold capped."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from woa_core.engine.game import Action, Game

ACTION = "sell"


def steps(game: Game, p: int, fresh: bool) -> list[Action]:
    """Every good ``p`` may sell now."""
    s = game.state
    out: list[Action] = []
    for i in range(len(game.rules.islands)):
        if game.acts_on(p, i, ACTION):
            stock = s.warehouse[i][p]
            out += [(p, "sell", i, g) for g in range(len(stock)) if stock[g]]
    return out


def do_sell(game: Game, p: int, island: int, good: int) -> None:
    """``sell ISLAND GOOD``."""
    r, s = game.rules, game.state

    def check() -> str | None:
        problem = game.island_card_problem(p, island, ACTION)
        if problem:
            return problem
        name = game.good_name(good).lower()
        if s.warehouse[island][p][good] <= 0:
            return f"you have no {name} in the {r.islands[island].name} warehouse"
        return None

    def do() -> None:
        s.warehouse[island][p][good] -= 1
        s.supply[p][good] += 1
        game.change_gold(p, r.islands[island].price)

    game.run_step(p, "sell", check, do)


HANDLERS = {"sell": (2, do_sell)}
